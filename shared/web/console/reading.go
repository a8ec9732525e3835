package console

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// What the extraction page says about a reading beyond its fields: whether the document has
// expired, and what lowered its confidence, in words, from what the API's result holds.

// expiredOn is the expiry date of a document past it on today (UTC), or "" when it has not expired
// or says no date: the API's expired flag was computed when it was read, and a document may have
// expired since.
func expiredOn(d *identity.ExtractedData, today time.Time) string {
	if d == nil {
		return ""
	}
	expiry := ""
	if d.ExpiryDate != nil {
		expiry = d.ExpiryDate.Value
	}
	date, err := time.Parse(time.DateOnly, expiry)
	if err != nil {
		if d.Expired != nil && *d.Expired {
			return "a date before it was read"
		}
		return ""
	}
	if date.Before(today.UTC().Truncate(24 * time.Hour)) {
		return expiry
	}
	return ""
}

// lowFieldConfidence is the confidence under which a field is named among what lowered the
// reading's.
const lowFieldConfidence = 0.8

// lowered lists what brought the reading's confidence down, by the API's rule (docs/identity-api.md,
// Confidence): failed check digits, country codes outside ISO 3166 and ICAO's, corrected
// characters, the image's quality, printed values that differ from the zone's, the parser's
// warnings, and the fields read with a low confidence.
func lowered(result identity.ExtractionResult) []string {
	d := result.ExtractedData
	if d == nil {
		d = &identity.ExtractedData{}
	}
	mrz := d.Mrz
	if mrz == nil {
		mrz = &identity.MRZ{}
	}
	var why []string
	for _, name := range slices.Sorted(maps.Keys(mrz.Checks)) {
		if c := mrz.Checks[name]; !c.Valid {
			why = append(why, fmt.Sprintf("The check digit of %s does not hold (expected %s, found %s): the "+
				"global confidence is halved.", strings.ToLower(label(name)), c.Expected, c.Found))
		}
	}
	if codes := d.UnknownCountryCodes; codes != nil && len(*codes) > 0 {
		why = append(why, fmt.Sprintf("Country code %s is neither ISO 3166 nor ICAO's (a specimen's, or a "+
			"misread): its field's confidence is halved.", strings.Join(*codes, ", ")))
	}
	if n := len(mrz.Corrections); n > 0 {
		corrected := fmt.Sprintf("%d characters of the zone were", n)
		if n == 1 {
			corrected = "One character of the zone was"
		}
		why = append(why, corrected+" corrected to fit its rules: each correction costs 10 % of its field's "+
			"confidence.")
	}
	if q := result.Quality; q != nil && q.Status != "good" && q.Status != "" {
		why = append(why, fmt.Sprintf("The image is %s for reading%s.", q.Status, because(q.Reasons)))
	}
	if result.Consistency != nil {
		for _, a := range *result.Consistency {
			if !a.Agree {
				why = append(why, fmt.Sprintf("The printed %s (%s) differs from the zone's (%s).",
					strings.ToLower(label(a.Field)), a.Visual, a.Mrz))
			}
		}
	}
	if mrz.Warnings != nil {
		for _, w := range *mrz.Warnings {
			why = append(why, w+".")
		}
	}
	fields := extractionFields(d)
	slices.SortStableFunc(fields, func(a, b fieldRow) int { return cmp.Compare(a.Name, b.Name) })
	for _, f := range fields {
		if float64(f.Confidence) < lowFieldConfidence {
			why = append(why, fmt.Sprintf("%s was read with %.0f %% confidence.", label(f.Name), f.Confidence*100))
		}
	}
	return why
}

// because is ": blurred, glare" for an image's quality reasons, in words.
func because(reasons []identity.ImageQualityReasons) string {
	if len(reasons) == 0 {
		return ""
	}
	words := make([]string, len(reasons))
	for i, r := range reasons {
		words[i] = strings.ReplaceAll(string(r), "_", " ")
	}
	return ": " + strings.Join(words, ", ")
}
