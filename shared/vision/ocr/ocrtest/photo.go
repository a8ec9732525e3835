package ocrtest

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
)

// Photo is a generated document made into what a phone or a cheap scanner would send.
type Photo struct {
	Name string
	Img  *image.Gray
	Box  image.Rectangle // the MRZ's upright bounding box in Img turned by Turn
	Turn int             // the quarter turn (imagefile.Rotate) that makes Img upright
	Tilt float64         // the zone's tilt in degrees, clockwise positive
}

// Photos makes the conditions of real uploads from a clean rendering g whose MRZ of rows lines
// of chars characters is at box: tilts up to 30° either way, a 15 % keystone, characters 5
// pixels wide, a zone turned a quarter on a tinted page in a white surround, a stamp's specks and
// a signature over the zone, a shadow across it, a page edge cutting the last line short. rotate
// is imagefile.Rotate.
func Photos(g *image.Gray, box image.Rectangle, rows, chars int, rotate func(image.Image, int) image.Image) []Photo {
	var out []Photo
	add := func(name string, img *image.Gray, b image.Rectangle, turn int, tilt float64) {
		out = append(out, Photo{name, img, b, turn, tilt})
	}
	for _, deg := range []float64{12, 20, -20, 30, -30} {
		img, b := Tilt(g, box, deg, 90)
		add(fmt.Sprintf("tilt%+.0f", deg), img, b, 0, deg)
	}
	k, kb := Keystone(g, box, 0.15, 90)
	img, b := Tilt(k, kb, 15, 90)
	add("keystone15+tilt15", img, b, 0, 15)
	// Characters 5 pixels wide: the line's width over its characters.
	width := int(math.Round(float64(g.Rect.Dx()) * 5 * float64(chars) / float64(box.Dx())))
	img, b = Shrink(g, box, width)
	add("small", img, b, 0, 0)
	img, b = Tint(g, box, 175, 255, g.Rect.Dx()/4)
	add("tinted-rotated90", rotate(img, 90).(*image.Gray), b, 270, 0)
	// A stamp's specks carry on past the last line's end; a signature crosses the zone.
	lh := box.Dy() / (2*rows - 1)
	over := clone(g)
	last := image.Rect(box.Max.X+lh/2, box.Max.Y-lh, min(g.Rect.Dx(), box.Max.X+5*lh), box.Max.Y)
	Specks(over, last, 60, max(2, lh/5), 1)
	x := float64(box.Min.X + box.Dx()/3)
	Overprint(over, 60, 2, [4]float64{x, float64(box.Min.Y - lh), x + float64(3*lh), float64(box.Max.Y + lh)})
	add("overprint", over, box, 0, 0)
	add("shadow", Shadow(g, box, 0.5), box, 0, 0)
	// The page's edge, folded or covered, cuts the last line short.
	edge := clone(g)
	cut := box.Min.X + box.Dx()/8
	for y := box.Max.Y - lh - lh/2; y < g.Rect.Dy(); y++ {
		for x := range cut {
			edge.Pix[y*edge.Stride+x] = 70
		}
	}
	add("page-edge", edge, image.Rect(cut, box.Min.Y, box.Max.X, box.Max.Y), 0, 0)
	return out
}

func clone(g *image.Gray) *image.Gray {
	c := image.NewGray(g.Rect)
	copy(c.Pix, g.Pix)
	c.Stride = g.Stride
	return c
}

// The photo conditions below turn a generated document (grey, its MRZ's box known) into what a
// phone or a cheap scanner makes of it, and say where the MRZ went: the upright bounding box of
// its transformed corners.

