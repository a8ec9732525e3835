package tesseract

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

// The model and what it reads.
const (
	// ModelFile is the model's file name in the models directory.
	ModelFile = "mrz.traineddata"
	// language is the model's name for Tesseract: ModelFile without its extension.
	language = "mrz"
	// Alphabet is every character an MRZ may hold; the engine recognises nothing else.
	Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
)

// ErrNoCgo is New's error in a build without cgo.
var ErrNoCgo = errors.New("tesseract engine needs a cgo build with libtesseract; use OCR_ENGINE=textract")

// verifyModel checks that modelsDir holds ModelFile and, when modelsDir has a SHA256SUMS file
// (sha256sum's format), that the model's digest is the one listed there.
func verifyModel(modelsDir string) error {
	if modelsDir == "" {
		return errors.New("tesseract: no models directory: set MODELS_DIR (for example ../shared/models)")
	}
	path := filepath.Join(modelsDir, ModelFile)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("tesseract: %s not found: set MODELS_DIR to the directory that holds it (for example ../shared/models)", path)
	}
	if err != nil {
		return fmt.Errorf("tesseract: %w", err)
	}
	defer f.Close()

	want, err := listedDigest(filepath.Join(modelsDir, "SHA256SUMS"), ModelFile)
	if err != nil || want == "" {
		return err
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return fmt.Errorf("tesseract: reading %s: %w", path, err)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		return fmt.Errorf("tesseract: %s has sha256 %s but SHA256SUMS pins %s: refusing a model that is not the pinned one", path, got, want)
	}
	return nil
}

// listedDigest returns name's digest from a SHA256SUMS file, "" when there is no such file, and
// an error when the file exists without an entry for name.
func listedDigest(sums, name string) (string, error) {
	f, err := os.Open(sums)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("tesseract: %w", err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		// "<hex>  <name>", or "<hex> *<name>" for binary mode.
		digest, file, ok := strings.Cut(strings.TrimSpace(s.Text()), " ")
		if ok && strings.TrimLeft(strings.TrimSpace(file), "*") == name {
			return strings.ToLower(digest), nil
		}
	}
	if err := s.Err(); err != nil {
		return "", fmt.Errorf("tesseract: %s: %w", sums, err)
	}
	return "", fmt.Errorf("tesseract: %s has no entry for %s: cannot verify the model", sums, name)
}
