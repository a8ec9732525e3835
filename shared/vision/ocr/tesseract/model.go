package tesseract

import (
	"errors"
	"fmt"

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

// ErrNoCgo is New's error in a build without cgo.
var ErrNoCgo = errors.New("tesseract engine needs a cgo build with libtesseract; use OCR_ENGINE=textract")

// verifyModel checks that modelsDir holds ModelFile, the pinned one when it has a SHA256SUMS file.
func verifyModel(modelsDir string) error {
	if err := modelfiles.Verify(modelsDir, ModelFile); err != nil {
		return fmt.Errorf("tesseract: %w", err)
	}
	return nil
}
