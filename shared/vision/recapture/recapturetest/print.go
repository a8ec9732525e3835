package recapturetest

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
)

// halftone is one ink's screen: clustered dots on a square lattice turned by the angle whose
// sine and cosine it holds, divided by the lattice's period (so that they map document pixels to
// cells), the ink absorbing the share absorb of each channel of light.
type halftone struct {
	absorb   [3]float64
	sin, cos float64
}

// inked says whether the point (x, y), in document pixels, is inked for a coverage of a (0 none,
// 1 solid): the classic round dot growing from the cell's centre, whose spot function is the
// mean of the cosines across the cell's two axes (drawn here as parabolas, the same dots for less
// than a cosine costs).
func (h halftone) inked(x, y, a float64) bool {
	u := x*h.cos + y*h.sin
	v := -x*h.sin + y*h.cos
	spot := 0.5 + 0.25*(wave(u)+wave(v))
	return spot > 1-a
}

// wave is cos(2πu) drawn as parabolas: 1 at whole u, -1 half-way.
func wave(u float64) float64 {
	d := u - math.Floor(u+0.5)
	return 1 - 8*d*d
}

// screenAt is an ink's screen at deg degrees and period document pixels.
func screenAt(deg, period float64, absorb [3]float64) halftone {
	s, c := math.Sincos(deg * math.Pi / 180)
	return halftone{absorb: absorb, sin: s / period, cos: c / period}
}

// Print is doc printed with a clustered-dot halftone and photographed by a phone, seeded: even
// seeds print in four inks at the rosette's angles (cyan 15°, magenta 75°, yellow 0°, black 45°,
// half the grey taken by black), odd seeds in black alone at 45°. The halftone's cell is 2.5 to
// 6.5 photo pixels (a laser print's 100 to 200 lines per inch photographed close enough to read
// it); the photo turns the page by 0.5° to 5° either way, scales it by a non-integer factor of
// 0.9 to 1.4 with a slant of up to 12 %, then lens blur of 0.5 to 1.5 pixels, grain of 1.5 to 5
// grey levels and JPEG at quality 60 to 92. A photo is at most 800 pixels on a side (a close-up
// of the page's centre).
func Print(doc image.Image, seed uint64) Capture {
	rnd := rand.New(rand.NewPCG(seed, 0x9a1f7))
	sh := printShot{cmyk: seed%2 == 0}
	sh.scale = 0.9 + 0.5*rnd.Float64()
	sh.cell = 2.5 + 4*rnd.Float64()
	sh.angle = (0.5 + 4.5*rnd.Float64()) * sign(rnd)
	sh.keystone = 0.12 * rnd.Float64()
	sh.blur = 0.5 + 1.0*rnd.Float64()
	sh.noise = 1.5 + 3.5*rnd.Float64()
	sh.quality = 60 + rnd.IntN(33)
	return sh.shoot(doc, rnd)
}

// printShot is one print recapture's parameters, as Print documents them: scale in photo pixels
// per document pixel, cell (the halftone's period) in photo pixels.
type printShot struct {
	cmyk                                      bool
	quality                                   int
	scale, cell, angle, keystone, blur, noise float64
}

// shoot makes the recapture of doc; rnd draws its grain.
func (sh printShot) shoot(doc image.Image, rnd *rand.Rand) Capture {
	pic := newPicture(doc)
	scale := sh.scale
	period := sh.cell / scale // document pixels
	inks := []halftone{screenAt(45, period, [3]float64{0.9, 0.9, 0.9})}
	kind := "grey"
	if sh.cmyk {
		kind = "cmyk"
		inks = append(inks,
			screenAt(15, period, [3]float64{0.85, 0.1, 0.05}), // cyan takes red
			screenAt(75, period, [3]float64{0.1, 0.8, 0.1}),   // magenta takes green
			screenAt(0, period, [3]float64{0.02, 0.05, 0.9}),  // yellow takes blue
		)
	}
	paper := [3]float64{0.95, 0.94, 0.91}
	s := func(pts *[supersample * supersample][2]float64) [3]float64 {
		// Ink coverage follows the document, which changes little across one photo pixel: it is
		// taken at the pixel's centre, and the dots at each of its points.
		mid := pts[len(pts)/2]
		c := pic.at(mid[0], mid[1], 1)
		var cover [4]float64
		if kind == "grey" {
			cover[0] = 1 - (c[0]*0.299 + c[1]*0.587 + c[2]*0.114)
		} else {
			cmy := [3]float64{1 - c[0], 1 - c[1], 1 - c[2]}
			k := 0.5 * min(cmy[0], cmy[1], cmy[2])
			cover = [4]float64{k, cmy[0] - k, cmy[1] - k, cmy[2] - k}
		}
		var out [3]float64
		for _, p := range pts {
			light := paper
			for n, ink := range inks {
				if cover[n] > 0 && ink.inked(p[0], p[1], cover[n]) {
					for k := range 3 {
						light[k] *= 1 - ink.absorb[k]
					}
				}
			}
			for k := range 3 {
				out[k] += light[k] / float64(len(pts))
			}
		}
		return out
	}
	c := camera{
		W:        min(int(float64(pic.w)*scale*1.04), maxSide), // a close-up's crop, past maxSide
		H:        min(int(float64(pic.h)*scale*1.04), maxSide),
		Centre:   [2]float64{float64(pic.w) / 2, float64(pic.h) / 2},
		Angle:    sh.angle,
		Scale:    scale,
		Keystone: sh.keystone,
		Blur:     sh.blur,
		Gain:     1,
		Noise:    sh.noise,
		Quality:  sh.quality,
	}
	name := fmt.Sprintf("print %s cell %.2fpx scale %.2f %+.1f° keystone %.2f blur %.1f noise %.1f q%d",
		kind, sh.cell, scale, sh.angle, c.Keystone, c.Blur, c.Noise, c.Quality)
	return Capture{Name: name, Img: c.shoot(s, rnd)}
}
