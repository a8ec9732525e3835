package verification

import (
	"image"
	"image/color"
	"math"
)

// colourBlocks bounds the blocks Colourfulness averages the image into: blocks of at least
// minColourBlock pixels a side, larger for a larger image, so that sensor noise and JPEG's chroma
// noise average out while a printed colour area (a few millimetres) keeps its colour.
const (
	colourBlocks   = 250_000
	minColourBlock = 4
)

// Colourfulness is Hasler and Süsstrunk's colourfulness ("Measuring colourfulness in natural
// images", SPIE 5007, 2003) of img after a grey-world white balance: img is averaged in blocks,
// each channel is scaled so that the three channels' means are equal (a grey page photographed
// under warm or cold light becomes grey again), and with rg = R − G and yb = (R + G)/2 − B over
// the blocks, in 0–255 units,
//
//	M = √(σ²rg + σ²yb) + 0.3·√(μ²rg + μ²yb)
//
// (after the balance μ is small, so M is mostly the spread of hues). 0 for a grey image: a grey
// image type (*image.Gray, *image.Gray16) is 0 without reading a pixel.
func Colourfulness(img image.Image) float64 {
	switch img.(type) {
	case *image.Gray, *image.Gray16:
		return 0
	}
	blocks := colourMeans(img)
	if len(blocks) == 0 {
		return 0
	}
	var sum [3]float64
	for _, p := range blocks {
		for k := range 3 {
			sum[k] += p[k]
		}
	}
	var gain [3]float64
	mean := (sum[0] + sum[1] + sum[2]) / 3
	for k := range 3 {
		gain[k] = 1
		if sum[k] > 0 {
			gain[k] = mean / sum[k]
		}
	}
	var n, sumRG, sumYB, sqRG, sqYB float64
	for _, p := range blocks {
		r, g, b := p[0]*gain[0], p[1]*gain[1], p[2]*gain[2]
		rg, yb := r-g, (r+g)/2-b
		n++
		sumRG += rg
		sumYB += yb
		sqRG += rg * rg
		sqYB += yb * yb
	}
	mRG, mYB := sumRG/n, sumYB/n
	spread := math.Sqrt(max(0, sqRG/n-mRG*mRG) + max(0, sqYB/n-mYB*mYB))
	return spread + 0.3*math.Hypot(mRG, mYB)
}

// colourMeans averages img in square blocks (the last partial row and column dropped) and returns
// each block's mean red, green and blue, 0–255.
func colourMeans(img image.Image) [][3]float64 {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	side := max(minColourBlock, int(math.Ceil(math.Sqrt(float64(w)*float64(h)/colourBlocks))))
	bw, bh := w/side, h/side
	if bw == 0 || bh == 0 {
		return nil
	}
	rgb := rgbReader(img)
	out := make([][3]float64, bw*bh)
	for y := range bh * side {
		row := out[(y/side)*bw:]
		for x := range bw * side {
			r, g, bl := rgb(b.Min.X+x, b.Min.Y+y)
			p := &row[x/side]
			p[0] += r
			p[1] += g
			p[2] += bl
		}
	}
	n := float64(side * side)
	for i := range out {
		for k := range 3 {
			out[i][k] /= n
		}
	}
	return out
}

// rgbReader returns a reader of img's pixels as 0–255 red, green and blue, direct for the types
// decoders return.
func rgbReader(img image.Image) func(x, y int) (r, g, b float64) {
	switch m := img.(type) {
	case *image.YCbCr:
		return func(x, y int) (float64, float64, float64) {
			yi, ci := m.YOffset(x, y), m.COffset(x, y)
			r, g, b := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
			return float64(r), float64(g), float64(b)
		}
	case *image.RGBA:
		return func(x, y int) (float64, float64, float64) {
			p := m.Pix[m.PixOffset(x, y):]
			return float64(p[0]), float64(p[1]), float64(p[2])
		}
	case *image.NRGBA:
		return func(x, y int) (float64, float64, float64) {
			p := m.Pix[m.PixOffset(x, y):]
			return float64(p[0]), float64(p[1]), float64(p[2])
		}
	}
	return func(x, y int) (float64, float64, float64) {
		c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
		return float64(c.R), float64(c.G), float64(c.B)
	}
}
