package verification

import (
	"fmt"
	"strings"

	"github.com/trustline/platform/shared/vision/fieldvalue"
)

// name: the applicant's surname and given names (those given) are the document's, in the same
// order or swapped (a surname given as the given names and the other way round counts as the same
// person). Each compares through ICAO transliteration; one given name of several, or one surname
// of two, is enough. A name the document cut short is inconclusive.
func (r *run) name() outcome {
	a := r.in.Applicant
	if strings.TrimSpace(a.Surname) == "" && strings.TrimSpace(a.GivenNames) == "" {
		return notApplicable("no applicant name was given")
	}
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	surname, given := value(r.doc.Surname), value(r.doc.GivenNames)
	if surname == "" && given == "" {
		return inconclusive("no name was read on the document")
	}
	straight := arrangement(a, surname, given)
	swapped := arrangement(a, given, surname)
	switch {
	case straight >= partial:
		return pass(describe(straight, "surname and given names agree"))
	case swapped >= partial:
		return pass(describe(swapped, "surname and given names agree, swapped"))
	case straight == truncated || swapped == truncated:
		return inconclusive("the document's name is the start of the applicant's: cut short, or another name")
	case straight == missing:
		return inconclusive("the document lacks the name field the applicant's is compared with")
	}
	return fail("the applicant's name is not the document's, in either order")
}

// arrangement compares the applicant's names with a document's surname and given names in one
// order: the weakest relation of the fields the applicant gave.
func arrangement(a Applicant, surname, given string) relation {
	worst := same
	for _, p := range [][2]string{{a.Surname, surname}, {a.GivenNames, given}} {
		if strings.TrimSpace(p[0]) == "" {
			continue
		}
		worst = min(worst, compareName(p[0], p[1]))
	}
	return worst
}

func describe(rel relation, s string) string {
	if rel == partial {
		return s + " (some of the names)"
	}
	return s
}

// birthDate: the applicant's date of birth is the document's, exactly.
func (r *run) birthDate() outcome {
	want := strings.TrimSpace(r.in.Applicant.DateOfBirth)
	if want == "" {
		return notApplicable("no applicant date of birth was given")
	}
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	applicant, ok := parseSpan(want)
	if !ok || !applicant.full {
		return inconclusive(fmt.Sprintf("the applicant's date of birth %q is not YYYY-MM-DD", want))
	}
	got := value(r.doc.DateOfBirth)
	document, ok := parseSpan(got)
	switch {
	case got == "" || !ok:
		return inconclusive("no date of birth was read on the document")
	case applicant.first.Before(document.first) || applicant.first.After(document.last):
		return fail("the applicant's date of birth is not the document's")
	case !document.full:
		return inconclusive(fmt.Sprintf("the document gives the date of birth as %s only", document))
	}
	return pass("the dates of birth are the same")
}

// number: the applicant's document number is the document's, after the OCR confusions (O and 0,
// I and 1, ...), or its personal number (Spain's DNI number is a card's personal number, the
// MRZ's document number the card's own).
func (r *run) number() outcome {
	want := strings.TrimSpace(r.in.Applicant.DocumentNumber)
	if want == "" {
		return notApplicable("no applicant document number was given")
	}
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	number := value(r.doc.DocumentNumber)
	personal := value(r.doc.PersonalNumber)
	switch {
	case number == "" && personal == "":
		return inconclusive("no document number was read on the document")
	case fieldvalue.SameNumber(want, number):
		return pass("the document numbers are the same")
	case fieldvalue.SameNumber(want, personal):
		return pass("the applicant's number is the document's personal number")
	}
	return fail("the applicant's document number is not the document's")
}

// nationality: the applicant's nationality is the document's (codes, or names and adjectives
// fieldvalue.SameCode knows: DEUTSCH, FRANÇAISE).
func (r *run) nationality() outcome {
	want := strings.TrimSpace(r.in.Applicant.Nationality)
	if want == "" {
		return notApplicable("no applicant nationality was given")
	}
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	got := value(r.doc.Nationality)
	switch {
	case got == "":
		return inconclusive("the document states no nationality")
	case fieldvalue.SameCode(want, got):
		return pass(fmt.Sprintf("both %s", got))
	}
	return fail(fmt.Sprintf("the document states %s", got))
}
