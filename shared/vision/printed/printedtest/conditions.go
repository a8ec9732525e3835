package printedtest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/trustline/platform/shared/vision/ocr/ocrtest"
)

// shot is a page under degradation: its image, the corners of every line's box (carried through
// each geometric step), the steps applied so far, and the JPEG it ended as, if any.
type shot struct {
	img     *image.RGBA
	corners [][4][2]float64
	steps   []string
	jpeg    []byte
	decoded image.Image
}

func newShot(c *canvas) *shot {
	s := &shot{img: c.img}
	for _, l := range c.lines {
		b := l.box
		s.corners = append(s.corners, [4][2]float64{{b[0], b[1]}, {b[2], b[1]}, {b[2], b[3]}, {b[0], b[3]}})
	}
	return s
}

// perChannel runs a grey-level degradation of ocrtest on each colour channel: the photo
// conditions there are written for grey images, the pages here are in colour.
func (s *shot) perChannel(f func(k int, g *image.Gray) *image.Gray) {
	w, h := s.img.Rect.Dx(), s.img.Rect.Dy()
	var out [3]*image.Gray
	for k := range 3 {
		g := image.NewGray(image.Rect(0, 0, w, h))
		for i := range w * h {
			g.Pix[i] = s.img.Pix[4*i+k]
		}
		out[k] = f(k, g)
	}
	b := out[0].Rect
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for i := range b.Dx() * b.Dy() {
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = out[0].Pix[i], out[1].Pix[i], out[2].Pix[i], 255
	}
	s.img = img
}

// move maps every box corner through forward.
func (s *shot) move(forward func(x, y float64) (float64, float64)) {
	for i := range s.corners {
		for j := range 4 {
			s.corners[i][j][0], s.corners[i][j][1] = forward(s.corners[i][j][0], s.corners[i][j][1])
		}
	}
}

// tilt turns the page by degrees clockwise onto a surface of colour surround (ocrtest.Tilt),
// and moves the boxes as Tilt moves its box.
func (s *shot) tilt(degrees float64, surround color.RGBA) {
	w, h := float64(s.img.Rect.Dx()), float64(s.img.Rect.Dy())
	levels := [3]uint8{surround.R, surround.G, surround.B}
	s.perChannel(func(k int, g *image.Gray) *image.Gray {
		out, _ := ocrtest.Tilt(g, g.Rect, degrees, levels[k])
		return out
	})
	sin, cos := math.Sincos(degrees * math.Pi / 180)
	dw := math.Ceil(w*math.Abs(cos)+h*math.Abs(sin)) + 20
	dh := math.Ceil(w*math.Abs(sin)+h*math.Abs(cos)) + 20
	s.move(func(x, y float64) (float64, float64) {
		dx, dy := x-w/2, y-h/2
		return dw/2 + dx*cos - dy*sin, dh/2 + dx*sin + dy*cos
	})
	s.steps = append(s.steps, "tilt"+num(degrees))
}

// keystone narrows the top edge by k as a page photographed from below its centre
// (ocrtest.Keystone).
func (s *shot) keystone(k float64, surround color.RGBA) {
	w, h := float64(s.img.Rect.Dx()), float64(s.img.Rect.Dy())
	levels := [3]uint8{surround.R, surround.G, surround.B}
	s.perChannel(func(c int, g *image.Gray) *image.Gray {
		out, _ := ocrtest.Keystone(g, g.Rect, k, levels[c])
		return out
	})
	s.move(func(x, y float64) (float64, float64) { return w/2 + (x-w/2)*(1-k*(1-y/h)), y })
	s.steps = append(s.steps, "keystone"+num(math.Round(k*100)))
}

// shrink scales the page to width pixels (ocrtest.Shrink): a phone's or a small scan's resolution.
func (s *shot) shrink(width int) {
	f := float64(width) / float64(s.img.Rect.Dx())
	s.perChannel(func(_ int, g *image.Gray) *image.Gray {
		out, _ := ocrtest.Shrink(g, g.Rect, width)
		return out
	})
	s.move(func(x, y float64) (float64, float64) { return x * f, y * f })
	s.steps = append(s.steps, fmt.Sprintf("shrink%d", width))
}

// tint prints the page on paper of the given levels inside a scanner's white surround
// (ocrtest.Tint).
func (s *shot) tint(paper color.RGBA, margin int) {
	levels := [3]uint8{paper.R, paper.G, paper.B}
	s.perChannel(func(k int, g *image.Gray) *image.Gray {
		out, _ := ocrtest.Tint(g, g.Rect, levels[k], 250, margin)
		return out
	})
	m := float64(margin)
	s.move(func(x, y float64) (float64, float64) { return x + m, y + m })
	s.steps = append(s.steps, "tint")
}

