package mrz_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/mrz"
)

// now is the date the tests parse at: two-digit years resolve against it.
var now = time.Date(2026, 11, 23, 15, 4, 5, 0, time.UTC)

// Specimens: ICAO Doc 9303 parts 4 to 7, the German identity card and passport specimens, the
// French identity card specimen, and zones built for these tests (check digits computed
// independently, and each checked by TestCheckDigit's vectors).
var (
	td3Specimen = []string{
		"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
		"L898902C36UTO7408122F1204159ZE184226B<<<<<10",
	}
	td1Specimen = []string{
		"I<UTOD231458907<<<<<<<<<<<<<<<",
		"7408122F1204159UTO<<<<<<<<<<<6",
		"ERIKSSON<<ANNA<MARIA<<<<<<<<<<",
	}
	td1LongNumber = []string{
		"I<UTOD23145890<7349<<<<<<<<<<<",
		"3407127M9507122UTO<<<<<<<<<<<2",
		"STEVENSON<<PETER<JOHN<<<<<<<<<",
	}
	td2Specimen = []string{
		"I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
		"D231458907UTO7408122F1204159<<<<<<<6",
	}
	mrvaSpecimen = []string{
		"V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
		"L8988901C4XXX4009078F96121096ZE184226B<<<<<<",
	}
	mrvbSpecimen = []string{
		"V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
		"L8988901C4XXX4009078F9612109<<<<<<<<",
	}
	fraSpecimen = []string{
		"IDFRADOUEL<<<<<<<<<<<<<<<<<<<<932013",
		"0506932020438CHRISTIANE<<NI2906209F3",
	}
	deIDSpecimen = []string{
		"IDD<<T220001293<<<<<<<<<<<<<<<",
		"6408125<2010315D<<<<<<<<<<<<<4",
		"MUSTERMANN<<ERIKA<<<<<<<<<<<<<",
	}
	dePassportSpecimen = []string{
		"P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<",
		"C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4",
	}
	td3Built = []string{ // empty personal number with a filler check digit, sex unspecified
		"P<FRAMARTIN<<JEAN<PIERRE<<<<<<<<<<<<<<<<<<<<",
		"12AB345673FRA0002299<3101012<<<<<<<<<<<<<<<8",
	}
	td2Built = []string{ // birth day unknown
		"I<D<<SCHMIDT<<ANNA<<<<<<<<<<<<<<<<<<",
		"X1234567<7D<<7408<<7F3006151AB12<<<6",
	}
	fraBuilt = []string{
		"IDFRAMARTIN<<<<<<<<<<<<<<<<<<<751023",
		"1201751023453JEAN<<PAUL<<<<8512257M4",
	}
	td1Built = []string{ // birth month and day unknown, British national (overseas)
		"IRGBRAB12345671<<<<<<<<<<<<<<<",
		"90<<<<3X2901019GBN<<<<<<<<<<<2",
		"O<NEILL<<MARY<KATE<<<<<<<<<<<<",
	}
)

func lines(texts ...string) []mrz.Line {
	out := make([]mrz.Line, len(texts))
	for i, t := range texts {
		out[i] = mrz.Line{Text: t, Confidence: 0.9}
	}
	return out
}

// fields returns the fields of r by JSON name, as the HTTP API shows them.
func fields(t *testing.T, r *mrz.Result) map[string]mrz.Field {
	t.Helper()
	b, err := json.Marshal(r.Fields)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]mrz.Field
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func mustParse(t *testing.T, texts ...string) *mrz.Result {
	t.Helper()
	r, err := mrz.Parse(lines(texts...), now)
	if err != nil {
		t.Fatalf("Parse(%q): %v", texts, err)
	}
	return r
}

