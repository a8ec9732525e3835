package extraction_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"github.com/trustline/platform/shared/extraction"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/ocr"
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
	engine := &scripted{lines: []string{"UTOPIA PASSPORT", "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"}}
	r := extraction.MRZReader{Engine: engine, Now: func() time.Time { return time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC) }}
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
	if engine.reads < 4 || engine.reads > 8 {
		t.Errorf("engine read %d times, want every orientation once or twice", engine.reads)
	}
	truncated := blankPNG(t)[:60]
	if f := fault.As(func() error { _, err := r.Read(context.Background(), truncated, "image/png", "auto"); return err }()); f.Kind != fault.Invalid || f.Code != "unreadable_file" {
		t.Errorf("truncated file: %+v", f)
	}
}
