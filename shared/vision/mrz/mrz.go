package mrz

import (
	"errors"
	"strings"
	"time"
)

// Errors Find and Parse report; Parse wraps them with details, so compare with errors.Is.
var (
	// ErrNoMRZ means nothing in the lines looks like a machine-readable zone.
	ErrNoMRZ = errors.New("mrz: no machine-readable zone")
	// ErrUnknownFormat means lines look like a machine-readable zone (long, with runs of
	// fillers) but fit no supported format.
	ErrUnknownFormat = errors.New("mrz: unknown machine-readable zone format")
)

// Line is one OCR line with the engine's confidence in [0,1]; pass 1 when the engine gives none.
type Line struct {
	Text       string  `json:"text"`
	Confidence float64 `json:"confidence"`
}

// Format is the layout of a machine-readable zone.
type Format string

// Formats.
const (
	FormatTD1   Format = "TD1"    // 3 lines of 30: identity cards, residence permits
	FormatTD2   Format = "TD2"    // 2 lines of 36: identity cards
	FormatTD3   Format = "TD3"    // 2 lines of 44: passports
	FormatMRVA  Format = "MRVA"   // 2 lines of 44: visas
	FormatMRVB  Format = "MRVB"   // 2 lines of 36: visas
	FormatFRAID Format = "FRA_ID" // 2 lines of 36 starting IDFRA: French identity card issued before 2021
)

// Check names, as in Check.Name.
const (
	CheckDocumentNumber = "documentNumber"
	CheckDateOfBirth    = "dateOfBirth"
	CheckExpiryDate     = "expiryDate"
	CheckPersonalNumber = "personalNumber" // TD3 only
	CheckComposite      = "composite"      // TD1, TD2, TD3 and FRA_ID
)

// Field is one extracted value and the confidence in it (see the package documentation for the
// rule).
type Field struct {
	Value      string  `json:"value"`
	Confidence float64 `json:"confidence"`
}

// Fields are the values of a machine-readable zone. Fields a format does not have are nil.
// Dates are ISO 8601 (YYYY-MM-DD); when the zone marks a part unknown with fillers the date is
// reduced (YYYY-MM or YYYY) or empty, and Result.Warnings says so.
type Fields struct {
	DocumentCode   Field `json:"documentCode"`   // P, I, ID, V…; fillers dropped
	IssuingCountry Field `json:"issuingCountry"` // ICAO code: FRA, D, UTO…
	Surname        Field `json:"surname"`
	GivenNames     Field `json:"givenNames"` // given names separated by spaces
	DocumentNumber Field `json:"documentNumber"`
	// Nationality is read from the zone, except for FRA_ID where it is FRA: the card is
	// issued to French nationals only.
	Nationality Field  `json:"nationality"`
	DateOfBirth Field  `json:"dateOfBirth"`
	Sex         Field  `json:"sex"`                  // M, F or X (unspecified)
	ExpiryDate  *Field `json:"expiryDate,omitempty"` // absent from FRA_ID
	// IssueDate is FRA_ID's issue month (YYYY-MM), the first four digits of its card number.
	IssueDate      *Field `json:"issueDate,omitempty"`
	PersonalNumber *Field `json:"personalNumber,omitempty"` // TD3
	// OptionalData is TD2's and the visas' optional data, and FRA_ID's issuing department and
	// office code (the last six characters of line 1).
	OptionalData  *Field `json:"optionalData,omitempty"`
	OptionalData1 *Field `json:"optionalData1,omitempty"` // TD1, line 1 (after any long document number)
	OptionalData2 *Field `json:"optionalData2,omitempty"` // TD1, line 2
}

// Check is the outcome of one check digit. Valid is true when Found is Expected (or '<' over a
// field made only of fillers) and the columns it covers were read, not guessed; otherwise Reason
// says which of the two failed, so an entry never reads as invalid with nothing wrong in it.
type Check struct {
	Name     string `json:"name"`             // one of the Check* names
	Valid    bool   `json:"valid"`            // Reason is empty
	Expected string `json:"expected"`         // the digit computed over the field
	Found    string `json:"found"`            // the character in the zone, after corrections
	Reason   string `json:"reason,omitempty"` // why the check is not valid: a Reason* value
}

// Reasons a check is not valid, as in Check.Reason.
const (
	// ReasonMismatch is a check digit that is not the one computed over its field.
	ReasonMismatch = "mismatch"
	// ReasonUnplaced is a check digit that agrees with its field, but over columns where a
	// character was missing or extra and the check digits could not tell which: other readings
	// of those columns agree as well, so the agreement confirms none of them. The warning "a
	// character is missing or extra in columns …" names the columns.
	ReasonUnplaced = "unplaced"
)

// CorrectionKind says why a character was changed.
type CorrectionKind string