// warp resamples g through inverse (destination to source coordinates) onto a w×h canvas of
// surround, bilinear, and maps box through forward.
func warp(
	g *image.Gray,
	box image.Rectangle,
	w, h int,
	surround uint8,
	inverse, forward func(x, y float64) (float64, float64),
) (*image.Gray, image.Rectangle) {
	dst := image.NewGray(image.Rect(0, 0, w, h))
	b := g.Bounds()
	for y := range h {
		for x := range w {
			sx, sy := inverse(float64(x)+0.5, float64(y)+0.5)
			dst.Pix[y*dst.Stride+x] = sample(g, sx-0.5-float64(b.Min.X), sy-0.5-float64(b.Min.Y), surround)
		}
	}
	out := image.Rectangle{Min: image.Pt(w, h)}
	for _, p := range []image.Point{box.Min, {box.Max.X, box.Min.Y}, {box.Min.X, box.Max.Y}, box.Max} {
		x, y := forward(float64(p.X), float64(p.Y))
		out.Min.X, out.Min.Y = min(out.Min.X, int(math.Floor(x))), min(out.Min.Y, int(math.Floor(y)))
		out.Max.X, out.Max.Y = max(out.Max.X, int(math.Ceil(x))), max(out.Max.Y, int(math.Ceil(y)))
	}
	return dst, out
}

func sample(g *image.Gray, x, y float64, fill uint8) uint8 {
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if x0 < 0 || y0 < 0 || x0+1 >= w || y0+1 >= h {
		return fill
	}
	fx, fy := x-float64(x0), y-float64(y0)
	p := g.Pix[y0*g.Stride+x0:]
	q := g.Pix[(y0+1)*g.Stride+x0:]
	v := (float64(p[0])*(1-fx)+float64(p[1])*fx)*(1-fy) + (float64(q[0])*(1-fx)+float64(q[1])*fx)*fy
	return uint8(v + 0.5)
}

// Tilt turns g by degrees clockwise about its centre onto a canvas of surround just large enough.
func Tilt(g *image.Gray, box image.Rectangle, degrees float64, surround uint8) (*image.Gray, image.Rectangle) {
	sin, cos := math.Sincos(degrees * math.Pi / 180)
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	dw := int(math.Ceil(w*math.Abs(cos)+h*math.Abs(sin))) + 20
	dh := int(math.Ceil(w*math.Abs(sin)+h*math.Abs(cos))) + 20
	ox, oy := float64(g.Rect.Min.X)+w/2, float64(g.Rect.Min.Y)+h/2
	cx, cy := float64(dw)/2, float64(dh)/2
	return warp(g, box, dw, dh, surround,
		func(x, y float64) (float64, float64) {
			dx, dy := x-cx, y-cy
			return ox + dx*cos + dy*sin, oy - dx*sin + dy*cos
		},
		func(x, y float64) (float64, float64) {
			dx, dy := x-ox, y-oy
			return cx + dx*cos - dy*sin, cy + dx*sin + dy*cos
		})
}

// Keystone narrows g's top edge by k (0.15: 15 %) linearly down to its full bottom edge, as a
// page photographed from below its centre.
func Keystone(g *image.Gray, box image.Rectangle, k float64, surround uint8) (*image.Gray, image.Rectangle) {
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	scale := func(y float64) float64 { return 1 - k*(1-y/h) }
	return warp(g, box, g.Rect.Dx(), g.Rect.Dy(), surround,
		func(x, y float64) (float64, float64) { return w/2 + (x-w/2)/scale(y), y },
		func(x, y float64) (float64, float64) { return w/2 + (x-w/2)*scale(y), y })
}

// Shrink scales g to width pixels wide, each pixel the mean of those it covers, as a small scan.
func Shrink(g *image.Gray, box image.Rectangle, width int) (*image.Gray, image.Rectangle) {
	f := float64(width) / float64(g.Rect.Dx())
	h := int(math.Round(float64(g.Rect.Dy()) * f))
	dst := image.NewGray(image.Rect(0, 0, width, h))
	for y := range h {
		for x := range width {
			x0, x1 := int(float64(x)/f), max(int(float64(x+1)/f), int(float64(x)/f)+1)
			y0, y1 := int(float64(y)/f), max(int(float64(y+1)/f), int(float64(y)/f)+1)
			sum, n := 0, 0
			for sy := y0; sy < min(y1, g.Rect.Dy()); sy++ {
				for sx := x0; sx < min(x1, g.Rect.Dx()); sx++ {
					sum += int(g.Pix[sy*g.Stride+sx])
					n++
				}
			}
			dst.Pix[y*dst.Stride+x] = uint8((sum + n/2) / max(n, 1))
		}
	}
	s := func(v int) int { return int(math.Round(float64(v) * f)) }
	return dst, image.Rect(s(box.Min.X), s(box.Min.Y), s(box.Max.X), s(box.Max.Y))
}

