package extraction_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/mrz"
	"github.com/trustline/platform/shared/vision/ocr"
)

// scripted is an OCR engine that answers the same lines for every image.
type scripted struct {
	lines []string
	reads int
}

func (s *scripted) Name() string    { return "scripted" }
func (s *scripted) Version() string { return "1" }
func (s *scripted) Read(context.Context, image.Image) ([]ocr.Line, error) {
	s.reads++
	out := make([]ocr.Line, len(s.lines))
	for i, l := range s.lines {
		out[i] = ocr.Line{Text: l, Confidence: 0.9}
	}
	return out, nil
}

func blankPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 200, 120))
	for i := range img.Pix {
		img.Pix[i] = 240
	}
	img.Set(10, 10, color.Black)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestMRZReaderShapesTheResult(t *testing.T) {
	engine := &scripted{
		lines: []string{
			"UTOPIA PASSPORT",
			"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
			"L898902C36UTO7408122F1204159ZE184226B<<<<<10",
		},
	}
	r := extraction.MRZReader{
		Engine: engine,
		Now:    func() time.Time { return time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC) },
	}
	res, err := r.Read(context.Background(), blankPNG(t), "image/png", "id_card")
	if err != nil {
		t.Fatal(err)
	}
	d := res.ExtractedData
	if d.Surname.Value != "ERIKSSON" || d.GivenNames.Value != "ANNA MARIA" || d.DocumentNumber.Value != "L898902C3" ||
		d.DateOfBirth.Value != "1974-08-12" || d.ExpiryDate.Value != "2012-04-15" || d.Sex.Value != "F" {
		t.Errorf("fields = %+v", d)
	}
	if d.MRZ.Format != "TD3" || !d.MRZ.Valid || len(d.MRZ.Checks) != 5 || !d.MRZ.Checks["composite"].Valid {
		t.Errorf("mrz = %+v", d.MRZ)
	}
	if d.Expired == nil || !*d.Expired || len(d.UnknownCountryCodes) != 1 || d.UnknownCountryCodes[0] != "UTO" {
		t.Errorf("expired %v, unknown countries %v", d.Expired, d.UnknownCountryCodes)
	}
	// The zone says passport while the caller said id_card: the zone wins, with less confidence.
	if d.DocumentType.Value != "passport" || d.DocumentType.Confidence != 0.5 || d.Engine.Name != "scripted" {
		t.Errorf("documentType %+v, engine %+v", d.DocumentType, d.Engine)
	}
	// And the result says so where its warnings are.
	const mismatch = "documentType: id_card was requested, but the machine-readable zone reads passport (format TD3, document code P)"
	if !slices.Contains(d.MRZ.Warnings, mismatch) {
		t.Errorf("warnings %q, want %q", d.MRZ.Warnings, mismatch)
	}
	// A request the zone agrees with, or auto, has no such warning.
	for _, asked := range []string{"passport", "auto"} {
		res, err := r.Read(context.Background(), blankPNG(t), "image/png", asked)
		if err != nil {
			t.Fatal(err)
		}
		if w := res.ExtractedData.MRZ.Warnings; slices.ContainsFunc(
			w,
			func(s string) bool { return strings.HasPrefix(s, "documentType:") },
		) {
			t.Errorf("asked %s: warnings %q", asked, w)
		}
	}
	if res.GlobalConfidence <= 0 || res.GlobalConfidence > 1 {
		t.Errorf("globalConfidence = %v", res.GlobalConfidence)
	}
}

func TestMRZReaderFailures(t *testing.T) {
	engine := &scripted{lines: []string{"NOTHING TO SEE HERE"}}
	r := extraction.MRZReader{Engine: engine}
	_, err := r.Read(context.Background(), blankPNG(t), "image/png", "auto")
	if f := fault.As(err); f.Kind != fault.Invalid || f.Code != "mrz_not_found" {
		t.Errorf("no zone: %+v", f)
	}
	// No band in any orientation: the upright page is read once, and the reader stops there.
	if engine.reads != 1 {
		t.Errorf("engine read %d times, want once", engine.reads)
	}
	truncated := blankPNG(t)[:60]
	if f := fault.As(func() error {
		_, err := r.Read(context.Background(), truncated, "image/png",
			"auto")
		return err
	}()); f.Kind != fault.Invalid ||
		f.Code != "unreadable_file" {
		t.Errorf("truncated file: %+v", f)
	}
}

