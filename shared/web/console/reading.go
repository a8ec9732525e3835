package console

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// What the extraction page says about a reading beyond its fields: whether the document has
// expired, and what lowered its confidence, in words, from what the API's result holds.

// expiredOn is the expiry date of a document past it on today (UTC), or "" when it has not expired
// or says no date: the API's expired flag was computed when it was read, and a document may have
// expired since.
func expiredOn(data map[string]any, today time.Time) string {
	expiry, _ := fieldOf(data, "expiryDate")["value"].(string)
	date, err := time.Parse(time.DateOnly, expiry)
	if err != nil {
		if flagged, _ := data["expired"].(bool); flagged {
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
func lowered(result map[string]any) []string {
	data, _ := result["extractedData"].(map[string]any)
	var why []string
	mrz, _ := data["mrz"].(map[string]any)
	if checks, ok := mrz["checks"].(map[string]any); ok {
		for _, name := range sortedKeys(checks) {
			if c, _ := checks[name].(map[string]any); c != nil && c["valid"] == false {
				why = append(why, fmt.Sprintf("The check digit of %s does not hold (expected %v, found %v): the "+
					"global confidence is halved.", strings.ToLower(label(name)), c["expected"], c["found"]))
			}
		}
	}
	if codes, _ := data["unknownCountryCodes"].([]any); len(codes) > 0 {
		why = append(why, fmt.Sprintf("Country code %s is neither ISO 3166 nor ICAO's (a specimen's, or a "+
			"misread): its field's confidence is halved.", joinAny(codes)))
	}
	if corrections, _ := mrz["corrections"].([]any); len(corrections) > 0 {
		n := fmt.Sprintf("%d characters of the zone were", len(corrections))
		if len(corrections) == 1 {
			n = "One character of the zone was"
		}
		why = append(why, n+" corrected to fit its rules: each correction costs 10 % of its field's confidence.")
	}
	if q, _ := result["quality"].(map[string]any); q != nil && q["status"] != "good" && q["status"] != nil {
		reasons, _ := q["reasons"].([]any)
		why = append(why, fmt.Sprintf("The image is %v for reading%s.", q["status"], because(reasons)))
	}
	if agreements, _ := result["consistency"].([]any); len(agreements) > 0 {
		for _, a := range agreements {
			if a, _ := a.(map[string]any); a != nil && a["agree"] == false {
				why = append(why, fmt.Sprintf("The printed %s (%v) differs from the zone's (%v).",
					strings.ToLower(label(a["field"])), a["visual"], a["mrz"]))
			}
		}
	}
	if warnings, _ := mrz["warnings"].([]any); len(warnings) > 0 {
		for _, w := range warnings {
			why = append(why, fmt.Sprint(w)+".")
		}
	}
	for _, name := range sortedKeys(data) {
		f, _ := data[name].(map[string]any)
		if c, ok := f["confidence"].(float64); ok && c < lowFieldConfidence {
			why = append(why, fmt.Sprintf("%s was read with %.0f %% confidence.", label(name), c*100))
		}
	}
	return why
}

// because is ": blurred, glare" for an image's quality reasons, in words.
func because(reasons []any) string {
	if len(reasons) == 0 {
		return ""
	}
	words := make([]string, len(reasons))
	for i, r := range reasons {
		words[i] = strings.ReplaceAll(fmt.Sprint(r), "_", " ")
	}
	return ": " + strings.Join(words, ", ")
}

func fieldOf(data map[string]any, name string) map[string]any {
	f, _ := data[name].(map[string]any)
	return f
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func joinAny(vs []any) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ", ")
}
