package extraction

import (
	"context"
	"image"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/ocr"
	"github.com/trustline/platform/shared/vision/printed"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// truthEngine reads a generated page from its truth: a box asked for reads as the truth line it
// overlaps most; the whole page as all its lines. It records what it was asked.
type truthEngine struct {
	lines []printedtest.Line
	whole int
	asked [][]image.Rectangle
}

func (*truthEngine) Name() string    { return "truth" }
func (*truthEngine) Version() string { return "1" }

func (e *truthEngine) Read(context.Context, image.Image) ([]ocr.Line, error) {
	e.whole++
	var out []ocr.Line
	for _, l := range e.lines {
		out = append(out, ocr.Line{Text: l.Text, Confidence: 0.96, Box: rect(l.Box)})
	}
	return out, nil
}

func (e *truthEngine) ReadLines(_ context.Context, _ image.Image, boxes []image.Rectangle) ([]ocr.Line, error) {
	e.asked = append(e.asked, boxes)
	out := make([]ocr.Line, len(boxes))
	for i, b := range boxes {
		out[i] = ocr.Line{Box: b}
		if l, ok := e.at(b); ok {
			out[i].Text, out[i].Confidence = l.Text, 0.96
		}
	}
	return out, nil
}

// at is the truth line b overlaps most.
func (e *truthEngine) at(b image.Rectangle) (printedtest.Line, bool) {
	best, area := printedtest.Line{}, 0
	for _, l := range e.lines {
		if i := b.Intersect(rect(l.Box)); i.Dx()*i.Dy() > area {
			best, area = l, i.Dx()*i.Dy()
		}
	}
	return best, area > 0
}

func rect(b [4]int) image.Rectangle { return image.Rect(b[0], b[1], b[2], b[3]) }

// TestReadPrintedAsksForValuesThenTheLabelsTheMRZLacks reads a clean generated passport page
// line by line: one pass over its values, one over the labels of the values no MRZ anchor names
// (none of the names', the number's, the birth or expiry date's), and the page's fields come out
// of the two. With an engine that reads no given lines, the page is read whole.
func TestReadPrintedAsksForValuesThenTheLabelsTheMRZLacks(t *testing.T) {
	p := printedtest.At(11, 0, printedtest.Clean(), printedtest.Kinds(printedtest.Passport))
	f := p.Truth.Fields
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	a := printed.Anchors{
		Surname: printedtest.Transliterate(f.Surname), GivenNames: printedtest.Transliterate(f.GivenNames),
		DocumentNumber: f.DocumentNumber, Sex: f.Sex, DateOfBirth: day(f.DateOfBirth), ExpiryDate: day(f.ExpiryDate),
		DocumentCode: f.DocumentCode, IssuingState: p.Truth.Issuer, Nationality: p.Truth.Issuer,
	}
	e := &truthEngine{lines: p.Truth.Lines}
	r := MRZReader{Printed: e}
	lines, err := r.readPrinted(context.Background(), p.Image, a)
	if err != nil {
		t.Fatal(err)
	}
	if e.whole != 0 || len(e.asked) != 2 {
		t.Fatalf("read whole %d times, asked for lines %d times: want 0 and 2", e.whole, len(e.asked))
	}
	var labelsOf []string
	for _, b := range e.asked[1] {
		l, _ := e.at(b)
		if l.Role != "label" {
			t.Errorf("second pass asked for %q, a %s", l.Text, l.Role)
		}
		labelsOf = append(labelsOf, l.Field)
	}
	for _, want := range []string{"placeOfBirth", "issueDate", "issuingAuthority"} {
		if !slices.Contains(labelsOf, want) {
			t.Errorf("the label of %s was not asked for (asked: %v)", want, labelsOf)
		}
	}
	for _, named := range []string{"surname", "givenNames", "documentNumber", "dateOfBirth", "expiryDate"} {
		if slices.Contains(labelsOf, named) {
			t.Errorf("the label of %s was asked for, though the MRZ names its value", named)
		}
	}
	got := printed.Read(lines, a, printedtest.Reference())
	for name, v := range map[printed.Name]string{
		printed.PlaceOfBirth: f.PlaceOfBirth, printed.IssuingAuthority: f.IssuingAuthority,
		printed.IssueDate: f.IssueDate,
	} {
		if got.Fields[name].Value != v {
			t.Errorf("%s = %q, want %q", name, got.Fields[name].Value, v)
		}
	}

	t.Logf("labels asked for: %v", labelsOf)

	// An engine that reads whole pages only.
	e = &truthEngine{lines: p.Truth.Lines}
	whole := MRZReader{Printed: struct{ ocr.Engine }{e}}
	if _, err := whole.readPrinted(context.Background(), p.Image, a); err != nil {
		t.Fatal(err)
	}
	if e.whole != 1 || len(e.asked) != 0 {
		t.Errorf("an engine without ReadLines: read whole %d times, asked for lines %d times: want 1 and 0",
			e.whole, len(e.asked))
	}
}