func TestParseSpecimens(t *testing.T) {
	for _, tc := range []struct {
		name    string
		lines   []string
		format  mrz.Format
		want    map[string]string // field values; "-" means absent
		checks  []string
		expired bool
		unknown []string
	}{
		{
			name: "ICAO TD3 passport", lines: td3Specimen, format: mrz.FormatTD3,
			want: map[string]string{
				"documentCode": "P", "issuingCountry": "UTO", "surname": "ERIKSSON", "givenNames": "ANNA MARIA",
				"documentNumber": "L898902C3", "nationality": "UTO", "dateOfBirth": "1974-08-12", "sex": "F",
				"expiryDate": "2012-04-15", "personalNumber": "ZE184226B", "optionalData": "-", "issueDate": "-",
			},
			checks:  []string{"documentNumber", "dateOfBirth", "expiryDate", "personalNumber", "composite"},
			expired: true, unknown: []string{"issuingCountry", "nationality"},
		},
		{
			name: "ICAO TD1 card", lines: td1Specimen, format: mrz.FormatTD1,
			want: map[string]string{
				"documentCode": "I", "issuingCountry": "UTO", "surname": "ERIKSSON", "givenNames": "ANNA MARIA",
				"documentNumber": "D23145890", "nationality": "UTO", "dateOfBirth": "1974-08-12", "sex": "F",
				"expiryDate": "2012-04-15", "optionalData1": "", "optionalData2": "", "personalNumber": "-",
			},
			checks:  []string{"documentNumber", "dateOfBirth", "expiryDate", "composite"},
			expired: true, unknown: []string{"issuingCountry", "nationality"},
		},
		{
			name: "ICAO TD1 card with a long document number", lines: td1LongNumber, format: mrz.FormatTD1,
			want: map[string]string{
				"surname": "STEVENSON", "givenNames": "PETER JOHN", "documentNumber": "D23145890734",
				"dateOfBirth": "1934-07-12", "sex": "M", "expiryDate": "1995-07-12", "optionalData1": "",
			},
			checks:  []string{"documentNumber", "dateOfBirth", "expiryDate", "composite"},
			expired: true, unknown: []string{"issuingCountry", "nationality"},
		},
		{
			name: "ICAO TD2 card", lines: td2Specimen, format: mrz.FormatTD2,
			want: map[string]string{
				"documentCode": "I", "surname": "ERIKSSON", "givenNames": "ANNA MARIA", "documentNumber": "D23145890",
				"dateOfBirth": "1974-08-12", "expiryDate": "2012-04-15", "optionalData": "", "optionalData1": "-",
			},
			checks:  []string{"documentNumber", "dateOfBirth", "expiryDate", "composite"},
			expired: true, unknown: []string{"issuingCountry", "nationality"},
		},
		{
			name: "ICAO MRV-A visa", lines: mrvaSpecimen, format: mrz.FormatMRVA,
			want: map[string]string{
				"documentCode": "V", "issuingCountry": "UTO", "nationality": "XXX", "documentNumber": "L8988901C",
				"dateOfBirth": "1940-09-07", "sex": "F", "expiryDate": "1996-12-10", "optionalData": "6ZE184226B",
			},
			checks:  []string{"documentNumber", "dateOfBirth", "expiryDate"},
			expired: true, unknown: []string{"issuingCountry"},
		},
		{
			name: "ICAO MRV-B visa", lines: mrvbSpecimen, format: mrz.FormatMRVB,
			want: map[string]string{
				"documentCode": "V", "surname": "ERIKSSON", "documentNumber": "L8988901C", "nationality": "XXX",
				"dateOfBirth": "1940-09-07", "expiryDate": "1996-12-10", "optionalData": "",
			},
			checks:  []string{"documentNumber", "dateOfBirth", "expiryDate"},
			expired: true, unknown: []string{"issuingCountry"},
		},
		{
			name: "French identity card", lines: fraSpecimen, format: mrz.FormatFRAID,
			want: map[string]string{
				"documentCode": "ID", "issuingCountry": "FRA", "surname": "DOUEL", "givenNames": "CHRISTIANE NI",
				"documentNumber": "050693202043", "nationality": "FRA", "dateOfBirth": "1929-06-20", "sex": "F",
				"issueDate": "2005-06", "optionalData": "932013", "expiryDate": "-",
			},
			checks: []string{"documentNumber", "dateOfBirth", "composite"},
		},
		{
			name: "French identity card built", lines: fraBuilt, format: mrz.FormatFRAID,
			want: map[string]string{
				"surname": "MARTIN", "givenNames": "JEAN PAUL", "documentNumber": "120175102345",
				"dateOfBirth": "1985-12-25", "sex": "M", "issueDate": "2012-01", "optionalData": "751023",
			},
			checks: []string{"documentNumber", "dateOfBirth", "composite"},
		},
		{
			name: "German identity card: D, sex unspecified", lines: deIDSpecimen, format: mrz.FormatTD1,
			want: map[string]string{
				"documentCode": "ID", "issuingCountry": "D", "surname": "MUSTERMANN", "givenNames": "ERIKA",
				"documentNumber": "T22000129", "nationality": "D", "dateOfBirth": "1964-08-12", "sex": "X",
				"expiryDate": "2020-10-31",
			},
			checks:  []string{"documentNumber", "dateOfBirth", "expiryDate", "composite"},
			expired: true,
		},
		{
			name: "German passport: empty personal number", lines: dePassportSpecimen, format: mrz.FormatTD3,
			want: map[string]string{
				"issuingCountry": "D", "documentNumber": "C01X00T47", "nationality": "D", "dateOfBirth": "1964-08-12",
				"expiryDate": "2027-02-28", "personalNumber": "",
			},
			checks: []string{"documentNumber", "dateOfBirth", "expiryDate", "personalNumber", "composite"},
		},
		{
			name: "TD3 built: leap day, sex unspecified", lines: td3Built, format: mrz.FormatTD3,
			want: map[string]string{
				"surname": "MARTIN", "givenNames": "JEAN PIERRE", "documentNumber": "12AB34567",
				"dateOfBirth": "2000-02-29", "sex": "X", "expiryDate": "2031-01-01", "personalNumber": "",
			},
			checks: []string{"documentNumber", "dateOfBirth", "expiryDate", "personalNumber", "composite"},
		},
		{
			name: "TD2 built: birth day unknown", lines: td2Built, format: mrz.FormatTD2,
			want: map[string]string{
				"issuingCountry": "D", "surname": "SCHMIDT", "givenNames": "ANNA", "documentNumber": "X1234567",
				"dateOfBirth": "1974-08", "expiryDate": "2030-06-15", "optionalData": "AB12",
			},
			checks: []string{"documentNumber", "dateOfBirth", "expiryDate", "composite"},
		},
		{
			name: "TD1 built: birth month and day unknown", lines: td1Built, format: mrz.FormatTD1,
			want: map[string]string{
				"documentCode": "IR", "issuingCountry": "GBR", "nationality": "GBN", "surname": "O NEILL",
				"givenNames": "MARY KATE", "documentNumber": "AB1234567", "dateOfBirth": "1990", "sex": "X",
				"expiryDate": "2029-01-01",
			},
			checks: []string{"documentNumber", "dateOfBirth", "expiryDate", "composite"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := mustParse(t, tc.lines...)
			if r.Format != tc.format {
				t.Errorf("format %s, want %s", r.Format, tc.format)
			}
			if !slices.Equal(r.Lines, tc.lines) {
				t.Errorf("lines %q, want %q", r.Lines, tc.lines)
			}
			got := fields(t, r)
			for name, want := range tc.want {
				f, ok := got[name]
				switch {
				case want == "-" && ok:
					t.Errorf("%s = %+v, want absent", name, f)
				case want != "-" && !ok:
					t.Errorf("%s absent, want %q", name, want)
				case ok && f.Value != want:
					t.Errorf("%s = %q, want %q", name, f.Value, want)
				}
			}
			var names []string
			for _, c := range r.Checks {
				names = append(names, c.Name)
				if !c.Valid || c.Expected != c.Found && c.Found != "<" {
					t.Errorf("check %+v, want valid", c)
				}
			}
			if !slices.Equal(names, tc.checks) {
				t.Errorf("checks %v, want %v", names, tc.checks)
			}
			if !r.Valid {
				t.Error("not valid")
			}
			if r.Expired != tc.expired {
				t.Errorf("expired %v, want %v", r.Expired, tc.expired)
			}
			if !slices.Equal(r.UnknownCountries, tc.unknown) {
				t.Errorf("unknown countries %v, want %v", r.UnknownCountries, tc.unknown)
			}
			if len(r.Corrections) != 0 {
				t.Errorf("corrections %+v on a clean zone", r.Corrections)
			}
		})
	}
}

