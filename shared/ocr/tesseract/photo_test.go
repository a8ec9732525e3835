//go:build cgo && !notesseract

package tesseract_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/extraction"
	"github.com/trustline/platform/shared/ocr"
	"github.com/trustline/platform/shared/ocr/ocrtest"
)

// TestReadPhotos reads, through the whole reader (band, level crop, Tesseract, parser), what
// phones and small scanners make of a passport and an identity card: tilted up to 30°,
// keystoned, characters 5 pixels wide, a quarter-turned zone on a tinted page, overprints. Every
// check digit must verify and the zone's lines must be the document's.
func TestReadPhotos(t *testing.T) {
	e := newEngine(t)
	r := extraction.MRZReader{Engine: e, Now: func() time.Time { return time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC) }}
	for _, d := range loadDocuments(t) {
		if d.ID != "icao-td3" && d.ID != "icao-td1" {
			continue
		}
		clean := ocr.Grayscale(decode(t, d.Files["clean"].File))
		b := d.Files["clean"].MRZBox
		box := image.Rect(b.X0, b.Y0, b.X1, b.Y1)
		for _, p := range ocrtest.Photos(clean, box, len(d.MRZ), len(d.MRZ[0]), ocr.Rotate) {
			if p.Name == "page-edge" {
				continue // the edge hides characters: found (see the ocr tests), not read
			}
			t.Run(d.ID+"/"+p.Name, func(t *testing.T) {
				var buf bytes.Buffer
				if err := png.Encode(&buf, p.Img); err != nil {
					t.Fatal(err)
				}
				res, err := r.Read(context.Background(), buf.Bytes(), "image/png", "auto")
				if err != nil {
					t.Fatal(err)
				}
				z := res.ExtractedData.MRZ
				if !z.Valid || strings.Join(z.Lines, "\n") != strings.Join(d.MRZ, "\n") {
					t.Errorf("read (valid %v)\n%s\nwant\n%s", z.Valid, strings.Join(z.Lines, "\n"), strings.Join(d.MRZ, "\n"))
				}
			})
		}
	}
}
