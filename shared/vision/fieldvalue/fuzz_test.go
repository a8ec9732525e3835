package fieldvalue_test

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

var dateSeeds = []string{
	"01.07.2009", "1. 7. 2009", "01 07 2009", "2009-07-01", "1985. 05. 14.", "07/01/2009", "01.07.09",
	"O1.07.2OO9", "31.02.2009", "01 JUL 14", "13 LIP/JUL 2006", "31 DES/DEC 66", "8 Août/Aug 2006",
	"01 MÁR/MAR 12", "5 ÚNO/FEB 2001", "01 JUL /JUIL 14", "14 ΜΑΪ/MAY 1985", "14 Mayıs 1985",
	"14 de mayo de 1985", "1st of July 2014", "01JUL2014", "1985. május 14.", "JUL 1, 2014", "13 LIS 2006",
	"3. 12.03.1985 MÜNCHEN", "Date of issue 01 JUL 2014", "1234.12.03.1985", "4a. 01.07.2009 4b. 30.06.2024",
	"29.02.00", "", "\xff\xfe01.07.2009", "1.1.1800\x92", "01\u00a0JUL\u00a02014", "Mu\u0308ller 01 AUG./AOÛT 2014",
}

// fuzzAnchor builds an anchor from fuzz input: mode's low three bits set Near, NotBefore and
// NotAfter, at days after 1900-01-01 spread over three centuries.
func fuzzAnchor(mode uint8, days uint16) fieldvalue.Anchor {
	base := time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(k int) time.Time { return base.AddDate(0, 0, (int(days)*(k+1)*7)%(300*366)) }
	var a fieldvalue.Anchor
	if mode&1 != 0 {
		a.Near = at(0)
	}
	if mode&2 != 0 {
		a.NotBefore = at(1)
	}
	if mode&4 != 0 {
		a.NotAfter = at(2)
	}
	return a
}

// checkDate fails unless d is a date ParseDate may return.
func checkDate(t *testing.T, in string, d fieldvalue.Date) {
	t.Helper()
	if d.Year < 1800 || d.Year > 2199 {
		t.Fatalf("%q: year %d", in, d.Year)
	}
	if y, m, dd := d.Time().Date(); y != d.Year || int(m) != d.Month || dd != d.Day {
		t.Fatalf("%q: %+v is no calendar date", in, d)
	}
	if p, err := time.Parse(time.DateOnly, d.ISO()); err != nil || !p.Equal(d.Time()) {
		t.Fatalf("%q: ISO %q: %v", in, d.ISO(), err)
	}
	if !(d.Confidence > 0 && d.Confidence <= 1) {
		t.Fatalf("%q: confidence %v", in, d.Confidence)
	}
	if d.DayMonthAmbiguous && (d.Day > 12 || d.Day == d.Month) {
		t.Fatalf("%q: %+v ambiguous", in, d)
	}
}

func FuzzParseDate(f *testing.F) {
	for i, s := range dateSeeds {
		f.Add(s, uint8(i), uint16(i*4099))
	}
	f.Fuzz(func(t *testing.T, s string, mode uint8, days uint16) {
		a := fuzzAnchor(mode, days)
		d, ok := fieldvalue.ParseDate(s, a)
		if !ok {
			if d != (fieldvalue.Date{}) {
				t.Fatalf("ParseDate(%q) = %+v with ok false", s, d)
			}
			return
		}
		checkDate(t, s, d)
		again, ok := fieldvalue.ParseDate(d.ISO(), a)
		if !ok || again.Time() != d.Time() || again.Confidence != 1 {
			t.Fatalf("ParseDate(%q) = %s, which reads back as %+v, %v", s, d.ISO(), again, ok)
		}
	})
}

func FuzzFindDates(f *testing.F) {
	for i, s := range dateSeeds {
		f.Add(s, uint8(i), uint16(i*4099))
	}
	f.Fuzz(func(t *testing.T, text string, mode uint8, days uint16) {
		a := fuzzAnchor(mode, days)
		end := 0
		for _, m := range fieldvalue.FindDates(text, a) {
			if m.Start < end || m.End <= m.Start || m.End > len(text) {
				t.Fatalf("FindDates(%q): match [%d,%d) after %d", text, m.Start, m.End, end)
			}
			cut := !utf8.RuneStart(text[m.Start]) || m.End < len(text) && !utf8.RuneStart(text[m.End])
			if !utf8.ValidString(text[m.Start:m.End]) || utf8.ValidString(text) && cut {
				t.Fatalf("FindDates(%q): [%d,%d) cuts a character", text, m.Start, m.End)
			}
			end = m.End
			checkDate(t, text, m.Date)
			if d, ok := fieldvalue.ParseDate(text[m.Start:m.End], a); !ok || d != m.Date {
				t.Fatalf("FindDates(%q) found %q as %+v, ParseDate reads %+v, %v",
					text, text[m.Start:m.End], m.Date, d, ok)
			}
		}
	})
}

var nameSeeds = []string{
	"Müller", "ØSTERGAARD", "ÞÓRSDÓTTIR", "STRAẞE", "Łukasz", "François", "D'Artagnan", "Müller-Lüdenscheidt",
	"Юлия Щукина", "Євгенія", "Живковић", "ΠΑΠΑΔΟΠΟΥΛΟΣ", "Ευάγγελος", "Μαΐου", "Ñúñez", "Đurđević",
	"Mu\u0308ller", "\u0308", "李", "", "ÄÖÜÅØÄÖÜÅØÄÖÜÅØ", "\xff",
}

func FuzzTransliterate(f *testing.F) {
	for _, s := range nameSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		forms := fieldvalue.Transliterate(name)
		if len(forms) > fieldvalue.MaxVariants {
			t.Fatalf("Transliterate(%q): %d forms", name, len(forms))
		}
		for i, v := range forms {
			if v == "" || strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ ") != "" || strings.Contains(v, "  ") ||
				strings.TrimSpace(v) != v || slices.Contains(forms[:i], v) {
				t.Fatalf("Transliterate(%q) = %q", name, forms)
			}
			if c := fieldvalue.CompareNames(name, v); !c.Same {
				t.Fatalf("CompareNames(%q, %q) = %+v, its own form", name, v, c)
			}
		}
	})
}

func FuzzCompareNames(f *testing.F) {
	for i, s := range nameSeeds {
		f.Add(s, nameSeeds[(i+3)%len(nameSeeds)])
	}
	f.Add("ANNA MARIA", "ANNA<M")
	f.Fuzz(func(t *testing.T, printed, mrz string) {
		c := fieldvalue.CompareNames(printed, mrz)
		matched := c.Same || c.Truncated
		if !(c.Score >= 0 && c.Score <= 1) || matched && c.Score != 1 || c.Same && c.Truncated {
			t.Fatalf("CompareNames(%q, %q) = %+v", printed, mrz, c)
		}
		if fieldvalue.SameNumber(printed, mrz) != fieldvalue.SameNumber(mrz, printed) {
			t.Fatalf("SameNumber(%q, %q) is not symmetric", printed, mrz)
		}
		if fieldvalue.SameCode(printed, mrz) != fieldvalue.SameCode(mrz, printed) {
			t.Fatalf("SameCode(%q, %q) is not symmetric", printed, mrz)
		}
	})
}
