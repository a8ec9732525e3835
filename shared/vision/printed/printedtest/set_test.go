package printedtest_test

import (
	"image"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/trustline/platform/shared/vision/mrz"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// set is the pages most tests look at, generated once: enough for every kind, most issuers and
// conditions, and a few inconsistent pages.
var set = sync.OnceValue(func() []printedtest.Page { return printedtest.Generate(1, 160) })

// mrzPages adds pages of the MRZ kinds only, so that the zone test sees many of each format.
var mrzPages = sync.OnceValue(func() []printedtest.Page {
	return printedtest.Generate(2, 90, printedtest.Kinds(printedtest.IDCard, printedtest.ResidencePermit),
		printedtest.Clean())
})

// spaced is a transliterated name as mrz.Parse returns it: fillers as single spaces.
func spaced(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '<' }), " ")
}

// alnum keeps a printed personal number's letters and digits, as the MRZ writes it.
func alnum(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// isCode tells whether a printed nationality is a country code rather than a word.
func isCode(s string) bool {
	return len(s) == 3 && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}

// The MRZ of every page parses, every check digit valid, to the fields printed on the page (as
// the MRZ writes them), except the disagreeing fields, where it gives Truth.MRZFields.
func TestZonesParseToTheTruth(t *testing.T) {
	pages := append(slices.Clone(set()), mrzPages()...)
	for _, p := range pages {
		tr := p.Truth
		if tr.Kind == printedtest.DrivingLicence {
			if tr.MRZ != nil {
				t.Errorf("%s: a licence has an MRZ", tr.ID)
			}
			continue
		}
		t.Run(tr.ID, func(t *testing.T) {
			lines := make([]mrz.Line, len(tr.MRZ))
			for i, s := range tr.MRZ {
				lines[i] = mrz.Line{Text: s, Confidence: 1}
			}
			r, err := mrz.Parse(lines, printedtest.Reference())
			if err != nil {
				t.Fatalf("mrz.Parse(%q): %v", tr.MRZ, err)
			}
			wantFormat := mrz.FormatTD1
			if tr.Kind == printedtest.Passport {
				wantFormat = mrz.FormatTD3
			}
			if r.Format != wantFormat || !r.Valid || len(r.Corrections) > 0 || !slices.Equal(r.Lines, tr.MRZ) {
				t.Fatalf("%q parsed as %s, valid %v, corrections %v, lines %q", tr.MRZ, r.Format, r.Valid,
					r.Corrections, r.Lines)
			}
			f, mf := tr.Fields, tr.MRZFields
			if mf == nil {
				mf = &printedtest.Fields{}
			}
			disagrees := func(field string) bool { return slices.Contains(tr.Disagreements, field) }
			want := func(field, printed, mrzValue string) string {
				if disagrees(field) {
					if mrzValue == "" || mrzValue == printed {
						t.Errorf("%s disagrees but mrzFields gives %q against the printed %q", field, mrzValue, printed)
					}
					return mrzValue
				}
				return printed
			}
			check := func(field, got, want string) {
				if got != want {
					t.Errorf("%s: the MRZ gives %q, want %q", field, got, want)
				}
			}
			code := map[string]string{"DEU": "D"}
			issuing := tr.Issuer
			if c, ok := code[issuing]; ok {
				issuing = c
			}
			check("issuingCountry", r.Fields.IssuingCountry.Value, issuing)
			if f.IssuingState != "" {
				check("issuingState", r.Fields.IssuingCountry.Value, f.IssuingState)
			}
			if f.DocumentCode != "" {
				check("documentCode", r.Fields.DocumentCode.Value, f.DocumentCode)
			}
			check("surname", r.Fields.Surname.Value,
				want(printedtest.FieldSurname, spaced(printedtest.Transliterate(f.Surname)), mf.Surname))
			check("givenNames", r.Fields.GivenNames.Value, spaced(printedtest.Transliterate(f.GivenNames)))
			check("documentNumber", r.Fields.DocumentNumber.Value,
				want(printedtest.FieldDocumentNumber, f.DocumentNumber, mf.DocumentNumber))
			check("dateOfBirth", r.Fields.DateOfBirth.Value,
				want(printedtest.FieldDateOfBirth, f.DateOfBirth, mf.DateOfBirth))
			if r.Fields.ExpiryDate == nil {
				t.Fatal("no expiry date in the MRZ")
			}
			check("expiryDate", r.Fields.ExpiryDate.Value,
				want(printedtest.FieldExpiryDate, f.ExpiryDate, mf.ExpiryDate))
			check("sex", r.Fields.Sex.Value, f.Sex)
			if isCode(f.Nationality) {
				nat := f.Nationality
				if c, ok := code[nat]; ok {
					nat = c
				}
				check("nationality", r.Fields.Nationality.Value, nat)
			}
			personal := ""
			switch {
			case r.Fields.PersonalNumber != nil:
				personal = r.Fields.PersonalNumber.Value
			case r.Fields.OptionalData1 != nil:
				personal = r.Fields.OptionalData1.Value
			}
			check("personalNumber", personal, alnum(f.PersonalNumber))
			for _, d := range tr.Disagreements {
				switch d {
				case printedtest.FieldSurname, printedtest.FieldDocumentNumber, printedtest.FieldDateOfBirth,
					printedtest.FieldExpiryDate:
				default:
					t.Errorf("disagreement on %s, which the test does not check", d)
				}
			}
		})
	}
}

// Every line's box lies inside the image and holds ink; the truth's size is the image's.
func TestBoxesLieInsideTheImage(t *testing.T) {
	for _, p := range set() {
		tr := p.Truth
		b := p.Image.Bounds()
		if b.Min != (image.Point{}) || b.Dx() != tr.Width || b.Dy() != tr.Height {
			t.Errorf("%s: image %v, truth %d×%d", tr.ID, b, tr.Width, tr.Height)
		}
		for _, l := range tr.Lines {
			x0, y0, x1, y1 := l.Box[0], l.Box[1], l.Box[2], l.Box[3]
			if x0 < 0 || y0 < 0 || x1 > tr.Width || y1 > tr.Height || x0 >= x1 || y0 >= y1 {
				t.Errorf("%s (%s): %q has the box %v in a %d×%d image", tr.ID, tr.Condition, l.Text, l.Box,
					tr.Width, tr.Height)
			}
			// Ink: some pixel of the box is darker than the box's lightest by a good margin.
			lo, hi := uint32(0xffff), uint32(0)
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					r, g, bl, _ := p.Image.At(x, y).RGBA()
					v := (r + g + bl) / 3
					lo, hi = min(lo, v), max(hi, v)
				}
			}
			if hi-lo < 0x2000 {
				t.Errorf("%s (%s): no ink in the box %v of %q", tr.ID, tr.Condition, l.Box, l.Text)
			}
		}
	}
}