func TestParseWarnsAboutPartialDates(t *testing.T) {
	r := mustParse(t, td2Built...)
	if !hasWarning(r, "dateOfBirth: day unknown") {
		t.Errorf("warnings %q", r.Warnings)
	}
	r = mustParse(t, td1Built...)
	if !hasWarning(r, "dateOfBirth: month and day unknown") {
		t.Errorf("warnings %q", r.Warnings)
	}
	r = mustParse(t, fraSpecimen...)
	if !hasWarning(r, "givenNames: ") { // CHRISTIANE<<NI fills the field: truncated
		t.Errorf("warnings %q", r.Warnings)
	}
}

func hasWarning(r *mrz.Result, prefix string) bool {
	return slices.ContainsFunc(r.Warnings, func(w string) bool { return strings.HasPrefix(w, prefix) })
}

func withChar(s string, i int, c byte) string { return s[:i] + string(c) + s[i+1:] }

func TestParseCorrupted(t *testing.T) {
	td3 := td3Specimen
	for _, tc := range []struct {
		name        string
		lines       []string
		valid       bool
		want        map[string]string
		corrections []mrz.Correction
		invalid     []string // names of the checks that fail
		warning     string   // prefix of a warning
		lines2      []string // the lines parsed, when they matter
	}{
		{
			name:  "O for 0 in the document number",
			lines: []string{td3[0], withChar(td3[1], 5, 'O')},
			valid: true, want: map[string]string{"documentNumber": "L898902C3"},
			corrections: []mrz.Correction{{Field: "documentNumber", Line: 1, Position: 5, From: "O", To: "0",
				Kind: mrz.CorrectionCheckDigit}},
			lines2: td3,
		},
		{
			name:  "I for 1 in the personal number",
			lines: []string{td3[0], withChar(td3[1], 30, 'I')},
			valid: true, want: map[string]string{"personalNumber": "ZE184226B"},
			corrections: []mrz.Correction{
				{Field: "personalNumber", Line: 1, Position: 30, From: "I", To: "1", Kind: mrz.CorrectionCheckDigit},
			},
		},
		{
			// Z→2 with I→1 fixes the check digits as well as I→1 with B→8.
			name:    "I for 1 and B for 8 in the personal number: ambiguous",
			lines:   []string{td3[0], withChar(withChar(td3[1], 30, 'I'), 31, 'B')},
			want:    map[string]string{"personalNumber": "ZEIB4226B"},
			invalid: []string{"personalNumber", "composite"},
			warning: "personalNumber: check digit fails and several corrections would fix it",
		},
		{
			name:  "letters in dates and check digits",
			lines: []string{td3[0], withChar(withChar(td3[1], 14, 'Z'), 27, 'g')},
			valid: false, // td3[1][27] is 9: G reads 6, a wrong digit
			want:  map[string]string{"dateOfBirth": "1972-08-12"},
			corrections: []mrz.Correction{
				{Field: "dateOfBirth", Line: 1, Position: 14, From: "Z", To: "2", Kind: mrz.CorrectionNumeric},
				{Field: "expiryDateCheck", Line: 1, Position: 27, From: "G", To: "6", Kind: mrz.CorrectionNumeric},
			},
			invalid: []string{"dateOfBirth", "expiryDate", "composite"},
		},
		{
			name:  "French card: O for 0 in the issue month",
			lines: []string{fraSpecimen[0], "O5O6932020438CHRISTIANE<<NI2906209F3"},
			valid: true, want: map[string]string{"documentNumber": "050693202043", "issueDate": "2005-06"},
			corrections: []mrz.Correction{
				{Field: "documentNumber", Line: 1, Position: 0, From: "O", To: "0", Kind: mrz.CorrectionNumeric},
				{Field: "documentNumber", Line: 1, Position: 2, From: "O", To: "0", Kind: mrz.CorrectionNumeric},
			},
			lines2: fraSpecimen,
		},
		{
			name:  "O for 0 in a birth date",
			lines: []string{td1Specimen[0], "74O8122F1204159UTO<<<<<<<<<<<6", td1Specimen[2]},
			valid: true, want: map[string]string{"dateOfBirth": "1974-08-12"},
			corrections: []mrz.Correction{{Field: "dateOfBirth", Line: 1, Position: 2, From: "O", To: "0",
				Kind: mrz.CorrectionNumeric}},
		},
		{
			name:    "wrong document number check digit",
			lines:   []string{td3[0], withChar(td3[1], 9, '7')},
			want:    map[string]string{"documentNumber": "L898902C3"},
			invalid: []string{"documentNumber", "composite"},
		},
		{
			name:    "wrong composite check digit",
			lines:   []string{td3[0], withChar(td3[1], 43, '1')},
			invalid: []string{"composite"},
		},
		{
			name:  "digits in names",
			lines: []string{"P<UTOER1KSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<", td3[1]},
			valid: true, want: map[string]string{"surname": "ERIKSSON", "givenNames": "ANNA MARIA"},
			corrections: []mrz.Correction{
				{Field: "surname", Line: 0, Position: 7, From: "1", To: "I", Kind: mrz.CorrectionAlphabetic},
				{Field: "surname", Line: 0, Position: 11, From: "0", To: "O", Kind: mrz.CorrectionAlphabetic},
				{Field: "givenNames", Line: 0, Position: 23, From: "1", To: "I", Kind: mrz.CorrectionAlphabetic},
			},
		},
		{
			name:  "K for fillers after a name",
			lines: []string{"P<UTOERIKSSON<<ANNA<MARIA<<<K<<<<<<<<<<<<<KK", td3[1]},
			valid: true, want: map[string]string{"surname": "ERIKSSON", "givenNames": "ANNA MARIA"},
			corrections: []mrz.Correction{
				{Field: "givenNames", Line: 0, Position: 28, From: "K", To: "<", Kind: mrz.CorrectionFiller},
				{Field: "givenNames", Line: 0, Position: 42, From: "K", To: "<", Kind: mrz.CorrectionFiller},
				{Field: "givenNames", Line: 0, Position: 43, From: "K", To: "<", Kind: mrz.CorrectionFiller},
			},
		},
		{
			name:  "K that may be a name stays",
			lines: []string{"P<UTOERIK<<K<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<", td3[1]},
			valid: true, want: map[string]string{"surname": "ERIK", "givenNames": "K"},
		},
		{
			name:  "lower case, spaces and « from a generic OCR model",
			lines: []string{"p<uto eriksson«anna<maria ««««««««« <", "L898902C36 UTO7408122F1204159ZE184226B<<<<<10"},
			valid: true, want: map[string]string{"surname": "ERIKSSON", "givenNames": "ANNA MARIA"},
		},
		{
			name:  "a filler missing in line 2",
			lines: []string{td3[0], "L898902C36UTO7408122F1204159ZE184226B<<<<10"},
			valid: true, want: map[string]string{"personalNumber": "ZE184226B", "dateOfBirth": "1974-08-12"},
			warning: "line 2: read 43 characters",
			lines2:  td3,
		},
		{
			name:  "two fillers missing in line 1",
			lines: []string{"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<", td3[1]},
			valid: true, want: map[string]string{"givenNames": "ANNA MARIA"},
			warning: "line 1: read 42 characters",
			lines2:  td3,
		},
		{
			name:  "an extra character in the dates",
			lines: []string{td3[0], "L898902C36UTO74081221F1204159ZE184226B<<<<<10"},
			valid: true, want: map[string]string{"dateOfBirth": "1974-08-12", "expiryDate": "2012-04-15", "sex": "F"},
			warning: "line 2: read 45 characters",
			lines2:  td3,
		},
		{
			name:  "a filler missing in a TD1 line",
			lines: []string{td1Specimen[0], "7408122F1204159UTO<<<<<<<<<<6", td1Specimen[2]},
			valid: true, want: map[string]string{"nationality": "UTO", "expiryDate": "2012-04-15"},
			warning: "line 2: read 29 characters",
		},
		{
			name:  "a document number character missing: the rest still aligns",
			lines: []string{td3[0], "L89892C36UTO7408122F1204159ZE184226B<<<<<10"},
			want: map[string]string{"dateOfBirth": "1974-08-12", "expiryDate": "2012-04-15",
				"personalNumber": "ZE184226B"},
			// The check digits accept several repairs: none is trusted.
			invalid: []string{"documentNumber", "composite"},
			warning: "line 2: a character is missing or extra",
		},
		{
			name:  "a date that is not a calendar date",
			lines: []string{td3[0], "L898902C36UTO7413324F1204159ZE184226B<<<<<10"},
			valid: true, want: map[string]string{"dateOfBirth": ""},
			warning: `dateOfBirth: "741332" is not a date`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := mustParse(t, tc.lines...)
			if r.Valid != tc.valid {
				t.Errorf("valid %v, want %v; checks %+v", r.Valid, tc.valid, r.Checks)
			}
			got := fields(t, r)
			for name, want := range tc.want {
				if got[name].Value != want {
					t.Errorf("%s = %q, want %q", name, got[name].Value, want)
				}
			}
			if !slices.Equal(r.Corrections, tc.corrections) {
				t.Errorf("corrections\n %+v\nwant\n %+v", r.Corrections, tc.corrections)
			}
			var invalid []string
			for _, c := range r.Checks {
				if !c.Valid {
					invalid = append(invalid, c.Name)
				}
			}
			if !slices.Equal(invalid, tc.invalid) {
				t.Errorf("invalid checks %v, want %v", invalid, tc.invalid)
			}
			if tc.warning != "" && !hasWarning(r, tc.warning) {
				t.Errorf("warnings %q, want one starting %q", r.Warnings, tc.warning)
			}
			if tc.lines2 != nil && !slices.Equal(r.Lines, tc.lines2) {
				t.Errorf("lines %q, want %q", r.Lines, tc.lines2)
			}
		})
	}
}

