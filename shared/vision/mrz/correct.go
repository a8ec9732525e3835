package mrz

import (
	"math"
	"strings"
)

// digitFor maps the letters OCR confuses with digits to those digits; letterFor the reverse.
var (
	digitFor  = [256]byte{'O': '0', 'Q': '0', 'I': '1', 'Z': '2', 'S': '5', 'G': '6', 'B': '8'}
	letterFor = [256]byte{'0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B'}
	// confusable lists what a character of a field mixing letters and digits may really be.
	// G/6 and K/< are left out: their values differ by 10 or 20, so no check digit can tell
	// them apart.
	confusable = [256]string{
		'0': "O", 'O': "0", 'Q': "0", '1': "I", 'I': "1", '2': "Z", 'Z': "2",
		'5': "S", 'S': "5", '8': "B", 'B': "8",
	}
)

// maxSubstitutions bounds the check-digit-guided search in one field.
const maxSubstitutions = 2

// recorder is told every change made to a zone.
type recorder func(field string, line, pos int, from, to byte, kind CorrectionKind)

// mapDigits maps letters to digits where the layout allows only digits: dates, the digit parts
// of FRA_ID's card number, and every check digit of cs.
func mapDigits(l *layout, b [][]byte, cs []checkAt, rec recorder) {
	apply := func(field string, s span) {
		for i := s.from; i < s.to; i++ {
			if c := b[s.line][i]; digitFor[c] != 0 {
				b[s.line][i] = digitFor[c]
				if rec != nil {
					rec(field, s.line, i, c, digitFor[c], CorrectionNumeric)
				}
			}
		}
	}
	apply("dateOfBirth", l.birth)
	apply("expiryDate", l.expiry)
	for _, s := range l.digits {
		apply("documentNumber", s)
	}
	for _, c := range cs {
		apply(c.name+"Check", c.at)
	}
}

// mapLetters maps digits to letters where the layout allows only letters: document code,
// countries, names. The second character of a TD1 or TD2 document code is the issuing state's
// choice (ICAO 9303-5 and -6) and may be a digit, as in C1: it is left as read.
func (d *decoder) mapLetters() {
	apply := func(s span, field func(pos int) string) {
		for i := s.from; s.ok() && i < s.to; i++ {
			if c := d.b[s.line][i]; letterFor[c] != 0 {
				d.b[s.line][i] = letterFor[c]
				d.record(field(i), s.line, i, c, letterFor[c], CorrectionAlphabetic)
			}
		}
	}
	named := func(name string) func(int) string { return func(int) string { return name } }
	code := d.l.code
	if d.l.format == FormatTD1 || d.l.format == FormatTD2 {
		code.to = code.from + 1
	}
	apply(code, named("documentCode"))
	apply(d.l.issuer, named("issuingCountry"))
	apply(d.l.nationality, named("nationality"))
	apply(d.l.name, d.nameField)
	apply(d.l.surname, named("surname"))
	apply(d.l.given, named("givenNames"))
}

// countryConfusions are the letters OCR reads for one another in country codes.
var countryConfusions = [256]string{
	'M': "N", 'N': "M", 'O': "DQ", 'D': "OQ", 'Q': "OD", 'U': "V", 'V': "U", 'E': "F", 'F': "E",
	'C': "G", 'G': "C", 'I': "L", 'L': "I", 'B': "RP", 'R': "BP", 'P': "BR",
}

// fixCountry corrects a country code outside the known list when exactly one confusion of one
// letter (countryConfusions) makes it known; any other unknown code stays as read, to be
// reported. Codes a check digit covers (FRA_ID's issuer, in its composite) are left to it.
func (d *decoder) fixCountry(field string, s span) {
	if !s.ok() || covers(d.l.compositeOver, []span{s}) {
		return
	}
	code := d.b[s.line][s.from:s.to]
	if KnownCountry(dataValue(string(code))) {
		return
	}
	var found []substitution
	for i, c := range code {
		for _, to := range []byte(countryConfusions[c]) {
			code[i] = to
			if KnownCountry(dataValue(string(code))) {
				found = append(found, substitution{s.line, s.from + i, c, to})
			}
			code[i] = c
		}
	}
	if len(found) == 1 {
		f := found[0]
		d.b[f.line][f.pos] = f.to
		d.record(field, f.line, f.pos, f.from, f.to, CorrectionCountry)
	}
}

