package recapturetest_test

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/vision/recapture/recapturetest"
)

// page is a small grey page with a few dark bars, enough to make captures of.
func page() *image.Gray {
	g := image.NewGray(image.Rect(0, 0, 320, 220))
	for y := range 220 {
		for x := range 320 {
			v := uint8(235)
			if y%40 < 12 && x > 20 && x < 300 {
				v = 40
			}
			g.Pix[y*g.Stride+x] = v
		}
	}
	return g
}

// TestCapturesAreSeeded: a seed gives the same photo every time and another seed another photo,
// so the measured rates are the same from run to run.
func TestCapturesAreSeeded(t *testing.T) {
	doc := page()
	for _, c := range []struct {
		kind string
		make func(image.Image, uint64) recapturetest.Capture
	}{
		{"screen", recapturetest.Screen},
		{"print", recapturetest.Print},
		{"paper", recapturetest.Paper},
	} {
		t.Run(c.kind, func(t *testing.T) {
			a, b, other := c.make(doc, 1), c.make(doc, 1), c.make(doc, 2)
			if a.Name != b.Name || a.Img.Rect != b.Img.Rect || !bytes.Equal(a.Img.Pix, b.Img.Pix) {
				t.Fatalf("seed 1 made %q %v, then %q %v", a.Name, a.Img.Rect, b.Name, b.Img.Rect)
			}
			if a.Name == other.Name || bytes.Equal(a.Img.Pix, other.Img.Pix) {
				t.Errorf("seeds 1 and 2 made the same photo %q", a.Name)
			}
			if !strings.HasPrefix(a.Name, c.kind+" ") || a.Img.Rect.Dx() < 256 || a.Img.Rect.Dy() < 128 {
				t.Errorf("%q, %v: want a %s photo of at least 256×128", a.Name, a.Img.Rect, c.kind)
			}
		})
	}
}
