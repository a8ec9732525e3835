package printedtest

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// canvas is a document being drawn, in millimetres, with every text line drawn and its ink box.
type canvas struct {
	img   *image.RGBA
	ppm   float64 // pixels per millimetre
	faces map[faceKey]font.Face
	lines []drawn
	// portraitAt is the portrait's area in pixels, once drawn (empty on a page without one).
	portraitAt image.Rectangle
}

// drawn is a printed line and its ink box in the canvas's pixels, [x0, y0, x1, y1].
type drawn struct {
	Line
	box [4]float64
}

type faceKey struct {
	f  *opentype.Font
	px float64
}

func newCanvas(wMM, hMM, ppm float64) *canvas {
	w, h := int(math.Round(wMM*ppm)), int(math.Round(hMM*ppm))
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), ppm: ppm, faces: map[faceKey]font.Face{}}
}

func (c *canvas) px(mm float64) float64 { return mm * c.ppm }

// face returns f at sizeMM (the em), cached: faces are not safe for concurrent use, so each page
// (each canvas) has its own.
func (c *canvas) face(f *opentype.Font, sizeMM float64) font.Face {
	k := faceKey{f, math.Round(c.px(sizeMM)*4) / 4}
	if face, ok := c.faces[k]; ok {
		return face
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: k.px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic(err) // only for sizes <= 0, which the layouts never ask for
	}
	c.faces[k] = face
	return face
}

// width is s's advance in millimetres.
func (c *canvas) width(f *opentype.Font, sizeMM float64, s string) float64 {
	return float64(font.MeasureString(c.face(f, sizeMM), s)) / 64 / c.ppm
}

// fit returns the largest size up to sizeMM at which s is at most maxMM wide.
func (c *canvas) fit(f *opentype.Font, sizeMM float64, s string, maxMM float64) float64 {
	if w := c.width(f, sizeMM, s); w > maxMM {
		return sizeMM * maxMM / w * 0.98
	}
	return sizeMM
}

// point is the position (x, y) in millimetres as a pen position in pixels.
func (c *canvas) point(x, y float64) fixed.Point26_6 {
	return fixed.Point26_6{X: fixed.Int26_6(math.Round(c.px(x) * 64)), Y: fixed.Int26_6(math.Round(c.px(y) * 64))}
}

// text draws s at size (the em, in millimetres) with its baseline's start at (x, base), records
// the line, and returns its advance in millimetres.
func (c *canvas) text(f *opentype.Font, size, x, base float64, s string, ink color.RGBA, role, field string) float64 {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(ink), Face: c.face(f, size), Dot: c.point(x, base)}
	b, adv := d.BoundString(s)
	d.DrawString(s)
	c.record(s, role, field, b)
	return float64(adv) / 64 / c.ppm
}

// record adds a line with the ink bounds b.
func (c *canvas) record(s, role, field string, b fixed.Rectangle26_6) {
	c.lines = append(c.lines, drawn{
		Line: Line{Text: s, Role: role, Field: field},
		box: [4]float64{
			math.Floor(float64(b.Min.X) / 64), math.Floor(float64(b.Min.Y) / 64),
			math.Ceil(float64(b.Max.X) / 64), math.Ceil(float64(b.Max.Y) / 64),
		},
	})
}

// fixedPitch draws s at size from (x, base), one character every pitch millimetres, as MRZ
// printers do, and records it.
func (c *canvas) fixedPitch(f *opentype.Font, size, x, base, pitch float64, s string, ink color.RGBA) {
	face := c.face(f, size)
	src := image.NewUniform(ink)
	var all fixed.Rectangle26_6
	for i := range len(s) {
		d := font.Drawer{Dst: c.img, Src: src, Face: face, Dot: c.point(x+float64(i)*pitch, base)}
		b, _ := d.BoundString(s[i : i+1])
		d.DrawString(s[i : i+1])
		if b.Max.X > b.Min.X { // a filler or a space may have no ink in some fonts
			all = all.Union(b)
		}
	}
	c.record(s, RoleMRZ, "", all)
}

// blend lays colour col with opacity a (0 to 1) over the pixel at (x, y).
func (c *canvas) blend(x, y int, col color.RGBA, a float64) {
	if !(image.Point{x, y}.In(c.img.Rect)) {
		return
	}
	o := c.img.PixOffset(x, y)
	p := c.img.Pix[o : o+3 : o+3]
	for k, v := range [3]uint8{col.R, col.G, col.B} {
		p[k] = uint8(float64(p[k])*(1-a) + float64(v)*a + 0.5)
	}
}

// fillRect paints the rectangle (in millimetres) with col.
func (c *canvas) fillRect(xMM, yMM, wMM, hMM float64, col color.RGBA) {
	r := image.Rect(int(c.px(xMM)), int(c.px(yMM)), int(c.px(xMM+wMM)), int(c.px(yMM+hMM))).Intersect(c.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			o := c.img.PixOffset(x, y)
			c.img.Pix[o], c.img.Pix[o+1], c.img.Pix[o+2], c.img.Pix[o+3] = col.R, col.G, col.B, 255
		}
	}
}