// Tint prints g on paper of grey level paper (ink keeps its darkness) and lays it on a surround
// margin pixels wide on every side.
func Tint(g *image.Gray, box image.Rectangle, paper, surround uint8, margin int) (*image.Gray, image.Rectangle) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	dst := image.NewGray(image.Rect(0, 0, w+2*margin, h+2*margin))
	for i := range dst.Pix {
		dst.Pix[i] = surround
	}
	for y := range h {
		for x := range w {
			v := int(g.Pix[y*g.Stride+x])
			dst.Pix[(y+margin)*dst.Stride+x+margin] = uint8(v * int(paper) / 255)
		}
	}
	return dst, box.Add(image.Pt(margin, margin))
}

// Specks scatters n dark specks of 1 to size pixels square over r, seeded.
func Specks(g *image.Gray, r image.Rectangle, n, size int, seed uint64) {
	rnd := rand.New(rand.NewPCG(seed, 7))
	r = r.Intersect(g.Rect)
	if r.Empty() {
		return
	}
	for range n {
		x, y := r.Min.X+rnd.IntN(r.Dx()), r.Min.Y+rnd.IntN(r.Dy())
		s := 1 + rnd.IntN(size)
		for dy := range s {
			for dx := range s {
				if p := image.Pt(x+dx, y+dy); p.In(g.Rect) {
					g.Pix[g.PixOffset(p.X, p.Y)] = 30
				}
			}
		}
	}
}

// Overprint draws strokes of grey level v, thick pixels wide, along the segments (x0, y0, x1, y1):
// a signature or a stamp's rim across the zone.
func Overprint(g *image.Gray, v uint8, thick float64, segments ...[4]float64) {
	for _, s := range segments {
		dx, dy := s[2]-s[0], s[3]-s[1]
		n := int(math.Hypot(dx, dy)) + 1
		for i := 0; i <= n; i++ {
			t := float64(i) / float64(n)
			cx, cy := s[0]+t*dx, s[1]+t*dy
			for y := int(cy - thick); y <= int(cy+thick); y++ {
				for x := int(cx - thick); x <= int(cx+thick); x++ {
					if p := image.Pt(x, y); p.In(g.Rect) && math.Hypot(float64(x)-cx, float64(y)-cy) <= thick/2 {
						g.Pix[g.PixOffset(x, y)] = min(g.Pix[g.PixOffset(x, y)], v)
					}
				}
			}
		}
	}
}

// WithoutMRZ returns a copy of g with the MRZ at box, and a margin of half its height, painted
// with the paper's grey (the brightest level around it): a page of printed text and no zone.
func WithoutMRZ(g *image.Gray, box image.Rectangle) *image.Gray {
	out := clone(g)
	r := box.Inset(-box.Dy() / 2).Intersect(g.Rect)
	paper := uint8(0)
	for x := r.Min.X; x < r.Max.X; x++ {
		paper = max(paper, g.Pix[g.PixOffset(x, r.Min.Y)])
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			out.Pix[out.PixOffset(x, y)] = paper
		}
	}
	return out
}

