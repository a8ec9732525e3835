package printed_test

import (
	"image"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/ocr"
	"github.com/trustline/platform/shared/vision/printed"
)

var now = time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)

func date(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// at is a line of text at x, y, as an engine boxes it: h pixels high, about 0.55 h a character.
func at(text string, x, y, h int) ocr.Line {
	w := int(float64(len([]rune(text))*h) * 0.55)
	return ocr.Line{Text: text, Confidence: 0.96, Box: image.Rect(x, y, x+w, y+h)}
}

// spanish is the Spanish passport page of testdata/extraction as Tesseract's Latin model
// segments it: small bilingual labels above their values, two columns on some rows.
func spanish() []ocr.Line {
	return []ocr.Line{
		at("PASAPORTE / PASSPORT", 500, 20, 22),
		at("Type", 400, 80, 14), at("Code", 480, 80, 14), at("Passport No. / N° du passeport", 700, 80, 14),
		at("P", 400, 100, 22), at("ESP", 480, 100, 22), at("XDA471903", 700, 100, 22),
		at("Surname / Nom", 400, 140, 14),
		at("GARCIA MARTINEZ", 400, 160, 22),
		at("Given names / Prénoms", 400, 200, 14),
		at("LUCÍA", 400, 220, 22),
		at("Nationality / Nationalité", 400, 260, 14),
		at("ESPAÑOLA", 400, 280, 22),
		at("Date of birth / Date de naissance", 400, 320, 14), at("Sex / Sexe", 900, 320, 14),
		at("03.11.1979", 400, 340, 22), at("F", 900, 340, 22),
		at("Place of birth / Lieu de naissance", 400, 380, 14),
		at("SEVILLA", 400, 400, 22),
		at("Date of issue / Date de délivrance", 400, 440, 14), at("Authority / Autorité", 900, 440, 14),
		at("20.05.2011", 400, 460, 22), at("DGP 41001", 900, 460, 22),
		at("Date of expiry / Date d'expiration", 400, 500, 14),
		at("19.05.2021", 400, 520, 22),
		at("P<ESPGARCIA<MARTINEZ<<LUCIA<<<<<<<<<<<<<<<<<", 20, 600, 30),
	}
}

var spanishMRZ = printed.Anchors{
	Surname: "GARCIA MARTINEZ", GivenNames: "LUCIA", DocumentNumber: "XDA471903", Sex: "F",
	DateOfBirth: date("1979-11-03"), ExpiryDate: date("2021-05-19"),
}

func TestReadFindsEachValueUnderItsLabel(t *testing.T) {
	p := printed.Read(spanish(), spanishMRZ, now)
	want := map[printed.Name]string{
		printed.Surname: "GARCIA MARTINEZ", printed.GivenNames: "LUCÍA", printed.DocumentNumber: "XDA471903",
		printed.Nationality: "ESPAÑOLA", printed.DateOfBirth: "1979-11-03", printed.Sex: "F",
		printed.PlaceOfBirth: "SEVILLA", printed.IssueDate: "2011-05-20", printed.ExpiryDate: "2021-05-19",
		printed.IssuingAuthority: "DGP 41001",
	}
	for name, v := range want {
		f, ok := p.Fields[name]
		if !ok || f.Value != v {
			t.Errorf("%s = %+v (found %v), want %q", name, f, ok, v)
		}
		if ok && (f.Confidence < printed.Floor || f.Confidence > 1) {
			t.Errorf("%s confidence %v outside [Floor, 1]", name, f.Confidence)
		}
	}
	if len(p.Fields) != len(want) {
		t.Errorf("read %d fields, want %d: %+v", len(p.Fields), len(want), p.Fields)
	}
}

func TestReadLabelsInOtherLanguagesAndNumbered(t *testing.T) {
	lines := []ocr.Line{
		at("1. Nazwisko / Surname", 300, 40, 14), at("ŁUKASIEWICZ", 300, 60, 22),
		at("5. Miejsce urodzenia / Place of birth", 300, 100, 14), at("KRAKÓW", 300, 120, 22),
		at("7. Data wydania / Date of issue", 300, 160, 14), at("13 LIP/JUL 2006", 300, 180, 22),
		at("Fæðingarstaður", 800, 40, 14), at("REYKJAVÍK", 800, 60, 22),
	}
	p := printed.Read(lines, printed.Anchors{Surname: "LUKASIEWICZ", DateOfBirth: date("1970-01-02"),
		ExpiryDate: date("2016-07-12")}, now)
	for name, v := range map[printed.Name]string{
		printed.Surname: "ŁUKASIEWICZ", printed.IssueDate: "2006-07-13",
	} {
		if f := p.Fields[name]; f.Value != v {
			t.Errorf("%s = %q, want %q", name, f.Value, v)
		}
	}
	// Two labels for the place of birth on one page: one is taken, the nearest to its label.
	if f := p.Fields[printed.PlaceOfBirth]; f.Value != "KRAKÓW" && f.Value != "REYKJAVÍK" {
		t.Errorf("placeOfBirth = %q", f.Value)
	}
}

func TestReadTwoDigitYearsTakeTheMRZsCentury(t *testing.T) {
	lines := []ocr.Line{
		at("Date of birth", 300, 40, 14), at("31 DES/DEC 66", 300, 60, 22),
		at("Date of issue", 300, 100, 14), at("01 MÁR/MAR 12", 300, 120, 22),
	}
	p := printed.Read(lines, printed.Anchors{DateOfBirth: date("1966-12-31"), ExpiryDate: date("2022-03-01")}, now)
	if got := p.Fields[printed.DateOfBirth].Value; got != "1966-12-31" {
		t.Errorf("dateOfBirth = %q", got)
	}
	if got := p.Fields[printed.IssueDate].Value; got != "2012-03-01" {
		t.Errorf("issueDate = %q", got)
	}
}

func TestReadWithoutLabelsUsesTheMRZsValues(t *testing.T) {
	// Labels lost in a guilloche: the MRZ's values still find their copies, and the one other
	// date between birth and expiry is the date of issue, less surely.
	lines := []ocr.Line{
		at("GARCIA MARTINEZ", 400, 160, 22),
		at("03.11.1979", 400, 340, 22),
		at("20.05.2011", 400, 460, 22),
		at("19.05.2021", 400, 520, 22),
		at("SEVILLA", 400, 400, 22),
	}
	p := printed.Read(lines, spanishMRZ, now)
	if f := p.Fields[printed.IssueDate]; f.Value != "2011-05-20" || f.Confidence >= 0.96 {
		t.Errorf("issueDate = %+v, want 2011-05-20 with less than the OCR's confidence", f)
	}
	if f := p.Fields[printed.Surname]; f.Value != "GARCIA MARTINEZ" {
		t.Errorf("surname = %+v", f)
	}
	if _, ok := p.Fields[printed.PlaceOfBirth]; ok {
		t.Error("an unlabelled SEVILLA became the place of birth: a value no label names is never guessed")
	}
}

func TestReadNeverInvents(t *testing.T) {
	for name, lines := range map[string][]ocr.Line{
		"label with nothing under it": {at("Place of birth", 300, 40, 14)},
		"value of symbols":            {at("Place of birth", 300, 40, 14), at("§§ ~~ }{", 300, 60, 22)},
		"a date is no place":          {at("Place of birth", 300, 40, 14), at("12.03.1985", 300, 60, 22)},
		"an issue date after today":   {at("Date of issue", 300, 40, 14), at("12.03.2031", 300, 60, 22)},
		"unsure OCR": {at("Place of birth", 300, 40, 14),
			{Text: "BERLIN", Confidence: 0.3, Box: image.Rect(300, 60, 400, 82)}},
	} {
		t.Run(name, func(t *testing.T) {
			p := printed.Read(lines, printed.Anchors{}, now)
			if len(p.Fields) != 0 {
				t.Errorf("read %+v from %q", p.Fields, name)
			}
		})
	}
}

func licence() []ocr.Line {
	return []ocr.Line{
		at("D", 40, 30, 30), at("FÜHRERSCHEIN", 200, 30, 26), at("BUNDESREPUBLIK DEUTSCHLAND", 200, 58, 14),
		at("1. MUSTERMANN", 400, 90, 22),
		at("2. ERIKA", 400, 125, 22),
		at("3. 12.08.1964 BERLIN", 400, 160, 22),
		at("4a. 19.01.2013", 400, 195, 22), at("4c. Stadt Köln", 700, 195, 22),
		at("4b. 18.01.2028", 400, 230, 22),
		at("5. B072RRE2I55", 400, 265, 22),
		at("9. AM/B1/B/L", 400, 330, 22),
	}
}

func TestReadLicenceNumberedFields(t *testing.T) {
	p, ok := printed.ReadLicence(licence(), now)
	if !ok {
		t.Fatal("not read as a licence")
	}
	want := map[printed.Name]string{
		printed.Surname: "MUSTERMANN", printed.GivenNames: "ERIKA", printed.DateOfBirth: "1964-08-12",
		printed.PlaceOfBirth: "BERLIN", printed.IssueDate: "2013-01-19", printed.ExpiryDate: "2028-01-18",
		printed.IssuingAuthority: "Stadt Köln", printed.DocumentNumber: "B072RRE2I55", printed.Categories: "AM B1 B L",
	}
	for name, v := range want {
		if f := p.Fields[name]; f.Value != v {
			t.Errorf("%s = %q, want %q", name, f.Value, v)
		}
	}
	if len(p.Categories) != 4 || p.Categories[0] != "AM" {
		t.Errorf("categories = %v, want AM, B1, B, L (L is national: kept as printed)", p.Categories)
	}
	if p.Country != "D" || !p.CountryNamed {
		t.Errorf("country = %q (named %v), want D from BUNDESREPUBLIK DEUTSCHLAND", p.Country, p.CountryNamed)
	}
}

func TestReadLicenceRefusesOtherPages(t *testing.T) {
	if _, ok := printed.ReadLicence(spanish(), now); ok {
		t.Error("a passport page read as a licence")
	}
	if _, ok := printed.ReadLicence([]ocr.Line{at("1. Surname", 10, 10, 14)}, now); ok {
		t.Error("one numbered line read as a licence")
	}
}

func TestReadLabelsBesideTheirValues(t *testing.T) {
	// Labels printed beside their values on one line, as Hungarian and German cards do, and as
	// OCR runs a label into its value; a zone number or a speck before a value is no part of it.
	lines := []ocr.Line{
		at("Kiállítás dátuma/Date of issue 2022.02.02.", 400, 40, 16),
		at("Place of birth: PÉCS", 400, 80, 16),
		at("Authority BM", 400, 120, 16),
		at("Surname / Nom", 400, 160, 14), at("a DĄBROWSKA", 400, 180, 22),
		at("Place of birth / Lieu de naissance", 900, 160, 14), at("o6 HAMBURG", 900, 180, 22),
		at("Passport No.", 400, 220, 14), at("U V4271302", 400, 240, 22),
	}
	p := printed.Read(lines, printed.Anchors{DateOfBirth: date("1976-10-20"), ExpiryDate: date("2032-02-02")}, now)
	for name, v := range map[printed.Name]string{
		printed.IssueDate: "2022-02-02", printed.IssuingAuthority: "BM", printed.Surname: "DĄBROWSKA",
		printed.DocumentNumber: "V4271302",
	} {
		if f := p.Fields[name]; f.Value != v {
			t.Errorf("%s = %q, want %q", name, f.Value, v)
		}
	}
	// Two places of birth: the one whose label names it on its own line and the inline one.
	if f := p.Fields[printed.PlaceOfBirth]; f.Value != "PÉCS" && f.Value != "HAMBURG" {
		t.Errorf("placeOfBirth = %q", f.Value)
	}
}

func TestReadLicenceKeepsAPlacesOwnParentheses(t *testing.T) {
	lines := append(licence()[:4], at("3. 26.07.1994 Halle (Saale)", 400, 160, 22))
	lines = append(lines, licence()[5:]...)
	p, ok := printed.ReadLicence(lines, now)
	if !ok || p.Fields[printed.PlaceOfBirth].Value != "Halle (Saale)" {
		t.Errorf("placeOfBirth = %q (licence %v), want Halle (Saale)", p.Fields[printed.PlaceOfBirth].Value, ok)
	}
}
