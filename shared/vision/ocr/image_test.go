package ocr_test

import (
	"context"
	"image"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/ocr"
)

func TestNormalizeContrast(t *testing.T) {
	img, _, err := imagefile.Decode(context.Background(), readFile(t, "icao-td3-lowcontrast.png"))
	if err != nil {
		t.Fatal(err)
	}
	g := ocr.NormalizeContrast(imagefile.Grayscale(img))
	lo, hi := 255, 0
	for _, v := range g.Pix {
		lo, hi = min(lo, int(v)), max(hi, int(v))
	}
	if lo != 0 || hi != 255 {
		t.Errorf("levels span %d-%d after normalisation, want 0-255", lo, hi)
	}
	uniform := image.NewGray(image.Rect(0, 0, 4, 4))
	if ocr.NormalizeContrast(uniform) != uniform {
		t.Error("a uniform image should be returned unchanged")
	}
}

// TestFlattenIllumination: a zone half in shadow comes out with its paper at one level.
func TestFlattenIllumination(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 200, 40))
	for y := range 40 {
		for x := range 200 {
			v := 240
			if x%10 < 3 && y > 10 && y < 30 {
				v = 25 // strokes
			}
			if x >= 100 {
				v = v * 5 / 10 // the shadow: paper 120, darker than nothing but still lighter than ink
			}
			g.Pix[y*g.Stride+x] = uint8(v)
		}
	}
	f := ocr.FlattenIllumination(g, 20)
	lit, shaded := f.GrayAt(55, 20).Y, f.GrayAt(155, 20).Y
	if d := int(lit) - int(shaded); d < -12 || d > 12 || shaded < 200 {
		t.Errorf("paper %d in the light, %d in the shadow; want both about 240", lit, shaded)
	}
	if ink := f.GrayAt(150, 20).Y; ink > 80 {
		t.Errorf("ink in the shadow %d, want dark", ink)
	}
}
