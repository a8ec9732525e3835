package extraction

import (
	"testing"

	"github.com/trustline/platform/shared/vision/printed"
)

func TestMergeComparesWhatBothZonesCarry(t *testing.T) {
	mrzField := func(v string) *Field { return &Field{Value: v, Confidence: 0.98, Source: SourceMRZ} }
	d := ExtractedData{
		Surname: mrzField("MUELLER"), GivenNames: mrzField("AASA INGRID"), Nationality: mrzField("DNK"),
		ExpiryDate: mrzField("2019-06-30"), DateOfBirth: mrzField("1980-01-02"), DocumentNumber: mrzField("C01X00T47"),
		MRZ: &MRZ{},
	}
	sure := func(v string) printed.Field { return printed.Field{Value: v, Confidence: 0.95} }
	table := merge(&d, printed.Page{Fields: map[printed.Name]printed.Field{
		printed.Surname:        sure("MÜLLER"),                         // transliterated: agrees
		printed.GivenNames:     sure("INGRID"),                         // a part read: left out
		printed.Nationality:    sure("DAN"),                            // no code, no known word: left out
		printed.ExpiryDate:     sure("2024-06-30"),                     // disagrees
		printed.DateOfBirth:    {Value: "1980-01-03", Confidence: 0.6}, // unsure and different: left out
		printed.DocumentNumber: sure("CO1XOOT47"),                      // OCR confusions: agrees
		printed.PlaceOfBirth:   sure("SAINT-ÉTIENNE"),                  // the printed zone's alone
	}})
	want := map[string]bool{"surname": true, "expiryDate": false, "documentNumber": true}
	if len(table) != len(want) {
		t.Fatalf("consistency = %+v, want rows for %v", table, want)
	}
	for _, row := range table {
		if agree, ok := want[row.Field]; !ok || agree != row.Agree {
			t.Errorf("row %+v, want agree %v", row, agree)
		}
	}
	if d.Surname.Source != SourceBoth || d.Surname.Value != "MUELLER" || d.ExpiryDate.Source != SourceMRZ ||
		d.ExpiryDate.Value != "2019-06-30" {
		t.Errorf("surname %+v, expiry %+v: the MRZ's value stands, both when they agree", d.Surname, d.ExpiryDate)
	}
	if d.PlaceOfBirth == nil || d.PlaceOfBirth.Source != SourceVisual {
		t.Errorf("placeOfBirth = %+v", d.PlaceOfBirth)
	}
	if len(d.MRZ.Warnings) != 1 {
		t.Errorf("warnings = %v, want the expiry's disagreement", d.MRZ.Warnings)
	}
}