func TestParseReportsWrongCheckDigit(t *testing.T) {
	r := mustParse(t, td3Specimen[0], withChar(td3Specimen[1], 19, '5'))
	want := mrz.Check{Name: "dateOfBirth", Valid: false, Expected: "2", Found: "5", Reason: mrz.ReasonMismatch}
	if r.Checks[1] != want {
		t.Errorf("check %+v, want %+v", r.Checks[1], want)
	}
	if r.Valid {
		t.Error("valid with a wrong check digit")
	}
	if got := fields(t, r)["dateOfBirth"]; got.Value != "1974-08-12" || got.Confidence >= 0.9 {
		t.Errorf("dateOfBirth %+v: want the value kept, its confidence below the line's", got)
	}
}

// incoherence says what contradicts itself in a check entry, or "" when nothing does: a valid
// check has no reason and a digit that agrees (or a filler, over a field of fillers); an invalid
// one says why, and what it says matches its digits.
func incoherence(c mrz.Check) string {
	agrees := c.Found == c.Expected || c.Found == "<"
	switch {
	case c.Valid && c.Reason != "":
		return "valid with a reason"
	case c.Valid && !agrees:
		return "valid with a digit that disagrees"
	case !c.Valid && c.Reason == "":
		return "invalid without a reason"
	case c.Reason == mrz.ReasonMismatch && c.Found == c.Expected:
		return "a mismatch where the digits are equal"
	case c.Reason == mrz.ReasonUnplaced && !agrees:
		return "unplaced where the digit disagrees"
	case c.Reason != "" && c.Reason != mrz.ReasonMismatch && c.Reason != mrz.ReasonUnplaced:
		return "an unknown reason"
	}
	return ""
}