// fixFillers turns into fillers the runs of K, and of digits (a speck or a stamp read at the
// line's end: names hold no digits), in the trailing part of a name (only those and fillers)
// where no name part can stand: after three fillers or more, or, in an ICAO name, after two
// fillers once the surname separator has been seen. A K right after a letter or a single filler
// may be a name or an initial and stays. The last one or two characters of a name that ends its
// line, after three fillers, become fillers whatever they are: no name part stands after three
// fillers, and specks past a line's end are read as letters too.
func (d *decoder) fixFillers() {
	fix := func(s span, separator bool, field func(int) string) {
		if !s.ok() {
			return
		}
		f := d.b[s.line][s.from:s.to]
		t := len(f)
		// The last two characters of a name that ends its line may be anything after three fillers:
		// specks or a stamp past the line's end, read as characters.
		tail := 0
		if s.to == len(d.b[s.line]) && len(f) >= 5 {
			tail = 2
			for tail > 0 && f[len(f)-tail] == '<' {
				tail--
			}
		}
		stray := func(c byte) bool { return c == 'K' || c >= '0' && c <= '9' }
		defer func() {
			if tail > 0 && string(f[len(f)-tail-3:len(f)-tail]) == "<<<" {
				for k := len(f) - tail; k < len(f); k++ {
					if c := f[k]; c != '<' {
						f[k] = '<'
						d.record(field(s.from+k), s.line, s.from+k, c, '<', CorrectionFiller)
					}
				}
			}
		}()
		for t > 0 && (f[t-1] == '<' || stray(f[t-1])) {
			t--
		}
		sep := strings.Index(string(f), "<<")
		for i := t; i < len(f); {
			if !stray(f[i]) {
				i++
				continue
			}
			j := i
			for j < len(f) && stray(f[j]) {
				j++
			}
			r := 0
			for k := i - 1; k >= 0 && f[k] == '<'; k-- {
				r++
			}
			if r >= 3 || separator && r >= 2 && sep >= 0 && sep < i-r {
				for k := i; k < j; k++ {
					c := f[k]
					f[k] = '<'
					d.record(field(s.from+k), s.line, s.from+k, c, '<', CorrectionFiller)
				}
			}
			i = j
		}
	}
	fix(d.l.name, true, d.nameField)
	fix(d.l.surname, false, func(int) string { return "surname" })
	fix(d.l.given, false, func(int) string { return "givenNames" })
}

// substitution is one character changed by the check-digit-guided search.
type substitution struct {
	line, pos int
	from, to  byte
}

