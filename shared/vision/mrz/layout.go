package mrz

// span is the characters [from, to) of one line of a zone.
type span struct{ line, from, to int }

func (s span) ok() bool { return s.to > s.from }

func (s span) overlaps(o span) bool {
	return s.ok() && o.ok() && s.line == o.line && s.from < o.to && o.from < s.to
}

// layout is where a format keeps each field. Spans a format lacks are zero.
type layout struct {
	format      Format
	rows, width int

	code, issuer, nationality span
	name                      span // surname<<given<names (ICAO formats)
	surname, given            span // FRA_ID keeps them apart
	number, numberCheck       span
	birth, birthCheck, sex    span
	expiry, expiryCheck       span
	personal, personalCheck   span
	optional, optional2       span // TD1: optional data of lines 1 and 2
	composite                 span
	compositeOver             []span
	digits                    []span // besides dates and check digits, spans that hold only digits
	issue                     span   // FRA_ID: YYMM of issue
	// overflow: a document number longer than 9 characters continues in the optional data,
	// followed by its check digit and a filler (ICAO 9303-5 and -6, TD1 and TD2).
	overflow bool
}

func sp(line, from, to int) span { return span{line, from, to} }

var (
	td1 = &layout{
		format: FormatTD1, rows: 3, width: 30,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5),
		number: sp(0, 5, 14), numberCheck: sp(0, 14, 15),
		optional: sp(0, 15, 30),
		birth:    sp(1, 0, 6), birthCheck: sp(1, 6, 7), sex: sp(1, 7, 8),
		expiry: sp(1, 8, 14), expiryCheck: sp(1, 14, 15),
		nationality: sp(1, 15, 18), optional2: sp(1, 18, 29),
		composite:     sp(1, 29, 30),
		compositeOver: []span{sp(0, 5, 30), sp(1, 0, 7), sp(1, 8, 15), sp(1, 18, 29)},
		name:          sp(2, 0, 30),
		overflow:      true,
	}
	td2 = &layout{
		format: FormatTD2, rows: 2, width: 36,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), name: sp(0, 5, 36),
		number: sp(1, 0, 9), numberCheck: sp(1, 9, 10), nationality: sp(1, 10, 13),
		birth: sp(1, 13, 19), birthCheck: sp(1, 19, 20), sex: sp(1, 20, 21),
		expiry: sp(1, 21, 27), expiryCheck: sp(1, 27, 28),
		optional:      sp(1, 28, 35),
		composite:     sp(1, 35, 36),
		compositeOver: []span{sp(1, 0, 10), sp(1, 13, 20), sp(1, 21, 35)},
		overflow:      true,
	}
	td3 = &layout{
		format: FormatTD3, rows: 2, width: 44,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), name: sp(0, 5, 44),
		number: sp(1, 0, 9), numberCheck: sp(1, 9, 10), nationality: sp(1, 10, 13),
		birth: sp(1, 13, 19), birthCheck: sp(1, 19, 20), sex: sp(1, 20, 21),
		expiry: sp(1, 21, 27), expiryCheck: sp(1, 27, 28),
		personal: sp(1, 28, 42), personalCheck: sp(1, 42, 43),
		composite:     sp(1, 43, 44),
		compositeOver: []span{sp(1, 0, 10), sp(1, 13, 20), sp(1, 21, 43)},
	}
	mrva = &layout{
		format: FormatMRVA, rows: 2, width: 44,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), name: sp(0, 5, 44),
		number: sp(1, 0, 9), numberCheck: sp(1, 9, 10), nationality: sp(1, 10, 13),
		birth: sp(1, 13, 19), birthCheck: sp(1, 19, 20), sex: sp(1, 20, 21),
		expiry: sp(1, 21, 27), expiryCheck: sp(1, 27, 28),
		optional: sp(1, 28, 44),
	}
	mrvb = &layout{
		format: FormatMRVB, rows: 2, width: 36,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), name: sp(0, 5, 36),
		number: sp(1, 0, 9), numberCheck: sp(1, 9, 10), nationality: sp(1, 10, 13),
		birth: sp(1, 13, 19), birthCheck: sp(1, 19, 20), sex: sp(1, 20, 21),
		expiry: sp(1, 21, 27), expiryCheck: sp(1, 27, 28),
		optional: sp(1, 28, 36),
	}
	// fraID: line 1 IDFRA, surname (25), department (3) and office (3); line 2 card number
	// (12: issue YYMM, department, 5-digit sequence), check, given names (14, "<<" between
	// names), birth date, check, sex, composite over line 1 and the rest of line 2.
	fraID = &layout{
		format: FormatFRAID, rows: 2, width: 36,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), surname: sp(0, 5, 30), optional: sp(0, 30, 36),
		number: sp(1, 0, 12), numberCheck: sp(1, 12, 13), given: sp(1, 13, 27),
		birth: sp(1, 27, 33), birthCheck: sp(1, 33, 34), sex: sp(1, 34, 35),
		composite:     sp(1, 35, 36),
		compositeOver: []span{sp(0, 0, 36), sp(1, 0, 35)},
		digits:        []span{sp(1, 0, 4), sp(1, 7, 12)},
		issue:         sp(1, 0, 4),
	}
	// layouts in order of preference when two fit equally well.
	layouts = []*layout{td3, td1, td2, fraID, mrva, mrvb}
)

