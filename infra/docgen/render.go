package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"os"
	"strings"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// MRZ typography, as printed on real documents (ICAO 9303 part 3): OCR-B size I at 10 characters
// per inch, 6 lines per inch, the last line's baseline about 5 mm above the bottom edge.
const (
	mrzPitchMM    = 25.4 / 10
	mrzLineMM     = 25.4 / 6
	mrzBottomMM   = 5.0
	mrzTopRatio   = 0.79 // digits rise to 0.77 em above the baseline in OCRBS.otf
	mrzBelowRatio = 0.03
)

// geometry is a format's nominal size (ICAO 9303) and the rendering resolution: about 1000 px
// wide for cards and 1250 px for passport pages, which is what a phone photo cropped to the
// document gives.
type geometry struct{ wMM, hMM, pxPerMM float64 }

var geometries = map[string]geometry{
	"TD1":    {85.6, 53.98, 1000 / 85.6},
	"TD2":    {105, 74, 10},
	"FRA_ID": {105, 74, 10},
	"MRVB":   {105, 74, 10},
	"TD3":    {125, 88, 10},
	"MRVA":   {120, 80, 10},
}

type fonts struct {
	ocrb, regular, bold *opentype.Font
	// ocrbAdvance is an OCR-B character's advance in ems.
	ocrbAdvance float64
	faces       map[faceKey]font.Face
}

type faceKey struct {
	f    *opentype.Font
	size float64
}

func loadFonts(ocrbPath string) (*fonts, error) {
	data, err := os.ReadFile(ocrbPath)
	if err != nil {
		return nil, fmt.Errorf("OCR-B font (Debian package fonts-ocr-b): %w", err)
	}
	f := &fonts{faces: map[faceKey]font.Face{}}
	if f.ocrb, err = opentype.Parse(data); err != nil {
		return nil, fmt.Errorf("%s: %w", ocrbPath, err)
	}
	if f.regular, err = opentype.Parse(goregular.TTF); err != nil {
		return nil, err
	}
	if f.bold, err = opentype.Parse(gobold.TTF); err != nil {
		return nil, err
	}
	// OCRB.otf parses but draws nothing for 8 and <: refuse any face that does that.
	probe := f.face(f.ocrb, 100)
	for _, r := range "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<" {
		b, _, ok := probe.GlyphBounds(r)
		if !ok || b.Max.X <= b.Min.X || b.Max.Y <= b.Min.Y {
			return nil, fmt.Errorf("%s draws nothing for %q: use OCRBS.otf", ocrbPath, r)
		}
	}
	adv, _ := probe.GlyphAdvance('0')
	f.ocrbAdvance = float64(adv) / 64 / 100
	return f, nil
}

