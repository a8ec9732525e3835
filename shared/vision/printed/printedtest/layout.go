package printedtest

import (
	"strings"

	"golang.org/x/image/font/opentype"
)

// cell is one printed field: its label (or zone number, on licences), an optional zone number
// before the value, and the value, all as printed.
type cell struct {
	field  string
	label  string
	number string
	value  string
}

// box is a rectangle in millimetres.
type box struct{ x, y, w, h float64 }

// gridMode is where a field's label goes.
type gridMode int

const (
	labelAbove  gridMode = iota // the common layout: a small label, the value under it
	labelBeside                 // label and value on one baseline (cards, licences' numbers)
)

// grid lays rows of cells out in area, each row an equal share of its height. A row much wider
// than the area is split in two; in a row still too wide, each cell keeps its value's width where
// it can and the labels share what is left, and text too wide for its cell is set smaller.
// labelFont is the labels' face; on licences the numbers are bold.
func (c *canvas) grid(st *style, rows [][]cell, area box, mode gridMode, maxLabel, maxValue float64,
	labelFont *opentype.Font) {
	valueFont := st.fam.regular
	if st.boldValue {
		valueFont = st.fam.bold
	}
	sizes := func(n int) (rowH, ls, vs float64) {
		rowH = area.h / float64(n)
		if mode == labelAbove {
			return rowH, min(maxLabel, rowH*0.27), min(maxValue, rowH*0.45)
		}
		vs = min(maxValue, rowH*0.62)
		return rowH, min(maxLabel, vs), vs
	}
	const gap, numberGap, besideGap = 2.5, 0.9, 1.2
	// widths gives a cell's natural width (label and value at full size) and the least it needs
	// (its value at full size).
	widths := func(cl cell, ls, vs float64) (natural, least float64) {
		lw, vw := c.width(labelFont, ls, cl.label), c.width(valueFont, vs, cl.value)
		if cl.number != "" {
			vw += c.width(labelFont, ls, cl.number) + numberGap
		}
		if mode == labelBeside {
			return lw + besideGap + vw + gap, lw + besideGap + vw + gap
		}
		return max(lw, vw) + gap, vw + gap
	}
	_, ls, vs := sizes(len(rows))
	var split [][]cell
	for _, row := range rows {
		sum := 0.0
		for _, cl := range row {
			n, _ := widths(cl, ls, vs)
			sum += n
		}
		if len(row) > 1 && sum > 1.1*area.w {
			half := (len(row) + 1) / 2
			split = append(split, row[:half], row[half:])
		} else {
			split = append(split, row)
		}
	}
	rowH, ls, vs := sizes(len(split))
	for i, row := range split {
		y := area.y + float64(i)*rowH
		natural, least := make([]float64, len(row)), make([]float64, len(row))
		var sumN, sumL float64
		for j, cl := range row {
			natural[j], least[j] = widths(cl, ls, vs)
			sumN, sumL = sumN+natural[j], sumL+least[j]
		}
		x := area.x
		for j, cl := range row {
			var w float64
			switch {
			case sumN <= area.w: // room to spare: spread it evenly
				w = natural[j] + (area.w-sumN)/float64(len(row))
			case sumL < area.w: // values whole, labels squeezed
				w = least[j] + (area.w-sumL)*(natural[j]-least[j])/(sumN-sumL)
			default:
				w = natural[j] * area.w / sumN
			}
			avail := w - gap
			if j == len(row)-1 {
				avail = area.x + area.w - x
			}
			if mode == labelAbove {
				c.cellAbove(st, cl, x, y, avail, ls, vs, labelFont, valueFont)
			} else {
				c.cellBeside(st, cl, x, y, rowH, avail, ls, vs, labelFont, valueFont)
			}
			x += w
		}
	}
}

// cellAbove draws a label with its value under it.
func (c *canvas) cellAbove(st *style, cl cell, x, y, avail, ls, vs float64, labelFont, valueFont *opentype.Font) {
	labelBase := y + ls*0.92
	valueBase := labelBase + ls*0.25 + 0.35 + vs*0.92
	if cl.label != "" {
		size := c.fit(labelFont, ls, cl.label, avail)
		c.text(labelFont, size, x, labelBase, cl.label, st.labelInk, RoleLabel, cl.field)
	}
	vx := x
	if cl.number != "" {
		vx += c.text(labelFont, ls, x, valueBase, cl.number, st.labelInk, RoleLabel, cl.field) + 0.9
	}
	size := c.fit(valueFont, vs, cl.value, x+avail-vx)
	c.text(valueFont, size, vx, valueBase, cl.value, st.valueInk, RoleValue, cl.field)
}

