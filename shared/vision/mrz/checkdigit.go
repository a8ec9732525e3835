package mrz

// checkAt is one check digit: at holds it, over the characters it is computed on.
type checkAt struct {
	name  string
	at    span
	over  []span
	field string // the field the check guards, "" for the composite
}

// checks lists the check digits of a zone of this layout, in zone order.
func (l *layout) checks(b [][]byte) []checkAt {
	cs := make([]checkAt, 0, 5)
	num := checkOver(CheckDocumentNumber, "documentNumber", l.numberCheck, l.number)
	if end := l.overflowEnd(b); end >= 0 {
		o := l.optional
		num.at = sp(o.line, end-1, end)
		num.over = []span{l.number, sp(o.line, o.from, end-1)}
	}
	cs = append(cs, num, checkOver(CheckDateOfBirth, "dateOfBirth", l.birthCheck, l.birth))
	if l.expiry.ok() {
		cs = append(cs, checkOver(CheckExpiryDate, "expiryDate", l.expiryCheck, l.expiry))
	}
	if l.personal.ok() {
		cs = append(cs, checkOver(CheckPersonalNumber, "personalNumber", l.personalCheck, l.personal))
	}
	if l.composite.ok() {
		cs = append(cs, checkAt{name: CheckComposite, at: l.composite, over: l.compositeOver})
	}
	return cs
}

// checkOver is the check digit name, held at at, computed over one span and guarding field.
func checkOver(name, field string, at, over span) checkAt {
	return checkAt{name: name, at: at, over: []span{over}, field: field}
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
