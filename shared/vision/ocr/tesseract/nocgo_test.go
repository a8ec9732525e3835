//go:build !cgo || notesseract

package tesseract_test

import (
	"errors"
	"os"
	"testing"

	"github.com/trustline/platform/shared/vision/ocr/tesseract"
)

// TestEngine stands in for engine_test.go in a build without cgo (or with -tags notesseract),
// which has no libtesseract: CI must read MRZs with the real engine, so there it fails; elsewhere
// it skips, saying why.
func TestEngine(t *testing.T) {
	if os.Getenv("CI") == "true" {
		t.Fatal(
			"the Tesseract engine tests need cgo (CGO_ENABLED=1, a C compiler) and libtesseract (make deps), without -tags notesseract",
		)
	}
	t.Skip(
		"the Tesseract engine tests need cgo and libtesseract (make deps): this build has no engine (cgo off, or -tags notesseract)",
	)
}

func TestNewWithoutCgo(t *testing.T) {
	if _, err := tesseract.New("../../../../../shared/models"); !errors.Is(err, tesseract.ErrNoCgo) {
		t.Fatalf("New = %v, want ErrNoCgo", err)
	}
}

func TestNewPrintedWithoutCgo(t *testing.T) {
	if _, err := tesseract.NewPrinted(""); !errors.Is(err, tesseract.ErrNoCgo) {
		t.Fatalf("NewPrinted = %v, want ErrNoCgo", err)
	}
}
