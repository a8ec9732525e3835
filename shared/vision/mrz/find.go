package mrz

import (
	"fmt"
	"math"
	"strings"
	"unicode"
)

// clean turns an OCR line into MRZ characters: upper case, accents and full-width forms folded,
// « and ≪ read as two fillers and the other angle brackets as one, everything else (spaces,
// punctuation) dropped.
func clean(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '<' {
			b.WriteByte(byte(r))
			continue
		}
		switch r {
		case '«', '≪':
			b.WriteString("<<")
			continue
		case '‹', '〈', '⟨', '＜', '˂', '❮', '⋖':
			b.WriteByte('<')
			continue
		case 'Ø', 'ø':
			b.WriteByte('0')
			continue
		}
		switch {
		case r >= 'Ａ' && r <= 'Ｚ':
			b.WriteByte(byte('A' + r - 'Ａ'))
		case r >= 'ａ' && r <= 'ｚ':
			b.WriteByte(byte('A' + r - 'ａ'))
		case r >= '０' && r <= '９':
			b.WriteByte(byte('0' + r - '０'))
		default:
			if c, ok := folds[unicode.ToUpper(r)]; ok {
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}

// folds maps the accented capitals OCR engines produce for MRZ letters.
var folds = map[rune]byte{
	'À': 'A', 'Á': 'A', 'Â': 'A', 'Ã': 'A', 'Ä': 'A', 'Å': 'A', 'Ç': 'C',
	'È': 'E', 'É': 'E', 'Ê': 'E', 'Ë': 'E', 'Ì': 'I', 'Í': 'I', 'Î': 'I', 'Ï': 'I',
	'Ñ': 'N', 'Ò': 'O', 'Ó': 'O', 'Ô': 'O', 'Õ': 'O', 'Ö': 'O',
	'Ù': 'U', 'Ú': 'U', 'Û': 'U', 'Ü': 'U', 'Ý': 'Y',
}

// slack is how many characters a line may be short or long and still be repaired.
const slack = 2

type candidate struct {
	text string
	conf float64
}

// candidates cleans the lines and keeps those long enough to be a zone line. A line exactly two
// or three zone lines long is split: some engines merge the lines of a zone. mrzLike tells
// whether any line, kept or not, looks like part of a zone (long, with fillers).
func candidates(in []Line) (out []candidate, mrzLike bool) {
	for _, l := range in {
		t := clean(l.Text)
		mrzLike = mrzLike || len(t) >= 20 && strings.Contains(t, "<<")
		c := l.Confidence
		if math.IsNaN(c) || c < 0 {
			c = 0
		}
		c = min(c, 1)
		parts := 1
		switch len(t) {
		case 60, 72, 88:
			parts = 2
		case 90:
			parts = 3
		}
		w := len(t) / parts
		for p := range parts {
			s := t[p*w : (p+1)*w]
			if len(s) >= 30-slack && len(s) <= 44+slack {
				out = append(out, candidate{s, c})
			}
		}
	}
	return out, mrzLike
}

// window is a zone located in the lines, repaired to its layout.
type window struct {
	l     *layout
	lines []string
	conf  []float64
	notes []string
	doubt []span // columns whose repair the check digits could not confirm
	score int
}

// repairBudget bounds the variants locate scores when repairing line lengths (about a
// microsecond each), so that a page of many near-zone lines cannot make it slow; past it, lines
// are repaired the conservative way only.
const repairBudget = 100_000

// locate finds the best-fitting zone among the lines.
func locate(in []Line) (window, error) {
	cands, mrzLike := candidates(in)
	budget := repairBudget
	var best window
	found := false
	for i := len(cands) - 1; i >= 0; i-- { // from the bottom, where zones are, while budget lasts
		for _, l := range layouts {
			if i+l.rows > len(cands) {
				continue
			}
			w, ok := fit(l, cands[i:i+l.rows], &budget)
			if ok && (!found || w.score > best.score) {
				best, found = w, true
			}
		}
	}
	switch {
	case found:
		return best, nil
	case mrzLike:
		return window{}, fmt.Errorf("%w: %d candidate lines fit no layout", ErrUnknownFormat, len(cands))
	}
	return window{}, ErrNoMRZ
}

// fit repairs the lines of a window to l and scores how well they fit: ten points a valid check
// digit and minus ten a failed one, a point per well-formed date, sex and country, minus one per
// character repaired, and codeWeight for the document code's letter. ok is false when the lines
// are not a zone of l. Scoring repair variants spends budget.
//
// Failed check digits count against a format because the formats of one width share columns: a
// visa read as TD3 verifies its three check digits, and TD3's two more (personal number,
// composite) each verify by chance one time in ten; rewarding only the valid ones made that visa
// a passport one time in a hundred, and one in ten for MRV-B read as TD2.
func fit(l *layout, win []candidate, budget *int) (window, bool) {
	for _, c := range win {
		if d := len(c.text) - l.width; d < -slack || d > slack {
			return window{}, false
		}
	}
	w := window{l: l, lines: make([]string, len(win)), conf: make([]float64, len(win))}
	repairs, checked := 0, 0
	for i, c := range win {
		w.lines[i] = conservative(c.text, l.width)
		w.conf[i] = c.conf
		if len(c.text) != l.width {
			repairs += abs(len(c.text) - l.width)
			if l.checkedLine(i) {
				checked++
			}
			w.conf[i] *= 0.9
			repaired := fmt.Sprintf("line %d: read %d characters, repaired to %d", i+1, len(c.text), l.width)
			w.notes = append(w.notes, repaired)
		}
	}
	if checked > 0 {
		variants := make([][]string, len(win))
		passes := 1
		if checked > 1 {
			passes = 2 // a line's repair may depend on another's, through the composite
		}
		notes := make([]string, len(win))
		doubts := make([]span, len(win))
		for range passes {
			for i, c := range win {
				if len(c.text) == l.width || !l.checkedLine(i) {
					continue
				}
				if variants[i] == nil {
					variants[i] = []string{w.lines[i]}
					if *budget > 0 {
						variants[i] = lengthVariants(c.text, l.width)
						*budget -= len(variants[i]) * passes
					}
				}
				w.lines[i], notes[i], doubts[i] = pick(l, w.lines, i, c.text, variants[i])
			}
		}
		for _, d := range doubts {
			if d.ok() {
				w.doubt = append(w.doubt, d)
			}
		}
		for _, n := range notes {
			if n != "" {
				w.notes = append(w.notes, n)
			}
		}
	}
	valid, failed, shape := evaluate(l, w.lines)
	code := codeWeight(l, w.lines[0])
	prefix := code > 0
	filler := false
	for _, s := range w.lines {
		filler = filler || strings.IndexByte(s, '<') >= 0
	}
	if !filler || (!prefix && valid < 2) {
		return window{}, false
	}
	w.score = 10*valid - 10*failed + shape - repairs + code
	return w, true
}

// evaluate counts the valid and the failed check digits of lines read as l, after the safe
// numeric mapping, and the fields that have the right shape (dates, sex, countries).
func evaluate(l *layout, lines []string) (valid, failed, shape int) {
	b := make([][]byte, len(lines))
	for i, s := range lines {
		b[i] = []byte(s)
	}
	cs := l.checks(b)
	mapDigits(l, b, cs, nil)
	for _, c := range cs {
		// A filler check digit over fillers is valid, but no evidence of a zone.
		switch _, found, ok := verify(b, c); {
		case ok && found != '<':
			valid++
		case !ok:
			failed++
		}
	}
	for _, s := range []span{l.birth, l.expiry} {
		if s.ok() && plausibleDate(b[s.line][s.from:s.to]) {
			shape++
		}
	}
	if c := b[l.sex.line][l.sex.from]; c == 'M' || c == 'F' || c == 'X' || c == '<' {
		shape++
	}
	for _, s := range []span{l.issuer, l.nationality} {
		if s.ok() && all(b, s, func(c byte) bool { return c == '<' || c >= 'A' && c <= 'Z' || letterFor[c] != 0 }) {
			shape++
		}
	}
	return valid, failed, shape
}

// codeLetter weighs the document code's letter in fit: more than two check digits, so that the
// letter, which ICAO 9303 fixes per format (P passports, V visas, A, C or I identity documents),
// tells TD3 from MRV-A and TD2 from MRV-B even when a format's extra check digits verify by
// chance; less than three, so that a zone whose letter is misread still goes to the format its
// check digits prove.
const codeLetter = 25

// codeWeight is codeLetter when the document code suits the format (P for passports, V for visas,
// A, C or I for identity cards, IDFRA for the French card), minus codeLetter when it is the
// letter of another format, and 0 when it is no document letter at all.
func codeWeight(l *layout, line0 string) int {
	first := line0[0]
	if c := letterFor[first]; c != 0 {
		first = c
	}
	var fits bool
	switch l.format {
	case FormatTD3:
		fits = first == 'P'
	case FormatMRVA, FormatMRVB:
		fits = first == 'V'
	case FormatFRAID:
		fits = first == 'I' && strings.HasPrefix(line0[1:], "DFRA")
	default:
		fits = first == 'A' || first == 'C' || first == 'I'
	}
	switch {
	case fits:
		return codeLetter
	case strings.IndexByte("PVACI", first) >= 0:
		return -codeLetter
	}
	return 0
}

// plausibleDate tells whether d reads as YYMMDD, with fillers for unknown parts.
func plausibleDate(d []byte) bool {
	limits := [3]int{99, 12, 31}
	for i := 0; i+1 < len(d); i += 2 {
		a, b := d[i], d[i+1]
		if a == '<' && b == '<' {
			continue
		}
		if a < '0' || a > '9' || b < '0' || b > '9' {
			return false
		}
		n := int(a-'0')*10 + int(b-'0')
		if i > 0 && (n < 1 || n > limits[i/2]) {
			return false
		}
	}
	return true
}

func all(b [][]byte, s span, ok func(byte) bool) bool {
	for _, c := range b[s.line][s.from:s.to] {
		if !ok(c) {
			return false
		}
	}
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
