package fieldvalue_test

import (
	"fmt"
	"testing"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

func TestFindDates(t *testing.T) {
	cases := []struct {
		name   string
		text   string
		anchor fieldvalue.Anchor
		want   []string // each match as text[Start:End]=ISO
	}{
		{"licence field 3 with place", "12.03.1985 BERLIN", noAnchor, []string{"12.03.1985=1985-03-12"}},
		{"licence field number before", "3. 12.03.1985 MÜNCHEN", noAnchor, []string{"12.03.1985=1985-03-12"}},
		{"label before", "Date of issue 01 JUL 2014", noAnchor, []string{"01 JUL 2014=2014-07-01"}},
		{"bilingual label", "Date of birth/Date de naissance 12 AUG/AOUT 74", near(1974, 8, 12),
			[]string{"12 AUG/AOUT 74=1974-08-12"}},
		{"two fields on a line", "4a. 01.07.2009 4b. 30.06.2024", noAnchor,
			[]string{"01.07.2009=2009-07-01", "30.06.2024=2024-06-30"}},
		{"validity range", "Valid 01.07.2009 - 30.06.2019", noAnchor,
			[]string{"01.07.2009=2009-07-01", "30.06.2019=2019-06-30"}},
		{"German sentence", "Geburtstag 14. Mai 1985 in Köln", noAnchor, []string{"14. Mai 1985=1985-05-14"}},
		{"multibyte before", "Ort/Lieu: Zürich 01.07.2009", noAnchor, []string{"01.07.2009=2009-07-01"}},
		{"field 10 of a licence", "10. 01.07.2009", noAnchor, []string{"01.07.2009=2009-07-01"}},
		{"ISO among text", "issued 2009-07-01 by LPD", noAnchor, []string{"2009-07-01=2009-07-01"}},
		{"two-digit year with anchor", "12.03.85 BERLIN", today, []string{"12.03.85=1985-03-12"}},
		{"two-digit year without anchor", "12.03.85 BERLIN", noAnchor, nil},
		{"longer number before", "1234.12.03.1985", noAnchor, nil},
		{"longer number after", "01-07-2009-123", noAnchor, nil},
		{"invalid date then valid", "31.02.2009 01.03.2009", noAnchor, []string{"01.03.2009=2009-03-01"}},
		{"no date", "BUNDESREPUBLIK DEUTSCHLAND", noAnchor, nil},
		{"numbers that are no date", "L01X00T47 1234 56", noAnchor, nil},
		{"empty", "", noAnchor, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, m := range fieldvalue.FindDates(c.text, c.anchor) {
				got = append(got, c.text[m.Start:m.End]+"="+m.Date.ISO())
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("FindDates(%q) = %q, want %q", c.text, got, c.want)
			}
		})
	}
}

// TestFindDatesRestOfLine shows the use FindDates is for: the place of birth after the date.
func TestFindDatesRestOfLine(t *testing.T) {
	line := "3. 12.03.1985 BERLIN"
	m := fieldvalue.FindDates(line, noAnchor)
	if len(m) != 1 {
		t.Fatalf("FindDates = %+v", m)
	}
	if place := line[m[0].End:]; place != " BERLIN" {
		t.Fatalf("rest of line %q", place)
	}
}
