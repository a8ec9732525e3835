package recapturetest

import (
	"image"
	"image/draw"
	"math"
)

// picture is an image as three planes of linear light in [0, 1], so that the scenes' inner loops
// read floats rather than call At (grey levels are taken as linear: the detector sees luma, and
// the periodic structure it looks for does not depend on the tone curve).
type picture struct {
	w, h int
	c    [3][]float32
}

func newPicture(img image.Image) picture {
	b := img.Bounds()
	p := picture{w: b.Dx(), h: b.Dy()}
	for k := range 3 {
		p.c[k] = make([]float32, p.w*p.h)
	}
	// draw converts any image (a JPEG's YCbCr, a grey PNG) to RGBA on its fast paths.
	rgba := image.NewRGBA(image.Rect(0, 0, p.w, p.h))
	draw.Draw(rgba, rgba.Rect, img, b.Min, draw.Src)
	for i := range p.w * p.h {
		for k := range 3 {
			p.c[k][i] = float32(rgba.Pix[4*i+k]) / 255
		}
	}
	return p
}

// at is the picture's colour at the continuous point (x, y) of its pixel grid, bilinear; outside
// it, the surround's grey.
func (p picture) at(x, y, surround float64) [3]float64 {
	x0, y0 := int(math.Floor(x-0.5)), int(math.Floor(y-0.5))
	if x0 < 0 || y0 < 0 || x0+1 >= p.w || y0+1 >= p.h {
		return [3]float64{surround, surround, surround}
	}
	fx, fy := x-0.5-float64(x0), y-0.5-float64(y0)
	i := y0*p.w + x0
	var out [3]float64
	for k := range 3 {
		c := p.c[k]
		top := float64(c[i])*(1-fx) + float64(c[i+1])*fx
		bottom := float64(c[i+p.w])*(1-fx) + float64(c[i+p.w+1])*fx
		out[k] = top*(1-fy) + bottom*fy
	}
	return out
}
