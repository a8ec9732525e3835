//go:build cgo && !notesseract

package tesseract_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/internal/benchtest"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/mrz"
	"github.com/trustline/platform/shared/vision/ocr/ocrtest"
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
		clean := imagefile.Grayscale(decode(t, d.Files["clean"].File))
		b := d.Files["clean"].MRZBox
		box := image.Rect(b.X0, b.Y0, b.X1, b.Y1)
		images := map[string]image.Image{"stamped": ocrtest.Stamped(clean, box, len(d.MRZ))}
		for _, p := range ocrtest.Photos(clean, box, len(d.MRZ), len(d.MRZ[0]), imagefile.Rotate) {
			if p.Name != "page-edge" { // the edge hides characters: found (see the ocr tests), not read
				images[p.Name] = p.Img
			}
		}
		for name, img := range images {
			t.Run(d.ID+"/"+name, func(t *testing.T) {
				res, err := r.Read(context.Background(), pngOf(t, img), "image/png", "auto")
				if err != nil {
					t.Fatal(err)
				}
				z := res.ExtractedData.MRZ
				if !z.Valid || strings.Join(z.Lines, "\n") != strings.Join(d.MRZ, "\n") {
					t.Errorf(
						"read (valid %v)\n%s\nwant\n%s",
						z.Valid,
						strings.Join(z.Lines, "\n"),
						strings.Join(d.MRZ, "\n"),
					)
				}
			})
		}
	}
}

// TestCheckEntriesOfABlurredPassport reads testdata/extraction/esp-passport-blur.jpg, where
// Tesseract reads one character too many in the personal number and the check digits cannot
// tell which: the checks over it agree and are still not trusted, and each entry says so
// (reason unplaced) rather than answering valid false with expected equal to found.
func TestCheckEntriesOfABlurredPassport(t *testing.T) {
	e := newEngine(t)
	r := extraction.MRZReader{Engine: e}
	data, err := os.ReadFile(filepath.Join(testdata, "esp-passport-blur.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := r.Read(context.Background(), data, "image/jpeg", "auto")
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range res.ExtractedData.MRZ.Checks {
		agrees := c.Found == c.Expected || c.Found == "<"
		switch {
		case c.Valid != (c.Reason == ""):
			t.Errorf("%s %+v: valid %v with reason %q", name, c, c.Valid, c.Reason)
		case c.Valid && !agrees, c.Reason == mrz.ReasonUnplaced && !agrees:
			t.Errorf("%s %+v: the digit disagrees", name, c)
		case c.Reason == mrz.ReasonMismatch && c.Found == c.Expected:
			t.Errorf("%s %+v: a mismatch of equal digits", name, c)
		}
	}
}

// readerCase is one image the reader is timed on, and whether it carries a zone.
type readerCase struct {
	name string
	png  []byte
	mrz  bool
}

func pngOf(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// pagesWithoutMRZ are the generated documents with their zone erased: printed text, labels, a
// photo and a guilloche, no MRZ; upright, in the three other orientations and tilted.
func pagesWithoutMRZ(tb testing.TB) []readerCase {
	var out []readerCase
	for _, d := range loadDocuments(tb) {
		b := d.Files["clean"].MRZBox
		box := image.Rect(b.X0, b.Y0, b.X1, b.Y1)
		page := ocrtest.WithoutMRZ(imagefile.Grayscale(decode(tb, d.Files["clean"].File)), box)
		for _, turn := range []int{0, 90, 180, 270} {
			out = append(
				out,
				readerCase{fmt.Sprintf("%s/nomrz-%d", d.ID, turn), pngOf(tb, imagefile.Rotate(page, turn)), false},
			)
		}
		tilted, _ := ocrtest.Tilt(page, box, 20, 90)
		out = append(out, readerCase{d.ID + "/nomrz-tilt20", pngOf(tb, tilted), false})
	}
	return out
}

// TestNoFalsePositives: a page of printed text without a zone is not read as one.
func TestNoFalsePositives(t *testing.T) {
	e := newEngine(t)
	r := extraction.MRZReader{Engine: e}
	for _, c := range pagesWithoutMRZ(t) {
		t.Run(c.name, func(t *testing.T) {
			res, err := r.Read(context.Background(), c.png, "image/png", "auto")
			var f *fault.Error
			if !errors.As(err, &f) || f.Code != "mrz_not_found" {
				z := res.ExtractedData.MRZ
				t.Errorf("read %v (%s, valid %v) %v; want mrz_not_found", err, z.Format, z.Valid, z.Lines)
			}
		})
	}
}

// TestReaderLatency measures, without failing, the reader's time per document over the generated
// corpus (every condition), the photo conditions and the pages without a zone: p50 and p95 of
// wall time and of the process's CPU time (what the reader costs on a machine shared with other
// work), for the documents read, the misses and all. MEASURE=1 runs it.
func TestReaderLatency(t *testing.T) {
	if os.Getenv("MEASURE") == "" {
		t.Skip("measurement: MEASURE=1")
	}
	e := newEngine(t)
	r := extraction.MRZReader{Engine: e}
	var cases []readerCase
	for _, d := range loadDocuments(t) {
		for cond, f := range d.Files {
			if strings.HasSuffix(f.File, ".pdf") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(testdata, f.File))
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, readerCase{d.ID + "/" + cond, data, true})
		}
		if d.ID == "icao-td3" || d.ID == "icao-td1" {
			b := d.Files["clean"].MRZBox
			clean := imagefile.Grayscale(decode(t, d.Files["clean"].File))
			for _, p := range ocrtest.Photos(clean, image.Rect(b.X0, b.Y0, b.X1, b.Y1), len(d.MRZ), len(d.MRZ[0]),
				imagefile.Rotate) {
				cases = append(cases, readerCase{d.ID + "/" + p.Name, pngOf(t, p.Img), true})
			}
		}
	}
	cases = append(cases, pagesWithoutMRZ(t)...)
	type timing struct{ wall, cpu []time.Duration }
	var hits, misses, all timing
	add := func(tm *timing, w, c time.Duration) { tm.wall, tm.cpu = append(tm.wall, w), append(tm.cpu, c) }
	wrong := 0
	for _, c := range cases {
		cpu0 := benchtest.CPU()
		start := time.Now()
		_, err := r.Read(context.Background(), c.png, "image/png", "auto")
		w, cpu := time.Since(start), benchtest.CPU()-cpu0
		if (err == nil) != c.mrz {
			wrong++
			t.Logf("%s: read %v, zone expected %v", c.name, err, c.mrz)
		}
		add(&all, w, cpu)
		if err == nil {
			add(&hits, w, cpu)
		} else {
			add(&misses, w, cpu)
		}
	}
	pct := func(d []time.Duration, p int) time.Duration {
		if len(d) == 0 {
			return 0
		}
		s := slices.Clone(d)
		slices.Sort(s)
		return s[min(len(s)-1, (len(s)*p+99)/100-1)]
	}
	for _, row := range []struct {
		name string
		tm   timing
	}{{"read", hits}, {"misses", misses}, {"all", all}} {
		t.Logf("%-6s n=%3d  wall p50 %4dms p95 %4dms  cpu p50 %4dms p95 %4dms", row.name, len(row.tm.wall),
			pct(row.tm.wall, 50).Milliseconds(), pct(row.tm.wall, 95).Milliseconds(),
			pct(row.tm.cpu, 50).Milliseconds(), pct(row.tm.cpu, 95).Milliseconds())
	}
	t.Logf("%d documents, %d read otherwise than expected", len(cases), wrong)
}