// TestCheckEntriesAreCoherent parses clean, corrupted and repaired zones and holds every check
// entry to its own fields: an entry that reads valid false with expected equal to found must say
// why. The blurred Spanish passport is what Tesseract reads of testdata/extraction/
// esp-passport-blur.jpg: a B too many in the personal number, which either of two deletions
// repairs with every check digit agreeing.
func TestCheckEntriesAreCoherent(t *testing.T) {
	td3 := td3Specimen
	for _, tc := range []struct {
		name     string
		lines    []string
		unplaced []string // the checks that agree over columns the repair could not place
	}{
		{name: "TD3 specimen", lines: td3},
		{name: "TD1 long number", lines: td1LongNumber},
		{name: "FRA_ID specimen", lines: fraSpecimen},
		{name: "filler check digit of an empty personal number", lines: td3Built},
		{name: "wrong check digit", lines: []string{td3[0], withChar(td3[1], 19, '5')}},
		{name: "wrong composite", lines: []string{td3[0], withChar(td3[1], 43, '1')}},
		{
			// Padded with a filler where the character is missing, the digits disagree.
			name:  "a document number character missing",
			lines: []string{td3[0], "L89892C36UTO7408122F1204159ZE184226B<<<<<10"},
		},
		{
			name: "blurred Spanish passport",
			lines: []string{
				"P<ESPGARCIA<MARTINEZ<<LUCIA<<<<<<<<<<<<<<<<<",
				"XDA4719036ESP7911037F210519412345678BZ<<<<<38",
			},
			unplaced: []string{mrz.CheckPersonalNumber, mrz.CheckComposite},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := mustParse(t, tc.lines...)
			var unplaced []string
			for _, c := range r.Checks {
				if why := incoherence(c); why != "" {
					t.Errorf("check %+v: %s", c, why)
				}
				if c.Reason == mrz.ReasonUnplaced {
					unplaced = append(unplaced, c.Name)
				}
			}
			if !slices.Equal(unplaced, tc.unplaced) {
				t.Errorf("unplaced checks %v, want %v", unplaced, tc.unplaced)
			}
		})
	}
}

