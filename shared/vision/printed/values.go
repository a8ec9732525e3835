package printed

import (
	"time"

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
