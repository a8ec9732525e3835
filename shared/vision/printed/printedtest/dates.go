package printedtest

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// dateStyle is one way issuers print a date; a page prints all its dates in one style.
type dateStyle int

const (
	dateDot            dateStyle = iota // 01.07.2009
	dateSlash                           // 01/07/2009
	dateSpace                           // 01 07 2009
	dateISO                             // 2009-07-01
	dateMonth                           // 01 JUL 2009, in the first language
	dateBilingual                       // 13 LIP/JUL 2006: the national month, then the second language's
	dateBilingualShort                  // 31 DES/DEC 66: the same with a two-digit year
	dateMixed                           // 8 Août/Aug 2006: no leading zero, months in mixed case
	dateHungarian                       // 2009.07.01.
	dateDotShort                        // 01.07.09, on older licences
	numberOfDateStyles                  // for the tests that print every style
)

// format prints t in the style, with the months of first and second.
func (s dateStyle) format(t time.Time, first, second *language) string {
	d, m, y := t.Day(), int(t.Month()), t.Year()
	bilingual := func(day string, year int, fold func(string) string) string {
		a, b := first.months[m-1], second.months[m-1]
		month := fold(a)
		if a != b {
			month += "/" + fold(b)
		}
		return fmt.Sprintf("%s %s %0*d", day, month, yearWidth(year), year)
	}
	upper := func(s string) string { return s }
	switch s {
	case dateSlash:
		return fmt.Sprintf("%02d/%02d/%04d", d, m, y)
	case dateSpace:
		return fmt.Sprintf("%02d %02d %04d", d, m, y)
	case dateISO:
		return t.Format(time.DateOnly)
	case dateMonth:
		return fmt.Sprintf("%02d %s %04d", d, first.months[m-1], y)
	case dateBilingual:
		return bilingual(fmt.Sprintf("%02d", d), y, upper)
	case dateBilingualShort:
		return bilingual(fmt.Sprintf("%02d", d), y%100, upper)
	case dateMixed:
		return bilingual(fmt.Sprint(d), y, title)
	case dateHungarian:
		return fmt.Sprintf("%04d.%02d.%02d.", y, m, d)
	case dateDotShort:
		return fmt.Sprintf("%02d.%02d.%02d", d, m, y%100)
	}
	return fmt.Sprintf("%02d.%02d.%04d", d, m, y)
}

// yearWidth pads two-digit years (66) to two digits and full years to four.
func yearWidth(year int) int {
	if year < 100 {
		return 2
	}
	return 4
}

// title writes an upper-case word in mixed case: AOÛT → Août.
func title(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + strings.ToLower(s[n:])
}
