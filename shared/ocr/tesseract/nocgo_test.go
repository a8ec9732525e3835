//go:build !cgo || notesseract

package tesseract_test

import (
	"errors"
	"testing"

	"github.com/trustline/platform/shared/ocr/tesseract"
)

func TestNewWithoutCgo(t *testing.T) {
	if _, err := tesseract.New("../../../../shared/models"); !errors.Is(err, tesseract.ErrNoCgo) {
		t.Fatalf("New = %v, want ErrNoCgo", err)
	}
}