// checkAt is one check digit: at holds it, over the characters it is computed on.
type checkAt struct {
	name  string
	at    span
	over  []span
	field string // the field the check guards, "" for the composite
}

// overflowEnd returns, when the document number overflows into the optional data, the column of
// the filler that ends it (the check digit is just before), or -1.
func (l *layout) overflowEnd(b [][]byte) int {
	if !l.overflow {
		return -1
	}
	o := l.optional
	if b[l.numberCheck.line][l.numberCheck.from] != '<' || b[o.line][o.from] == '<' {
		return -1
	}
	for i := o.from; i < o.to; i++ {
		if b[o.line][i] == '<' {
			return i
		}
	}
	return o.to
}

// checks lists the check digits of a zone of this layout, in zone order.
func (l *layout) checks(b [][]byte) []checkAt {
	cs := make([]checkAt, 0, 5)
	num := checkAt{name: CheckDocumentNumber, at: l.numberCheck, over: []span{l.number}, field: "documentNumber"}
	if end := l.overflowEnd(b); end >= 0 {
		o := l.optional
		num.at = sp(o.line, end-1, end)
		num.over = []span{l.number, sp(o.line, o.from, end-1)}
	}
	cs = append(cs, num, checkAt{name: CheckDateOfBirth, at: l.birthCheck, over: []span{l.birth}, field: "dateOfBirth"})
	if l.expiry.ok() {
		cs = append(cs, checkAt{name: CheckExpiryDate, at: l.expiryCheck, over: []span{l.expiry}, field: "expiryDate"})
	}
	if l.personal.ok() {
		cs = append(
			cs,
			checkAt{name: CheckPersonalNumber, at: l.personalCheck, over: []span{l.personal}, field: "personalNumber"},
		)
	}
	if l.composite.ok() {
		cs = append(cs, checkAt{name: CheckComposite, at: l.composite, over: l.compositeOver})
	}
	return cs
}

// checkedLine tells whether any check digit covers line i, so check digits can judge repairs.
func (l *layout) checkedLine(i int) bool {
	for _, s := range []span{l.number, l.birth, l.expiry, l.personal} {
		if s.ok() && s.line == i {
			return true
		}
	}
	for _, s := range l.compositeOver {
		if s.line == i {
			return true
		}
	}
	return false
}

// charValue is a character's value in a check digit: digits their value, A–Z 10–35, filler 0.
func charValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 0
}

// checkDigit computes the ICAO 9303 check digit (weights 7, 3, 1, modulo 10) over spans.
func checkDigit(b [][]byte, over []span) byte {
	weights := [3]int{7, 3, 1}
	sum, n := 0, 0
	for _, s := range over {
		for _, c := range b[s.line][s.from:s.to] {
			sum += charValue(c) * weights[n%3]
			n++
		}
	}
	return byte('0' + sum%10)
}

// CheckDigit returns the ICAO 9303 check digit of s ('<' counts 0, A–Z 10–35; any other
// character counts 0).
func CheckDigit(s string) byte {
	b := [][]byte{[]byte(s)}
	return checkDigit(b, []span{sp(0, 0, len(s))})
}

// verify returns the expected digit, the character found and whether they agree. A filler
// where the digit should be is accepted over a field made only of fillers (TD3's empty
// personal number).
func verify(b [][]byte, c checkAt) (expected, found byte, valid bool) {
	expected = checkDigit(b, c.over)
	found = b[c.at.line][c.at.from]
	if found == expected {
		return expected, found, true
	}
	if found != '<' {
		return expected, found, false
	}
	for _, s := range c.over {
		for _, ch := range b[s.line][s.from:s.to] {
			if ch != '<' {
				return expected, found, false
			}
		}
	}
	return expected, found, true
}
