package fieldvalue

import (
	"math"
	"strconv"
	"time"
)

// Date is a calendar date read from a printed zone.
type Date struct {
	Year, Month, Day int
	// Confidence is how sure the reading is, in (0,1]: 1 for a date read as printed with a
	// four-digit year, less for OCR confusions and an inferred century (see the package
	// documentation).
	Confidence float64
	// DayMonthAmbiguous is true for a date written in numbers only, day first, whose day and
	// month differ and are both 12 or less: read month first, as the United States writes, it is
	// another date.
	DayMonthAmbiguous bool
}

// ISO returns the date as ISO 8601 calendar date, YYYY-MM-DD, the MRZ fields' form.
func (d Date) ISO() string {
	b := make([]byte, 0, 10)
	b = appendPadded(b, d.Year, 4)
	b = append(b, '-')
	b = appendPadded(b, d.Month, 2)
	b = append(b, '-')
	return string(appendPadded(b, d.Day, 2))
}

func appendPadded(b []byte, n, width int) []byte {
	s := strconv.Itoa(n)
	for range width - len(s) {
		b = append(b, '0')
	}
	return append(b, s...)
}

// Time returns the date at midnight UTC.
func (d Date) Time() time.Time {
	return time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
}

// Anchor says where a printed date is expected to lie, to choose the century of a two-digit
// year; a zero field is unset, and a zero Anchor leaves two-digit years unread. Only the calendar
// date of each time counts.
//
// The MRZ gives the anchors: the printed birth date is Near the MRZ's birth date, the printed
// expiry Near the MRZ's expiry, and the printed issue date lies after the birth and not after
// the expiry. On a document without an MRZ, a birth or issue date is NotAfter today.
type Anchor struct {
	// Near chooses the century that puts the date nearest to it.
	Near time.Time
	// NotBefore excludes centuries that put the date before it.
	NotBefore time.Time
	// NotAfter excludes centuries that put the date after it; without Near, the latest date
	// that remains is chosen.
	NotAfter time.Time
}

// Years read: a four-digit year outside is an OCR accident, not a document's.
const (
	minYear = 1800
	maxYear = 2199
)

// ParseDate reads s as one printed date, in any of the package's forms, after spaces and before
// spaces and a final dot or comma. ok is false when s is not a date in those forms, names a day
// the calendar does not have (31.02.2009), has a two-digit year the anchor cannot place, or has
// more than three characters read through OCR confusions.
func ParseDate(s string, a Anchor) (d Date, ok bool) {
	sc := dateScanner{text: s, atoms: scan(s)}
	if len(sc.atoms) == 0 || !gapOf(s[:sc.atoms[0].start]).blank() {
		return Date{}, false
	}
	r, ok := sc.read(0)
	if !ok || r.last != len(sc.atoms) {
		return Date{}, false
	}
	tail := gapOf(s[sc.atoms[r.last-1].end:])
	if tail.others+tail.slashes+tail.dashes > 0 || tail.dots+tail.commas > 1 {
		return Date{}, false
	}
	return r.date(a)
}

// date checks the reading against the calendar and the anchor, and says how sure it is.
func (r reading) date(a Anchor) (Date, bool) {
	d := Date{Year: r.year, Month: r.month, Day: r.day, Confidence: 1}
	if r.shortYear {
		y, ok := century(r.year, r.month, r.day, a)
		if !ok {
			return Date{}, false
		}
		d.Year = y
		d.Confidence *= 0.9
	}
	if d.Year < minYear || d.Year > maxYear || !calendar(d.Year, d.Month, d.Day) {
		return Date{}, false
	}
	d.Confidence *= math.Pow(0.8, float64(r.subs))
	if r.unknownName {
		d.Confidence *= 0.8
	}
	d.DayMonthAmbiguous = r.dayFirst && r.day <= 12 && r.day != r.month
	return d, true
}

// calendar tells whether the calendar has that day.
func calendar(year, month, day int) bool {
	if month < 1 || month > 12 || day < 1 {
		return false
	}
	return day <= time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// century returns the year ending in yy that the anchor chooses (see Anchor), false when it
// has no reference or no year fits its bounds.
func century(yy, month, day int, a Anchor) (int, bool) {
	ref := a.Near
	if ref.IsZero() {
		ref = a.NotAfter
	}
	if ref.IsZero() {
		ref = a.NotBefore
	}
	if ref.IsZero() {
		return 0, false
	}
	near, lo, hi := dayOf(a.Near), dayOf(a.NotBefore), dayOf(a.NotAfter)
	best, found := 0, false
	var bestDist time.Duration
	base := ref.Year() - ref.Year()%100
	for y := base - 200 + yy; y <= base+200; y += 100 {
		if y < minYear || y > maxYear || !calendar(y, month, day) {
			continue
		}
		t := time.Date(y, time.Month(month), day, 0, 0, 0, 0, time.UTC)
		if !a.NotBefore.IsZero() && t.Before(lo) || !a.NotAfter.IsZero() && t.After(hi) {
			continue
		}
		var dist time.Duration
		switch {
		case !a.Near.IsZero():
			dist = t.Sub(near).Abs()
		case !a.NotAfter.IsZero():
			dist = hi.Sub(t)
		default:
			dist = t.Sub(lo)
		}
		if !found || dist < bestDist {
			best, bestDist, found = y, dist, true
		}
	}
	return best, found
}

// dayOf returns t's calendar date at midnight UTC.
func dayOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
