package mrz

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// decoder reads a located zone: it corrects what OCR confused, verifies the check digits and
// reads the fields.
type decoder struct {
	l      *layout
	b      [][]byte
	conf   []float64
	res    *Result
	fixed  map[string]int // corrections per field
	doubt  []span         // columns a line-length repair could not place
	checks []checkAt
	valid  []bool
}

func decode(w window, now time.Time) *Result {
	l := w.l
	d := &decoder{
		l:     l,
		b:     make([][]byte, len(w.lines)),
		conf:  w.conf,
		res:   &Result{Format: l.format, Warnings: w.notes},
		fixed: map[string]int{},
		doubt: w.doubt,
	}
	for i, s := range w.lines {
		d.b[i] = []byte(s)
	}
	d.mapLetters()
	d.fixCountry("issuingCountry", l.issuer)
	d.fixCountry("nationality", l.nationality)
	d.fixFillers()
	mapDigits(l, d.b, l.checks(d.b), d.record)
	d.correctGuarded()
	d.checks = l.checks(d.b)
	// A correction may have revealed a check digit the first mapping did not see (an overflowing
	// document number ends where its filler is).
	mapDigits(l, d.b, d.checks, d.record)
	d.res.Valid = true
	for _, c := range d.checks {
		exp, found, ok := verify(d.b, c)
		reason := ""
		switch {
		case !ok:
			reason = ReasonMismatch
		case d.doubtful(c):
			ok, reason = false, ReasonUnplaced // the check digit validated a guess
		}
		d.valid = append(d.valid, ok)
		check := Check{Name: c.name, Valid: ok, Expected: string(exp), Found: string(found), Reason: reason}
		d.res.Checks = append(d.res.Checks, check)
		d.res.Valid = d.res.Valid && ok
	}
	d.extract(now)
	d.res.Lines = make([]string, len(d.b))
	for i, line := range d.b {
		d.res.Lines[i] = string(line)
	}
	return d.res
}

// doubtful tells whether c covers columns a line-length repair could not place.
func (d *decoder) doubtful(c checkAt) bool {
	return covers(d.doubt, append([]span{c.at}, c.over...))
}

func (d *decoder) record(field string, line, pos int, from, to byte, kind CorrectionKind) {
	d.fixed[field]++
	d.res.Corrections = append(d.res.Corrections, Correction{
		Field: field, Line: line, Position: pos, From: string(from), To: string(to), Kind: kind,
	})
}

func (d *decoder) warn(field, format string, args ...any) {
	d.res.Warnings = append(d.res.Warnings, field+": "+fmt.Sprintf(format, args...))
}

func (d *decoder) text(s span) string {
	if !s.ok() {
		return ""
	}
	return string(d.b[s.line][s.from:s.to])
}

// nameField names the part of the surname<<given<names span at pos.
func (d *decoder) nameField(pos int) string {
	s := d.l.name
	if sep := strings.Index(d.text(s), "<<"); sep < 0 || pos-s.from < sep {
		return "surname"
	}
	return "givenNames"
}

// field builds a Field read from spans, with the confidence rule of the package documentation.
func (d *decoder) field(name, value string, spans ...span) Field {
	sum, n := 0.0, 0
	seen := map[int]bool{}
	for _, s := range spans {
		if s.ok() && !seen[s.line] {
			seen[s.line] = true
			sum += d.conf[s.line]
			n++
		}
	}
	c := 0.0
	if n > 0 {
		c = sum / float64(n)
	}
	c *= math.Pow(0.9, float64(d.fixed[name]))
	for i, ch := range d.checks {
		if !covers(ch.over, spans) {
			continue
		}
		if d.valid[i] {
			c += (1 - c) / 2
		} else {
			c /= 2
		}
	}
	return Field{Value: value, Confidence: math.Round(c*1000) / 1000}
}

func covers(over, spans []span) bool {
	for _, o := range over {
		for _, s := range spans {
			if o.overlaps(s) {
				return true
			}
		}
	}
	return false
}

// dataValue is a data field's value: fillers around it dropped, fillers inside it spaces.
func dataValue(s string) string {
	return strings.ReplaceAll(strings.Trim(s, "<"), "<", " ")
}

