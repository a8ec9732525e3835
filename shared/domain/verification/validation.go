package verification

import (
	"fmt"
	"slices"
	"strings"

	"github.com/trustline/platform/shared/vision/mrz"
)

// maxAge is the age past which a date of birth is taken for a misreading or an invention.
const maxAge = 130

// The document number's form: letters and digits, between these lengths, once the separators
// some issuers print (spaces, hyphens, slashes, dots) are taken out.
const (
	minNumberLength = 5
	maxNumberLength = 20
	numberSeparator = " -/."
)

// mrzCheckDigits: every check digit of the zone verified (after the corrections the digits
// themselves allowed). A digit that disagrees fails; one the reading could not place (a line
// whose length was repaired) is no evidence either way. A driving licence has no zone.
func (r *run) mrzCheckDigits() outcome {
	switch {
	case !r.hasDoc:
		return inconclusive(noExtraction)
	case r.doc.MRZ == nil && r.documentType() == "driving_licence":
		return notApplicable("a driving licence has no machine-readable zone")
	case r.doc.MRZ == nil:
		return inconclusive("no machine-readable zone was read")
	}
	var wrong, unplaced []string
	for _, name := range sortedKeys(r.doc.MRZ.Checks) {
		c := r.doc.MRZ.Checks[name]
		switch {
		case c.Valid:
		case c.Reason == mrz.ReasonUnplaced:
			unplaced = append(unplaced, name)
		default:
			wrong = append(wrong, fmt.Sprintf("%s (computed %s, printed %s)", name, c.Expected, c.Found))
		}
	}
	switch {
	case len(wrong) > 0:
		return fail("check digit wrong: " + strings.Join(wrong, ", "))
	case len(unplaced) > 0:
		return inconclusive("check digit not placed by the reading: " + strings.Join(unplaced, ", "))
	case !r.doc.MRZ.Valid:
		return fail("the zone is not valid")
	}
	return pass(fmt.Sprintf("%d check digits of the %s zone verified", len(r.doc.MRZ.Checks), r.doc.MRZ.Format))
}

// dates: every date read is a date, birth ≤ issue < expiry, nobody is born in the future or
// over maxAge, nothing was issued in the future. A partial date (YYYY-MM) fails an order only when
// every day it may be does.
func (r *run) dates() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	read := map[string]span{}
	var problems []string
	for _, f := range []struct {
		name  string
		value string
	}{
		{"dateOfBirth", value(r.doc.DateOfBirth)},
		{"issueDate", value(r.doc.IssueDate)},
		{"expiryDate", value(r.doc.ExpiryDate)},
	} {
		if f.value == "" {
			continue
		}
		sp, ok := parseSpan(f.value)
		if !ok {
			problems = append(problems, fmt.Sprintf("%s %q is no date", f.name, f.value))
			continue
		}
		read[f.name] = sp
	}
	if len(read) == 0 && len(problems) == 0 {
		return inconclusive("no date was read")
	}
	birth, hasBirth := read["dateOfBirth"]
	issue, hasIssue := read["issueDate"]
	expiry, hasExpiry := read["expiryDate"]
	if hasBirth && birth.first.After(r.today) {
		problems = append(problems, "born after the day of the verification")
	}
	if hasBirth && birthday(birth.last, maxAge).Compare(r.today) <= 0 {
		problems = append(problems, fmt.Sprintf("%d years old or more", maxAge))
	}
	if hasIssue && issue.first.After(r.today) {
		problems = append(problems, "issued after the day of the verification")
	}
	if hasBirth && hasIssue && birth.first.After(issue.last) {
		problems = append(problems, "issued before the holder's birth")
	}
	if hasIssue && hasExpiry && issue.first.Compare(expiry.last) >= 0 {
		problems = append(problems, "expires before it was issued")
	}
	if hasBirth && hasExpiry && birth.first.Compare(expiry.last) >= 0 {
		problems = append(problems, "expires before the holder's birth")
	}
	if len(problems) > 0 {
		return fail(strings.Join(problems, "; "))
	}
	names := sortedKeys(read)
	return pass(fmt.Sprintf("%s well formed and in order", strings.Join(names, ", ")))
}

// expiry: not expired on the day of the verification; a document is valid through its expiry
// date.
func (r *run) expiry() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	v := value(r.doc.ExpiryDate)
	if v == "" {
		return inconclusive("the document states no expiry date")
	}
	sp, ok := parseSpan(v)
	switch {
	case !ok:
		return inconclusive(fmt.Sprintf("the expiry date %q is no date", v))
	case sp.last.Before(r.today):
		return fail(fmt.Sprintf("expired on %s", sp))
	case sp.first.Before(r.today):
		return inconclusive(fmt.Sprintf("the expiry date %s lacks the day that would tell", sp))
	}
	return pass(fmt.Sprintf("valid until %s", sp))
}

// issuingState: the issuing state's code is present and a state's (ISO 3166-1 alpha-3 or a code
// ICAO adds), not one the extraction found unknown.
func (r *run) issuingState() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	code := value(r.doc.IssuingCountry)
	switch {
	case code == "":
		return inconclusive("no issuing state was read")
	case !mrz.KnownCountry(code) || slices.Contains(r.doc.UnknownCountryCodes, code):
		return fail(fmt.Sprintf("%s is no state's code", code))
	}
	return pass(fmt.Sprintf("issued by %s", code))
}

// numberForm: the document number is minNumberLength to maxNumberLength letters and digits,
// separators aside.
func (r *run) numberForm() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	v := value(r.doc.DocumentNumber)
	if v == "" {
		return inconclusive("no document number was read")
	}
	n := strings.Map(func(c rune) rune {
		if strings.ContainsRune(numberSeparator, c) {
			return -1
		}
		return c
	}, v)
	for _, c := range n {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return fail(fmt.Sprintf("the document number has a character that is no letter or digit: %q", c))
		}
	}
	if len(n) < minNumberLength || len(n) > maxNumberLength {
		return fail(fmt.Sprintf("the document number has %d letters and digits, not %d to %d",
			len(n), minNumberLength, maxNumberLength))
	}
	return pass(fmt.Sprintf("%d letters and digits", len(n)))
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
