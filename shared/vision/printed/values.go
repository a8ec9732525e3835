package printed

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

// dateMatch is a date found in a line, with where it ends and how sure its reading is.
type dateMatch struct {
	date       time.Time
	end        int
	confidence float64
}

// dateMatches finds the dates in text; a two-digit year takes the century that puts it nearest
// near and not after notAfter (either may be zero).
func dateMatches(text string, near, notAfter time.Time) []dateMatch {
	var out []dateMatch
	for _, m := range fieldvalue.FindDates(text, fieldvalue.Anchor{Near: near, NotAfter: notAfter}) {
		out = append(out, dateMatch{date: m.Date.Time(), end: m.End, confidence: m.Date.Confidence})
	}
	return out
}

// sameName reports a printed name that the MRZ's transliterates.
func sameName(printed, mrz string) bool { return fieldvalue.SameName(printed, mrz) }

// sameNumber reports a printed document number equal to the MRZ's after OCR confusions.
func sameNumber(printed, mrz string) bool { return fieldvalue.SameNumber(printed, mrz) }

// parse reads text as the value of the named field; ok is false when it cannot be one. The
// returned confidence is the parse's own (1, or less for a correction); the caller multiplies in
// the OCR's and the label's.
func parse(name Name, text string, a Anchors, now time.Time) (Field, bool) {
	text = strings.Trim(strings.TrimSpace(text), ".,;:")
	switch name {
	case DateOfBirth, IssueDate, ExpiryDate:
		near, before := a.DateOfBirth, time.Time{}
		switch name {
		case IssueDate:
			near, before = a.ExpiryDate, a.ExpiryDate
			if before.IsZero() || before.After(now) {
				before = now
			}
		case ExpiryDate:
			near = a.ExpiryDate
		}
		ds := dateMatches(text, near, before)
		if len(ds) == 0 {
			return Field{}, false
		}
		d := ds[0].date
		if name == IssueDate && (d.After(now) || (!a.DateOfBirth.IsZero() && !d.After(a.DateOfBirth))) {
			return Field{}, false
		}
		return Field{Value: d.Format(time.DateOnly), Confidence: ds[0].confidence}, true
	}
	// Not a date: a zone number before it is no part of it ("01 JUL 2014" is a date whole).
	text = dropZoneNumber(text)
	switch name {
	case Sex:
		for _, w := range strings.FieldsFunc(strings.ToUpper(text), func(r rune) bool { return r == '/' || r == ' ' }) {
			if w == "M" || w == "F" || w == "X" {
				return Field{Value: w, Confidence: 1}, true
			}
		}
		return Field{}, false
	case DocumentNumber, PersonalNumber:
		v := strings.ToUpper(strings.Join(strings.Fields(text), ""))
		if name == DocumentNumber {
			// A passport's or card's number is one word: the others on its line are a label's
			// remains or a speck.
			v = strings.ToUpper(longestWithDigit(text))
		}
		if len(v) < 5 || len(v) > 20 || strings.IndexFunc(v, func(r rune) bool {
			return !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '/')
		}) >= 0 || !strings.ContainsAny(v, "0123456789") {
			return Field{}, false
		}
		return Field{Value: v, Confidence: 1}, true
	case Surname, GivenNames, Nationality:
		return words(text, func(r rune) bool { return unicode.IsLetter(r) || strings.ContainsRune(" -'", r) }, 40)
	case PlaceOfBirth, IssuingAuthority:
		if len(dateMatches(text, time.Time{}, time.Time{})) > 0 {
			return Field{}, false
		}
		return words(text, func(r rune) bool {
			return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(" -'().,/&", r)
		}, 80)
	}
	return Field{}, false
}

// words accepts text made only of allowed runes, with at least two letters and at most limit
// characters: a stray symbol means the OCR read something else (a guilloche, a stamp).
func words(text string, allowed func(rune) bool, limit int) (Field, bool) {
	text = strings.Join(strings.Fields(text), " ")
	letters := 0
	for _, r := range text {
		if !allowed(r) {
			return Field{}, false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters < 2 || len([]rune(text)) > limit {
		return Field{}, false
	}
	return Field{Value: text, Confidence: 1}, true
}

// dropZoneNumber removes what OCR reads before a value from the zone number some issuers print
// there ("06 HAMBURG" read "o6 HAMBURG", "os HAMBURG", "ə7 HAMBURG") or from a speck ("a
// DĄBROWSKA"): a first word of one or two characters, digits or lower-case letters, before a word
// that starts with a capital or a digit (values are printed in capitals).
func dropZoneNumber(text string) string {
	first, rest, ok := strings.Cut(text, " ")
	rest = strings.TrimSpace(rest)
	if !ok || rest == "" || len([]rune(first)) > 2 {
		return text
	}
	for _, r := range first {
		if !unicode.IsDigit(r) && !unicode.IsLower(r) {
			return text
		}
	}
	if r, _ := utf8.DecodeRuneInString(rest); unicode.IsUpper(r) || unicode.IsDigit(r) {
		return rest
	}
	return text
}

// zoneNumbered reports a line whose first word is a zone number before its value: before a date
// that starts at the second word ("09 13 OCT 2019", where "13 OCT 2019" alone is a date whole), or
// as dropZoneNumber finds one before a value that is no date.
func zoneNumbered(text string) bool {
	first, _, ok := strings.Cut(text, " ")
	if !ok {
		return false
	}
	if ds := fieldvalue.FindDates(text, fieldvalue.Anchor{}); len(ds) > 0 {
		return ds[0].Start == len(first)+1 && dropZoneNumber(first+" X") == "X"
	}
	return dropZoneNumber(text) != text
}

// longestWithDigit is text's longest word that has a digit, "" when none has.
func longestWithDigit(text string) string {
	best := ""
	for _, w := range strings.Fields(text) {
		if len(w) > len(best) && strings.ContainsAny(w, "0123456789") {
			best = w
		}
	}
	return best
}
