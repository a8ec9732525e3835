package printedtest

import (
	"image"
	"image/color"
	"math"

	xdraw "golang.org/x/image/draw"
)

// The security printing and pictures of a page: a tinted paper with guilloche (dense sine bands
// and rosettes), a portrait placeholder, a signature, a licence's EU flag box.

// paper fills the page with tint, shading slowly to a second tint across it (or along its
// diagonal).
func (c *canvas) paper(r *rng, tint color.RGBA) {
	shift := [3]float64{r.between(-10, 6), r.between(-10, 6), r.between(-10, 6)}
	w, h := c.img.Rect.Dx(), c.img.Rect.Dy()
	diagonal := r.chance(0.5)
	// The shade depends on x (or x + y) only: one row of the shades, copied.
	n := w
	if diagonal {
		n = w + h
	}
	shades := make([]uint8, 4*n)
	for i := range n {
		t := float64(i) / float64(n)
		for k, v := range [3]uint8{tint.R, tint.G, tint.B} {
			shades[4*i+k] = clamp(float64(v) + shift[k]*t)
		}
		shades[4*i+3] = 255
	}
	for y := range h {
		from := 0
		if diagonal {
			from = 4 * y
		}
		copy(c.img.Pix[y*c.img.Stride:y*c.img.Stride+4*w], shades[from:])
	}
}

func clamp(v float64) uint8 { return uint8(math.Max(0, math.Min(255, math.Round(v)))) }

// darker is tint with every channel lowered by d: the guilloche's ink, a shade of the paper's.
func darker(tint color.RGBA, d float64) color.RGBA {
	return color.RGBA{clamp(float64(tint.R) - d), clamp(float64(tint.G) - d*0.9), clamp(float64(tint.B) - d*0.8), 255}
}

// stroke plots the curve p(t), t from 0 to 1, in ink of opacity a, one sample per half pixel of
// its length (a sample every 0.8 pixel of its length, estimated from a first pass).
func (c *canvas) stroke(p func(t float64) (x, y float64), ink color.RGBA, a float64, clip box) {
	length := 0.0
	px, py := p(0)
	for i := 1; i <= 64; i++ {
		x, y := p(float64(i) / 64)
		length += math.Hypot(x-px, y-py)
		px, py = x, y
	}
	n := int(1.25*c.px(length)) + 2
	x0, y0, x1, y1 := c.px(clip.x), c.px(clip.y), c.px(clip.x+clip.w), c.px(clip.y+clip.h)
	lastX, lastY := -1, -1
	for i := 0; i <= n; i++ {
		x, y := p(float64(i) / float64(n))
		X, Y := c.px(x), c.px(y)
		if X < x0 || X >= x1 || Y < y0 || Y >= y1 {
			continue
		}
		if ix, iy := int(X), int(Y); ix != lastX || iy != lastY {
			c.blend(ix, iy, ink, a)
			lastX, lastY = ix, iy
		}
	}
}

// guilloche draws the security print over area: bands of interleaved sine curves, a rosette of
// modulated circles, or both, in ink a shade darker than the paper.
func (c *canvas) guilloche(r *rng, area box, ink color.RGBA, a float64) {
	switch r.IntN(3) {
	case 0:
		c.waves(r, area, ink, a)
	case 1:
		c.rosette(r, area, ink, a)
	default:
		c.waves(r, area, ink, a)
		c.rosette(r, area, ink, a)
	}
}

// waves draws families of sine curves a millimetre or so apart, each curve the sum of two
// sines, drifting in phase from one to the next: the moiré bands of banknote paper.
func (c *canvas) waves(r *rng, area box, ink color.RGBA, a float64) {
	spacing := r.between(0.7, 1.6)
	period, period2 := r.between(18, 45), r.between(6, 14)
	amp, amp2 := r.between(1.5, 5), r.between(0.3, 1.2)
	drift := r.between(0.05, 0.3)
	families := 1 + r.IntN(2)
	for f := range families {
		sign := 1.0 - 2*float64(f)
		for k := -8.0; k*spacing < area.h+8; k++ {
			y0 := area.y + k*spacing
			phase := k * drift * sign
			c.stroke(func(t float64) (float64, float64) {
				x := area.x + t*area.w
				return x, y0 + amp*math.Sin(2*math.Pi*x/period+phase) + amp2*math.Sin(2*math.Pi*x/period2-phase)
			}, ink, a, area)
		}
	}
}

// rosette draws concentric modulated circles r(θ) = R + m·sin(kθ + R·twist) about a point of area.
func (c *canvas) rosette(r *rng, area box, ink color.RGBA, a float64) {
	cx, cy := area.x+r.between(0.2, 0.8)*area.w, area.y+r.between(0.2, 0.8)*area.h
	lobes := float64(6 + r.IntN(14))
	mod := r.between(0.8, 3)
	twist := r.between(0.05, 0.4)
	step := r.between(0.8, 1.5)
	maxR := r.between(0.3, 0.6) * math.Max(area.w, area.h)
	for radius := step * 2; radius < maxR; radius += step {
		c.stroke(func(t float64) (float64, float64) {
			th := 2 * math.Pi * t
			rr := radius + mod*math.Sin(lobes*th+radius*twist)
			return cx + rr*math.Cos(th), cy + rr*math.Sin(th)
		}, ink, a, area)
	}
}

