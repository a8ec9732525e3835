package facematch

import (
	"context"
	"image"
	"image/color"
	"math"
	"testing"
)

// TestCalibrationPairs pins synthetic pairs made of the test photos: genuine pairs are one
// person's photo against itself printed on generated card pages at four sizes, mirrored, and
// darkened and shrunk as a poor selfie; impostor pairs are the three different people of the two
// test photos. TestCalibrationRealPhotos (realpairs_test.go) does the same on photos of real
// people taken years apart, fetched by make faces. Both pin each pair's similarity, so that a
// change of model or preprocessing that moves them fails, and log the distributions.

// calibrationTolerance is how far a pair's similarity may move before the table must be redone.
const calibrationTolerance = 0.02

// mirrored flips an image left to right.
func mirrored(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(b.Max.X-1-(x-b.Min.X), y, img.At(x, y))
		}
	}
	return out
}

// darker scales every channel by k.
func darker(img image.Image, k float64) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			out.Set(
				x,
				y,
				color.RGBA{uint8(float64(r>>8) * k), uint8(float64(g>>8) * k), uint8(float64(bl>>8) * k), 255},
			)
		}
	}
	return out
}

func TestCalibrationPairs(t *testing.T) {
	m := models(t)
	one, two := photo(t, "one-face.jpg"), photo(t, "two-faces.jpg")
	// The two people of two-faces.jpg, each cut out with a margin and enlarged as a selfie would
	// show them (their faces are about 60 pixels wide there).
	left := crop(two, image.Rect(60, 0, 190, 140), 3)
	right := crop(two, image.Rect(265, 60, 395, 200), 3)
	card := func(h int) []byte { return encodeJPEG(t, documentPage(one, h), 80) }
	selfie := encodeJPEG(t, one, 90)
	tests := []struct {
		name             string
		genuine          bool
		document, selfie []byte
		want             float64
	}{
		{"card, portrait 260 px / the same photo", true, card(260), selfie, 0.7632},
		{"card, portrait 180 px / the same photo", true, card(180), selfie, 0.8162},
		{"card, portrait 120 px / the same photo", true, card(120), selfie, 0.5836},
		{"card, portrait 90 px / the same photo", true, card(90), selfie, 0.6188},
		{"card, portrait 180 px / mirrored", true, card(180), encodeJPEG(t, mirrored(one), 90), 0.8076},
		{
			"card, portrait 120 px / darker and half size",
			true,
			card(120),
			encodeJPEG(t, crop(darker(one, 0.55), one.Bounds(), 0.5), 70),
			0.5624,
		},
		{"card, portrait 260 px / another person (left)", false, card(260), encodeJPEG(t, left, 90), 0.0520},
		{"card, portrait 260 px / another person (right)", false, card(260), encodeJPEG(t, right, 90), 0.2787},
		{"card, portrait 120 px / another person (left)", false, card(120), encodeJPEG(t, left, 90), 0.1798},
		{"card, portrait 120 px / another person (right)", false, card(120), encodeJPEG(t, right, 90), 0.2814},
		{"card, portrait 90 px / another person (right)", false, card(90), encodeJPEG(t, right, 90), 0.2419},
		{"two strangers", false, encodeJPEG(t, left, 90), encodeJPEG(t, right, 90), 0.2823},
	}
	var gen, imp []float64
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := m.Compare(context.Background(), tt.document, tt.selfie)
			if err != nil {
				t.Fatal(err)
			}
			if tt.genuine {
				gen = append(gen, r.Similarity)
			} else {
				imp = append(imp, r.Similarity)
			}
			if math.Abs(r.Similarity-tt.want) > calibrationTolerance {
				t.Errorf(
					"similarity %.4f, want %.4f ± %g: redo the calibration table (docs/identity-api.md) if the change is meant",
					r.Similarity,
					tt.want,
					calibrationTolerance,
				)
			}
			if r.IsMatch != tt.genuine {
				t.Errorf(
					"isMatch %v at similarity %.4f (threshold %v), want %v",
					r.IsMatch,
					r.Similarity,
					r.Threshold,
					tt.genuine,
				)
			}
		})
	}
	fnm, fm := 0, 0
	for _, s := range gen {
		if s < m.Threshold() {
			fnm++
		}
	}
	for _, s := range imp {
		if s >= m.Threshold() {
			fm++
		}
	}
	t.Logf(
		"genuine %v; impostor %v; at %v: FNMR %d/%d, FMR %d/%d",
		gen,
		imp,
		m.Threshold(),
		fnm,
		len(gen),
		fm,
		len(imp),
	)
}
