package main

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// realistic are the conditions of what users really send: phone photos, small or marked scans,
// a card copied sideways onto a page. reasons are the quality reasons (result.quality) a client
// should be told for that condition; none means the capture is fine as it is.
var realistic = []struct {
	name, description string
	reasons           []string
}{
	{
		"tilt",
		"phone photo on a table, the document turned 12° to 30° (angle in the entry, clockwise positive), JPEG quality 88",
		[]string{"tilted"},
	},
	{
		"perspective",
		"phone photo taken at a slant: the far edge 8 % to 15 % shorter than the near one (keystone in the entry), turned up to 5°, JPEG quality 88",
		nil,
	},
	{
		"shadow",
		"phone photo with the soft shadow of the phone over part of the document and the MRZ (down to half the light), JPEG quality 88",
		nil,
	},
	{
		"glare",
		"phone photo with a light's reflection: a hot spot that saturates to white over part of the page, JPEG quality 88",
		[]string{"glare"},
	},
	{
		"blur",
		"phone photo out of focus (Gaussian, sigma 2 to 3 pixels on 25-pixel characters), JPEG quality 88",
		[]string{"blurred"},
	},
	{
		"phonejpeg",
		"phone photo (turned 5°, vignetting, sensor grain) re-sent by a messaging app: scaled to 70 %, JPEG quality 60 twice",
		nil,
	},
	{
		"small",
		"flatbed scan shrunk so the MRZ characters are 5 to 6 px apart, at least 250 px wide, grey PNG",
		[]string{"too_small"},
	},
	{
		"overprint",
		"scan with a violet stamp over the start of the MRZ's first line, a pen stroke and specks past the end of its last line, JPEG quality 90",
		nil,
	},
	{
		"tinted",
		"scan of a card printed on a mid-tone patterned background that runs under the MRZ, inside the scanner's white surround, JPEG quality 90",
		nil,
	},
	{
		"zone90",
		"the tinted card copied sideways (90° either way, angle in the entry) onto a white page with a few lines of text, JPEG quality 90",
		nil,
	},
	{
		"cropped",
		"scan cut too close: through the header and the portrait, the MRZ a millimetre from the left edge, grey PNG",
		[]string{"cropped"},
	},
}

var (
	tableWood  = color.RGBA{150, 112, 78, 255}
	tableGrey  = color.RGBA{92, 96, 102, 255}
	tableLight = color.RGBA{196, 190, 178, 255}
	stampInk   = color.RGBA{112, 64, 168, 255}
	penInk     = color.RGBA{30, 50, 140, 255}
)

var surfaces = []color.RGBA{tableWood, tableGrey, tableLight}

// tiltAngles gives each document its own phone-photo tilt, both ways, up to 30°.
var tiltAngles = []float64{30, -14, 24, -30, 17, -21, 27, -12, 20, -25, 15}

