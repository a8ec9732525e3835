package main

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	xdraw "golang.org/x/image/draw"
)

// The realistic capture conditions: what phones, flatbeds and messaging apps do to a document.
// Every effect is computed here from the clean rendering, with fixed seeds.

// homography maps the plane projectively: (x, y) → ((a x + b y + c) / (g x + h y + 1), ...).
type homography [9]float64

func (m homography) apply(x, y float64) (float64, float64) {
	w := m[6]*x + m[7]*y + m[8]
	return (m[0]*x + m[1]*y + m[2]) / w, (m[3]*x + m[4]*y + m[5]) / w
}

// homographyOf solves the map taking the four points src to dst (Gaussian elimination on the
// usual 8×8 system). The points must be in general position, as a document's corners are.
func homographyOf(src, dst [4][2]float64) homography {
	var a [8][9]float64
	for i := range 4 {
		x, y, u, v := src[i][0], src[i][1], dst[i][0], dst[i][1]
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	for c := range 8 {
		p := c
		for r := c + 1; r < 8; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := range 8 {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := c; k < 9; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	var m homography
	for i := range 8 {
		m[i] = a[i][8] / a[i][i]
	}
	m[8] = 1
	return m
}

// shot describes one photograph of a document lying on a surface.
type shot struct {
	angle    float64 // degrees, clockwise positive
	keystone float64 // the far (top) edge this much shorter than the near one: 0.15 is 15 %
	margin   float64 // surround around the turned document, as a fraction of its width
	surface  color.RGBA
	seed     uint64
}

// photograph lays the document on a textured surface, turned and foreshortened as shot says,
// and returns the picture with the MRZ's four corners in it (top-left, top-right, bottom-right,
// bottom-left of the characters).
func photograph(doc *image.RGBA, mrz image.Rectangle, s shot) (*image.RGBA, [4][2]float64) {
	w, h := float64(doc.Rect.Dx()), float64(doc.Rect.Dy())
	// Foreshortening first, about the document's own centre: the top edge shrinks and the page
	// looks a little shorter, as when the phone is tilted back.
	k := s.keystone / 2
	corners := [4][2]float64{{w * k, h * k / 2}, {w * (1 - k), h * k / 2}, {w, h}, {0, h}}
	sin, cos := math.Sincos(s.angle * math.Pi / 180)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, c := range corners {
		x, y := c[0]-w/2, c[1]-h/2
		corners[i] = [2]float64{cos*x - sin*y, sin*x + cos*y}
		minX, maxX = math.Min(minX, corners[i][0]), math.Max(maxX, corners[i][0])
		minY, maxY = math.Min(minY, corners[i][1]), math.Max(maxY, corners[i][1])
	}
	pad := s.margin * w
	cw, ch := int(math.Ceil(maxX-minX+2*pad)), int(math.Ceil(maxY-minY+2*pad))
	for i := range corners {
		corners[i][0] += pad - minX
		corners[i][1] += pad - minY
	}
	toPhoto := homographyOf([4][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}}, corners)
	toDoc := homographyOf(corners, [4][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}})

	dst := image.NewRGBA(image.Rect(0, 0, cw, ch))
	surface(dst, s.surface, s.seed)
	for y := range ch {
		for x := range cw {
			sx, sy := toDoc.apply(float64(x)+0.5, float64(y)+0.5)
			if sx < 0 || sy < 0 || sx >= w || sy >= h {
				continue
			}
			o := dst.PixOffset(x, y)
			c := bilinear(doc, sx-0.5, sy-0.5)
			copy(dst.Pix[o:o+4], c[:])
		}
	}
	var q [4][2]float64
	for i, p := range [4]image.Point{mrz.Min, {mrz.Max.X, mrz.Min.Y}, mrz.Max, {mrz.Min.X, mrz.Max.Y}} {
		q[i][0], q[i][1] = toPhoto.apply(float64(p.X), float64(p.Y))
	}
	return dst, q
}

func bilinear(img *image.RGBA, x, y float64) [4]uint8 {
	b := img.Rect
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	clamp := func(v, lo, hi int) int { return max(lo, min(hi-1, v)) }
	var out [4]uint8
	xa, xb := clamp(x0, b.Min.X, b.Max.X), clamp(x0+1, b.Min.X, b.Max.X)
	ya, yb := clamp(y0, b.Min.Y, b.Max.Y), clamp(y0+1, b.Min.Y, b.Max.Y)
	for k := range 4 {
		p := func(x, y int) float64 { return float64(img.Pix[img.PixOffset(x, y)+k]) }
		v := (p(xa, ya)*(1-fx)+p(xb, ya)*fx)*(1-fy) + (p(xa, yb)*(1-fx)+p(xb, yb)*fx)*fy
		out[k] = uint8(math.Round(v))
	}
	return out
}

// surface paints a table top: the base colour with slow grain and a little noise.
func surface(img *image.RGBA, base color.RGBA, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 0x7461626c65))
	f1, f2 := 0.004+0.002*r.Float64(), 0.03+0.02*r.Float64()
	b := img.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := 1 + 0.08*math.Sin(
				float64(x)*f1+float64(y)*f1/3,
			) + 0.04*math.Sin(
				float64(y)*f2+3*math.Sin(float64(x)*f1),
			)
			g += 0.015 * r.NormFloat64()
			o := img.PixOffset(x, y)
			img.Pix[o] = clampByte(float64(base.R) * g)
			img.Pix[o+1] = clampByte(float64(base.G) * g)
			img.Pix[o+2] = clampByte(float64(base.B) * g)
			img.Pix[o+3] = 255
		}
	}
}

func clampByte(v float64) uint8 { return uint8(math.Max(0, math.Min(255, math.Round(v)))) }