// On a clean page no two lines' boxes overlap by more than a sliver (an accent over a descender):
// labels, values and titles never run into each other.
func TestCleanLinesDoNotOverlap(t *testing.T) {
	for _, p := range set() {
		tr := p.Truth
		if tr.Condition != "clean" {
			continue
		}
		for i, a := range tr.Lines {
			ra := image.Rect(a.Box[0], a.Box[1], a.Box[2], a.Box[3])
			for _, b := range tr.Lines[i+1:] {
				rb := image.Rect(b.Box[0], b.Box[1], b.Box[2], b.Box[3])
				in := ra.Intersect(rb)
				small := min(ra.Dx()*ra.Dy(), rb.Dx()*rb.Dy())
				if area := in.Dx() * in.Dy(); area*10 > small {
					t.Errorf("%s: %q %v and %q %v overlap", tr.ID, a.Text, a.Box, b.Text, b.Box)
				}
			}
		}
	}
}

// Each field set in Fields is printed on a value line naming it, and each value line names a field.
func TestEveryFieldHasItsLine(t *testing.T) {
	for _, p := range set() {
		tr := p.Truth
		printed := map[string]bool{}
		for _, l := range tr.Lines {
			switch l.Role {
			case printedtest.RoleValue:
				if l.Field == "" {
					t.Errorf("%s: the value %q names no field", tr.ID, l.Text)
				}
				for f := range strings.SplitSeq(l.Field, ",") {
					printed[f] = true
				}
			case printedtest.RoleLabel:
				if l.Field == "" {
					t.Errorf("%s: the label %q names no field", tr.ID, l.Text)
				}
			case printedtest.RoleTitle, printedtest.RoleMRZ, printedtest.RoleOther:
			default:
				t.Errorf("%s: %q has the role %q", tr.ID, l.Text, l.Role)
			}
		}
		f := tr.Fields
		for name, v := range map[string]string{
			printedtest.FieldSurname: f.Surname, printedtest.FieldGivenNames: f.GivenNames,
			printedtest.FieldDocumentNumber: f.DocumentNumber, printedtest.FieldDateOfBirth: f.DateOfBirth,
			printedtest.FieldPlaceOfBirth: f.PlaceOfBirth, printedtest.FieldIssueDate: f.IssueDate,
			printedtest.FieldExpiryDate: f.ExpiryDate, printedtest.FieldIssuingAuthority: f.IssuingAuthority,
			printedtest.FieldPersonalNumber: f.PersonalNumber, printedtest.FieldSex: f.Sex,
			printedtest.FieldNationality: f.Nationality, printedtest.FieldIssuingState: f.IssuingState,
			printedtest.FieldDocumentCode: f.DocumentCode, printedtest.FieldCategories: strings.Join(f.Categories, " "),
		} {
			if (v != "") != printed[name] {
				t.Errorf("%s: field %s is %q, printed on a value line: %v", tr.ID, name, v, printed[name])
			}
		}
		for _, must := range []string{f.Surname, f.GivenNames, f.DateOfBirth, f.DocumentNumber, f.ExpiryDate} {
			if must == "" {
				t.Errorf("%s: a field every document prints is missing: %+v", tr.ID, f)
			}
		}
	}
}