// portrait draws a grey head-and-shoulders placeholder, as docgen's, its proportions drawn.
func (c *canvas) portrait(r *rng, area box) {
	x0, y0 := int(c.px(area.x)), int(c.px(area.y))
	w, h := int(c.px(area.w)), int(c.px(area.h))
	headW, headH := r.between(0.19, 0.25), r.between(0.22, 0.28)
	headY := r.between(0.36, 0.44)
	back, shade := r.between(185, 225), r.between(90, 130)
	cx := float64(w) * r.between(0.46, 0.54)
	c.portraitAt = image.Rect(x0, y0, x0+w, y0+h)
	for y := range h {
		for x := range w {
			v := back - 40*float64(y)/float64(h)
			hx, hy := (float64(x)-cx)/(headW*float64(w)), (float64(y)-headY*float64(h))/(headH*float64(h))
			sx, sy := (float64(x)-cx)/(0.48*float64(w)), (float64(y)-1.05*float64(h))/(0.38*float64(h))
			if hx*hx+hy*hy <= 1 || sx*sx+sy*sy <= 1 {
				v = shade + 20*float64(y)/float64(h)
			}
			if x == 0 || y == 0 || x == w-1 || y == h-1 {
				v = 90
			}
			g := clamp(v)
			o := c.img.PixOffset(x0+x, y0+y)
			c.img.Pix[o], c.img.Pix[o+1], c.img.Pix[o+2] = g, g, g
		}
	}
}

// photograph prints photo on the portrait's area instead of the placeholder, cropped to the
// area's proportions about its centre, as a passport photo is cut.
func (c *canvas) photograph(photo image.Image) {
	at := c.portraitAt
	if at.Empty() {
		return
	}
	b := photo.Bounds()
	// The largest part of the photo with the area's proportions, about its centre.
	w, h := b.Dx(), b.Dx()*at.Dy()/at.Dx()
	if h > b.Dy() {
		w, h = b.Dy()*at.Dx()/at.Dy(), b.Dy()
	}
	x0, y0 := b.Min.X+(b.Dx()-w)/2, b.Min.Y+(b.Dy()-h)/2
	xdraw.CatmullRom.Scale(c.img, at, photo, image.Rect(x0, y0, x0+w, y0+h), xdraw.Src, nil)
}

// penInks are the inks a holder signs with.
var penInks = []color.RGBA{{22, 40, 128, 255}, {16, 16, 22, 255}, {44, 40, 96, 255}}

// signature draws a pen scribble inside area: a few loops and a flourish.
func (c *canvas) signature(r *rng, area box, ink color.RGBA) {
	loops := 3 + r.IntN(4)
	f1, f2 := r.between(0.8, 1.6), r.between(2.5, 5)
	slant := r.between(-0.15, 0.35)
	thick := r.between(0.18, 0.32)
	pen := func(t float64) (float64, float64) {
		y := 0.5 + 0.32*math.Sin(2*math.Pi*float64(loops)*t) + 0.1*math.Sin(2*math.Pi*f2*t)
		x := t + 0.06*math.Cos(2*math.Pi*float64(loops)*t) + slant*(0.5-y)*0.2
		y += 0.15 * math.Sin(2*math.Pi*f1*t)
		x = 0.06 + 0.88*x
		y = math.Max(0.05, math.Min(0.95, y))
		return area.x + x*area.w, area.y + y*area.h
	}
	n := int(c.px(area.w) * 6)
	rad := c.px(thick) / 2
	for i := 0; i <= n; i++ {
		x, y := pen(float64(i) / float64(n))
		c.dot(c.px(x), c.px(y), rad, ink)
	}
}

// dot paints a filled disc of radius rad pixels at (x, y), antialiased at its edge.
func (c *canvas) dot(x, y, rad float64, ink color.RGBA) {
	for py := int(y - rad - 1); py <= int(y+rad+1); py++ {
		for px := int(x - rad - 1); px <= int(x+rad+1); px++ {
			d := math.Hypot(float64(px)+0.5-x, float64(py)+0.5-y)
			if cover := math.Min(1, rad-d+0.5); cover > 0 {
				c.blend(px, py, ink, cover)
			}
		}
	}
}

// euBlue and euYellow are the flag's colours (Pantone Reflex Blue and Yellow, in sRGB).
var (
	euBlue   = color.RGBA{0, 51, 153, 255}
	euYellow = color.RGBA{255, 204, 0, 255}
	white    = color.RGBA{255, 255, 255, 255}
)

// euFlag draws the licence's blue rectangle with the ring of twelve stars (as dots) and the
// distinguishing sign in white inside it, and records the sign.
func (c *canvas) euFlag(st *style, area box, sign string) {
	c.fillRect(area.x, area.y, area.w, area.h, euBlue)
	cx, cy := area.x+area.w/2, area.y+area.h/2
	ring := math.Min(area.w, area.h) * 0.38
	for k := range 12 {
		th := 2 * math.Pi * float64(k) / 12
		c.dot(c.px(cx+ring*math.Cos(th)), c.px(cy+ring*math.Sin(th)), c.px(ring*0.12), euYellow)
	}
	size := c.fit(st.fam.bold, ring*1.1, sign, ring*1.3)
	w := c.width(st.fam.bold, size, sign)
	c.text(st.fam.bold, size, cx-w/2, cy+size*0.36, sign, white, RoleValue, FieldIssuingState)
}