func deepPNG(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray16(image.Rect(0, 0, 40, 20))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A 16-bit image, or one over the pixel bound, that reaches the worker (queued before intake
// checked it) fails for good, refunded, instead of being decoded or retried.
func TestMRZReaderRefusesImagesOverTheBound(t *testing.T) {
	engine := &scripted{}
	for name, r := range map[string]extraction.MRZReader{
		"16 bits per channel": {Engine: engine},
		"over MaxPixels":      {Engine: engine, MaxPixels: 1000},
	} {
		data := blankPNG(t)
		if name == "16 bits per channel" {
			data = deepPNG(t)
		}
		_, err := r.Read(context.Background(), data, "image/png", "auto")
		if f := fault.As(err); f.Kind != fault.Invalid || f.Code != "image_too_large" {
			t.Errorf("%s: %v, want a permanent image_too_large", name, err)
		}
	}
	if engine.reads != 0 {
		t.Errorf("the engine read %d images", engine.reads)
	}
}

// sizes is an engine that reads nothing and records the largest side it was given.
type sizes struct{ largest int }

func (s *sizes) Name() string    { return "sizes" }
func (s *sizes) Version() string { return "1" }
func (s *sizes) Read(_ context.Context, img image.Image) ([]ocr.Line, error) {
	s.largest = max(s.largest, img.Bounds().Dx(), img.Bounds().Dy())
	return nil, nil
}

// allocated returns the bytes f allocates (an upper bound of the memory it holds at its peak).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Reading a large image costs its decoding, then memory bounded by ReadSide whatever the file:
// the image is decoded to 8-bit grey and shrunk before any rotation or crop. (Before, every
// rotation copied the full-size colour image: a 16-bit PNG of 36 megapixels took 1.4 GB.)
func TestMRZReaderMemoryIsBoundedByReadSide(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes a 40-megapixel image")
	}
	for _, size := range []image.Point{{8000, 5000}, {6000, 3750}} {
		img := image.NewGray(image.Rect(0, 0, size.X, size.Y))
		for i := range img.Pix {
			img.Pix[i] = 200
		}
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		data := buf.Bytes()
		engine := &sizes{}
		r := extraction.MRZReader{Engine: engine}
		decoding := allocated(func() {
			if _, _, err := imagefile.DecodeGray(context.Background(), data, imagefile.MaxPixels,
				extraction.ReadSide); err != nil {
				t.Fatal(err)
			}
		})
		reading := allocated(func() {
			if _, err := r.Read(context.Background(), data, "image/png", "auto"); fault.As(
				err,
			).Code != "mrz_not_found" {
				t.Fatalf("read: %v", err)
			}
		})
		bound := uint64(extraction.ReadSide * extraction.ReadSide)
		t.Logf(
			"%v: decoding %d MB, reading after it %d MB, bound² %d MB",
			size,
			decoding>>20,
			(reading-decoding)>>20,
			bound>>20,
		)
		if engine.largest > extraction.ReadSide {
			t.Errorf("%v: the engine was given a side of %d pixels, over %d", size, engine.largest, extraction.ReadSide)
		}
		if pixels := uint64(size.X * size.Y); decoding > pixels+bound+8<<20 {
			t.Errorf("%v: decoding allocated %d MB, more than its grey pixels and the shrunk copy", size, decoding>>20)
		}
		if reading-decoding > 8*bound {
			t.Errorf("%v: reading allocated %d MB beyond decoding, over 8 × ReadSide²", size, (reading-decoding)>>20)
		}
	}
}

// TestDocumentTypeFollowsFormat: a visa whose passport or identity-card check digits verify by
// chance is still a visa, and documentType says so.
func TestDocumentTypeFollowsFormat(t *testing.T) {
	visaA := "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"
	visaA = visaA[:42] + string(mrz.CheckDigit(visaA[28:42])) + visaA[43:]
	visaA = visaA[:43] + string(mrz.CheckDigit(visaA[0:10]+visaA[13:20]+visaA[21:43]))
	visaB := "L8988901C4XXX4009078F9612109ZE18422<"
	visaB = visaB[:35] + string(mrz.CheckDigit(visaB[0:10]+visaB[13:20]+visaB[21:35]))
	for _, c := range []struct {
		lines  []string
		format string
		want   string
	}{
		{[]string{"V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", visaA}, "MRVA", "visa"},
		{[]string{"V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", visaB}, "MRVB", "visa"},
		{[]string{"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"},
			"TD3", "passport"},
		{[]string{"I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"}, "TD2", "id_card"},
	} {
		r := extraction.MRZReader{Engine: &scripted{lines: c.lines}}
		res, err := r.Read(context.Background(), blankPNG(t), "image/png", "auto")
		if err != nil {
			t.Fatal(err)
		}
		d := res.ExtractedData
		if d.MRZ.Format != c.format || d.DocumentType.Value != c.want {
			t.Errorf(
				"%s: format %s, documentType %s; want %s, %s",
				c.lines[1],
				d.MRZ.Format,
				d.DocumentType.Value,
				c.format,
				c.want,
			)
		}
	}
}

// TestMRZReaderNeedsEnoughCheckDigits: a reading counts as a zone only when enough of its check
// digits verify (mrz.Result.Credible); otherwise the document has no zone.
func TestMRZReaderNeedsEnoughCheckDigits(t *testing.T) {
	td3 := "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
	visa := "V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
	for _, c := range []struct {
		name  string
		lines []string
		found bool
	}{
		// Only the birth date's check digit verifies: what plain text yields by chance.
		{"TD3, one of five", []string{td3, "L898902C33UTO7408122F1204155ZE184226B<<<<<87"}, false},
		{"TD3, two of five", []string{td3, "L898902C36UTO7408122F1204155ZE184226B<<<<<87"}, false},
		{"TD3, three of five", []string{td3, "L898902C36UTO7408122F1204159ZE184226B<<<<<87"}, true},
		{"MRV-A, two of three with its V", []string{visa, "L8988901C4XXX4009078F96121056ZE184226B<<<<<<"}, true},
		{"MRV-A, two of three without its V", []string{"X" + visa[1:], "L8988901C4XXX4009078F96121056ZE184226B<<<<<<"},
			false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := extraction.MRZReader{
				Engine: &scripted{lines: c.lines},
				Now:    func() time.Time { return time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC) },
			}
			res, err := r.Read(context.Background(), blankPNG(t), "image/png", "auto")
			if c.found && err != nil {
				t.Fatalf("read: %v", err)
			}
			if !c.found {
				if f := fault.As(err); f.Code != "mrz_not_found" {
					t.Errorf("read %v (checks %v), want mrz_not_found", err, res.ExtractedData.MRZ.Checks)
				}
			}
		})
	}
}
