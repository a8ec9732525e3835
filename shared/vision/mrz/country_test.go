package mrz_test

import (
	"slices"
	"testing"

	"github.com/trustline/platform/shared/vision/mrz"
)

// withCountries writes issuer and nationality into the TD3 specimen; no check digit covers them.
func withCountries(issuer, nationality string) []string {
	return []string{
		td3Specimen[0][:2] + issuer + td3Specimen[0][5:],
		td3Specimen[1][:10] + nationality + td3Specimen[1][13:],
	}
}

// TestCountryCorrection: an impossible country code is corrected only where exactly one OCR
// confusion makes it a known code, and the correction is reported.
func TestCountryCorrection(t *testing.T) {
	for _, c := range []struct {
		name                string
		lines               []string
		issuer, nationality string
		corrections         []mrz.Correction
		unknown             []string
	}{
		{"M read for N", withCountries("MLD", "NLD"), "NLD", "NLD",
			[]mrz.Correction{{Field: "issuingCountry", Line: 0, Position: 2, From: "M", To: "N",
				Kind: mrz.CorrectionCountry}}, nil},
		{"O read for Germany's D", withCountries("D<<", "O<<"), "D", "D",
			[]mrz.Correction{{Field: "nationality", Line: 1, Position: 10, From: "O", To: "D",
				Kind: mrz.CorrectionCountry}}, nil},
		{"digit then letter confusion", withCountries("FRA", "0EU"), "FRA", "DEU",
			[]mrz.Correction{
				{Field: "nationality", Line: 1, Position: 10, From: "0", To: "O", Kind: mrz.CorrectionAlphabetic},
				{Field: "nationality", Line: 1, Position: 10, From: "O", To: "D", Kind: mrz.CorrectionCountry},
			}, nil},
		// BOI is one confusion from both BDI (Burundi) and BOL (Bolivia): left as read.
		{"two candidates", withCountries("BOI", "UTO"), "BOI", "UTO", nil, []string{"issuingCountry", "nationality"}},
		// The specimens' Utopia is one confusion from no known code: reported, not corrected.
		{"unknown without a candidate", td3Specimen, "UTO", "UTO", nil, []string{"issuingCountry", "nationality"}},
		// A known code is never changed, however confusable.
		{"known codes", withCountries("NOR", "MDA"), "NOR", "MDA", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := mustParse(t, c.lines...)
			f := r.Fields
			if f.IssuingCountry.Value != c.issuer || f.Nationality.Value != c.nationality {
				t.Errorf(
					"issuer %s nationality %s, want %s %s",
					f.IssuingCountry.Value,
					f.Nationality.Value,
					c.issuer,
					c.nationality,
				)
			}
			if !slices.Equal(r.Corrections, c.corrections) {
				t.Errorf("corrections %+v, want %+v", r.Corrections, c.corrections)
			}
			if !slices.Equal(r.UnknownCountries, c.unknown) {
				t.Errorf("unknown %v, want %v", r.UnknownCountries, c.unknown)
			}
			if !r.Valid {
				t.Errorf("check digits %+v", r.Checks)
			}
		})
	}
}

// TestDocumentCodeCorrection: the letters of a document code are corrected where the format
// requires letters; the second character of a TD1 or TD2 code is the issuing state's choice.
func TestDocumentCodeCorrection(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"TD1 C1 stays", []string{"C1" + td1Specimen[0][2:], td1Specimen[1], td1Specimen[2]}, "C1"},
		{"TD2 A2 stays", []string{"A2" + td2Specimen[0][2:], td2Specimen[1]}, "A2"},
		{"TD1 first character a digit", []string{"1D" + td1Specimen[0][2:], td1Specimen[1], td1Specimen[2]}, "ID"},
		{"TD3 second character", []string{"P0" + td3Specimen[0][2:], td3Specimen[1]}, "PO"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if r := mustParse(t, c.lines...); r.Fields.DocumentCode.Value != c.want {
				t.Errorf("document code %q, want %q", r.Fields.DocumentCode.Value, c.want)
			}
		})
	}
}
