package mrz

import (
	"fmt"
	"time"
)

// yearRule resolves a two-digit year; month and day are 0 when unknown.
type yearRule func(yy, month, day int, now time.Time) int

// pastYear is the latest year that does not put the date after now.
func pastYear(yy, month, day int, now time.Time) int {
	y := now.Year() - now.Year()%100 + yy
	if compareDate(y, month, day, now) > 0 {
		y -= 100
	}
	return y
}

// expiryYear is the year within (now−50, now+50].
func expiryYear(yy, _, _ int, now time.Time) int {
	y := now.Year() - now.Year()%100 + yy
	switch {
	case y > now.Year()+50:
		y -= 100
	case y <= now.Year()-50:
		y += 100
	}
	return y
}

// compareDate compares a date, on the parts that are known (non-zero), with now's date.
func compareDate(y, month, day int, now time.Time) int {
	a := [3]int{y, month, day}
	b := [3]int{now.Year(), int(now.Month()), now.Day()}
	for i := range a {
		if i > 0 && a[i] == 0 {
			return 0
		}
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// before tells whether an ISO date, possibly reduced to YYYY-MM or YYYY, ends before now's date.
func before(iso string, now time.Time) bool {
	var y, m, day int
	switch len(iso) {
	case 10:
		fmt.Sscanf(iso, "%4d-%2d-%2d", &y, &m, &day)
	case 7:
		fmt.Sscanf(iso, "%4d-%2d", &y, &m)
	case 4:
		fmt.Sscanf(iso, "%4d", &y)
	default:
		return false
	}
	return compareDate(y, m, day, now) < 0
}

// date reads a YYMMDD date (YYMM for FRA_ID's issue date); a part made of fillers is unknown and
// reduces the date. ok is false when the year is unknown or the text is not a date.
func (d *decoder) date(name string, s span, now time.Time, rule yearRule) (Field, bool) {
	raw := d.text(s)
	part := func(i int) (n int, known, filler bool) {
		if i+2 > len(raw) {
			return 0, false, true
		}
		p := raw[i : i+2]
		if p == "<<" {
			return 0, false, true
		}
		if p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9' {
			return 0, false, false
		}
		return int(p[0]-'0')*10 + int(p[1]-'0'), true, false
	}
	yy, yKnown, yFiller := part(0)
	mm, mKnown, mFiller := part(2)
	dd, dKnown, dFiller := part(4)
	notDate := func() (Field, bool) {
		d.warn(name, "%q is not a date", raw)
		return Field{}, false
	}
	if !yKnown && !yFiller || !mKnown && !mFiller || !dKnown && !dFiller {
		return notDate()
	}
	if !yKnown {
		d.warn(name, "unknown")
		return d.field(name, "", s), false
	}
	if mKnown && (mm < 1 || mm > 12) {
		return notDate()
	}
	if !mKnown {
		dd, dKnown = 0, false
	}
	if dKnown && dd == 0 {
		return notDate()
	}
	y := rule(yy, mm, dd, now)
	switch {
	case !mKnown:
		if len(raw) > 2 {
			d.warn(name, "month and day unknown")
		}
		return d.field(name, fmt.Sprintf("%04d", y), s), true
	case !dKnown:
		if len(raw) > 4 {
			d.warn(name, "day unknown")
		}
		return d.field(name, fmt.Sprintf("%04d-%02d", y, mm), s), true
	}
	t := time.Date(y, time.Month(mm), dd, 0, 0, 0, 0, time.UTC)
	if t.Day() != dd {
		return notDate()
	}
	return d.field(name, t.Format(time.DateOnly), s), true
}