// Correction kinds.
const (
	// CorrectionNumeric is a letter read where the format allows only digits (dates, check
	// digits), mapped to the digit it resembles: O and Q→0, I→1, Z→2, S→5, G→6, B→8.
	CorrectionNumeric CorrectionKind = "numeric"
	// CorrectionAlphabetic is a digit read where the format allows only letters (codes,
	// countries, names), mapped to the letter it resembles: 0→O, 1→I, 2→Z, 5→S, 6→G, 8→B.
	CorrectionAlphabetic CorrectionKind = "alphabetic"
	// CorrectionCheckDigit is a confusable character (O/0, Q→0, I/1, Z/2, S/5, B/8) in a field
	// that mixes letters and digits and has its own check digit, changed because the change makes
	// the field's check digit and the composite check digit valid and no other does as well
	// (fewest changes, at most 2, then fewest digits turned into letters).
	CorrectionCheckDigit CorrectionKind = "checkDigit"
	// CorrectionFiller is a K (the filler '<' as generic OCR models often read it), or a digit
	// (a speck or a stamp read at the line's end), standing in the trailing fillers of a name
	// where no name part can stand; or any character in the last two columns of a name that ends
	// its line, after three fillers.
	CorrectionFiller CorrectionKind = "filler"
	// CorrectionCountry is a letter of a country code that is neither ISO 3166-1 alpha-3 nor
	// ICAO's, changed to the letter OCR confuses it with (M/N, O/D/Q, U/V, E/F, C/G, I/L, B/R/P)
	// because exactly one such change makes it a known code: MLD read for NLD. No check digit
	// covers the countries, so the correction is reported and the field's confidence lowered.
	CorrectionCountry CorrectionKind = "country"
)

// Correction is one character Parse changed.
type Correction struct {
	Field    string         `json:"field"`    // a Fields JSON name, or a check name + "Check" for a check digit
	Line     int            `json:"line"`     // 0-based index in Result.Lines
	Position int            `json:"position"` // 0-based column in the line
	From     string         `json:"from"`
	To       string         `json:"to"`
	Kind     CorrectionKind `json:"kind"`
}

// Result is a parsed machine-readable zone.
type Result struct {
	Format Format   `json:"format"`
	Lines  []string `json:"lines"` // the zone as parsed: cleaned, repaired and corrected
	Fields Fields   `json:"fields"`
	Checks []Check  `json:"checks"` // every check digit of the format, in zone order
	// Valid is true when every check digit is valid. Unknown countries, warnings and
	// corrections do not affect it.
	Valid bool `json:"valid"`
	// Expired is true when the expiry date is before now's date; false when there is no
	// expiry date or its year is unknown.
	Expired bool `json:"expired"`
	// UnknownCountries names the country fields (issuingCountry, nationality) whose code is
	// neither ISO 3166-1 alpha-3 nor an ICAO code, e.g. the specimens' UTO.
	UnknownCountries []string     `json:"unknownCountries,omitempty"`
	Corrections      []Correction `json:"corrections,omitempty"`
	// Warnings are "field: message" or "line N: message" notes: incomplete or impossible
	// dates, possibly truncated names, repaired line lengths, ambiguous corrections left undone.
	// A check digit over columns a line-length repair could not place is reported invalid
	// (Check.Reason ReasonUnplaced).
	Warnings []string `json:"warnings,omitempty"`
}

// Verified counts the check digits that verify over characters actually read: a filler check
// digit over a field made only of fillers (TD3's empty personal number) is valid but proves
// nothing.
func (r *Result) Verified() int {
	n := 0
	for _, c := range r.Checks {
		if c.Valid && c.Found != "<" {
			n++
		}
	}
	return n
}

// Credible reports whether the reading is a machine-readable zone at all, by the rule of the
// package documentation (No false positives): three verified check digits, or two of the three
// of MRV-A, MRV-B and FRA_ID when the document code is the format's own.
func (r *Result) Credible() bool {
	v := r.Verified()
	if v >= 3 {
		return true
	}
	code := r.Fields.DocumentCode.Value
	switch r.Format {
	case FormatMRVA, FormatMRVB:
		return v == 2 && strings.HasPrefix(code, "V")
	case FormatFRAID:
		return v == 2 && code == "ID"
	}
	return false
}

// Find picks the machine-readable zone out of the OCR lines of a page and returns its lines,
// in order, cleaned (upper case, no spaces, « read as <<) and repaired to the format's length.
// A line one or two characters short or long is padded or trimmed at its filler run, or where
// the check digits confirm it; a repaired line's confidence is multiplied by 0.9. ok is false
// when no zone is found.
func Find(lines []Line) ([]Line, bool) {
	w, err := locate(lines)
	if err != nil {
		return nil, false
	}
	out := make([]Line, len(w.lines))
	for i := range w.lines {
		out[i] = Line{Text: w.lines[i], Confidence: w.conf[i]}
	}
	return out, true
}

// Parse finds the machine-readable zone in lines (the zone alone, or all the lines of a page,
// as Find does) and parses it; now resolves two-digit years and decides Expired. It returns
// ErrNoMRZ or ErrUnknownFormat (wrapped) when there is no zone to parse. Parse never fails on a
// zone it found: invalid check digits, impossible dates and unknown countries are reported in
// the Result.
func Parse(lines []Line, now time.Time) (*Result, error) {
	w, err := locate(lines)
	if err != nil {
		return nil, err
	}
	return decode(w, now), nil
}
