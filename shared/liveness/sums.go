//go:build cgo

package liveness

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// verifyModels checks that modelsDir holds the three models and, when it has a SHA256SUMS file
// (sha256sum's format), that each model's digest is the one listed there.
func verifyModels(modelsDir string) error {
	if modelsDir == "" {
		return errors.New("liveness: no models directory: set MODELS_DIR (for example ../shared/models)")
	}
	sums, err := readSums(filepath.Join(modelsDir, "SHA256SUMS"))
	if err != nil {
		return err
	}
	for _, name := range []string{DetectorFile, SmallModelFile, LargeModelFile} {
		path := filepath.Join(modelsDir, name)
		f, err := os.Open(path)
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("liveness: %s not found: set MODELS_DIR to the directory that holds the models", path)
		}
		if err != nil {
			return fmt.Errorf("liveness: %w", err)
		}
		if sums == nil {
			f.Close()
			continue
		}
		want, ok := sums[name]
		if !ok {
			f.Close()
			return fmt.Errorf("liveness: %s has no entry for %s: cannot verify the model", filepath.Join(modelsDir, "SHA256SUMS"), name)
		}
		h := sha256.New()
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return fmt.Errorf("liveness: reading %s: %w", path, err)
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != want {
			return fmt.Errorf("liveness: %s has sha256 %s but SHA256SUMS pins %s: refusing a model that is not the pinned one", path, got, want)
		}
	}
	return nil
}

// readSums reads a SHA256SUMS file into name → lower-case hex digest; nil when there is no file.
func readSums(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("liveness: %w", err)
	}
	defer f.Close()
	sums := map[string]string{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		// "<hex>  <name>", or "<hex> *<name>" for binary mode.
		digest, file, ok := strings.Cut(strings.TrimSpace(s.Text()), " ")
		if ok {
			sums[strings.TrimLeft(strings.TrimSpace(file), "*")] = strings.ToLower(digest)
		}
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("liveness: %s: %w", path, err)
	}
	return sums, nil
}
