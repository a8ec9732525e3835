// Package modelfiles checks the model files a function loads: present in the models directory and,
// when the directory has a SHA256SUMS file (sha256sum's format), the very files it pins.
package modelfiles

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

// Verify checks each named file in dir. A file missing from dir, or missing from a SHA256SUMS that
// dir has, or whose digest differs from it, is an error naming the file and what to do.
func Verify(dir string, names ...string) error {
	if dir == "" {
		return errors.New(
			"no models directory: set MODELS_DIR (make models fetches the files into .local/models; see docs/models.md)",
		)
	}
	sums, err := readSums(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		return err
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		f, err := os.Open(path)
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf(
				"%s not found: set MODELS_DIR to the directory that holds it (make models fetches the files into .local/models; see docs/models.md)",
				path,
			)
		}
		if err != nil {
			return err
		}
		h := sha256.New()
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return fmt.Errorf("reading %s: %w", path, err)
		}
		if sums == nil {
			continue
		}
		want, ok := sums[name]
		if !ok {
			return fmt.Errorf("%s has no entry for %s: cannot verify the model", filepath.Join(dir, "SHA256SUMS"), name)
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != want {
			return fmt.Errorf(
				"%s has sha256 %s but SHA256SUMS pins %s: refusing a model that is not the pinned one",
				path,
				got,
				want,
			)
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
		return nil, err
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
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return sums, nil
}

// Read returns the contents of each named file in dir, checked as Verify checks them, and a
// release function to call once the contents are no longer needed. Each file is read once, and
// where the system allows it mapped rather than copied (see readFile): a cold start that loads its
// models then neither copies them nor leaves the copies to the garbage collector.
func Read(dir string, names ...string) (map[string][]byte, func(), error) {
	if dir == "" {
		return nil, nil, errors.New(
			"no models directory: set MODELS_DIR (make models fetches the files into .local/models; see docs/models.md)",
		)
	}
	sums, err := readSums(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		return nil, nil, err
	}
	files := make(map[string][]byte, len(names))
	var releases []func()
	release := func() {
		for _, r := range releases {
			r()
		}
		clear(files)
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		data, free, err := readFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			release()
			return nil, nil, fmt.Errorf(
				"%s not found: set MODELS_DIR to the directory that holds it (make models fetches the files into .local/models; see docs/models.md)",
				path,
			)
		}
		if err != nil {
			release()
			return nil, nil, err
		}
		releases = append(releases, free)
		files[name] = data
		if sums == nil {
			continue
		}
		want, ok := sums[name]
		if !ok {
			release()
			sums := filepath.Join(dir, "SHA256SUMS")
			return nil, nil, fmt.Errorf("%s has no entry for %s: cannot verify the model", sums, name)
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != want {
			release()
			return nil, nil, fmt.Errorf(
				"%s has sha256 %s but SHA256SUMS pins %s: refusing a model that is not the pinned one",
				path,
				hex.EncodeToString(sum[:]),
				want,
			)
		}
	}
	return files, release, nil
}
