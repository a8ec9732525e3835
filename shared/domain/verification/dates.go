package verification

import (
	"strconv"
	"strings"
	"time"
)

// span is a date as extracted, which may lack its day or month (an MRZ marks unknown parts with
// fillers and the value is then YYYY-MM or YYYY): the first and the last day it may be.
type span struct {
	first, last time.Time
	full        bool // a whole date: first == last
}

// parseSpan reads YYYY-MM-DD, YYYY-MM or YYYY; ok is false for anything else, or a date that does
// not exist (2023-02-30).
func parseSpan(s string) (sp span, ok bool) {
	parts := strings.Split(s, "-")
	if len(parts) > 3 || len(parts[0]) != 4 {
		return span{}, false
	}
	var n [3]int
	for i, p := range parts {
		if i > 0 && len(p) != 2 {
			return span{}, false
		}
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return span{}, false
		}
		n[i] = v
	}
	year, month, day := n[0], n[1], n[2]
	switch len(parts) {
	case 1:
		return span{first: civil(year, 1, 1), last: civil(year, 12, 31)}, true
	case 2:
		if month < 1 || month > 12 {
			return span{}, false
		}
		return span{first: civil(year, month, 1), last: civil(year, month+1, 0)}, true
	}
	t := civil(year, month, day)
	if month < 1 || month > 12 || day < 1 || t.Day() != day {
		return span{}, false
	}
	return span{first: t, last: t, full: true}, true
}

// civil is the day at midnight UTC; Go normalises month 13 and day 0.
func civil(year, month, day int) time.Time {
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
}

// String is the span as extracted: YYYY-MM-DD, YYYY-MM or YYYY.
func (s span) String() string {
	switch {
	case s.full:
		return s.first.Format(time.DateOnly)
	case s.first.Month() == s.last.Month():
		return s.first.Format("2006-01")
	}
	return s.first.Format("2006")
}

// birthday is the day someone born on birth turns years old: their birth date's day in that
// year, and 1 March for one born on 29 February in a year without it (the later of the two days
// laws use, so no one is called of age before every reading makes them so).
func birthday(birth time.Time, years int) time.Time {
	return civil(birth.Year()+years, int(birth.Month()), birth.Day()) // 29 February → 1 March
}

// ageOn is the age in whole years on day of someone born on birth.
func ageOn(birth, day time.Time) int {
	age := day.Year() - birth.Year()
	if day.Before(birthday(birth, age)) {
		age--
	}
	return age
}
