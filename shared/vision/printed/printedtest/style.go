package printedtest

import (
	"fmt"
	"image/color"
	"strings"
	"time"
)

// style is how one page is printed: the languages of its labels, its date and sex forms, its
// zone numbers, inks, resolution and type sizes. The family is chosen last, once every text of
// the page is known, among those that can print them all.
type style struct {
	fam       *family
	fonts     *rng // the family's own stream: which families are installed changes no other draw
	langs     []*language
	sep       string // between a label's languages: "/" or " / "
	dates     dateStyle
	sex       [2]string
	numbering numbering
	english   map[string]string // the English wording chosen for labels that have several
	tint      color.RGBA
	labelInk  color.RGBA
	valueInk  color.RGBA
	boldValue bool
	ppm       float64
}

// numbering is how zone numbers are printed beside the personal fields (ICAO 9303 part 4
// numbers the zones of the data page; states print them, or not, in their own ways).
type numbering int

const (
	numberNone       numbering = iota
	numberDotLabel             // "1. Surname/Nom"
	numberParenLabel           // "Surname/Nom (1)"
	numberValue                // "01" before the value
)

// Pale paper tints and the inks printed on them.
var (
	tints = []color.RGBA{
		{250, 234, 238, 255}, {233, 245, 233, 255}, {231, 239, 250, 255}, {248, 242, 224, 255},
		{241, 235, 249, 255}, {242, 242, 237, 255}, {226, 244, 246, 255}, {252, 240, 228, 255},
	}
	labelInks = []color.RGBA{
		{70, 80, 100, 255}, {110, 40, 62, 255}, {36, 70, 122, 255}, {64, 64, 64, 255}, {30, 90, 80, 255},
	}
	valueInks = []color.RGBA{{20, 22, 30, 255}, {12, 12, 40, 255}, {34, 30, 30, 255}, {0, 0, 0, 255}}
)

func newStyle(r *rng, d *doc) *style {
	st := &style{
		langs:     d.iss.langs[:2],
		sep:       "/",
		dates:     pick(r, d.iss.dates),
		sex:       pick(r, d.iss.sexes),
		english:   map[string]string{},
		tint:      pick(r, tints),
		labelInk:  pick(r, labelInks),
		valueInk:  pick(r, valueInks),
		boldValue: r.chance(0.7),
	}
	if len(d.iss.langs) > 2 && r.chance(0.5) {
		st.langs = d.iss.langs
	}
	if r.chance(0.25) {
		st.sep = " / "
	}
	for key, words := range englishVariants {
		st.english[key] = words[0]
	}
	for _, key := range []string{FieldIssuingAuthority, FieldExpiryDate, FieldGivenNames} {
		st.english[key] = pick(r, englishVariants[key])
	}
	switch d.kind {
	case Passport:
		st.numbering = numbering(r.weighted(0.4, 0.2, 0.2, 0.2))
		st.ppm = r.between(10, 12.5)
	case DrivingLicence:
		st.ppm = r.between(11.5, 13)
		st.dates = dateStyle(pick(r, []dateStyle{dateDot, dateDot, dateDot, dateSlash, dateDotShort}))
	default:
		st.numbering = numbering(r.weighted(0.6, 0.2, 0, 0.2))
		st.ppm = r.between(12, 13.5)
	}
	return st
}

// label is the label of key in the page's languages, without repeating a word two languages
// share ("Type/Type" prints once).
func (st *style) label(key string) string {
	var parts []string
	for _, l := range st.langs {
		s := l.labels[key]
		if l == english && st.english[key] != "" {
			s = st.english[key]
		}
		dup := false
		for _, p := range parts {
			dup = dup || strings.EqualFold(p, s)
		}
		if !dup {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, st.sep)
}

// date prints t in the page's date style: the national months first, then the second language's.
func (st *style) date(t time.Time) string {
	return st.dates.format(t, st.langs[0], st.langs[1])
}

// sexText prints the holder's sex in the page's style.
func (st *style) sexText(sex byte) string {
	if sex == 'F' {
		return st.sex[1]
	}
	return st.sex[0]
}

// number applies the page's zone numbering to cell n (from 1) of the personal fields.
func (st *style) number(c *cell, n int) {
	switch st.numbering {
	case numberDotLabel:
		c.label = fmt.Sprintf("%d. %s", n, c.label)
	case numberParenLabel:
		c.label = fmt.Sprintf("%s (%d)", c.label, n)
	case numberValue:
		c.number = fmt.Sprintf("%02d", n)
	}
}
