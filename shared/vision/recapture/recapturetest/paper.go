package recapturetest

import (
	"fmt"
	"image"
	"math/rand/v2"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/ocr/ocrtest"
)

// Paper is the negative control: doc photographed as the paper document itself, seeded, with the
// degradations of ocrtest (the OCR tests' phone photos): a keystone on one seed in three, a turn
// of 0.5° to 30° either way onto a table's grey, the phone's shadow across it on one seed in two,
// a downscale to 60 % to 95 % on one seed in three (a messaging app's resize), then lens blur,
// grain and JPEG at quality 60 to 92.
func Paper(doc image.Image, seed uint64) Capture {
	rnd := rand.New(rand.NewPCG(seed, 0x9a9e7))
	g := imagefile.Grayscale(doc)
	// ocrtest's conditions follow an MRZ's box; here the whole page stands for it.
	box := g.Rect
	var steps []string
	if rnd.IntN(3) == 0 {
		k := 0.05 + 0.1*rnd.Float64()
		g, box = ocrtest.Keystone(g, box, k, 90)
		steps = append(steps, fmt.Sprintf("keystone %.2f", k))
	}
	angle := (0.5 + 29.5*rnd.Float64()) * sign(rnd)
	table := uint8(60 + rnd.IntN(120))
	g, box = ocrtest.Tilt(g, box, angle, table)
	steps = append(steps, fmt.Sprintf("%+.1f°", angle))
	if rnd.IntN(2) == 0 {
		depth := 0.5 + 0.3*rnd.Float64()
		g = ocrtest.Shadow(g, box, depth)
		steps = append(steps, fmt.Sprintf("shadow %.2f", depth))
	}
	if rnd.IntN(3) == 0 {
		f := 0.6 + 0.35*rnd.Float64()
		g, _ = ocrtest.Shrink(g, box, int(float64(g.Rect.Dx())*f))
		steps = append(steps, fmt.Sprintf("shrink %.2f", f))
	}
	sigma, noise, q := 0.5+1.5*rnd.Float64(), 1.5+4.5*rnd.Float64(), 60+rnd.IntN(33)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	plane := make([]float32, w*h)
	for i := range plane {
		plane[i] = float32(g.Pix[i/w*g.Stride+i%w])
	}
	blur(plane, w, h, sigma)
	out := image.NewGray(image.Rect(0, 0, w, h))
	for i, v := range plane {
		out.Pix[i] = clamp(float64(v) + rnd.NormFloat64()*noise)
	}
	steps = append(steps, fmt.Sprintf("blur %.1f noise %.1f q%d", sigma, noise, q))
	return Capture{Name: fmt.Sprintf("paper %v", steps), Img: encode(out, q)}
}