// shadow darkens the page beyond a soft slanted edge through region (ocrtest.Shadow).
func (s *shot) shadow(region image.Rectangle, depth float64) {
	s.perChannel(func(_ int, g *image.Gray) *image.Gray { return ocrtest.Shadow(g, region, depth) })
	s.steps = append(s.steps, "shadow"+num(math.Round(depth*100)))
}

// overprint lays a violet stamp's rim and its specks over one printed line, and a pen stroke
// from another across the page (ocrtest.Overprint and ocrtest.Specks).
func (s *shot) overprint(r *rng) {
	w, h := float64(s.img.Rect.Dx()), float64(s.img.Rect.Dy())
	centre := func() (float64, float64) {
		if len(s.corners) == 0 {
			return r.between(0.3, 0.7) * w, r.between(0.3, 0.7) * h
		}
		q := pick(r, s.corners)
		return (q[0][0] + q[2][0]) / 2, (q[0][1] + q[2][1]) / 2
	}
	cx, cy := centre()
	radius := r.between(0.09, 0.14) * h
	var rim [][4]float64
	for k := range 60 {
		a0, a1 := 2*math.Pi*float64(k)/60, 2*math.Pi*float64(k+1)/60
		rim = append(rim, [4]float64{cx + radius*math.Cos(a0), cy + radius*math.Sin(a0),
			cx + radius*math.Cos(a1), cy + radius*math.Sin(a1)})
	}
	var pen [][4]float64
	x, y := centre()
	for range 8 {
		nx, ny := x+r.between(0.02, 0.05)*w, y+r.between(-0.06, 0.06)*h
		pen = append(pen, [4]float64{x, y, nx, ny})
		x, y = nx, ny
	}
	stamp, ink := [3]uint8{112, 64, 168}, [3]uint8{30, 50, 140}
	seed := r.Uint64()
	specks := image.Rect(int(cx-radius), int(cy-radius), int(cx+radius), int(cy+radius))
	thick := math.Max(2, h/300)
	s.perChannel(func(k int, g *image.Gray) *image.Gray {
		ocrtest.Overprint(g, stamp[k], thick, rim...)
		ocrtest.Overprint(g, ink[k], thick*0.8, pen...)
		ocrtest.Specks(g, specks, 40, int(thick)+1, seed)
		return g
	})
	s.steps = append(s.steps, "overprint")
}

// blur defocuses the page: three box blurs of the Gaussian's width, along rows then columns.
func (s *shot) blur(sigma float64) {
	// The box width whose three passes give a Gaussian of sigma (Wells, 1986).
	radius := max(1, int(math.Round((math.Sqrt(4*sigma*sigma+1)-1)/2)))
	for range 3 {
		blurRows(s.img, radius)
		blurColumns(s.img, radius)
	}
	s.steps = append(s.steps, "blur"+num(sigma))
}

// blurRows averages every pixel with its radius neighbours on each side of its row, edges
// repeated, with running sums.
func blurRows(img *image.RGBA, radius int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	div := 2*radius + 1
	padded := make([]int, w+2*radius)
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for k := range 3 {
			for i := range padded {
				padded[i] = int(row[4*min(max(i-radius, 0), w-1)+k])
			}
			sum := 0
			for i := range div {
				sum += padded[i]
			}
			for x := range w {
				row[4*x+k] = uint8((sum + div/2) / div)
				if x+div < len(padded) {
					sum += padded[x+div] - padded[x]
				}
			}
		}
	}
}

// blurColumns averages every pixel with its radius neighbours above and below, edges repeated:
// a running sum per column and channel, moved down a row at a time (rows stay in cache).
func blurColumns(img *image.RGBA, radius int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	div := 2*radius + 1
	src := make([]uint8, len(img.Pix))
	copy(src, img.Pix)
	row := func(y int) []uint8 {
		y = min(max(y, 0), h-1)
		return src[y*img.Stride : y*img.Stride+4*w]
	}
	sums := make([]int, 4*w)
	for y := -radius; y <= radius; y++ {
		for i, v := range row(y) {
			sums[i] += int(v)
		}
	}
	for y := range h {
		out := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for i := range out {
			if i%4 != 3 {
				out[i] = uint8((sums[i] + div/2) / div)
			}
		}
		add, sub := row(y+radius+1), row(y-radius)
		for i := range sums {
			sums[i] += int(add[i]) - int(sub[i])
		}
	}
}

// noise adds sensor grain: Gaussian, sigma grey levels, mostly the same on the three channels.
func (s *shot) noise(r *rng, sigma float64) {
	var table [4096]float64
	for i := range table {
		table[i] = sigma * r.NormFloat64()
	}
	g := rand.New(rand.NewPCG(r.Uint64(), r.Uint64()))
	p := s.img.Pix
	for i := 0; i < len(p); i += 4 {
		v := g.Uint64()
		luma := table[v&4095]
		for k := range 3 {
			chroma := table[(v>>(12+12*k))&4095] * 0.3
			p[i+k] = clamp(float64(p[i+k]) + luma + chroma)
		}
	}
	s.steps = append(s.steps, "noise"+num(sigma))
}

