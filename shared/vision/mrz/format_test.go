package mrz_test

import (
	"testing"

	"github.com/trustline/platform/shared/vision/mrz"
)

// chanceVisa returns the visa specimen's second line with its optional data chosen so that the
// columns TD3 (44) or TD2 (36) would read as check digits verify by chance.
func chanceVisa(line2 string, width int) string {
	b := []byte(line2)
	switch width {
	case 44: // TD3: personal number 28-41, its check 42, composite 43
		b[42] = mrz.CheckDigit(string(b[28:42]))
		b[43] = mrz.CheckDigit(string(b[0:10]) + string(b[13:20]) + string(b[21:43]))
	case 36: // TD2: composite 35 over 0-9, 13-19, 21-34
		b[35] = mrz.CheckDigit(string(b[0:10]) + string(b[13:20]) + string(b[21:35]))
	}
	return string(b)
}

// TestFormatChoice: zones of one width are told apart by their failed check digits and their
// document code's letter, not only by the check digits that verify.
func TestFormatChoice(t *testing.T) {
	mrva2 := chanceVisa("L8988901C4XXX4009078F96121096ZE184226B<<<<<<", 44)
	mrvb2 := chanceVisa("L8988901C4XXX4009078F9612109ZE18422<", 36)
	for _, c := range []struct {
		name  string
		lines []string
		want  mrz.Format
		valid bool
	}{
		// TD3's personal-number and composite check digits verify by chance: the V says visa.
		{"MRV-A whose TD3 checks verify by chance", []string{mrvaSpecimen[0], mrva2}, mrz.FormatMRVA, true},
		// TD2's composite verifies by chance: the V says visa.
		{"MRV-B whose TD2 composite verifies by chance", []string{mrvbSpecimen[0], mrvb2}, mrz.FormatMRVB, true},
		// The letter unreadable: TD3 verifies three and fails two, MRV-A verifies three.
		{"MRV-A with its letter unreadable", []string{"X" + mrvaSpecimen[0][1:], mrvaSpecimen[1]}, mrz.FormatMRVA,
			true},
		{"MRV-B with its letter unreadable", []string{"X" + mrvbSpecimen[0][1:], mrvbSpecimen[1]}, mrz.FormatMRVB,
			true},
		// The letters each format expects.
		{"TD3", td3Specimen, mrz.FormatTD3, true},
		{"TD2", td2Specimen, mrz.FormatTD2, true},
		{"MRV-A", mrvaSpecimen, mrz.FormatMRVA, true},
		{"MRV-B", mrvbSpecimen, mrz.FormatMRVB, true},
		{"FRA_ID", fraSpecimen, mrz.FormatFRAID, true},
		// A passport whose composite fails stays a passport: its letter and four check digits.
		{"TD3 with a failed composite", []string{td3Specimen[0], withChar(td3Specimen[1], 43, '9')}, mrz.FormatTD3,
			false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := mustParse(t, c.lines...)
			if r.Format != c.want || r.Valid != c.valid {
				t.Errorf(
					"format %s valid %v, want %s valid %v (checks %+v)",
					r.Format,
					r.Valid,
					c.want,
					c.valid,
					r.Checks,
				)
			}
		})
	}
}

// TestSpecksPastTheZone: specks beside a zone's end read as characters are dropped, where the
// check digits alone could not place them.
func TestSpecksPastTheZone(t *testing.T) {
	r := mustParse(t, td3Specimen[0], td3Specimen[1]+"34")
	if !r.Valid || r.Lines[1] != td3Specimen[1] {
		t.Errorf("TD3 line 2 read with two more characters: %q valid %v, warnings %v", r.Lines[1], r.Valid, r.Warnings)
	}
	r = mustParse(t, td1Specimen[0], td1Specimen[1], td1Specimen[2][:28]+"4W")
	if !r.Valid || r.Lines[2] != td1Specimen[2] || r.Fields.GivenNames.Value != "ANNA MARIA" {
		t.Errorf("TD1 name ending in specks: %q, given names %q", r.Lines[2], r.Fields.GivenNames.Value)
	}
}
