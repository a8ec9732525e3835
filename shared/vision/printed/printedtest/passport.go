package printedtest

// The passport data page: TD3, 125 × 88 mm, the portrait on the left, the fields right of it,
// the MRZ of 2 × 44 at the bottom.
const (
	td3W = 125.0
	td3H = 88.0
)

// passportLayouts are the arrangements of the data page's fields, after real pages: the type,
// code and number first, then the names, then the rest in two or one columns.
var passportLayouts = [][][]string{
	{
		{FieldDocumentCode, FieldIssuingState, FieldDocumentNumber}, {FieldSurname}, {FieldGivenNames},
		{FieldNationality, FieldPersonalNumber}, {FieldDateOfBirth, FieldSex}, {FieldPlaceOfBirth},
		{FieldIssueDate, FieldIssuingAuthority}, {FieldExpiryDate},
	},
	{
		{FieldDocumentCode, FieldIssuingState, FieldDocumentNumber}, {FieldSurname}, {FieldGivenNames},
		{FieldNationality}, {FieldDateOfBirth, FieldPersonalNumber}, {FieldSex, FieldPlaceOfBirth},
		{FieldIssueDate, FieldExpiryDate}, {FieldIssuingAuthority},
	},
	{
		{FieldDocumentCode, FieldIssuingState, FieldDocumentNumber}, {FieldSurname}, {FieldGivenNames},
		{FieldNationality, FieldDateOfBirth}, {FieldSex, FieldPlaceOfBirth}, {FieldIssueDate, FieldIssuingAuthority},
		{FieldExpiryDate, FieldPersonalNumber},
	},
}

func drawPassport(r *rng, d *doc, st *style) *canvas {
	rows := arrange(personalCells(d, st, keyPassportNumber), pick(r, passportLayouts))
	numberFields(st, rows, 1)
	titles := []string{d.iss.titles[Passport], d.iss.country}
	if r.chance(0.4) {
		titles[0], titles[1] = titles[1], titles[0]
	}
	signature := ""
	if r.chance(0.5) {
		signature = st.label(keySignature)
	}
	st.fam = chooseFamily(st.fonts, texts(rows, append(titles, signature)...))

	c := newCanvas(td3W, td3H, st.ppm)
	c.paper(r, st.tint)
	top := mrzTop(len(d.mrz), td3H)
	page := box{0, 0, td3W, top - 1}
	c.guilloche(r, page, darker(st.tint, r.between(18, 40)), r.between(0.5, 0.9))

	// The header: the document's name and the state's, larger first.
	size1, size2 := r.between(2.4, 3.0), r.between(1.8, 2.3)
	hx := 5.0
	photoW := r.between(30, 35)
	fieldsX := 5 + photoW + 4.5
	if r.chance(0.5) {
		hx = fieldsX
	}
	base1 := 3 + size1*0.92
	base2 := base1 + 0.5 + size2*1.15
	c.title(st, true, size1, hx, base1, td3W-hx-4, titles[0])
	c.title(st, false, size2, hx, base2, td3W-hx-4, titles[1])
	header := base2 + size2*0.3 + 1.2

	photo := box{5, header + 1, photoW, min(photoW*1.3, top-3.5-header)}
	c.portrait(r, photo)
	// The holder's signature under the portrait, where the page has room for it.
	if below := photo.y + photo.h; signature != "" && top-2-below > 12 {
		size := c.fit(st.fam.regular, 1.6, signature, photoW)
		c.text(st.fam.regular, size, 5, below+1+size, signature, st.labelInk, RoleLabel, FieldSignature)
		c.signature(r, box{5, below + 2 + size*1.3, photoW, min(9, top-2-below-3-size*1.3)}, pick(r, penInks))
	}
	area := box{fieldsX, header + 0.5, td3W - fieldsX - 4, top - 1.8 - header - 0.5}
	c.grid(st, rows, area, labelAbove, r.between(1.6, 2.0), r.between(2.8, 3.4), st.fam.regular)
	if r.chance(0.3) { // security print over the fields too
		c.guilloche(r, area, darker(st.tint, r.between(25, 45)), r.between(0.35, 0.55))
	}
	c.zone(st, d.mrz, td3W, td3H)
	return c
}