// CopyChar copies, in the MRZ at box (rows lines of cols characters at the generator's fixed
// pitch, lines 10/6 of a character's pitch apart), the character at (fromRow, fromCol) over the
// one at (toRow, toCol): a zone that reads well but whose check digits no longer verify.
func CopyChar(g *image.Gray, box image.Rectangle, rows, cols, fromRow, fromCol, toRow, toCol int) {
	px := float64(box.Dx()) / float64(cols)
	py := px * 10 / 6
	h := int(float64(box.Dy()) - float64(rows-1)*py)
	cell := func(row, col int) image.Point {
		return image.Pt(box.Min.X+int(math.Round(float64(col)*px)), box.Min.Y+int(math.Round(float64(row)*py)))
	}
	from, to := cell(fromRow, fromCol), cell(toRow, toCol)
	w := int(math.Round(px))
	src := clone(g)
	for y := range h {
		for x := range w {
			if p, q := from.Add(image.Pt(x, y)), to.Add(image.Pt(x, y)); p.In(g.Rect) && q.In(g.Rect) {
				g.Pix[g.PixOffset(q.X, q.Y)] = src.Pix[src.PixOffset(p.X, p.Y)]
			}
		}
	}
}

// Shadow darkens g to depth (0.5: half the light) beyond a soft slanted edge through the middle
// of the MRZ at box, as the shadow of a phone held over the page.
func Shadow(g *image.Gray, box image.Rectangle, depth float64) *image.Gray {
	out := clone(g)
	cx, cy := float64(box.Min.X+box.Max.X)/2, float64(box.Min.Y+box.Max.Y)/2
	nx, ny := math.Cos(50*math.Pi/180), math.Sin(50*math.Pi/180)
	soft := float64(box.Dy()) / 2
	for y := 0; y < g.Rect.Dy(); y++ {
		for x := 0; x < g.Rect.Dx(); x++ {
			d := (float64(x)-cx)*nx + (float64(y)-cy)*ny
			t := 1 / (1 + math.Exp(-4*d/soft))
			i := y*out.Stride + x
			out.Pix[i] = uint8(float64(out.Pix[i]) * (1 - (1-depth)*t))
		}
	}
	return out
}

// Stamped returns g in colour with a violet stamp's rings over the first characters of the MRZ
// at box (rows lines) and a blue pen stroke into its last characters: inks a reader should see
// through.
func Stamped(g *image.Gray, box image.Rectangle, rows int) *image.RGBA {
	out := image.NewRGBA(g.Rect)
	for y := 0; y < g.Rect.Dy(); y++ {
		for x := 0; x < g.Rect.Dx(); x++ {
			v := g.Pix[y*g.Stride+x]
			o := out.PixOffset(x, y)
			out.Pix[o], out.Pix[o+1], out.Pix[o+2], out.Pix[o+3] = v, v, v, 255
		}
	}
	paint := func(x, y int, r, gr, b uint8) {
		if p := image.Pt(x, y); p.In(out.Rect) {
			o := out.PixOffset(x, y)
			out.Pix[o], out.Pix[o+1], out.Pix[o+2] = min(out.Pix[o], r), min(out.Pix[o+1], gr), min(out.Pix[o+2], b)
		}
	}
	lh := float64(box.Dy()) / float64(2*rows-1)
	cx, cy := float64(box.Min.X)+2.2*lh, float64(box.Min.Y)-0.2*lh
	for _, ring := range [][2]float64{{1.55 * lh, 1.75 * lh}, {1.1 * lh, 1.2 * lh}} {
		for y := int(cy - ring[1]); y <= int(cy+ring[1]); y++ {
			for x := int(cx - ring[1]); x <= int(cx+ring[1]); x++ {
				if d := math.Hypot(float64(x)-cx, float64(y)-cy); d >= ring[0] && d <= ring[1] {
					paint(x, y, 112, 64, 168)
				}
			}
		}
	}
	for t := 0.0; t <= 1; t += 0.0005 {
		x := float64(box.Max.X) - 7*lh + 6*lh*t
		y := float64(box.Min.Y) - 1.2*lh + 1.1*lh*t + 0.35*lh*math.Sin(t*9)
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				if dx*dx+dy*dy <= 3 {
					paint(int(x)+dx, int(y)+dy, 30, 50, 140)
				}
			}
		}
	}
	return out
}