// cellBeside draws a label (or a licence's number) and its value on one baseline, centred in the
// row.
func (c *canvas) cellBeside(st *style, cl cell, x, y, rowH, avail, ls, vs float64, labelFont,
	valueFont *opentype.Font) {
	lw, vw := c.width(labelFont, ls, cl.label), c.width(valueFont, vs, cl.value)
	between := 1.2
	if need := lw + between + vw; need > avail {
		s := avail / need * 0.98
		ls, vs, between = ls*s, vs*s, between*s
	}
	base := y + (rowH-1.16*vs)/2 + 0.92*vs
	if cl.label != "" {
		x += c.text(labelFont, ls, x, base, cl.label, st.labelInk, RoleLabel, cl.field) + between
	}
	c.text(valueFont, vs, x, base, cl.value, st.valueInk, RoleValue, cl.field)
}

// title draws a title line at most maxW wide.
func (c *canvas) title(st *style, bold bool, size, x, base, maxW float64, s string) {
	f := st.fam.regular
	if bold {
		f = st.fam.bold
	}
	c.text(f, c.fit(f, size, s, maxW), x, base, s, st.labelInk, RoleTitle, "")
}

// personalCells are the cells of the holder's data every document prints, by field.
func personalCells(d *doc, st *style, numberKey string) map[string]cell {
	c := func(field, label, value string) cell { return cell{field: field, label: st.label(label), value: value} }
	m := map[string]cell{
		FieldDocumentCode:     c(FieldDocumentCode, FieldDocumentCode, d.code),
		FieldIssuingState:     c(FieldIssuingState, FieldIssuingState, d.iss.mrzCode),
		FieldDocumentNumber:   c(FieldDocumentNumber, numberKey, d.number),
		FieldSurname:          c(FieldSurname, FieldSurname, d.surname),
		FieldGivenNames:       c(FieldGivenNames, FieldGivenNames, d.given),
		FieldNationality:      c(FieldNationality, FieldNationality, d.nationText),
		FieldDateOfBirth:      c(FieldDateOfBirth, FieldDateOfBirth, st.date(d.birth)),
		FieldSex:              c(FieldSex, FieldSex, st.sexText(d.sex)),
		FieldPlaceOfBirth:     c(FieldPlaceOfBirth, FieldPlaceOfBirth, d.place),
		FieldIssueDate:        c(FieldIssueDate, FieldIssueDate, st.date(d.issued)),
		FieldIssuingAuthority: c(FieldIssuingAuthority, FieldIssuingAuthority, d.authority),
		FieldExpiryDate:       c(FieldExpiryDate, FieldExpiryDate, st.date(d.expiry)),
	}
	if d.personal != "" {
		m[FieldPersonalNumber] = c(FieldPersonalNumber, FieldPersonalNumber, d.personal)
	}
	return m
}

// arrange builds rows of the named cells, leaving out those the page does not print (a missing
// personal number) and rows left empty.
func arrange(cells map[string]cell, layout [][]string) [][]cell {
	var rows [][]cell
	for _, names := range layout {
		var row []cell
		for _, n := range names {
			if cl, ok := cells[n]; ok {
				row = append(row, cl)
			}
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	}
	return rows
}

// numberFields numbers the personal fields (every cell outside the rows listed in skip) in the
// page's style.
func numberFields(st *style, rows [][]cell, skip int) {
	n := 0
	for _, row := range rows[skip:] {
		for j := range row {
			n++
			st.number(&row[j], n)
		}
	}
}

// texts lists every text of the rows, for the choice of a family that prints them all.
func texts(rows [][]cell, more ...string) []string {
	out := more
	for _, row := range rows {
		for _, cl := range row {
			out = append(out, cl.label, cl.number, cl.value)
		}
	}
	return out
}

// joinFields names the fields one printed line gives.
func joinFields(fields ...string) string { return strings.Join(fields, ",") }