// realisticVariant makes condition name of document i; f draws the text of a page.
func realisticVariant(name string, f *fonts, doc *image.RGBA, mrz image.Rectangle, i int, lines int) variant {
	seed := uint64(i + 1)
	w := float64(doc.Rect.Dx())
	surf := surfaces[i%len(surfaces)]
	photo := func(angle, keystone float64) (*image.RGBA, [4][2]float64) {
		return photograph(doc, mrz, shot{angle: angle, keystone: keystone, margin: 0.06, surface: surf, seed: seed})
	}
	phone := func(img *image.RGBA, q [4][2]float64, angle, keystone float64) variant {
		return variant{img: img, mrz: boundsOf(q), corners: &q, angle: angle, keystone: keystone, quality: 88}
	}
	switch name {
	case "tilt":
		a := tiltAngles[i%len(tiltAngles)]
		img, q := photo(a, 0)
		b := img.Rect
		light(img, func(x, y float64) float64 { return vignette(x, y, float64(b.Dx()), float64(b.Dy())) }, nil)
		sensorNoise(img, 3, seed)
		return phone(img, q, a, 0)
	case "perspective":
		k := 0.08 + 0.035*float64(i%3)
		a := float64(i%5) - 2 + 0.5
		img, q := photo(a, k)
		sensorNoise(img, 3, seed)
		return phone(img, q, a, k)
	case "shadow":
		a := float64(3 - i%7)
		img, q := photo(a, 0.04)
		// The shadow's edge runs across the page through a point of the MRZ, at a slant that
		// differs per document; the side away from the light gets 50 % to 60 % of it.
		px, py := (q[0][0]+q[1][0])/2+float64(i%3-1)*w/5, (q[0][1]+q[3][1])/2
		th := (35 + 25*float64(i%4)) * math.Pi / 180
		nx, ny := math.Cos(th), math.Sin(th)
		depth := 0.5 + 0.1*float64(i%2)
		soft := 0.03 * w
		light(img, func(x, y float64) float64 {
			d := (x-px)*nx + (y-py)*ny
			t := 1 / (1 + math.Exp(-d/soft*4))
			return 1 - (1-depth)*t
		}, nil)
		sensorNoise(img, 3, seed)
		return phone(img, q, a, 0.04)
	case "glare":
		a := float64(i%5) - 2
		img, q := photo(a, 0.03)
		b := img.Rect
		r := rand.New(rand.NewPCG(seed, 0x676c617265))
		cx := float64(b.Dx()) * (0.3 + 0.4*r.Float64())
		cy := float64(b.Dy()) * (0.3 + 0.25*r.Float64())
		sx, sy := 0.11*float64(b.Dx()), 0.08*float64(b.Dy())
		light(img, nil, func(x, y float64) float64 {
			dx, dy := (x-cx)/sx, (y-cy)/sy
			return 320 * math.Exp(-(dx*dx+dy*dy)/2)
		})
		sensorNoise(img, 3, seed)
		return phone(img, q, a, 0.03)
	case "blur":
		a := float64(i%5) - 2
		img, q := photo(a, 0.03)
		img = gaussianBlur(img, 2+0.5*float64(i%3))
		sensorNoise(img, 2, seed)
		return phone(img, q, a, 0.03)
	case "phonejpeg":
		a := 5.0
		if i%2 == 1 {
			a = -5
		}
		img, q := photo(a, 0.05)
		b := img.Rect
		light(img, func(x, y float64) float64 { return vignette(x, y, float64(b.Dx()), float64(b.Dy())) }, nil)
		sensorNoise(img, 5, seed)
		const s = 0.7
		small := scale(img, int(math.Round(float64(b.Dx())*s)), int(math.Round(float64(b.Dy())*s)))
		small = recompress(small, 60)
		for k := range q {
			q[k][0], q[k][1] = q[k][0]*s, q[k][1]*s
		}
		v := phone(small, q, a, 0.05)
		v.quality = 60
		return v
	case "small":
		// The character pitch is 2.54 mm: pick 5, 5.5 or 6 px for it, at least 250 px wide.
		pitch := 5 + 0.5*float64(i%3)
		g := geometryOfWidth(doc.Rect.Dx(), doc.Rect.Dy())
		nw := max(250, int(math.Round(pitch/mrzPitchMM*g.wMM)))
		s := float64(nw) / w
		nh := int(math.Round(float64(doc.Rect.Dy()) * s))
		img := scale(doc, nw, nh)
		return variant{img: imagefile.Grayscale(img), mrz: scaleRect(mrz, s)}
	case "overprint":
		img := cloneRGBA(doc)
		lh := float64(mrz.Dy()) / float64(lines)
		// A round stamp over the first characters of line 1, its text upright.
		cx, cy := float64(mrz.Min.X)+2.2*lh, float64(mrz.Min.Y)-0.2*lh
		ring(img, cx, cy, 1.55*lh, 1.7*lh, stampInk)
		ring(img, cx, cy, 1.15*lh, 1.22*lh, stampInk)
		p := &page{img: img, ppm: 1, fonts: f}
		p.text(f.bold, 0.42*lh, cx-0.95*lh, cy+0.15*lh, "ENTRY", stampInk)
		// A pen stroke from the signature field down into the zone's right end.
		for t := 0.0; t <= 1; t += 0.0005 {
			x := float64(mrz.Max.X) - 7*lh + 6*lh*t
			y := float64(mrz.Min.Y) - 1.2*lh + 1.1*lh*t + 0.35*lh*math.Sin(t*9)
			disc(img, x, y, 1.6, penInk)
		}
		// Specks past the end of the last line: they stretch its span.
		r := rand.New(rand.NewPCG(seed, 0x737065636b))
		lastY := float64(mrz.Max.Y) - lh/2
		for k := range 7 {
			x := float64(mrz.Max.X) + 4 + float64(k)*lh*0.35 + 3*r.Float64()
			if x >= w-3 {
				break
			}
			disc(img, x, lastY+(r.Float64()-0.5)*lh*0.5, 1.5+1.5*r.Float64(), ink)
		}
		return variant{img: img, mrz: mrz, quality: 90}
	case "tinted":
		img := tintPattern(doc, seed)
		m := int(0.05 * w)
		return variant{
			img:     onPage(img, img.Rect.Dx()+2*m, img.Rect.Dy()+2*m, m, m),
			mrz:     mrz.Add(image.Pt(m, m)),
			quality: 90,
		}
	case "zone90":
		const s = 0.6
		tinted := scale(tintPattern(doc, seed), int(math.Round(w*s)), int(math.Round(float64(doc.Rect.Dy())*s)))
		box := scaleRect(mrz, s)
		deg := 90
		if i%2 == 1 {
			deg = 270
		}
		turned := imagefile.Rotate(tinted, deg)
		tw, th := tinted.Rect.Dx(), tinted.Rect.Dy()
		// imagefile.Rotate turns clockwise by deg: 90 sends (x, y) to (h-y, x).
		var rb image.Rectangle
		if deg == 90 {
			rb = image.Rect(th-box.Max.Y, box.Min.X, th-box.Min.Y, box.Max.X)
		} else {
			rb = image.Rect(box.Min.Y, tw-box.Max.X, box.Max.Y, tw-box.Min.X)
		}
		pw := int(float64(th) * 2.6)
		ph := int(float64(pw) * 297 / 210)
		x0, y0 := pw/8, ph/5
		pageImg := onPage(turned, pw, ph, x0, y0)
		pg := &page{img: pageImg, ppm: float64(pw) / 210, fonts: f}
		pg.text(f.bold, 5, 15, 20, "Copie de la pièce d'identité / Copy of identity document", ink)
		pg.text(f.regular, 3.6, 15, 30, "Dossier 2024-118 — pièce jointe n° 3, certifiée conforme à l'original.", ink)
		pg.text(f.regular, 3.6, 15, 270, "Signature du demandeur :", ink)
		return variant{img: pageImg, mrz: rb.Add(image.Pt(x0, y0)), angle: float64(deg), quality: 90}
	case "cropped":
		g := geometryOfWidth(doc.Rect.Dx(), doc.Rect.Dy())
		left := mrz.Min.X - int(math.Round(0.9*g.pxPerMM))
		top := int(math.Round(3 * g.pxPerMM))
		r := image.Rect(left, top, doc.Rect.Max.X, doc.Rect.Max.Y)
		out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
		for y := range r.Dy() {
			copy(out.Pix[y*out.Stride:], doc.Pix[doc.PixOffset(r.Min.X, r.Min.Y+y):doc.PixOffset(r.Max.X, r.Min.Y+y)])
		}
		return variant{img: imagefile.Grayscale(out), mrz: mrz.Sub(r.Min)}
	}
	panic("unknown condition " + name)
}