func (f *fonts) face(o *opentype.Font, sizePx float64) font.Face {
	k := faceKey{o, math.Round(sizePx*100) / 100}
	if face, ok := f.faces[k]; ok {
		return face
	}
	face, err := opentype.NewFace(o, &opentype.FaceOptions{Size: k.size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(err) // only for sizes <= 0, which the layout never asks for
	}
	f.faces[k] = face
	return face
}

// page is a document being drawn, with millimetre helpers.
type page struct {
	img   *image.RGBA
	ppm   float64
	fonts *fonts
}

func (p *page) px(mm float64) float64 { return mm * p.ppm }

func (p *page) text(o *opentype.Font, sizeMM, xMM, baselineMM float64, s string, c color.Color) {
	d := font.Drawer{
		Dst:  p.img,
		Src:  image.NewUniform(c),
		Face: p.fonts.face(o, p.px(sizeMM)),
		Dot:  fixed.Point26_6{X: fixed.Int26_6(p.px(xMM) * 64), Y: fixed.Int26_6(p.px(baselineMM) * 64)},
	}
	d.DrawString(s)
}

var (
	ink      = color.RGBA{20, 22, 30, 255}
	labelInk = color.RGBA{70, 80, 100, 255}
)

// render draws the document and returns it with the rectangle its MRZ characters occupy.
func render(f *fonts, d document) (*image.RGBA, image.Rectangle) {
	g := geometries[d.Format]
	w, h := int(math.Round(g.wMM*g.pxPerMM)), int(math.Round(g.hMM*g.pxPerMM))
	p := &page{img: image.NewRGBA(image.Rect(0, 0, w, h)), ppm: g.pxPerMM, fonts: f}
	draw.Draw(p.img, p.img.Bounds(), image.NewUniform(d.Tint), image.Point{}, draw.Src)

	// The MRZ block, from the bottom up.
	em := mrzPitchMM / f.ocrbAdvance
	n := len(d.MRZ[0])
	left := (g.wMM - float64(n)*mrzPitchMM) / 2
	lastBase := g.hMM - mrzBottomMM
	firstBase := lastBase - float64(len(d.MRZ)-1)*mrzLineMM
	mrzTop := firstBase - mrzTopRatio*em
	guilloche(p, d.Tint, mrzTop-1.5)

	small := g.hMM < 60 // TD1 cards get smaller type
	headerSize, titleSize := 3.2, 2.3
	if small {
		headerSize, titleSize = 2.6, 1.9
	}
	p.text(f.bold, headerSize, 4, 2+headerSize*0.8, d.State, ink)
	p.text(f.regular, titleSize, 4, 2+headerSize*0.8+titleSize*1.2, d.Title, labelInk)
	top := 2 + headerSize*0.8 + titleSize*1.2 + 2.5
	bottom := mrzTop - 2.5

	// Photo placeholder on the left.
	photoW := g.wMM * 0.25
	photoH := math.Min(bottom-top, photoW*1.3)
	photo(p, 4, top, photoW, photoH)

	// Labelled fields on the right.
	rows := fieldRows(d, small)
	rowH := (bottom - top) / float64(len(rows))
	labelSize, valueSize := math.Min(1.7, rowH*0.26), math.Min(2.8, rowH*0.4)
	x0 := 4 + photoW + 4
	colW := g.wMM - x0 - 3
	for i, row := range rows {
		y := top + float64(i)*rowH
		for j, fl := range row {
			x := x0 + float64(j)*colW/float64(len(row))
			p.text(f.regular, labelSize, x, y+labelSize, fl.label, labelInk)
			p.text(f.bold, valueSize, x, y+labelSize+0.4+valueSize*0.8, fl.value, ink)
		}
	}

	// The MRZ itself: every character at a fixed pitch, as OCR-B printers do.
	face := f.face(f.ocrb, p.px(em))
	for i, s := range d.MRZ {
		base := firstBase + float64(i)*mrzLineMM
		for j := 0; j < len(s); j++ {
			dr := font.Drawer{Dst: p.img, Src: image.NewUniform(ink), Face: face, Dot: fixed.Point26_6{
				X: fixed.Int26_6(p.px(left+float64(j)*mrzPitchMM) * 64),
				Y: fixed.Int26_6(p.px(base) * 64),
			}}
			dr.DrawString(s[j : j+1])
		}
	}
	mrz := image.Rect(
		int(math.Floor(p.px(left))), int(math.Floor(p.px(mrzTop))),
		int(math.Ceil(p.px(left+float64(n)*mrzPitchMM))), int(math.Ceil(p.px(lastBase+mrzBelowRatio*em))),
	)
	return p.img, mrz
}

type field struct{ label, value string }

func fieldRows(d document, small bool) [][]field {
	e := d.Expected
	date := func(s string) string {
		if s == "" {
			return "—"
		}
		t, _ := time.Parse(time.DateOnly, s)
		return t.Format("02.01.2006")
	}
	surname := field{"Surname / Nom", e.Surname}
	given := field{"Given names / Prénoms", e.GivenNames}
	sex := field{"Sex / Sexe", e.Sex}
	nationality := field{"Nationality / Nationalité", nationalityName(e.Nationality)}
	birth := field{"Date of birth / Date de naissance", date(e.DateOfBirth)}
	number := field{"Document No. / N° du document", e.DocumentNumber}
	expiry := field{"Date of expiry / Date d'expiration", date(e.ExpiryDate)}
	issued := field{"Date of issue / Date de délivrance", date(d.Issued)}
	place := field{"Place of birth / Lieu de naissance", d.Birthplace}
	authority := field{"Authority / Autorité", d.Authority}
	switch {
	case d.Type == "passport":
		return [][]field{
			{
				{"Type", e.DocumentCode},
				{"Code", e.IssuingCountry},
				{"Passport No. / N° du passeport", e.DocumentNumber},
			},
			{surname}, {given}, {nationality}, {birth, sex}, {place}, {issued, authority}, {expiry},
		}
	case d.Type == "visa":
		return [][]field{
			{{"Valid from / Du", date(d.Issued)}, {"Until / Au", date(e.ExpiryDate)}},
			{{"Type of visa / Type de visa", "C"}, {"Number of entries / Nombre d'entrées", "MULT"}},
			{surname}, {given},
			{{"Passport No. / N° du passeport", e.OptionalData + "—"}, birth},
			{{"Visa No. / N° du visa", e.DocumentNumber}, sex},
			{{"Remarks / Remarques", "—"}},
		}
	case small:
		// A card has room for short labels only, and prints the nationality's code.
		return [][]field{
			{{"Surname", e.Surname}}, {{"Given names", e.GivenNames}},
			{{"Sex", e.Sex}, {"Nationality", e.Nationality}, {"Date of birth", date(e.DateOfBirth)}},
			{{"Document No.", e.DocumentNumber}, {"Expiry", date(e.ExpiryDate)}},
		}
	default:
		if e.ExpiryDate == "" {
			expiry = field{"Valid 15 years / Valable 15 ans", date(d.Issued)}
		}
		return [][]field{{surname}, {given}, {sex, nationality}, {birth, place}, {number, expiry}, {authority}}
	}
}

func nationalityName(code string) string {
	names := map[string]string{
		"UTO": "UTOPIAN", "FRA": "FRANÇAISE", "ESP": "ESPAÑOLA", "ITA": "ITALIANA",
		"NLD": "NEDERLANDSE", "MAR": "MAROCAINE", "XXX": "UNSPECIFIED",
	}
	if n, ok := names[code]; ok {
		return n
	}
	return strings.ToUpper(code)
}

// guilloche draws a few pale sine curves over the printed area, as security printing does, and
// stops above the MRZ, which real documents keep clear.
func guilloche(p *page, tint color.RGBA, bottomMM float64) {
	c := color.RGBA{tint.R - 26, tint.G - 22, tint.B - 18, 255}
	w := p.img.Rect.Dx()
	limit := int(p.px(bottomMM))
	for k := 0; k < 7; k++ {
		y0 := float64(limit) * (0.15 + 0.12*float64(k))
		amp := float64(limit) * (0.05 + 0.02*float64(k%3))
		period := float64(w) / (1.5 + 0.4*float64(k))
		prev := -1
		for x := 0; x < w; x++ {
			y := int(y0 + amp*math.Sin(2*math.Pi*float64(x)/period+float64(k)))
			from, to := y, y
			if prev >= 0 {
				from, to = min(prev, y), max(prev, y)
			}
			for yy := from; yy <= to+1; yy++ {
				if yy >= 0 && yy < limit {
					p.img.SetRGBA(x, yy, c)
				}
			}
			prev = y
		}
	}
}

// photo draws a grey portrait placeholder: a gradient with a head-and-shoulders silhouette.
func photo(p *page, xMM, yMM, wMM, hMM float64) {
	x0, y0 := int(p.px(xMM)), int(p.px(yMM))
	w, h := int(p.px(wMM)), int(p.px(hMM))
	cx := float64(w) / 2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := 200 - 50*float64(y)/float64(h)
			hx, hy := (float64(x)-cx)/(0.22*float64(w)), (float64(y)-0.4*float64(h))/(0.25*float64(h))
			sx, sy := (float64(x)-cx)/(0.48*float64(w)), (float64(y)-1.05*float64(h))/(0.38*float64(h))
			if hx*hx+hy*hy <= 1 || sx*sx+sy*sy <= 1 {
				v = 105 + 20*float64(y)/float64(h)
			}
			if x == 0 || y == 0 || x == w-1 || y == h-1 {
				v = 90
			}
			g := uint8(v)
			p.img.SetRGBA(x0+x, y0+y, color.RGBA{g, g, g, 255})
		}
	}
}