// correctGuarded repairs OCR confusions in the fields that mix letters and digits and have their
// own check digit (document number, TD3 personal number). It changes at most maxSubstitutions
// confusable characters per field, and only a set of changes that makes every failing field
// check valid and, if the format has one, the composite check valid, and that is the only best
// such set: fewest changes first, then fewest digits turned into letters (OCR engines read
// letters for the digits of numbers more often than the reverse).
func (d *decoder) correctGuarded() {
	cs := d.l.checks(d.b)
	var failing []checkAt
	var composite *checkAt
	for i, c := range cs {
		_, _, ok := verify(d.b, c)
		switch {
		case c.name == CheckComposite:
			composite = &cs[i]
		case !ok && (c.name == CheckDocumentNumber || c.name == CheckPersonalNumber) && !d.doubtful(c):
			failing = append(failing, c)
		}
	}
	if len(failing) == 0 {
		return
	}
	options := make([][][]substitution, len(failing))
	for i, f := range failing {
		options[i] = d.search(f)
	}
	if composite == nil {
		for i, f := range failing {
			if subs, ok := smallest(options[i]); ok {
				d.apply(f.field, subs)
			} else if len(options[i]) > 0 {
				d.warn(f.field, "check digit fails and several corrections would fix it; none applied")
			}
		}
		return
	}
	// With a composite, every failing field must be fixed at once for it to confirm.
	combos := 1
	for _, o := range options {
		combos *= len(o)
		if combos == 0 || combos > 10000 {
			return
		}
	}
	var best []substitution
	bestN, ties := math.MaxInt, 0
	pickOne := make([]int, len(options))
	for range combos {
		var subs []substitution
		for i, k := range pickOne {
			subs = append(subs, options[i][k]...)
		}
		d.set(subs, true)
		if _, _, ok := verify(d.b, *composite); ok {
			switch n := cost(subs); {
			case n < bestN:
				best, bestN, ties = subs, n, 1
			case n == bestN:
				ties++
			}
		}
		d.set(subs, false)
		for i := range pickOne { // next combination
			if pickOne[i]++; pickOne[i] < len(options[i]) {
				break
			}
			pickOne[i] = 0
		}
	}
	switch {
	case ties == 1:
		for _, f := range failing {
			var mine []substitution
			for _, s := range best {
				if inSpans(f.over, s.line, s.pos) {
					mine = append(mine, s)
				}
			}
			d.apply(f.field, mine)
		}
	case ties > 1:
		for _, f := range failing {
			d.warn(f.field, "check digit fails and several corrections would fix it; none applied")
		}
	}
}

// search lists the sets of at most maxSubstitutions confusable changes in c's field that make
// c valid. Positions the layout reserves for digits keep their digits.
func (d *decoder) search(c checkAt) [][]substitution {
	var alts []substitution
	for _, s := range c.over {
		for i := s.from; i < s.to; i++ {
			from := d.b[s.line][i]
			for _, to := range []byte(confusable[from]) {
				if from >= '0' && from <= '9' && inSpans(d.l.digits, s.line, i) {
					continue
				}
				alts = append(alts, substitution{s.line, i, from, to})
			}
		}
	}
	var out [][]substitution
	try := func(subs ...substitution) {
		d.set(subs, true)
		if _, _, ok := verify(d.b, c); ok {
			out = append(out, append([]substitution(nil), subs...))
		}
		d.set(subs, false)
	}
	for i, a := range alts {
		try(a)
		if maxSubstitutions < 2 {
			continue
		}
		for _, b := range alts[i+1:] {
			if b.line != a.line || b.pos != a.pos {
				try(a, b)
			}
		}
	}
	return out
}

// smallest returns the only option of least cost, if exactly one has it.
func smallest(options [][]substitution) ([]substitution, bool) {
	var best []substitution
	n, ties := math.MaxInt, 0
	for _, o := range options {
		switch c := cost(o); {
		case c < n:
			best, n, ties = o, c, 1
		case c == n:
			ties++
		}
	}
	return best, ties == 1
}

// cost ranks sets of substitutions: fewer first, then fewer digits turned into letters.
func cost(subs []substitution) int {
	n := 10 * len(subs)
	for _, s := range subs {
		if s.from >= '0' && s.from <= '9' {
			n++
		}
	}
	return n
}

func (d *decoder) set(subs []substitution, on bool) {
	for _, s := range subs {
		if on {
			d.b[s.line][s.pos] = s.to
		} else {
			d.b[s.line][s.pos] = s.from
		}
	}
}

func (d *decoder) apply(field string, subs []substitution) {
	d.set(subs, true)
	for _, s := range subs {
		d.record(field, s.line, s.pos, s.from, s.to, CorrectionCheckDigit)
	}
}

func inSpans(spans []span, line, pos int) bool {
	for _, s := range spans {
		if s.line == line && pos >= s.from && pos < s.to {
			return true
		}
	}
	return false
}
