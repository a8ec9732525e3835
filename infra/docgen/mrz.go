package main

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// checkDigit is ICAO 9303's check digit: weights 7, 3, 1 repeating; digits count as themselves,
// A-Z as 10-35 and the filler < as 0.
func checkDigit(s string) (byte, error) {
	weights := [3]int{7, 3, 1}
	sum := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var v int
		switch {
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'A' && c <= 'Z':
			v = int(c-'A') + 10
		case c == '<':
		default:
			return 0, fmt.Errorf("character %q is not allowed in an MRZ", c)
		}
		sum += v * weights[i%3]
	}
	return byte('0' + sum%10), nil
}

// layout says where a format's fields are. Positions are 0-based [start, end) on one line.
type span struct{ line, start, end int }

func (s span) of(lines []string) string { return lines[s.line][s.start:s.end] }

// checked is a field and the position of its check digit.
type checked struct {
	field span
	digit span
	// optional: an unused field (all fillers) may have the filler or 0 as its check digit.
	optional bool
}

type layout struct {
	lines, length int
	code, issuer  span
	number        checked
	birth         checked
	expiry        *checked
	sex           span
	nationality   *span // nil for FRA_ID: the nationality is the issuer's
	names         []span
	optional      []span
	personal      *checked // TD3's personal number
	// composite is the fields covered by the composite check digit, in order.
	composite      []span
	compositeDigit *span
}

func sp(line, start, end int) span { return span{line, start, end} }
func ptr[T any](v T) *T            { return &v }

var layouts = map[string]layout{
	"TD1": {
		lines: 3, length: 30,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5),
		number:      checked{field: sp(0, 5, 14), digit: sp(0, 14, 15)},
		birth:       checked{field: sp(1, 0, 6), digit: sp(1, 6, 7)},
		sex:         sp(1, 7, 8),
		expiry:      &checked{field: sp(1, 8, 14), digit: sp(1, 14, 15)},
		nationality: ptr(sp(1, 15, 18)),
		optional:    []span{sp(0, 15, 30), sp(1, 18, 29)},
		names:       []span{sp(2, 0, 30)},
		composite:   []span{sp(0, 5, 30), sp(1, 0, 7), sp(1, 8, 15), sp(1, 18, 29)}, compositeDigit: ptr(sp(1, 29, 30)),
	},
	"TD2": {
		lines: 2, length: 36,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), names: []span{sp(0, 5, 36)},
		number:      checked{field: sp(1, 0, 9), digit: sp(1, 9, 10)},
		nationality: ptr(sp(1, 10, 13)),
		birth:       checked{field: sp(1, 13, 19), digit: sp(1, 19, 20)},
		sex:         sp(1, 20, 21),
		expiry:      &checked{field: sp(1, 21, 27), digit: sp(1, 27, 28)},
		optional:    []span{sp(1, 28, 35)},
		composite:   []span{sp(1, 0, 10), sp(1, 13, 20), sp(1, 21, 35)}, compositeDigit: ptr(sp(1, 35, 36)),
	},
	"TD3": {
		lines: 2, length: 44,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), names: []span{sp(0, 5, 44)},
		number:      checked{field: sp(1, 0, 9), digit: sp(1, 9, 10)},
		nationality: ptr(sp(1, 10, 13)),
		birth:       checked{field: sp(1, 13, 19), digit: sp(1, 19, 20)},
		sex:         sp(1, 20, 21),
		expiry:      &checked{field: sp(1, 21, 27), digit: sp(1, 27, 28)},
		personal:    &checked{field: sp(1, 28, 42), digit: sp(1, 42, 43), optional: true},
		optional:    []span{sp(1, 28, 42)},
		composite:   []span{sp(1, 0, 10), sp(1, 13, 20), sp(1, 21, 43)}, compositeDigit: ptr(sp(1, 43, 44)),
	},
	"MRVA": {
		lines: 2, length: 44,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), names: []span{sp(0, 5, 44)},
		number:      checked{field: sp(1, 0, 9), digit: sp(1, 9, 10)},
		nationality: ptr(sp(1, 10, 13)),
		birth:       checked{field: sp(1, 13, 19), digit: sp(1, 19, 20)},
		sex:         sp(1, 20, 21),
		expiry:      &checked{field: sp(1, 21, 27), digit: sp(1, 27, 28)},
		optional:    []span{sp(1, 28, 44)},
	},
	"MRVB": {
		lines: 2, length: 36,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5), names: []span{sp(0, 5, 36)},
		number:      checked{field: sp(1, 0, 9), digit: sp(1, 9, 10)},
		nationality: ptr(sp(1, 10, 13)),
		birth:       checked{field: sp(1, 13, 19), digit: sp(1, 19, 20)},
		sex:         sp(1, 20, 21),
		expiry:      &checked{field: sp(1, 21, 27), digit: sp(1, 27, 28)},
		optional:    []span{sp(1, 28, 36)},
	},
	// The French identity card of 1988-2021: surname on line 1 with the issuing office's code,
	// document number, given names, birth date and sex on line 2, no expiry date.
	"FRA_ID": {
		lines: 2, length: 36,
		code: sp(0, 0, 2), issuer: sp(0, 2, 5),
		names:     []span{sp(0, 5, 30), sp(1, 13, 27)},
		optional:  []span{sp(0, 30, 36)},
		number:    checked{field: sp(1, 0, 12), digit: sp(1, 12, 13)},
		birth:     checked{field: sp(1, 27, 33), digit: sp(1, 33, 34)},
		sex:       sp(1, 34, 35),
		composite: []span{sp(0, 0, 36), sp(1, 0, 35)}, compositeDigit: ptr(sp(1, 35, 36)),
	},
}

