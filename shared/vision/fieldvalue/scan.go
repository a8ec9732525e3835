package fieldvalue

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// atom is a run of letters and digits in a scanned text, read as a number, a month name or
// neither. A run that joins numbers and a month name (01JUL2014, as OCR reads a tight print) is
// split into one atom each, with nothing between them.
type atom struct {
	start, end int    // byte offsets of the run in the text
	num        int    // the number when isNum
	width      int    // the number's characters when isNum: 1 to 4
	subs       int    // letters read as digits (isNum) or digits read as letters (a month name)
	isNum      bool   // a number, perhaps through OCR confusions
	months     uint16 // bit m set when the run names month m; never set with isNum
	word       bool   // not a number, and has a letter: perhaps a month name OCR garbled
}

// digitFor is the digit OCR confuses each letter with, where a number is expected: O and Q for
// 0, I and l for 1, Z for 2, S for 5, G for 6, B for 8.
func digitFor(r rune) (int, bool) {
	switch r {
	case 'O', 'o', 'Q':
		return 0, true
	case 'I', 'l':
		return 1, true
	case 'Z', 'z':
		return 2, true
	case 'S', 's':
		return 5, true
	case 'G':
		return 6, true
	case 'B':
		return 8, true
	}
	return 0, false
}

// isRunRune tells whether r belongs to a run: a letter, a digit or a combining mark (of a
// decomposed accent).
func isRunRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// scan cuts text into atoms.
func scan(text string) []atom {
	atoms := make([]atom, 0, 8)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isRunRune(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if !isRunRune(r) {
				break
			}
			j += size
		}
		atoms = appendRun(atoms, text, i, j)
		i = j
	}
	return atoms
}

// appendRun classifies the run text[start:end] and appends its atoms.
func appendRun(atoms []atom, text string, start, end int) []atom {
	a := atom{start: start, end: end}
	run := text[start:end]
	if readNumber(&a, run) || readOrdinal(&a, run) {
		return append(atoms, a)
	}
	a.months, a.subs = monthsOf(run)
	if a.months != 0 {
		a.word = true
		return append(atoms, a)
	}
	a.subs = 0
	for _, r := range run {
		if unicode.IsLetter(r) {
			a.word = true
			break
		}
	}
	return appendSplit(atoms, a, run)
}

// readNumber reads run as a number of one to four characters, of which at most as many are
// letters standing for digits as are digits: 2OO9 is a year, IO is no number.
func readNumber(a *atom, run string) bool {
	if len(run) > 4 {
		return false
	}
	digits, subs, n := 0, 0, 0
	for _, r := range run {
		d, ok := int(r-'0'), r >= '0' && r <= '9'
		if ok {
			digits++
		} else if d, ok = digitFor(r); ok {
			subs++
		} else {
			return false
		}
		n = n*10 + d
	}
	if digits == 0 || subs > digits {
		return false
	}
	a.num, a.width, a.subs, a.isNum = n, digits+subs, subs, true
	return true
}

// ordinals are the suffixes of a day written as an ordinal: 1st, 2nd, 3rd, 4th, 1er, 1re, 1º.
var ordinals = []string{"ST", "ND", "RD", "TH", "ER", "RE", "º"}

// readOrdinal reads run as a day of one or two digits and an ordinal suffix.
func readOrdinal(a *atom, run string) bool {
	n := 0
	for n < len(run) && n < 3 && isDigit(run[n]) {
		n++
	}
	if n == 0 || n > 2 {
		return false
	}
	for _, suffix := range ordinals {
		if strings.EqualFold(run[n:], suffix) {
			return readNumber(a, run[:n])
		}
	}
	return false
}

// appendSplit appends the run a as one atom, or as two or three when it is digits and a month
// name glued together (01JUL2014, 01JUL, JUL2014), exactly: no confusion is read inside a glued
// run.
func appendSplit(atoms []atom, a atom, run string) []atom {
	var cuts [4]int
	n := 0
	for i := 0; i < len(run); i++ {
		if run[i] >= utf8.RuneSelf {
			return append(atoms, a)
		}
		if i > 0 && isDigit(run[i]) != isDigit(run[i-1]) {
			if n == len(cuts)-2 {
				return append(atoms, a)
			}
			n++
			cuts[n] = i
		}
	}
	if n == 0 {
		return append(atoms, a)
	}
	n++
	cuts[n] = len(run)
	parts := make([]atom, 0, 3)
	for k := range n {
		p := atom{start: a.start + cuts[k], end: a.start + cuts[k+1]}
		s := run[cuts[k]:cuts[k+1]]
		if isDigit(s[0]) {
			if !readNumber(&p, s) {
				return append(atoms, a)
			}
		} else if p.months, p.subs = monthsOf(s); p.months == 0 {
			return append(atoms, a)
		} else {
			p.word = true
		}
		parts = append(parts, p)
	}
	return append(atoms, parts...)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// gap counts the characters between two atoms.
type gap struct {
	dots, slashes, dashes, commas, spaces, others int
}

// gapOf counts the characters of s, the text between two atoms.
func gapOf(s string) gap {
	var g gap
	for _, r := range s {
		switch r {
		case ' ', '\t', '\u00a0':
			g.spaces++
		case '.':
			g.dots++
		case '/':
			g.slashes++
		case '-', '\u2010', '\u2013':
			g.dashes++
		case ',':
			g.commas++
		default:
			g.others++
		}
	}
	return g
}

// blank tells whether a gap is spaces or nothing.
func (g gap) blank() bool { return g == gap{spaces: g.spaces} }

// numeric returns the separator a gap makes between the numbers of a date: '.', '/', '-', or ' '
// for spaces alone; 0 for a gap that separates no date's numbers.
func (g gap) numeric() byte {
	if g.others > 0 || g.commas > 0 || g.spaces > 3 {
		return 0
	}
	switch {
	case g.dots+g.slashes+g.dashes == 0 && g.spaces > 0:
		return ' '
	case g.dots == 1 && g.slashes+g.dashes == 0:
		return '.'
	case g.slashes == 1 && g.dots+g.dashes == 0:
		return '/'
	case g.dashes == 1 && g.dots+g.slashes == 0:
		return '-'
	}
	return 0
}

// named tells whether a gap can stand between a month name and a number: spaces, at most one dot
// (14. Mai, JUIL. 2014), at most one slash or dash (01-JUL-2014), and a comma when comma is set
// (JUL 1, 2014). Glued atoms have an empty gap.
func (g gap) named(comma bool) bool {
	return g.others == 0 && g.spaces <= 3 && g.dots <= 1 && g.slashes+g.dashes <= 1 &&
		(g.commas == 0 || comma && g.commas == 1)
}

// pair tells whether a gap joins the two names of a month pair: one slash, perhaps spaces, and
// the dot of an abbreviation (AUG./AOÛT).
func (g gap) pair() bool {
	return g.slashes == 1 && g.others == 0 && g.dashes == 0 && g.commas == 0 && g.dots <= 1 && g.spaces <= 3
}
