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
