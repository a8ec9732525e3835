package tesseract

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/trustline/platform/shared/vision/modelfiles"
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

// The printed zone's model: Tesseract's Latin script model (every language written in Latin
// letters, accents included), from Debian's package tesseract-ocr-script-latn 1:4.1.0-2, which
// installs it in DefaultTessdata. Its LSTM network alone is used (no legacy engine).
const (
	// PrintedModelFile is the printed zone's model's file name in its directory.
	PrintedModelFile = "Latin.traineddata"
	// PrintedModelSHA256 pins the file: another build of the model reads differently, and the
	// printed zone's confidences are calibrated on this one.
	PrintedModelSHA256 = "6dbdaf8ecc6c40f025c2648bf3b3f3fbffe073e1fd2df2047fde2e2b2f020d53"
	// DefaultTessdata is where Debian's Tesseract 5 packages install their models.
	DefaultTessdata = "/usr/share/tesseract-ocr/5/tessdata"
	printedLanguage = "Latin"
)

// ErrNoCgo is New's error in a build without cgo.
var ErrNoCgo = errors.New("tesseract engine needs a cgo build with libtesseract; use OCR_ENGINE=textract")

// verifyPrintedModel checks that dir holds PrintedModelFile with the pinned digest.
func verifyPrintedModel(dir string) error {
	path := filepath.Join(dir, PrintedModelFile)
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("tesseract: %w (install Debian's tesseract-ocr-script-latn: make deps)", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return fmt.Errorf("tesseract: reading %s: %w", path, err)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != PrintedModelSHA256 {
		return fmt.Errorf("tesseract: %s has sha256 %s, not the pinned %s", path, got, PrintedModelSHA256)
	}
	return nil
}

// verifyModel checks that modelsDir holds ModelFile, the pinned one when it has a SHA256SUMS file.
func verifyModel(modelsDir string) error {
	if err := modelfiles.Verify(modelsDir, ModelFile); err != nil {
		return fmt.Errorf("tesseract: %w", err)
	}
	return nil
}
