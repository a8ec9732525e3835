package recapturetest

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
)

// LCD geometry: each screen pixel is three vertical stripes (red, green, blue), each lit over
// stripeFill of its third, and lit over rowFill of its height; the rest is the black matrix.
const (
	stripeFill = 0.7
	rowFill    = 0.85
)

// Screen is doc shown on an LCD and photographed by a phone, seeded. The screen is doc upsampled
// onto an RGB sub-pixel grid of an integer pitch of 3 to 6 image pixels (each pixel three
// vertical stripes with dark gaps between them and between rows), shown at a size that makes the
// photo 600 to 900 pixels wide; the photo turns it by 0.5° to 5° either way and scales it by a
// non-integer factor of 0.45 to 0.95, so that the grid's final pitch runs from 1.35 pixels
// (beyond the sensor's resolution: what remains is moiré) to 5.7 (the stripes resolved), with a
// slant of up to 12 % (the pitch changing across the photo, the moiré bending); then lens blur
// of 0.5 to 1.5 pixels, grain of 1.5 to 5 grey levels and JPEG at quality 60 to 92.
func Screen(doc image.Image, seed uint64) Capture {
	rnd := rand.New(rand.NewPCG(seed, 0x5c4ee7))
	var sh screenShot
	sh.pitch = 3 + rnd.IntN(4)
	sh.factor = 0.45 + 0.5*rnd.Float64()
	sh.width = 600 + rnd.IntN(300)
	sh.angle = (0.5 + 4.5*rnd.Float64()) * sign(rnd)
	sh.keystone = 0.12 * rnd.Float64()
	sh.blur = 0.5 + 1.0*rnd.Float64()
	sh.noise = 1.5 + 3.5*rnd.Float64()
	sh.quality = 60 + rnd.IntN(33)
	return sh.shoot(doc, rnd)
}

// screenShot is one screen recapture's parameters, as Screen documents them.
type screenShot struct {
	pitch, width, quality                int
	factor, angle, keystone, blur, noise float64
}

// shoot makes the recapture of doc; rnd draws its grain.
func (sh screenShot) shoot(doc image.Image, rnd *rand.Rand) Capture {
	pic := newPicture(doc)
	scale := float64(sh.pitch) * sh.factor // photo pixels per screen pixel
	// Screen pixels per document pixel: the document as the viewer shows it.
	shown := float64(sh.width) / (float64(pic.w) * scale)
	// Each screen pixel's colour: the document at the pixel's centre, bilinear, as the viewer
	// scales it; the viewer's grey around the document.
	cols, rows := int(math.Ceil(float64(pic.w)*shown)), int(math.Ceil(float64(pic.h)*shown))
	screen := make([][3]float64, cols*rows)
	for j := range rows {
		for i := range cols {
			screen[j*cols+i] = pic.at((float64(i)+0.5)/shown, (float64(j)+0.5)/shown, 0.93)
		}
	}
	light := func(x, y float64) (stripe int, v float64) {
		i, j := math.Floor(x), math.Floor(y)
		fx, fy := x-i, y-j
		stripe = int(fx * 3)
		if t := fx*3 - float64(stripe); fy >= rowFill || math.Abs(t-0.5) > stripeFill/2 {
			return stripe, 0 // the black matrix
		}
		if i < 0 || j < 0 || int(i) >= cols || int(j) >= rows {
			return stripe, 0.93
		}
		return stripe, screen[int(j)*cols+int(i)][stripe]
	}
	s := func(pts *[supersample * supersample][2]float64) [3]float64 {
		var out [3]float64
		for _, p := range pts {
			stripe, v := light(p[0], p[1])
			out[stripe] += v / float64(len(pts))
		}
		return out
	}
	c := camera{
		W:        int(float64(sh.width) * 1.04),
		H:        int(float64(pic.h) * shown * scale * 1.04),
		Centre:   [2]float64{float64(pic.w) * shown / 2, float64(pic.h) * shown / 2},
		Angle:    sh.angle,
		Scale:    scale,
		Keystone: sh.keystone,
		Blur:     sh.blur,
		Gain:     0.92 * 3 / (stripeFill * rowFill), // a white area's mean at 0.92
		Noise:    sh.noise,
		Quality:  sh.quality,
	}
	name := fmt.Sprintf("screen pitch %d×%.2f=%.2fpx %+.1f° keystone %.2f blur %.1f noise %.1f q%d",
		sh.pitch, sh.factor, scale, sh.angle, c.Keystone, c.Blur, c.Noise, c.Quality)
	return Capture{Name: name, Img: c.shoot(s, rnd)}
}

func sign(rnd *rand.Rand) float64 {
	if rnd.IntN(2) == 0 {
		return -1
	}
	return 1
}
