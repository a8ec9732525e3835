package printedtest

// Identity cards and residence permits: TD1, 85.6 × 54 mm, with the MRZ of 3 × 30 below the
// printed fields on the same side. Real cards print the zone on the back; the set keeps one
// side so that a page holds both the printed values and the zone they are checked against.
const (
	td1W = 85.6
	td1H = 53.98
)

// cardLayouts arrange a card's fields with their labels above.
var cardLayouts = [][][]string{
	{
		{FieldSurname}, {FieldGivenNames}, {FieldDateOfBirth, FieldSex, FieldNationality},
		{FieldPlaceOfBirth, FieldPersonalNumber}, {FieldDocumentNumber, FieldExpiryDate},
		{FieldIssueDate, FieldIssuingAuthority},
	},
	{
		{FieldDocumentNumber}, {FieldSurname}, {FieldGivenNames}, {FieldSex, FieldNationality, FieldDateOfBirth},
		{FieldPlaceOfBirth}, {FieldIssueDate, FieldExpiryDate}, {FieldIssuingAuthority, FieldPersonalNumber},
	},
}

// cardBesideLayout arranges a card's fields with each label before its value.
var cardBesideLayout = [][]string{
	{FieldSurname}, {FieldGivenNames}, {FieldDateOfBirth, FieldSex}, {FieldPlaceOfBirth},
	{FieldNationality, FieldDocumentNumber}, {FieldIssueDate, FieldExpiryDate}, {FieldIssuingAuthority},
	{FieldPersonalNumber},
}

func drawCard(r *rng, d *doc, st *style) *canvas {
	cells := personalCells(d, st, keyCardNumber)
	mode := labelAbove
	layout := pick(r, cardLayouts)
	if r.chance(0.25) {
		mode, layout = labelBeside, cardBesideLayout
		st.numbering = numberNone
	}
	rows := arrange(cells, layout)
	numberFields(st, rows, 0)
	titles := []string{d.iss.titles[d.kind], d.iss.country}
	st.fam = chooseFamily(st.fonts, texts(rows, titles...))

	c := newCanvas(td1W, td1H, st.ppm)
	c.paper(r, st.tint)
	top := mrzTop(len(d.mrz), td1H)
	c.guilloche(r, box{0, 0, td1W, top - 0.8}, darker(st.tint, r.between(18, 40)), r.between(0.5, 0.9))

	size1, size2 := r.between(1.9, 2.4), r.between(1.4, 1.8)
	base1 := 1.8 + size1*0.92
	base2 := base1 + 0.3 + size2*1.15
	c.title(st, true, size1, 3.5, base1, td1W-7, titles[0])
	c.title(st, false, size2, 3.5, base2, td1W-7, titles[1])
	header := base2 + size2*0.3 + 0.8

	photoW := r.between(18, 21)
	photo := box{3.5, header + 0.6, photoW, min(photoW*1.3, top-2-header)}
	c.portrait(r, photo)
	x := 3.5 + photoW + 3
	area := box{x, header + 0.3, td1W - x - 2.5, top - 1.2 - header - 0.3}
	c.grid(st, rows, area, mode, r.between(1.1, 1.4), r.between(2.0, 2.5), st.fam.regular)
	if r.chance(0.3) {
		c.guilloche(r, area, darker(st.tint, r.between(25, 45)), r.between(0.35, 0.55))
	}
	c.zone(st, d.mrz, td1W, td1H)
	return c
}