// validate refuses a document whose MRZ is malformed, has a wrong check digit, or disagrees with
// its expected fields: the manifest is the truth the extraction tests are measured against.
func validate(d document) error {
	l, ok := layouts[d.Format]
	if !ok {
		return fmt.Errorf("unknown format %q", d.Format)
	}
	if len(d.MRZ) != l.lines {
		return fmt.Errorf("%s has %d MRZ lines, want %d", d.Format, len(d.MRZ), l.lines)
	}
	var errs []error
	for i, s := range d.MRZ {
		if len(s) != l.length {
			return fmt.Errorf("MRZ line %d has %d characters, want %d", i+1, len(s), l.length)
		}
		if _, err := checkDigit(s); err != nil {
			return fmt.Errorf("MRZ line %d: %w", i+1, err)
		}
	}
	verify := func(name, field string, digit byte, optional bool) {
		if optional && strings.Trim(field, "<") == "" && (digit == '<' || digit == '0') {
			return
		}
		if want, _ := checkDigit(field); digit != want {
			errs = append(errs, fmt.Errorf("%s %q has check digit %c, want %c", name, field, digit, want))
		}
	}
	check := func(name string, c checked) {
		verify(name, c.field.of(d.MRZ), c.digit.of(d.MRZ)[0], c.optional)
	}
	check("document number", l.number)
	check("date of birth", l.birth)
	if l.expiry != nil {
		check("expiry date", *l.expiry)
	}
	if l.personal != nil {
		check("personal number", *l.personal)
	}
	if l.compositeDigit != nil {
		var b strings.Builder
		for _, s := range l.composite {
			b.WriteString(s.of(d.MRZ))
		}
		verify("composite of", b.String(), l.compositeDigit.of(d.MRZ)[0], false)
	}

	f := d.Expected
	same := func(name, got, want string) {
		if got != want {
			errs = append(errs, fmt.Errorf("%s: the MRZ says %q, the expected fields %q", name, got, want))
		}
	}
	same("documentCode", strings.TrimRight(l.code.of(d.MRZ), "<"), f.DocumentCode)
	same("issuingCountry", strings.TrimRight(l.issuer.of(d.MRZ), "<"), f.IssuingCountry)
	same("documentNumber", strings.TrimRight(l.number.field.of(d.MRZ), "<"), f.DocumentNumber)
	nationality := f.IssuingCountry
	if l.nationality != nil {
		nationality = strings.TrimRight(l.nationality.of(d.MRZ), "<")
	}
	same("nationality", nationality, f.Nationality)
	same("sex", l.sex.of(d.MRZ), f.Sex)
	errs = append(errs, sameDate("dateOfBirth", l.birth.field.of(d.MRZ), f.DateOfBirth))
	if l.expiry != nil {
		errs = append(errs, sameDate("expiryDate", l.expiry.field.of(d.MRZ), f.ExpiryDate))
	} else if f.ExpiryDate != "" {
		errs = append(errs, fmt.Errorf("expiryDate %q for a format without one", f.ExpiryDate))
	}
	surname, given := names(l, d.MRZ)
	same("surname", surname, f.Surname)
	same("givenNames", given, f.GivenNames)
	var optional []string
	for _, s := range l.optional {
		optional = append(optional, strings.TrimRight(s.of(d.MRZ), "<"))
	}
	same("optionalData", optional[0], f.OptionalData)
	second := ""
	if len(optional) > 1 {
		second = optional[1]
	}
	same("optionalData2", second, f.OptionalData2)
	return errors.Join(errs...)
}

// names splits the name field(s): surname, then given names after "<<", fillers as spaces. On the
// French card the given names have their own field, separated by "<<".
func names(l layout, mrz []string) (surname, given string) {
	clean := func(s string) string {
		return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '<' }), " ")
	}
	if len(l.names) == 2 {
		return clean(l.names[0].of(mrz)), clean(l.names[1].of(mrz))
	}
	s, g, _ := strings.Cut(l.names[0].of(mrz), "<<")
	return clean(s), clean(g)
}

// sameDate checks that a YYYY-MM-DD date is a real date and ends as the MRZ's YYMMDD.
func sameDate(name, yymmdd, want string) error {
	t, err := time.Parse(time.DateOnly, want)
	if err != nil {
		return fmt.Errorf("%s %q: %w", name, want, err)
	}
	if got := t.Format("060102"); got != yymmdd {
		return fmt.Errorf("%s: the MRZ says %s, the expected fields %s", name, yymmdd, want)
	}
	return nil
}
