package fieldvalue

import "strings"

// reading is a date as written, before its year's century is chosen and its calendar checked.
type reading struct {
	year, month, day int
	shortYear        bool // the year has two digits
	subs             int  // characters read through an OCR confusion
	unknownName      bool // a name of the month pair was not recognised
	dayFirst         bool // numbers only, day first: the order may be the issuer's other one
	first, last      int  // the atoms read: atoms[first:last]
}

// dateScanner reads dates from the atoms of a text.
type dateScanner struct {
	text  string
	atoms []atom
}

// maxSubs is the most characters read through an OCR confusion in one date: beyond, the
// reading is more guess than print.
const maxSubs = 3

// gap returns the gap before atom i.
func (s *dateScanner) gap(i int) gap {
	return gapOf(s.text[s.atoms[i-1].end:s.atoms[i].start])
}

// num returns atom i when it is a number of one of the widths allowed (a bit set for each).
func (s *dateScanner) num(i int, widths uint8) (atom, bool) {
	if i >= len(s.atoms) {
		return atom{}, false
	}
	a := s.atoms[i]
	return a, a.isNum && widths&(1<<a.width) != 0
}

const (
	dayWidth   = 1<<1 | 1<<2
	yearWidth  = 1<<2 | 1<<4
	fullYear   = 1 << 4
	monthWidth = dayWidth
)

// read reads the date that starts at atom i, in the first form that fits: numbers day first
// (01.07.2009) or year first (2009-07-01), a month name day first (01 JUL 2014), year first
// (1985. május 14.) or month first (JUL 1, 2014).
func (s *dateScanner) read(i int) (reading, bool) {
	r, ok := reading{}, false
	switch a := s.atoms[i]; {
	case a.isNum:
		if r, ok = s.numeric(i); !ok {
			r, ok = s.named(i)
		}
	case a.word:
		r, ok = s.monthFirst(i)
	}
	if !ok {
		return reading{}, false
	}
	for _, a := range s.atoms[r.first:r.last] {
		r.subs += a.subs
	}
	return r, r.subs <= maxSubs
}

// numeric reads three numbers with the same separator: day, month and year (a two-digit year
// not after spaces alone, which join too many numbers that are no dates), or year, month, day.
func (s *dateScanner) numeric(i int) (reading, bool) {
	a, _ := s.num(i, dayWidth|fullYear)
	b, okb := s.num(i+1, monthWidth)
	c, okc := s.num(i+2, dayWidth|yearWidth)
	if !okb || !okc {
		return reading{}, false
	}
	sep := s.gap(i + 1).numeric()
	if sep == 0 || s.gap(i+2).numeric() != sep {
		return reading{}, false
	}
	r := reading{first: i, last: i + 3}
	switch {
	case a.width <= 2 && (c.width == 4 || c.width == 2 && sep != ' '):
		r.day, r.month, r.year, r.shortYear, r.dayFirst = a.num, b.num, c.num, c.width == 2, true
	case a.width == 4 && c.width <= 2 && sep != ' ':
		r.year, r.month, r.day = a.num, b.num, c.num
	default:
		return reading{}, false
	}
	return r, true
}

// named reads a day, a month's names and a year, or a year, a month's names and a day; a
// connector may stand between them (14 de mayo de 1985, 1st of July 2014).
func (s *dateScanner) named(i int) (reading, bool) {
	a := s.atoms[i]
	j, ok := s.namedGap(i + 1)
	if !ok {
		return reading{}, false
	}
	month, unknown, j, ok := s.monthGroup(j)
	if !ok {
		return reading{}, false
	}
	if j, ok = s.namedGap(j); !ok {
		return reading{}, false
	}
	r := reading{month: month, unknownName: unknown, first: i, last: j + 1}
	if a.width <= 2 {
		y, ok := s.num(j, yearWidth)
		r.day, r.year, r.shortYear = a.num, y.num, y.width == 2
		return r, ok
	}
	d, ok := s.num(j, dayWidth)
	r.year, r.day = a.num, d.num
	return r, ok && a.width == 4
}

// connectors are the words some languages put between a date's parts.
var connectors = []string{"DE", "DEL", "OF"}

// namedGap checks the gap before atom j, which separates a number from a month name, and
// steps over a connector there; it returns the atom after the gap.
func (s *dateScanner) namedGap(j int) (int, bool) {
	if j >= len(s.atoms) || !s.gap(j).named(false) {
		return 0, false
	}
	a := s.atoms[j]
	if a.isNum || a.months != 0 || j+1 >= len(s.atoms) {
		return j, true
	}
	for _, c := range connectors {
		if strings.EqualFold(s.text[a.start:a.end], c) {
			g := s.gap(j + 1)
			return j + 1, g.spaces > 0 && g.blank()
		}
	}
	return j, true
}

// monthFirst reads a month's names, a day and a four-digit year.
func (s *dateScanner) monthFirst(i int) (reading, bool) {
	month, unknown, j, ok := s.monthGroup(i)
	if !ok || j+1 >= len(s.atoms) || !s.gap(j).named(false) || !s.gap(j+1).named(true) {
		return reading{}, false
	}
	d, okd := s.num(j, dayWidth)
	y, oky := s.num(j+1, fullYear)
	return reading{year: y.num, month: month, day: d.num, unknownName: unknown, first: i, last: j + 2}, okd && oky
}

// maxPair is the most names a month pair has: the national, the English, and a third language
// on some documents (Belgium, Switzerland, Luxembourg).
const maxPair = 3

// monthGroup reads the names of a month from atom i: one word, or words joined by slashes
// (LIP/JUL). The names recognised must agree on one month (LIP is June in Croatian and July in
// Polish, JUL decides); a word not recognised is tolerated beside one that is. It returns the
// month, whether a word was not recognised, and the atom after the group.
func (s *dateScanner) monthGroup(i int) (month int, unknown bool, next int, ok bool) {
	mask := uint16(0x1ffe)
	known := false
	j := i
	for ; j < len(s.atoms) && j-i < maxPair; j++ {
		a := s.atoms[j]
		if !a.word || j > i && !s.gap(j).pair() {
			break
		}
		if a.months == 0 {
			unknown = true
			continue
		}
		mask &= a.months
		known = true
	}
	if !known {
		return 0, false, 0, false
	}
	month, ok = single(mask)
	return month, unknown, j, ok
}

// joined tells whether the reading is part of a longer run of numbers: a number joined to its
// first or last atom by a single '.', '/' or '-' (1234.12.03.1985, 01-07-2009-123).
func (s *dateScanner) joined(r reading) bool {
	tight := func(g gap) bool {
		return g.spaces == 0 && g.others == 0 && g.commas == 0 && g.dots+g.slashes+g.dashes == 1
	}
	if r.first > 0 && s.atoms[r.first-1].isNum && tight(s.gap(r.first)) {
		return true
	}
	return r.last < len(s.atoms) && s.atoms[r.last].isNum && tight(s.gap(r.last))
}
