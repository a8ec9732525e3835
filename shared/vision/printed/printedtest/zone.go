package printedtest

import (
	"strings"
	"time"

	"github.com/trustline/platform/shared/vision/mrz"
)

// mrzNameField is the name field before padding: surname, <<, given names, fillers for spaces
// and hyphens (ICAO 9303 part 3).
func mrzNameField(surname, given string) string {
	s := Transliterate(surname)
	if given != "" {
		s += "<<" + Transliterate(given)
	}
	return s
}

// fill pads s with fillers to n characters (cutting it to n if longer).
func fill(s string, n int) string {
	if len(s) >= n {
		return s[:n]
	}
	return s + strings.Repeat("<", n-len(s))
}

// withCheck appends the field's check digit.
func withCheck(field string) string { return field + string(mrz.CheckDigit(field)) }

func yymmdd(t time.Time) string { return t.Format("060102") }

// td3 writes a passport's zone (ICAO 9303 part 4): 2 lines of 44, the personal number with its
// check digit (a filler when there is none) and the composite check digit.
func td3(d *doc) []string {
	line1 := fill(d.code, 2) + fill(d.iss.mrzCode, 3) + fill(mrzNameField(d.mrzSurname, d.given), 39)
	personal := fill(mrzPersonal(d.personal), 14)
	personalCheck := "<"
	if d.personal != "" {
		personalCheck = string(mrz.CheckDigit(personal))
	}
	line2 := withCheck(fill(d.mrzNumber, 9)) + fill(d.nationality, 3) + withCheck(yymmdd(d.mrzBirth)) +
		string(d.sex) + withCheck(yymmdd(d.mrzExpiry)) + personal + personalCheck
	composite := line2[0:10] + line2[13:20] + line2[21:43]
	return []string{line1, line2 + string(mrz.CheckDigit(composite))}
}

// td1 writes a card's zone (ICAO 9303 part 5): 3 lines of 30, the personal number in line 1's
// optional data, the composite check digit closing line 2.
func td1(d *doc) []string {
	line1 := fill(d.code, 2) + fill(d.iss.mrzCode, 3) + withCheck(fill(d.mrzNumber, 9)) +
		fill(mrzPersonal(d.personal), 15)
	line2 := withCheck(yymmdd(d.mrzBirth)) + string(d.sex) + withCheck(yymmdd(d.mrzExpiry)) +
		fill(d.nationality, 3) + strings.Repeat("<", 11)
	composite := line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29]
	line2 += string(mrz.CheckDigit(composite))
	return []string{line1, line2, fill(mrzNameField(d.mrzSurname, d.given), 30)}
}