// nameValue is a name's value: fillers around it dropped, each run of fillers inside it a
// space.
func nameValue(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '<' }), " ")
}

func (d *decoder) extract(now time.Time) {
	l, f := d.l, &d.res.Fields
	f.DocumentCode = d.field("documentCode", dataValue(d.text(l.code)), l.code)
	f.IssuingCountry = d.country("issuingCountry", l.issuer)
	d.names()

	number := []span{l.number}
	value := d.text(l.number)
	opt := l.optional
	if end := l.overflowEnd(d.b); end >= 0 {
		tail := sp(opt.line, opt.from, end-1)
		number = append(number, tail)
		value += d.text(tail)
		opt.from = min(end+1, opt.to)
	}
	f.DocumentNumber = d.field("documentNumber", dataValue(value), number...)

	if l.nationality.ok() {
		f.Nationality = d.country("nationality", l.nationality)
	} else {
		f.Nationality = f.IssuingCountry // FRA_ID: French nationals only
	}
	if v, ok := d.date("dateOfBirth", l.birth, now, pastYear); ok {
		f.DateOfBirth = v
	}
	f.Sex = d.sex()
	if l.expiry.ok() {
		v, ok := d.date("expiryDate", l.expiry, now, expiryYear)
		f.ExpiryDate = &v
		d.res.Expired = ok && before(v.Value, now)
	}
	if l.issue.ok() {
		v, _ := d.date("issueDate", l.issue, now, pastYear)
		f.IssueDate = &v
	}
	if l.personal.ok() {
		v := d.field("personalNumber", dataValue(d.text(l.personal)), l.personal)
		f.PersonalNumber = &v
	}
	optional := func(name string) *Field {
		v := Field{Confidence: math.Round(d.conf[opt.line]*1000) / 1000} // nothing after a long number
		if opt.ok() {
			v = d.field(name, dataValue(d.text(opt)), opt)
		}
		return &v
	}
	switch {
	case l.optional2.ok():
		f.OptionalData1 = optional("optionalData1")
		v := d.field("optionalData2", dataValue(d.text(l.optional2)), l.optional2)
		f.OptionalData2 = &v
	case l.optional.ok():
		f.OptionalData = optional("optionalData")
	}
}

// country reads a country code and flags it when unknown.
func (d *decoder) country(name string, s span) Field {
	code := dataValue(d.text(s))
	v := d.field(name, code, s)
	if !KnownCountry(code) {
		d.res.UnknownCountries = append(d.res.UnknownCountries, name)
		v.Confidence = math.Round(v.Confidence*500) / 1000
	}
	return v
}

func (d *decoder) names() {
	l, f := d.l, &d.res.Fields
	check := func(name, raw string) {
		if strings.ContainsAny(raw, "0123456789") {
			d.warn(name, "contains digits")
		}
	}
	if l.name.ok() {
		raw := d.text(l.name)
		surname, given, _ := strings.Cut(raw, "<<")
		f.Surname = d.field("surname", nameValue(surname), l.name)
		f.GivenNames = d.field("givenNames", nameValue(given), l.name)
		check("surname", surname)
		check("givenNames", given)
		if !strings.HasSuffix(raw, "<") {
			d.warn("givenNames", "the name fills its field and may be truncated")
		}
		return
	}
	surname, given := d.text(l.surname), d.text(l.given)
	f.Surname = d.field("surname", nameValue(surname), l.surname)
	f.GivenNames = d.field("givenNames", nameValue(given), l.given)
	check("surname", surname)
	check("givenNames", given)
	if !strings.HasSuffix(surname, "<") {
		d.warn("surname", "the name fills its field and may be truncated")
	}
	if !strings.HasSuffix(given, "<") {
		d.warn("givenNames", "the names fill their field and may be truncated")
	}
}

func (d *decoder) sex() Field {
	s := d.l.sex
	c := d.b[s.line][s.from]
	switch c {
	case 'M', 'F', 'X':
		return d.field("sex", string(c), s)
	case '<':
		return d.field("sex", "X", s)
	}
	d.warn("sex", "%q is not M, F, X or <", string(c))
	return Field{}
}
