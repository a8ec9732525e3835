package verification

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/trustline/platform/shared/vision/fieldvalue"
	"github.com/trustline/platform/shared/vision/recapture"
)

// specimenWords: no specimen word printed on the page (specimenWords, as whole words, case and
// accents aside, and SPECIMEN letter-spaced). A word that is one of the holder's names does not
// count, SPECIMEN aside: a real person may be called Minta or Muster.
func (r *run) specimenWords() outcome {
	if len(r.in.PageWords) == 0 {
		return inconclusive("no text of the page was given")
	}
	holder := map[string]bool{}
	for _, w := range nameWords(value(r.doc.Surname) + " " + value(r.doc.GivenNames)) {
		holder[fieldvalue.Fold(w)] = true
	}
	for _, line := range r.in.PageWords {
		folded := fieldvalue.Fold(line)
		for _, w := range strings.FieldsFunc(folded, func(c rune) bool { return !unicode.IsLetter(c) }) {
			if slices.Contains(specimenWords, w) && !holder[w] {
				return fail("the page reads " + w)
			}
		}
		if strings.Contains(strings.Join(strings.Fields(folded), ""), spacedSpecimen) {
			return fail("the page reads " + spacedSpecimen)
		}
	}
	return pass(fmt.Sprintf("no specimen word in %d lines", len(r.in.PageWords)))
}

// specimenState: neither the issuing state nor the nationality is Utopia.
func (r *run) specimenState() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	state, nationality := value(r.doc.IssuingCountry), value(r.doc.Nationality)
	switch {
	case state == specimenState || nationality == specimenState:
		return fail("issued by " + specimenState + ", the specimen state of ICAO Doc 9303")
	case state == "" && nationality == "":
		return inconclusive("no issuing state or nationality was read")
	}
	return pass("not " + specimenState)
}

// specimenIdentity: the holder and the numbers are no well-known specimen's (specimens), and no
// name of the holder is SPECIMEN.
func (r *run) specimenIdentity() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	surname, given := value(r.doc.Surname), value(r.doc.GivenNames)
	numbers := []string{value(r.doc.DocumentNumber), value(r.doc.PersonalNumber),
		value(r.doc.OptionalData), value(r.doc.OptionalData1), value(r.doc.OptionalData2)}
	numbers = slices.DeleteFunc(numbers, func(s string) bool { return s == "" })
	if surname == "" && given == "" && len(numbers) == 0 {
		return inconclusive("no name and no number was read")
	}
	for _, w := range nameWords(surname + " " + given) {
		if fieldvalue.Fold(w) == spacedSpecimen {
			return fail("the holder's name reads " + spacedSpecimen)
		}
	}
	for _, n := range numbers {
		if strings.HasPrefix(strings.ToUpper(n), specimenNumberPrefix) {
			return fail(fmt.Sprintf("the number %s is a specimen's", n))
		}
	}
	birth := value(r.doc.DateOfBirth)
	for _, s := range specimens {
		for _, sn := range s.numbers {
			for _, n := range numbers {
				if fieldvalue.SameNumber(n, sn) {
					return fail(fmt.Sprintf("the number %s is the %s specimen's", n, s.state))
				}
			}
		}
		if s.surname == "" || compareName(surname, s.surname) != same || !specimenGiven(given, s.givenNames) {
			continue
		}
		if s.distinctive || slices.Contains(s.births, birth) {
			return fail(fmt.Sprintf("the holder is the %s specimen's", s.state))
		}
	}
	return pass(fmt.Sprintf("none of %d well-known specimens", len(specimens)))
}

// specimenGiven tells whether given names are a specimen's: the same, or starting with its
// (MAELYS GAELLE MARIE for MAELYS GAELLE), or cut short by the zone.
func specimenGiven(given, specimen string) bool {
	rel := compareName(given, specimen)
	return rel >= truncated
}

// portraitFormats are the zones printed on the same side as the holder's portrait: a passport's
// data page (TD3), a visa (MRV), the French card of 1988–2021. A TD1 card prints its zone on the
// back, without the portrait, and TD2 documents differ by issuer. A driving licence read from its
// printed zone is its front, which has the portrait.
var portraitFormats = []string{"TD3", "MRVA", "MRVB", "FRA_ID"}

// portrait: the page shows a face where it prints the holder's portrait (the extraction's
// portrait detection).
func (r *run) portrait() outcome {
	if !r.hasDoc {
		return inconclusive(noExtraction)
	}
	if p := r.in.Document.Portrait; p != nil {
		return pass(fmt.Sprintf("a face of %d×%d pixels (detector score %.2f)", p.Box.Width, p.Box.Height, p.Score))
	}
	format := r.mrzFormat()
	switch {
	case slices.Contains(portraitFormats, format):
		return fail(fmt.Sprintf("no face on a %s page, which prints the holder's portrait", format))
	case format == "" && r.documentType() == "driving_licence":
		return fail("no face on the front of a driving licence")
	}
	return notApplicable(fmt.Sprintf("a %s zone is printed on the side without the portrait", format))
}

// recapture: the photo is of the document, not of a screen or a print showing it (periodic
// structure a paper document lacks: recapture.Assess).
func (r *run) recapture() outcome {
	if r.page == nil {
		return inconclusive(r.noPage)
	}
	return recaptureOutcome(recapture.Assess(r.grey()))
}

// recaptureOutcome is a recapture verdict as a check's outcome.
func recaptureOutcome(v recapture.Verdict) outcome {
	switch {
	case v.Tiles == 0:
		return inconclusive(v.Evidence)
	case v.Recaptured:
		return fail(fmt.Sprintf("score %.2f: %s", v.Score, v.Evidence))
	}
	return pass(fmt.Sprintf("score %.2f: %s", v.Score, v.Evidence))
}

// editingSoftware: the file's metadata names no image editor (EXIF Software, XMP CreatorTool and
// history, PNG text, JPEG comments). A weak signal: metadata is stripped by most uploads and
// messaging apps and trivially removed, and an editor may only have cropped or resized.
func (r *run) editingSoftware() outcome {
	if len(r.in.File) == 0 {
		return inconclusive("no document file was given")
	}
	fields := readMetadata(r.in.File)
	for _, f := range fields {
		if name := editorIn(f); name != "" {
			return fail(fmt.Sprintf("%s names %s: %q", f.Where, name, f.Value))
		}
	}
	if len(fields) == 0 {
		return pass("the file carries no software metadata")
	}
	return pass(fmt.Sprintf("no image editor in %d metadata fields", len(fields)))
}
