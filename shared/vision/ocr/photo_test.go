package ocr_test

import (
	"math"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/ocr"
	"github.com/trustline/platform/shared/vision/ocr/ocrtest"
)

type photoCase struct {
	ocrtest.Photo
	name  string
	lines int
}

// photoCases makes the conditions of real uploads from the clean renderings of a TD3 passport
// and a TD1 card.
func photoCases(t testing.TB) []photoCase {
	t.Helper()
	var out []photoCase
	for _, d := range loadManifest(t).Documents {
		if d.ID != "icao-td3" && d.ID != "icao-td1" {
			continue
		}
		f := d.Files["clean"]
		g := imagefile.Grayscale(decodeFile(t, f.File))
		for _, p := range ocrtest.Photos(g, rect(f.MRZBox), len(d.MRZ), len(d.MRZ[0]), imagefile.Rotate) {
			out = append(out, photoCase{p, d.ID + "/" + p.Name, len(d.MRZ)})
		}
	}
	if len(out) == 0 {
		t.Fatal("no TD3 or TD1 document in the corpus")
	}
	return out
}

// TestFindMRZPhotos: tilted, keystoned, small, tinted, overprinted zones are found, and their
// crop comes out level with all its lines.
func TestFindMRZPhotos(t *testing.T) {
	for _, c := range photoCases(t) {
		t.Run(c.name, func(t *testing.T) {
			img := imagefile.Rotate(c.Img, c.Turn)
			band, ok := ocr.FindMRZ(img)
			if !ok {
				t.Fatal("no MRZ found")
			}
			if !c.Box.Inset(2).In(band.Rect) || band.Lines != c.lines {
				t.Fatalf("band %v with %d lines; want one around %v with %d", band.Rect, band.Lines, c.Box, c.lines)
			}
			if math.Abs(band.Skew-c.Tilt) > 1.5 {
				t.Errorf("skew %.2f°, want about %.0f°", band.Skew, c.Tilt)
			}
			crop := band.Crop(img)
			again, ok := ocr.FindMRZ(crop)
			if !ok || math.Abs(again.Skew) > 0.6 || again.Lines != c.lines {
				t.Errorf("crop %v: %+v, %v; want level with %d lines", crop.Rect, again, ok, c.lines)
			}
		})
	}
}
