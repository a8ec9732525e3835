package printedtest

import (
	"image"
	"image/color"
	"testing"

	"github.com/trustline/platform/shared/vision/ocr/ocrtest"
)

// square is a canvas of white paper with one black square recorded as a line, as the boxes of
// text are.
func square() *canvas {
	c := newCanvas(60, 40, 10)
	for i := range c.img.Pix {
		c.img.Pix[i] = 255
	}
	r := image.Rect(380, 90, 470, 150)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			o := c.img.PixOffset(x, y)
			c.img.Pix[o], c.img.Pix[o+1], c.img.Pix[o+2] = 0, 0, 0
		}
	}
	c.lines = []drawn{{Line: Line{Text: "square"}, box: [4]float64{380, 90, 470, 150}}}
	return c
}

// ink is the bounding box of the dark pixels (the square) in img.
func ink(img image.Image) image.Rectangle {
	var r image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if v, _, _, _ := color.GrayModel.Convert(img.At(x, y)).RGBA(); v < 0x4000 {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// Each geometric step moves the boxes as ocrtest moves its box, and where the ink went: the
// box the truth gives is the one around the transformed square.
func TestStepsMoveBoxesWithTheInk(t *testing.T) {
	surround := color.RGBA{200, 200, 200, 255}
	for _, tt := range []struct {
		name  string
		apply func(s *shot)
		// ocrtest is what ocrtest says of the box in a grey image, the same step.
		ocrtest func(g *image.Gray, b image.Rectangle) image.Rectangle
	}{
		{"tilt-4", func(s *shot) { s.tilt(-4, surround) }, func(g *image.Gray, b image.Rectangle) image.Rectangle {
			_, r := ocrtest.Tilt(g, b, -4, 200)
			return r
		}},
		{"tilt5", func(s *shot) { s.tilt(5, surround) }, func(g *image.Gray, b image.Rectangle) image.Rectangle {
			_, r := ocrtest.Tilt(g, b, 5, 200)
			return r
		}},
		{"keystone10", func(s *shot) { s.keystone(0.1, surround) },
			func(g *image.Gray, b image.Rectangle) image.Rectangle {
				_, r := ocrtest.Keystone(g, b, 0.1, 200)
				return r
			}},
		{"shrink400", func(s *shot) { s.shrink(400) }, func(g *image.Gray, b image.Rectangle) image.Rectangle {
			_, r := ocrtest.Shrink(g, b, 400)
			return r
		}},
		{"tint", func(s *shot) { s.tint(color.RGBA{220, 220, 210, 255}, 30) },
			func(g *image.Gray, b image.Rectangle) image.Rectangle {
				_, r := ocrtest.Tint(g, b, 220, 250, 30)
				return r
			}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := square()
			s := newShot(c)
			tt.apply(s)
			got := s.boxes()[0]
			box := image.Rect(got[0], got[1], got[2], got[3])
			g := image.NewGray(c.img.Rect)
			for i := range g.Pix {
				g.Pix[i] = c.img.Pix[4*i]
			}
			want := tt.ocrtest(g, image.Rect(380, 90, 470, 150))
			if d := diff(box, want); d > 1 {
				t.Errorf("box %v, ocrtest says %v", box, want)
			}
			if d := diff(box, ink(s.image())); d > 2 {
				t.Errorf("box %v, the ink is at %v", box, ink(s.image()))
			}
			if s.condition() != tt.name {
				t.Errorf("condition %q, want %q", s.condition(), tt.name)
			}
		})
	}
	// A chain of steps, as the phone condition makes: the boxes follow each.
	s := newShot(square())
	s.keystone(0.08, surround)
	s.tilt(3, surround)
	s.shrink(350)
	s.compress(90)
	got := s.boxes()[0]
	if box := image.Rect(got[0], got[1], got[2], got[3]); diff(box, ink(s.image())) > 2 {
		t.Errorf("after %s: box %v, the ink is at %v", s.condition(), box, ink(s.image()))
	}
}

func diff(a, b image.Rectangle) int {
	abs := func(v int) int { return max(v, -v) }
	return max(abs(a.Min.X-b.Min.X), abs(a.Min.Y-b.Min.Y), abs(a.Max.X-b.Max.X), abs(a.Max.Y-b.Max.Y))
}

// The photometric steps leave the boxes where they were.
func TestPhotometricStepsKeepBoxes(t *testing.T) {
	r := newRNG(1, 1, streamCondition)
	for name, apply := range map[string]func(s *shot){
		"blur":        func(s *shot) { s.blur(1.5) },
		"noise":       func(s *shot) { s.noise(r, 10) },
		"lowcontrast": func(s *shot) { s.lowContrast(80, 170) },
		"shadow":      func(s *shot) { s.shadow(image.Rect(100, 100, 300, 250), 0.5) },
		"overprint":   func(s *shot) { s.overprint(r) },
		"jpeg":        func(s *shot) { s.compress(40) },
	} {
		s := newShot(square())
		apply(s)
		got := s.boxes()[0]
		if got != [4]int{380, 90, 470, 150} || s.image().Bounds() != image.Rect(0, 0, 600, 400) {
			t.Errorf("%s moved the box to %v or resized the image to %v", name, got, s.image().Bounds())
		}
	}
}