func TestConfidence(t *testing.T) {
	clean := fields(t, mustParse(t, td3Specimen...))
	// Covered by its own and the composite check: 0.9 → 0.95 → 0.975.
	if c := clean["documentNumber"].Confidence; c != 0.975 {
		t.Errorf("documentNumber confidence %v, want 0.975", c)
	}
	// No check digit covers names or sex in a TD3: the line's confidence.
	if c := clean["surname"].Confidence; c != 0.9 {
		t.Errorf("surname confidence %v, want 0.9", c)
	}
	// UTO is no country: halved.
	if c := clean["issuingCountry"].Confidence; c != 0.45 {
		t.Errorf("issuingCountry confidence %v, want 0.45", c)
	}
	corrected := fields(t, mustParse(t, td3Specimen[0], withChar(td3Specimen[1], 5, 'O')))
	if a, b := corrected["documentNumber"].Confidence, clean["documentNumber"].Confidence; a >= b {
		t.Errorf("corrected documentNumber confidence %v, want below %v", a, b)
	}
	// The French card's composite covers the names.
	fra := fields(t, mustParse(t, fraSpecimen...))
	if c := fra["surname"].Confidence; c != 0.95 {
		t.Errorf("FRA surname confidence %v, want 0.95", c)
	}
}

func TestTwoDigitYears(t *testing.T) {
	for _, tc := range []struct {
		name         string
		now          time.Time
		birth, expir string
		expired      bool
	}{
		{"specimen in 2026", now, "1974-08-12", "2012-04-15", true},
		{"specimen in 2012, expiring tomorrow", time.Date(2012, 4, 14, 23, 0, 0, 0, time.UTC), "1974-08-12",
			"2012-04-15", false},
		{"expiry day is not expired", time.Date(2012, 4, 15, 0, 0, 0, 0, time.UTC), "1974-08-12", "2012-04-15", false},
		{"day after expiry", time.Date(2012, 4, 16, 0, 0, 0, 0, time.UTC), "1974-08-12", "2012-04-15", true},
		{"born 74: in 2074 a birth date is 2074 once it has passed", time.Date(2074, 9, 1, 0, 0, 0, 0, time.UTC),
			"2074-08-12", "2112-04-15", false},
		{"the day before, it is 1974", time.Date(2074, 8, 11, 0, 0, 0, 0, time.UTC), "1974-08-12", "2112-04-15", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := mrz.Parse(lines(td3Specimen...), tc.now)
			if err != nil {
				t.Fatal(err)
			}
			f := fields(t, r)
			if f["dateOfBirth"].Value != tc.birth || f["expiryDate"].Value != tc.expir || r.Expired != tc.expired {
				t.Errorf("born %s, expires %s, expired %v; want %s, %s, %v",
					f["dateOfBirth"].Value, f["expiryDate"].Value, r.Expired, tc.birth, tc.expir, tc.expired)
			}
		})
	}
}

