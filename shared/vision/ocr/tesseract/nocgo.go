//go:build !cgo || notesseract

package tesseract

import (
	"context"
	"image"

	"github.com/trustline/platform/shared/vision/ocr"
)

// Engine is unusable in this build: New always fails.
type Engine struct{}

var _ ocr.Engine = (*Engine)(nil)

// New returns ErrNoCgo: this binary was built without cgo, so without libtesseract.
func New(modelsDir string, opts ...Option) (*Engine, error) { return nil, ErrNoCgo }

// NewPrinted returns ErrNoCgo: this binary was built without cgo, so without libtesseract.
func NewPrinted(dir string, opts ...Option) (*Engine, error) { return nil, ErrNoCgo }

// Name returns "tesseract".
func (*Engine) Name() string { return "tesseract" }

// Version returns "".
func (*Engine) Version() string { return "" }

// Read returns ErrNoCgo.
func (*Engine) Read(context.Context, image.Image) ([]ocr.Line, error) { return nil, ErrNoCgo }

// Close does nothing.
func (*Engine) Close() error { return nil }

// ReadLines returns ErrNoCgo.
func (*Engine) ReadLines(context.Context, image.Image, []image.Rectangle) ([]ocr.Line, error) {
	return nil, ErrNoCgo
}
