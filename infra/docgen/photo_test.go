package main

import (
	"image"
	"image/color"
	"math"
	"testing"
)

func TestHomographyMapsTheCorners(t *testing.T) {
	src := [4][2]float64{{0, 0}, {1000, 0}, {1000, 600}, {0, 600}}
	dst := [4][2]float64{{120, 80}, {980, 130}, {1040, 720}, {60, 690}}
	m := homographyOf(src, dst)
	for i := range src {
		x, y := m.apply(src[i][0], src[i][1])
		if math.Abs(x-dst[i][0]) > 1e-6 || math.Abs(y-dst[i][1]) > 1e-6 {
			t.Errorf("corner %d → (%.3f, %.3f), want %v", i, x, y, dst[i])
		}
	}
}

// TestPhotographPlacesTheMRZ checks the reported MRZ corners against the pixels: a black
// rectangle drawn where the MRZ is must land, turned, at the corners photograph returns.
func TestPhotographPlacesTheMRZ(t *testing.T) {
	doc := image.NewRGBA(image.Rect(0, 0, 1000, 640))
	for i := range doc.Pix {
		doc.Pix[i] = 255
	}
	mrz := image.Rect(100, 500, 900, 600)
	for y := mrz.Min.Y; y < mrz.Max.Y; y++ {
		for x := mrz.Min.X; x < mrz.Max.X; x++ {
			doc.SetRGBA(x, y, color.RGBA{0, 0, 0, 255})
		}
	}
	for _, s := range []shot{{angle: 30}, {angle: -25, keystone: 0.15}, {angle: 4, keystone: 0.08}} {
		s.margin, s.surface, s.seed = 0.05, color.RGBA{200, 200, 200, 255}, 1
		img, q := photograph(doc, mrz, s)
		// The centre of the quadrilateral is black, and just outside its first corner is not.
		cx, cy := (q[0][0]+q[2][0])/2, (q[0][1]+q[2][1])/2
		if v := img.RGBAAt(int(cx), int(cy)).R; v > 40 {
			t.Errorf("%+v: the MRZ's centre (%.0f, %.0f) is %d, want black", s, cx, cy, v)
		}
		ox, oy := q[0][0]+(q[0][0]-cx)*0.1, q[0][1]+(q[0][1]-cy)*0.1
		if v := img.RGBAAt(int(ox), int(oy)).R; v < 150 {
			t.Errorf("%+v: outside the MRZ (%.0f, %.0f) is %d, want light", s, ox, oy, v)
		}
	}
}