// light multiplies every pixel by gain(x, y) and adds add(x, y) grey levels (either may be nil).
func light(img *image.RGBA, gain, add func(x, y float64) float64) {
	b := img.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g, a := 1.0, 0.0
			if gain != nil {
				g = gain(float64(x), float64(y))
			}
			if add != nil {
				a = add(float64(x), float64(y))
			}
			o := img.PixOffset(x, y)
			for k := range 3 {
				img.Pix[o+k] = clampByte(float64(img.Pix[o+k])*g + a)
			}
		}
	}
}

// vignette darkens the corners as a phone lens does, by up to a fifth.
func vignette(x, y, w, h float64) float64 {
	dx, dy := (x-w/2)/(w/2), (y-h/2)/(h/2)
	return 1 - 0.2*math.Min(1, (dx*dx+dy*dy)/2)
}

// gaussianBlur blurs img with a Gaussian of standard deviation sigma pixels (separable).
func gaussianBlur(img *image.RGBA, sigma float64) *image.RGBA {
	radius := int(math.Ceil(3 * sigma))
	kernel := make([]float64, 2*radius+1)
	sum := 0.0
	for i := range kernel {
		d := float64(i - radius)
		kernel[i] = math.Exp(-d * d / (2 * sigma * sigma))
		sum += kernel[i]
	}
	for i := range kernel {
		kernel[i] /= sum
	}
	b := img.Rect
	pass := func(src *image.RGBA, dx, dy int) *image.RGBA {
		out := image.NewRGBA(b)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				var acc [3]float64
				for i, kv := range kernel {
					sx := max(b.Min.X, min(b.Max.X-1, x+dx*(i-radius)))
					sy := max(b.Min.Y, min(b.Max.Y-1, y+dy*(i-radius)))
					o := src.PixOffset(sx, sy)
					for k := range 3 {
						acc[k] += kv * float64(src.Pix[o+k])
					}
				}
				o := out.PixOffset(x, y)
				for k := range 3 {
					out.Pix[o+k] = clampByte(acc[k])
				}
				out.Pix[o+3] = 255
			}
		}
		return out
	}
	return pass(pass(img, 1, 0), 0, 1)
}

// sensorNoise adds the grain of a small camera sensor (Gaussian, per channel).
func sensorNoise(img *image.RGBA, sigma float64, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 0x6e6f697365))
	for i := range img.Pix {
		if i%4 == 3 {
			continue
		}
		img.Pix[i] = clampByte(float64(img.Pix[i]) + sigma*r.NormFloat64())
	}
}

// scale resizes img to w×h with Catmull-Rom, which averages over the source when shrinking, as
// a scanner's optics and a resampling app do.
func scale(img image.Image, w, h int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(out, out.Rect, img, img.Bounds(), xdraw.Src, nil)
	return out
}

// tintPattern multiplies the document by a mid-tone printed background (a colour with fine
// interference waves) that runs under the MRZ too, as the security print of many cards does.
func tintPattern(doc *image.RGBA, seed uint64) *image.RGBA {
	out := image.NewRGBA(doc.Rect)
	copy(out.Pix, doc.Pix)
	r := rand.New(rand.NewPCG(seed, 0x74696e74))
	tints := [][3]float64{{0.62, 0.80, 0.78}, {0.80, 0.66, 0.72}, {0.70, 0.72, 0.86}, {0.84, 0.78, 0.58}}
	t := tints[int(seed)%len(tints)]
	f1, f2 := 0.05+0.02*r.Float64(), 0.07+0.02*r.Float64()
	b := out.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			wave := 0.06*math.Sin(
				float64(x)*f1+4*math.Sin(float64(y)*0.01),
			) + 0.05*math.Sin(
				float64(y)*f2+3*math.Sin(float64(x)*0.008),
			)
			o := out.PixOffset(x, y)
			for k := range 3 {
				out.Pix[o+k] = clampByte(float64(out.Pix[o+k]) * (t[k] + wave))
			}
		}
	}
	return out
}

// onPage places img at (x, y) of a white page of w×h (a flatbed's lid, a photocopy).
func onPage(img image.Image, w, h, x, y int) *image.RGBA {
	page := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range page.Pix {
		page.Pix[i] = 250
		if i%4 == 3 {
			page.Pix[i] = 255
		}
	}
	b := img.Bounds()
	xdraw.Copy(page, image.Pt(x, y), img, b, xdraw.Src, nil)
	return page
}

// disc draws a filled disc of colour c, multiplied in as ink is.
func disc(img *image.RGBA, cx, cy, r float64, c color.RGBA) {
	ring(img, cx, cy, 0, r, c)
}

// ring draws the annulus between radii r0 and r1, multiplied in as ink, antialiased at its edges.
func ring(img *image.RGBA, cx, cy, r0, r1 float64, c color.RGBA) {
	b := img.Rect
	for y := max(b.Min.Y, int(cy-r1-1)); y < min(b.Max.Y, int(cy+r1+2)); y++ {
		for x := max(b.Min.X, int(cx-r1-1)); x < min(b.Max.X, int(cx+r1+2)); x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
			cover := math.Min(1, math.Max(0, r1-d+0.5)) * math.Min(1, math.Max(0, d-r0+0.5))
			if r0 == 0 {
				cover = math.Min(1, math.Max(0, r1-d+0.5))
			}
			if cover <= 0 {
				continue
			}
			o := img.PixOffset(x, y)
			for k, v := range [3]uint8{c.R, c.G, c.B} {
				p := float64(img.Pix[o+k])
				img.Pix[o+k] = clampByte(p*(1-cover) + p*float64(v)/255*cover)
			}
		}
	}
}
