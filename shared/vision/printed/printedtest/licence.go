package printedtest

import (
	"strings"
)

// The EU driving licence, the card model of Directive 2006/126/EC annex I: 85.6 × 54 mm, the
// title in the national language, the distinguishing sign in the blue rectangle, the fields
// numbered 1 to 9 (no labels), no MRZ.

// licenceTints are the model's pink and a few paler variants of it.
var licenceTints = []struct{ R, G, B uint8 }{{250, 226, 234}, {246, 232, 238}, {252, 236, 232}, {240, 234, 246}}

func drawLicence(r *rng, d *doc, st *style) *canvas {
	dot := "."
	if r.chance(0.35) {
		dot = ""
	}
	num := func(n string) string { return n + dot }
	sep := pick(r, []string{"/", ", ", " "})
	cats := strings.Join(d.categories, sep)
	birth := st.date(d.birth) + " " + d.place
	c1 := func(n, field, value string) cell { return cell{field: field, label: num(n), value: value} }
	rows := [][]cell{
		{c1("1", FieldSurname, d.surname)},
		{c1("2", FieldGivenNames, d.given)},
		{c1("3", joinFields(FieldDateOfBirth, FieldPlaceOfBirth), birth)},
	}
	issued, expiry := c1("4a", FieldIssueDate, st.date(d.issued)), c1("4b", FieldExpiryDate, st.date(d.expiry))
	authority := c1("4c", FieldIssuingAuthority, d.authority)
	if r.chance(0.5) {
		rows = append(rows, []cell{issued, authority}, []cell{expiry})
	} else {
		rows = append(rows, []cell{issued, expiry}, []cell{authority})
	}
	if d.personal != "" {
		rows = append(rows, []cell{c1("4d", FieldPersonalNumber, d.personal)})
	}
	rows = append(rows, []cell{c1("5", FieldDocumentNumber, d.number)}, []cell{c1("9", FieldCategories, cats)})
	title := d.iss.licenceTitle
	st.fam = chooseFamily(st.fonts, texts(rows, title, d.iss.country, d.iss.sign, num("7")))

	c := newCanvas(td1W, td1H, st.ppm)
	t := pick(r, licenceTints)
	st.tint.R, st.tint.G, st.tint.B = t.R, t.G, t.B
	c.paper(r, st.tint)
	c.guilloche(r, box{0, 0, td1W, td1H}, darker(st.tint, r.between(18, 40)), r.between(0.5, 0.9))

	c.euFlag(st, box{3, 2.5, 11, 8.5}, d.iss.sign)
	tx := 16.5
	size := r.between(3.4, 4.2)
	c.title(st, true, size, tx, 2.8+size*0.92, td1W-tx-3, title)
	c.title(st, false, 1.7, tx, 2.8+size*0.92+2.6, td1W-tx-3, d.iss.country)

	photo := box{3, 13, 21, 27}
	c.portrait(r, photo)
	sigBase := 46.5
	w := c.text(st.fam.bold, 1.9, 3, sigBase, num("7"), st.labelInk, RoleLabel, FieldSignature)
	c.signature(r, box{3 + w + 1, 41.5, 24 - w - 1, 9}, pick(r, penInks))

	area := box{27.5, 12.2, td1W - 27.5 - 2.5, td1H - 12.2 - 2.5}
	c.grid(st, rows, area, labelBeside, 2.1, r.between(2.3, 2.8), st.fam.bold)
	if r.chance(0.3) {
		c.guilloche(r, area, darker(st.tint, r.between(25, 45)), r.between(0.35, 0.55))
	}
	return c
}
