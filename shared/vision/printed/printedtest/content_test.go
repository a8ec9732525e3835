package printedtest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/mrz"
)

func TestTransliterate(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"MÜLLER", "MUELLER"},
		{"ŁUKASZ", "LUKASZ"},
		{"ÞÓRSDÓTTIR", "THORSDOTTIR"},
		{"SIGURÐARDÓTTIR", "SIGURDARDOTTIR"},
		{"ØSTERGAARD", "OESTERGAARD"},
		{"ÅSTRÖM", "AASTROEM"},
		{"KRÆMER", "KRAEMER"},
		{"STRAẞE", "STRASSE"},
		{"Weiß", "WEISS"},
		{"FRANÇOIS", "FRANCOIS"},
		{"JOSÉ MARÍA", "JOSE<MARIA"},
		{"ŠIMEK", "SIMEK"},
		{"DVOŘÁKOVÁ", "DVORAKOVA"},
		{"KLAUS-DIETER", "KLAUS<DIETER"},
		{"D'ANGELO", "DANGELO"},
		{"VAN 'T HOF", "VAN<T<HOF"},
		{"CŒUR", "COEUR"},
		{"NGUYỄN THỊ", "NGUYEN<THI"},
		{"ÇELİK", "CELIK"},
		{"SZŐKE", "SZOKE"},
		{"R2-D2", "R<<D<"},
	} {
		if got := Transliterate(tt.in); got != tt.want {
			t.Errorf("Transliterate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Every name the set prints has an MRZ spelling: a letter missing from the tables would turn
// into a filler and split a name in the zone.
func TestNamesHaveAnMRZSpelling(t *testing.T) {
	check := func(where string, names ...string) {
		for _, n := range names {
			if !transliterable(n) {
				t.Errorf("%s: %q has a letter without an MRZ spelling", where, n)
			}
		}
	}
	for _, s := range issuers {
		check(s.code, s.men...)
		check(s.code, s.women...)
		for _, p := range s.surnames {
			check(s.code, p[0], p[1])
		}
	}
	for _, f := range foreigners {
		check(f.nationality, f.men...)
		check(f.nationality, f.women...)
		for _, p := range f.surnames {
			check(f.nationality, p[0], p[1])
		}
	}
}

func TestDateStyles(t *testing.T) {
	day := func(s string) time.Time {
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tt := range []struct {
		style         dateStyle
		date          string
		first, second *language
		want          string
	}{
		{dateDot, "2009-07-01", german, english, "01.07.2009"},
		{dateSlash, "2009-07-01", french, english, "01/07/2009"},
		{dateSpace, "2009-07-01", czech, english, "01 07 2009"},
		{dateISO, "2009-07-01", swedish, english, "2009-07-01"},
		{dateMonth, "2014-07-01", english, french, "01 JUL 2014"},
		{dateBilingual, "2006-07-13", polish, english, "13 LIP/JUL 2006"},
		{dateBilingual, "1985-05-14", german, english, "14 MAI/MAY 1985"},
		{dateBilingualShort, "1966-12-31", icelandic, english, "31 DES/DEC 66"},
		{dateBilingualShort, "2012-03-01", hungarian, english, "01 MÁR/MAR 12"},
		{dateBilingualShort, "2014-07-01", english, french, "01 JUL/JUIL 14"},
		{dateBilingual, "2009-07-01", danish, english, "01 JUL 2009"}, // one word for both
		{dateMixed, "2006-08-08", french, english, "8 Août/Aug 2006"},
		{dateHungarian, "2009-07-01", hungarian, english, "2009.07.01."},
		{dateDotShort, "2009-07-01", german, english, "01.07.09"},
	} {
		if got := tt.style.format(day(tt.date), tt.first, tt.second); got != tt.want {
			t.Errorf("style %d of %s in %s/%s = %q, want %q", tt.style, tt.date, tt.first.code, tt.second.code,
				got, tt.want)
		}
	}
	for s := range numberOfDateStyles {
		if got := s.format(day("2001-02-03"), german, english); !strings.Contains(got, "3") {
			t.Errorf("style %d prints 2001-02-03 as %q", s, got)
		}
	}
}

// Every kind of disagreement reaches the zone: the MRZ parses to the MRZ's own value of the
// disagreeing field (as mrzFields gives it), different from the printed one, on both formats.
// The content alone is drawn here (no rendering), so many documents are cheap.
func TestDisagreementsReachTheZone(t *testing.T) {
	seen := map[string]bool{}
	for i := range 3000 {
		kind := []Kind{Passport, IDCard, ResidencePermit}[i%3]
		d := newDoc(newRNG(11, i, streamContent), kind)
		if len(d.disagree) == 0 {
			continue
		}
		name := fmt.Sprintf("%s %s", kind, d.disagree)
		seen[name] = true
		lines := make([]mrz.Line, len(d.mrz))
		for k, s := range d.mrz {
			lines[k] = mrz.Line{Text: s, Confidence: 1}
		}
		r, err := mrz.Parse(lines, reference)
		if err != nil || !r.Valid {
			t.Fatalf("%s: %q: %v, %+v", name, d.mrz, err, r)
		}
		mf := d.mrzFields()
		iso := func(t time.Time) string { return t.Format(time.DateOnly) }
		var got, printed, want string
		switch d.disagree[0] {
		case FieldSurname:
			got, printed, want = r.Fields.Surname.Value, strings.ReplaceAll(Transliterate(d.surname), "<", " "),
				mf.Surname
		case FieldDocumentNumber:
			got, printed, want = r.Fields.DocumentNumber.Value, d.number, mf.DocumentNumber
		case FieldDateOfBirth:
			got, printed, want = r.Fields.DateOfBirth.Value, iso(d.birth), mf.DateOfBirth
		case FieldExpiryDate:
			got, printed, want = r.Fields.ExpiryDate.Value, iso(d.expiry), mf.ExpiryDate
		}
		if got != want || got == printed {
			t.Errorf("%s: the MRZ gives %q, mrzFields %q, printed %q", name, got, want, printed)
		}
	}
	for _, kind := range []Kind{Passport, IDCard} {
		for _, f := range []string{FieldSurname, FieldDocumentNumber, FieldDateOfBirth, FieldExpiryDate} {
			if name := fmt.Sprintf("%s %s", kind, []string{f}); !seen[name] {
				t.Errorf("no document with the disagreement %s", name)
			}
		}
	}
}

// The personal numbers carry their own check digits, as the real ones do.
func TestPersonalNumbers(t *testing.T) {
	birth := time.Date(1985, 3, 12, 0, 0, 0, 0, time.UTC)
	digitsOf := func(s string) []int {
		var out []int
		for _, c := range s {
			if c >= '0' && c <= '9' {
				out = append(out, int(c-'0'))
			}
		}
		return out
	}
	for i := range 50 {
		r := newRNG(3, i, 1)
		d := &doc{birth: birth, sex: "MF"[i%2]}
		p := digitsOf(pesel(r, d))
		sum := 0
		for k, w := range []int{1, 3, 7, 9, 1, 3, 7, 9, 1, 3, 1} {
			sum += p[k] * w
		}
		if sum%10 != 0 || (p[9]%2 == 1) != (d.sex == 'M') {
			t.Errorf("PESEL %v", p)
		}
		b := digitsOf(bsn(r, d))
		sum = -b[8]
		for k := range 8 {
			sum += b[k] * (9 - k)
		}
		if sum%11 != 0 {
			t.Errorf("BSN %v fails the eleven test", b)
		}
		rc := rodneCislo(r, d)
		// Divisible by 11, or (the rare remainder 10) the first nine digits' remainder 10 and a 0.
		n, err := strconv.Atoi(strings.ReplaceAll(rc, "/", ""))
		if err != nil || n%11 != 0 && !(n%10 == 0 && n/10%11 == 10) {
			t.Errorf("rodné číslo %s is not divisible by 11", rc)
		}
		k := digitsOf(kennitala(r, d))
		sum = 0
		for j, w := range []int{3, 2, 7, 6, 5, 4, 3, 2} {
			sum += k[j] * w
		}
		if (11-sum%11)%11 != k[8] || k[9] != 9 {
			t.Errorf("kennitala %v", k)
		}
		s := dni(r, d)
		n, _ = strconv.Atoi(s[:8])
		if s[8] != "TRWAGMYFPDXBNJZSQVHLCKE"[n%23] {
			t.Errorf("DNI %s has the wrong letter", s)
		}
		pn := digitsOf(personnummer(r, d))
		sum = 0
		for j, v := range pn {
			if j%2 == 0 {
				v *= 2
				if v > 9 {
					v -= 9
				}
			}
			sum += v
		}
		if sum%10 != 0 {
			t.Errorf("personnummer %v fails the Luhn check", pn)
		}
	}
	d := &doc{surname: "MACDONALD", given: "OLIVER GEORGE", sex: 'M', birth: birth}
	if got := britishLicence(newRNG(1, 1, 1), d); !strings.HasPrefix(got, "MACDO803125OG9") || len(got) != 16 {
		t.Errorf("britishLicence = %q, want MACDO803125OG9 and two letters", got)
	}
}
