package fieldvalue

import (
	"strconv"
	"strings"
	"time"
	"unicode"
)

// SameDate tells whether a printed date is the MRZ's, given as the MRZ package writes it:
// YYYY-MM-DD, or YYYY-MM or YYYY when the zone marks a part unknown, in which case only the parts
// it has are compared. The printed date's two-digit year takes the MRZ date's century (Anchor
// Near), and a numeric date read day first also matches month first when DayMonthAmbiguous
// (07/01/2009 on a document of the United States is the MRZ's 2009-07-01). An empty or malformed
// MRZ date matches nothing.
func SameDate(printed, mrzISO string) bool {
	year, month, day, ok := parseISO(mrzISO)
	if !ok {
		return false
	}
	near := time.Date(year, time.Month(max(month, 1)), max(day, 1), 0, 0, 0, 0, time.UTC)
	d, ok := ParseDate(printed, Anchor{Near: near})
	if !ok {
		return false
	}
	same := func(m, dd int) bool {
		return d.Year == year && (month == 0 || m == month) && (day == 0 || dd == day)
	}
	return same(d.Month, d.Day) || d.DayMonthAmbiguous && same(d.Day, d.Month)
}

// parseISO reads YYYY-MM-DD, YYYY-MM or YYYY; the parts absent are 0.
func parseISO(s string) (year, month, day int, ok bool) {
	parts := strings.Split(s, "-")
	if len(parts) > 3 || len(parts[0]) != 4 {
		return 0, 0, 0, false
	}
	var n [3]int
	for i, p := range parts {
		if i > 0 && len(p) != 2 || strings.Trim(p, "0123456789") != "" {
			return 0, 0, 0, false
		}
		v, err := strconv.Atoi(p)
		if err != nil {
			return 0, 0, 0, false
		}
		n[i] = v
	}
	year, month, day = n[0], n[1], n[2]
	switch len(parts) {
	case 1:
		return year, 0, 0, true
	case 2:
		return year, month, 0, month >= 1 && month <= 12
	}
	return year, month, day, calendar(year, month, day)
}

// SameNumber tells whether a printed document or personal number is the MRZ's, spaces,
// punctuation and the MRZ's fillers aside (the MRZ has no room for them), and case and the OCR
// confusions O/Q/0, I/l/1, Z/2, S/5, G/6, B/8 aside: either side may be the misread one. Empty
// numbers are never the same.
func SameNumber(printed, mrz string) bool {
	p, m := numberKey(printed), numberKey(mrz)
	return p != "" && p == m
}

// numberKey returns the letters and digits of s in upper case, each confusable one as the
// digit it is confused with.
func numberKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == 'l' {
			r = '1'
		}
		r = unicode.ToUpper(r)
		switch {
		case r >= '0' && r <= '9':
		case r >= 'A' && r <= 'Z':
			if d, ok := digitFor(r); ok {
				r = rune('0' + d)
			}
		default:
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// SameCode tells whether a printed nationality or country and the MRZ's code name the same
// country: codes compare as they are, except Germany's D, which is DEU; a printed name or
// adjective (DEUTSCH, FRANÇAISE/FRENCH, BRITISH CITIZEN) is read for its code where the
// package's table has it (the EU and EEA, Switzerland, the United Kingdom, Turkey, Ukraine and a
// few more). Anything else is not the same.
func SameCode(printed, mrz string) bool {
	p, m := countryCode(printed), countryCode(mrz)
	return p != "" && p == m
}