// lowContrast squeezes the levels into [lo, hi], as a faded print or an underexposed scan.
func (s *shot) lowContrast(lo, hi float64) {
	var lut [256]uint8
	for v := range lut {
		lut[v] = clamp(lo + float64(v)*(hi-lo)/255)
	}
	for i, v := range s.img.Pix {
		if i%4 != 3 {
			s.img.Pix[i] = lut[v]
		}
	}
	s.steps = append(s.steps, "lowcontrast")
}

// compress encodes the page as a JPEG of quality q, as the page's file, and keeps its decoding.
func (s *shot) compress(q int) {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, s.img, &jpeg.Options{Quality: q}); err != nil {
		panic(err) // encoding to memory fails only on a broken image
	}
	dec, err := jpeg.Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		panic(err)
	}
	s.jpeg, s.decoded = b.Bytes(), dec
	s.steps = append(s.steps, fmt.Sprintf("jpeg%d", q))
}

// num prints a parameter of a condition's name: 3, -2.5, 1.6.
func num(v float64) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") }

// surfaces are the tables and hands a photographed document lies on.
var surfaces = []color.RGBA{{150, 112, 78, 255}, {92, 96, 102, 255}, {196, 190, 178, 255}, {40, 40, 44, 255}}

// conditionShare is the share of clean pages; the rest are degraded in one of the ways of degrade.
const conditionShare = 0.5

// degrade applies a drawn condition (or none) to the rendered page.
func degrade(r *rng, c *canvas, clean bool) *shot {
	s := newShot(c)
	if clean || r.chance(conditionShare) {
		return s
	}
	w, h := s.img.Rect.Dx(), s.img.Rect.Dy()
	angle := func(lo, hi float64) float64 {
		a := math.Round(r.between(lo, hi)*2) / 2
		if r.chance(0.5) {
			a = -a
		}
		return a
	}
	// phoneWidth is a width of 6 to 9 pixels a millimetre: a document that fills half of a
	// phone's frame, or a scan at 150 to 230 dpi.
	phoneWidth := func() int { return int(float64(w) / c.ppm * r.between(6, 9)) }
	switch r.weighted(14, 6, 6, 6, 5, 4, 4, 3, 2, 2, 3) {
	case 0:
		s.tilt(angle(0.5, 5), pick(r, surfaces))
		s.compress(80 + r.IntN(13))
	case 1:
		surface := pick(r, surfaces)
		s.keystone(r.between(0.04, 0.1), surface)
		s.tilt(angle(0, 3), surface)
		s.compress(85)
	case 2:
		s.shrink(phoneWidth())
	case 3:
		s.tilt(angle(0.5, 4), pick(r, surfaces))
		s.shrink(phoneWidth())
		s.compress(55 + r.IntN(21))
	case 4:
		s.compress(30 + r.IntN(41))
	case 5:
		s.blur(math.Round(r.between(0.8, 2)*10) / 10)
		s.compress(85)
	case 6:
		cx, cy := int(r.between(0.3, 0.7)*float64(w)), int(r.between(0.3, 0.7)*float64(h))
		half := int(r.between(0.05, 0.15) * float64(h))
		s.shadow(image.Rect(cx-half, cy-half, cx+half, cy+half), math.Round(r.between(0.45, 0.7)*100)/100)
		s.compress(85)
	case 7:
		s.noise(r, math.Round(r.between(6, 16)))
	case 8:
		lo := r.between(60, 110)
		s.lowContrast(lo, lo+r.between(60, 100))
	case 9:
		paper := color.RGBA{uint8(r.between(200, 235)), uint8(r.between(200, 235)), uint8(r.between(190, 230)), 255}
		s.tint(paper, int(float64(w)*r.between(0.03, 0.08)))
	default:
		s.overprint(r)
		if r.chance(0.5) {
			s.compress(90)
		}
	}
	return s
}

// condition names the steps applied: clean, or the steps joined by +.
func (s *shot) condition() string {
	if len(s.steps) == 0 {
		return "clean"
	}
	return strings.Join(s.steps, "+")
}

// image is the page as its file gives it.
func (s *shot) image() image.Image {
	if s.decoded != nil {
		return s.decoded
	}
	return s.img
}

// boxes are the lines' upright boxes in the final image: around their corners, outward to whole
// pixels.
func (s *shot) boxes() [][4]int {
	out := make([][4]int, len(s.corners))
	for i, q := range s.corners {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range q {
			x0, y0 = math.Min(x0, p[0]), math.Min(y0, p[1])
			x1, y1 = math.Max(x1, p[0]), math.Max(y1, p[1])
		}
		out[i] = [4]int{int(math.Floor(x0 + 1e-6)), int(math.Floor(y0 + 1e-6)), int(math.Ceil(x1 - 1e-6)),
			int(math.Ceil(y1 - 1e-6))}
	}
	return out
}