// geometryOfWidth finds the format geometry of a rendering from its size.
func geometryOfWidth(w, h int) geometry {
	for _, g := range geometries {
		if int(math.Round(g.wMM*g.pxPerMM)) == w && int(math.Round(g.hMM*g.pxPerMM)) == h {
			return g
		}
	}
	panic("no geometry for a rendering of this size")
}

func boundsOf(q [4][2]float64) image.Rectangle {
	r := image.Rectangle{Min: image.Pt(math.MaxInt32, math.MaxInt32), Max: image.Pt(math.MinInt32, math.MinInt32)}
	for _, p := range q {
		r.Min.X, r.Min.Y = min(r.Min.X, int(math.Floor(p[0]))), min(r.Min.Y, int(math.Floor(p[1])))
		r.Max.X, r.Max.Y = max(r.Max.X, int(math.Ceil(p[0]))), max(r.Max.Y, int(math.Ceil(p[1])))
	}
	return r
}

func scaleRect(r image.Rectangle, s float64) image.Rectangle {
	return image.Rect(int(math.Floor(float64(r.Min.X)*s)), int(math.Floor(float64(r.Min.Y)*s)),
		int(math.Ceil(float64(r.Max.X)*s)), int(math.Ceil(float64(r.Max.Y)*s)))
}

func cloneRGBA(img *image.RGBA) *image.RGBA {
	out := image.NewRGBA(img.Rect)
	copy(out.Pix, img.Pix)
	return out
}

// recompress is one JPEG round trip at quality q, as an app that re-encodes what it forwards.
func recompress(img *image.RGBA, q int) *image.RGBA {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		panic(err) // encoding to memory fails only on a broken image
	}
	dec, err := jpeg.Decode(&b)
	if err != nil {
		panic(err)
	}
	out := image.NewRGBA(dec.Bounds())
	draw.Draw(out, out.Rect, dec, dec.Bounds().Min, draw.Src)
	return out
}
