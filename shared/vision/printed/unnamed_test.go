package printed_test

import (
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/vision/ocr"
	"github.com/trustline/platform/shared/vision/printed"
)

// TestLabelsToReadAsksOnlyForWhatTheMRZDoesNotName splits the Spanish page into its values, read,
// and its labels, not yet read: only the labels of the place of birth, the date of issue and the
// authority are asked for. The names, number, dates, sex and nationality are the MRZ's; the type
// and code are the zone's own codes; the title has no label.
func TestLabelsToReadAsksOnlyForWhatTheMRZDoesNotName(t *testing.T) {
	var values []ocr.Line
	var labels []image.Rectangle
	var labelText []string
	for _, l := range spanish() {
		if l.Box.Dy() == 14 {
			labels = append(labels, l.Box)
			labelText = append(labelText, l.Text)
		} else {
			values = append(values, l)
		}
	}
	a := spanishMRZ
	a.Nationality, a.IssuingState, a.DocumentCode = "ESP", "ESP", "P"
	var asked []string
	for _, i := range printed.LabelsToRead(values, labels, a) {
		asked = append(asked, labelText[i])
	}
	want := []string{"Place of birth / Lieu de naissance", "Date of issue / Date de délivrance", "Authority / Autorité"}
	if !slices.Equal(asked, want) {
		t.Errorf("asked for %q, want %q", asked, want)
	}
}

// TestReadTakesLabelsFromTheirHeads reads a page whose labels were read only in part (ocr.Line.Head):
// each head names its field when its beginning belongs to one field's labels, and a head is never a
// value, whatever it reads.
func TestReadTakesLabelsFromTheirHeads(t *testing.T) {
	head := func(text string, x, y int) ocr.Line {
		l := at(text, x, y, 14)
		l.Head = true
		return l
	}
	lines := []ocr.Line{
		head("Luogo di nasc", 300, 40), at("CASTELNUOVO DI PORTO", 300, 60, 22),
		head("Place-of, birth", 800, 40), at("ROMA", 800, 60, 22),
		head("Data di rilas", 300, 100), at("15 NOV 2012", 300, 120, 22),
		head("Authority Aut", 800, 100), at("COMUNE DI MILANO", 800, 120, 22),
		head("Data di", 300, 160), at("14 NOV 2022", 300, 180, 22),
		head("MILANO", 800, 160),
		head("2. Efternai", 300, 220), at("ROSSI", 300, 240, 22), // the cut went through the v of Efternavn
	}
	p := printed.Read(lines, printed.Anchors{DateOfBirth: date("1980-01-04"), ExpiryDate: date("2023-11-14")}, now)
	for name, v := range map[printed.Name]string{
		printed.PlaceOfBirth: "CASTELNUOVO DI PORTO", printed.IssueDate: "2012-11-15",
		printed.IssuingAuthority: "COMUNE DI MILANO", printed.Surname: "ROSSI",
	} {
		if f := p.Fields[name]; f.Value != v {
			t.Errorf("%s = %q, want %q", name, f.Value, v)
		}
	}
	// "Data di" begins the labels of three dates: it names none, and the expiry is found by the
	// MRZ's date instead, less surely.
	if f, ok := p.Fields[printed.ExpiryDate]; ok && f.Confidence > 0.9 {
		t.Errorf("expiryDate %+v taken from an ambiguous head", f)
	}
	// A head that reads like a value under a label is still no value.
	alone := printed.Read([]ocr.Line{at("Place of birth", 300, 40, 14), head("SEVILLA", 300, 60)}, printed.Anchors{}, now)
	if f, ok := alone.Fields[printed.PlaceOfBirth]; ok {
		t.Errorf("placeOfBirth %+v read from a label's head", f)
	}
}

// TestReadZoneNumbersDoNotLowerTheirValue reads values printed after a zone number the OCR doubts
// ("09" read at 0.5): the value's confidence is its own words', and a date whose first word is
// its day ("13 OCT 2019") keeps its day's doubt.
func TestReadZoneNumbersDoNotLowerTheirValue(t *testing.T) {
	words := func(l ocr.Line, confidences ...float64) ocr.Line {
		l.Words = nil
		l.Confidence = 1
		for i, w := range strings.Fields(l.Text) {
			l.Words = append(l.Words, ocr.Word{Text: w, Confidence: confidences[i]})
			l.Confidence = min(l.Confidence, confidences[i])
		}
		return l
	}
	a := printed.Anchors{DateOfBirth: date("1980-01-04"), ExpiryDate: date("2019-10-13")}
	numbered := printed.Read([]ocr.Line{
		at("Date of expiry", 300, 40, 14), words(at("09 13 OCT 2019", 300, 60, 22), 0.5, 0.96, 0.96, 0.96),
		at("Place of birth", 300, 100, 14), words(at("o6 STOKE-ON-TRENT", 300, 120, 22), 0.4, 0.95),
	}, a, now)
	if f := numbered.Fields[printed.ExpiryDate]; f.Confidence < 0.9 {
		t.Errorf("expiryDate %+v: the zone number's doubt counted", f)
	}
	if f := numbered.Fields[printed.PlaceOfBirth]; f.Value != "STOKE-ON-TRENT" || f.Confidence < 0.9 {
		t.Errorf("placeOfBirth %+v: want STOKE-ON-TRENT, its own confidence", f)
	}
	bare := printed.Read([]ocr.Line{
		at("Date of expiry", 300, 40, 14), words(at("13 OCT 2019", 300, 60, 22), 0.5, 0.96, 0.96),
	}, a, now)
	if f, ok := bare.Fields[printed.ExpiryDate]; ok && f.Confidence > 0.5 {
		t.Errorf("expiryDate %+v: a doubted day is no zone number", f)
	}
}