func TestFind(t *testing.T) {
	page := []mrz.Line{
		{Text: "PASSPORT", Confidence: 0.99},
		{Text: "PASSEPORT / PASAPORTE", Confidence: 0.98},
		{Text: "Surname / Nom: ERIKSSON", Confidence: 0.97},
		{Text: "Date of expiry: 15 APR/AVR 12", Confidence: 0.95},
		{Text: "P<UTO ERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", Confidence: 0.8},
		{Text: "L898902C36UTO7408122F1204159ZE184226B<<<<<10", Confidence: 0.7},
		{Text: "-- page 1 --", Confidence: 0.5},
	}
	for _, tc := range []struct {
		name  string
		lines []mrz.Line
		want  []mrz.Line
	}{
		{"passport page with noise", page, []mrz.Line{{Text: td3Specimen[0], Confidence: 0.8}, {Text: td3Specimen[1],
			Confidence: 0.7}}},
		{"zone alone", lines(td1Specimen...), lines(td1Specimen...)},
		{
			"lines merged by the engine",
			[]mrz.Line{{Text: "noise"}, {Text: td2Specimen[0] + " " + td2Specimen[1], Confidence: 0.6}},
			[]mrz.Line{{Text: td2Specimen[0], Confidence: 0.6}, {Text: td2Specimen[1], Confidence: 0.6}},
		},
		{
			"a line one filler short",
			[]mrz.Line{{Text: "REPUBLIQUE FRANCAISE", Confidence: 1}, {Text: fraSpecimen[0][:20] + fraSpecimen[0][21:],
				Confidence: 1}, {Text: fraSpecimen[1], Confidence: 1}},
			[]mrz.Line{{Text: fraSpecimen[0], Confidence: 0.9}, {Text: fraSpecimen[1], Confidence: 1}},
		},
		{"no zone", []mrz.Line{{Text: "Hello"}, {Text: strings.Repeat("A", 44)}, {Text: strings.Repeat("B", 44)}}, nil},
		{"nothing", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := mrz.Find(tc.lines)
			if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
				t.Errorf("Find = %+v, %v; want %+v", got, ok, tc.want)
			}
		})
	}
}