// The set covers what the brief of the reader needs: every kind, many issuers, fonts and
// conditions, about half clean, a few inconsistent pages, every zone-number style.
func TestSetVariety(t *testing.T) {
	kinds, issuers, fonts, conditions := map[printedtest.Kind]int{}, map[string]bool{}, map[string]bool{},
		map[string]bool{}
	clean, inconsistent, mrzPages := 0, 0, 0
	var labels []string
	for _, p := range set() {
		tr := p.Truth
		kinds[tr.Kind]++
		issuers[tr.Issuer], fonts[tr.Font] = true, true
		conditions[strings.TrimRight(strings.Split(tr.Condition, "+")[0], "-.0123456789")] = true
		if tr.Condition == "clean" {
			clean++
		}
		if tr.MRZ != nil {
			mrzPages++
		}
		if len(tr.Disagreements) > 0 {
			inconsistent++
		}
		for _, l := range tr.Lines {
			if l.Role == printedtest.RoleLabel {
				labels = append(labels, l.Text)
			}
		}
	}
	t.Logf("%d pages: kinds %v, %d clean, %d of %d with an MRZ inconsistent, %d issuers, fonts %v, conditions %v",
		len(set()), kinds, clean, inconsistent, mrzPages, len(issuers), fonts, conditions)
	for _, k := range printedtest.AllKinds {
		if kinds[k] == 0 {
			t.Errorf("no page of kind %s", k)
		}
	}
	if len(issuers) < 10 || len(fonts) < 6 || len(conditions) < 8 {
		t.Errorf("%d issuers, %d fonts %v, %d conditions %v: want 10, 6, 8", len(issuers), len(fonts), fonts,
			len(conditions), conditions)
	}
	if n := len(set()); clean*10 < n*35/10 || clean*10 > n*65/10 {
		t.Errorf("%d clean pages of %d, want about half", clean, n)
	}
	if inconsistent == 0 || inconsistent*100 > mrzPages*15 {
		t.Errorf("%d inconsistent pages of %d with an MRZ, want about 5 %%", inconsistent, mrzPages)
	}
	all := strings.Join(labels, "\n")
	for _, style := range []string{"\n1. ", " (1)\n", "\n01\n", "\n4a.\n", "\n4a\n", "Fæðingarstaður/Place of birth"} {
		if !strings.Contains("\n"+all+"\n", style) {
			t.Errorf("no label like %q", strings.TrimSpace(style))
		}
	}
}