// A page of many lines that nearly fit a zone takes bounded work, and the zone, at the bottom, is
// still repaired.
func TestFindManyNearLines(t *testing.T) {
	var in []mrz.Line
	for range 2000 {
		in = append(in, lines("L898902C36UTO7408122F1204159ZE184226B<<<<1", strings.Repeat("<", 29)+"1234567890123")...)
	}
	in = append(in, lines(td3Specimen[0], "L898902C36UTO7408122F1204159ZE184226B<<<<10")...)
	got, ok := mrz.Find(in)
	if !ok || got[0].Text != td3Specimen[0] || got[1].Text != td3Specimen[1] {
		t.Errorf("Find = %+v, %v", got, ok)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  error
	}{
		{"nothing", nil, mrz.ErrNoMRZ},
		{"text", []string{"Invoice 2026-11", "Total: 42 EUR"}, mrz.ErrNoMRZ},
		{"zone-like lines of an unknown length", []string{
			"P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<<<<<<",
			"L898902C36UTO7408122F1204159ZE184226B<<<<<<<<<<<<10",
		}, mrz.ErrUnknownFormat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := mrz.Parse(lines(tc.lines...), now)
			if !errors.Is(err, tc.want) || r != nil {
				t.Errorf("Parse = %v, %v; want %v", r, err, tc.want)
			}
		})
	}
}

func TestKnownCountry(t *testing.T) {
	for code, want := range map[string]bool{
		"FRA": true, "D": true, "DEU": true, "GBN": true, "XXA": true, "EUE": true, "RKS": true, "UNO": true,
		"UTO": false, "XXY": false, "": false, "D<<": false, "fra": false,
	} {
		if got := mrz.KnownCountry(code); got != want {
			t.Errorf("KnownCountry(%q) = %v", code, got)
		}
	}
}

func TestResultJSON(t *testing.T) {
	b, err := json.Marshal(mustParse(t, fraSpecimen...))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"format", "lines", "fields", "checks", "valid", "expired"} {
		if _, ok := got[key]; !ok {
			t.Errorf("no %s in %s", key, b)
		}
	}
	f := got["fields"].(map[string]any)
	if _, ok := f["expiryDate"]; ok {
		t.Errorf("FRA_ID fields have an expiryDate: %s", b)
	}
	if s := f["surname"].(map[string]any); s["value"] != "DOUEL" || s["confidence"] == nil {
		t.Errorf("surname = %v", s)
	}
}
