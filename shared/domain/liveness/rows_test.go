package liveness

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// A reduction by stored rows equals the mean of the upright pixels each box covers, read one by one,
// for every orientation and decoded image type, odd sizes and an origin off (0, 0) included.
func TestReductionMatchesPixels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := image.Rect(3, 5, 3+37, 5+23)
	ycc := image.NewYCbCr(r, image.YCbCrSubsampleRatio420)
	for _, plane := range [][]uint8{ycc.Y, ycc.Cb, ycc.Cr} {
		for i := range plane {
			plane[i] = uint8(rng.IntN(256))
		}
	}
	rgba, gray, nrgba := image.NewRGBA(r), image.NewGray(r), image.NewNRGBA(r)
	for i := range rgba.Pix {
		rgba.Pix[i], nrgba.Pix[i] = uint8(rng.IntN(256)), uint8(rng.IntN(256))
	}
	for i := range gray.Pix {
		gray.Pix[i] = uint8(rng.IntN(256))
	}
	for name, img := range map[string]image.Image{"ycbcr 4:2:0": ycc, "rgba": rgba, "gray": gray, "nrgba": nrgba,
		"ycbcr 4:2:2": subsampled(rng, r, image.YCbCrSubsampleRatio422)} {
		for o := 1; o <= 8; o++ {
			p := upright(img, o)
			// A reduction to 5×4 boxes against the mean of each box's pixels read one by one.
			q := boxReduce(p, (p.w+4)/5, (p.h+3)/4)
			for j := range q.h {
				for i := range q.w {
					var s [3]uint64
					var n uint64
					for y := j * p.h / q.h; y < (j+1)*p.h/q.h; y++ {
						for x := i * p.w / q.w; x < (i+1)*p.w/q.w; x++ {
							r, g, b := p.at(x, y)
							s[0], s[1], s[2], n = s[0]+uint64(r), s[1]+uint64(g), s[2]+uint64(b), n+1
						}
					}
					r, g, b := q.at(i, j)
					if want := [3]uint8{uint8((s[0] + n/2) / n), uint8((s[1] + n/2) / n), uint8((s[2] +
						n/2) / n)}; [3]uint8{
						r,
						g,
						b,
					} != want {
						t.Fatalf(
							"%s, orientation %d, box (%d, %d): %v, want %v",
							name,
							o,
							i,
							j,
							[3]uint8{r, g, b},
							want,
						)
					}
				}
			}
		}
	}
}

func subsampled(rng *rand.Rand, r image.Rectangle, ratio image.YCbCrSubsampleRatio) *image.YCbCr {
	m := image.NewYCbCr(r, ratio)
	for _, plane := range [][]uint8{m.Y, m.Cb, m.Cr} {
		for i := range plane {
			plane[i] = uint8(rng.IntN(256))
		}
	}
	return m
}

// yccToRGB is image/color's conversion, for every input.
func TestYCbCrToRGB(t *testing.T) {
	for y := range 256 {
		for cb := range 256 {
			for cr := range 256 {
				r, g, b := yccToRGB(uint8(y), uint8(cb), uint8(cr))
				if wr, wg, wb := color.YCbCrToRGB(uint8(y), uint8(cb), uint8(cr)); r != wr || g != wg || b != wb {
					t.Fatalf("(%d, %d, %d): %d %d %d, want %d %d %d", y, cb, cr, r, g, b, wr, wg, wb)
				}
			}
		}
	}
}

// Upright.RGB is At read pixel by pixel, for every orientation and decoded image type.
func TestUprightRGBMatchesAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	r := image.Rect(2, 7, 2+19, 7+12)
	rgba, gray := image.NewRGBA(r), image.NewGray(r)
	for i := range rgba.Pix {
		rgba.Pix[i] = uint8(rng.IntN(256))
	}
	for i := range gray.Pix {
		gray.Pix[i] = uint8(rng.IntN(256))
	}
	for name, img := range map[string]image.Image{
		"ycbcr 4:2:0": subsampled(rng, r, image.YCbCrSubsampleRatio420),
		"ycbcr 4:2:2": subsampled(rng, r, image.YCbCrSubsampleRatio422),
		"rgba":        rgba,
		"gray":        gray,
		"paletted":    image.NewPaletted(r, color.Palette{color.RGBA{10, 20, 30, 255}}),
	} {
		for o := 1; o <= 8; o++ {
			p := upright(img, o)
			u := Upright{W: p.w, H: p.h, At: p.at, p: p}
			got := u.RGB([]uint8{1, 2, 3})
			if len(got) != 3*p.w*p.h {
				t.Fatalf("%s, orientation %d: %d bytes, want %d", name, o, len(got), 3*p.w*p.h)
			}
			for y := range p.h {
				for x := range p.w {
					r, g, b := p.at(x, y)
					if i := 3 * (y*p.w + x); [3]uint8(got[i:i+3]) != [3]uint8{r, g, b} {
						t.Fatalf("%s, orientation %d, (%d, %d): %v, want %v", name, o, x, y, got[i:i+3],
							[3]uint8{r, g, b})
					}
				}
			}
		}
	}
}

// A decoded JPEG (planes from (0,0)) is reduced by its planes' means: each box's luma and its
// pixels' chroma samples summed as the pixels read them, through every orientation, subsampling
// and odd size, and converted by meanRGB.
func TestReductionOfJPEGPlanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, ratio := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422,
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411,
		image.YCbCrSubsampleRatio410} {
		m := subsampled(rng, image.Rect(0, 0, 37, 23), ratio)
		w, h := m.Rect.Dx(), m.Rect.Dy()
		// stored is the stored pixel of upright (x, y), as upright's readers map it.
		stored := map[int]func(x, y int) (int, int){
			1: func(x, y int) (int, int) { return x, y },
			2: func(x, y int) (int, int) { return w - 1 - x, y },
			3: func(x, y int) (int, int) { return w - 1 - x, h - 1 - y },
			4: func(x, y int) (int, int) { return x, h - 1 - y },
			5: func(x, y int) (int, int) { return y, x },
			6: func(x, y int) (int, int) { return y, h - 1 - x },
			7: func(x, y int) (int, int) { return w - 1 - y, h - 1 - x },
			8: func(x, y int) (int, int) { return w - 1 - y, x },
		}
		for o := 1; o <= 8; o++ {
			p := upright(m, o)
			ux, uy := grid(p.w, (p.w+4)/5), grid(p.h, (p.h+3)/4)
			reduceBoxes(m, o, ux, uy, func(i, j int, r, g, b, n uint64) {
				var sy, scb, scr, count uint64
				for y := uy[j]; y < uy[j+1]; y++ {
					for x := ux[i]; x < ux[i+1]; x++ {
						sx, sy2 := stored[o](x, y)
						c := m.COffset(sx, sy2)
						sy, scb, scr, count = sy+uint64(m.Y[m.YOffset(sx, sy2)]), scb+uint64(m.Cb[c]),
							scr+uint64(m.Cr[c]), count+1
					}
				}
				wr, wg, wb := meanRGB(sy, scb, scr, count)
				if [4]uint64{r, g, b, n} != [4]uint64{wr, wg, wb, count} {
					t.Fatalf("%v, orientation %d, box (%d, %d): %v, want %v", ratio, o, i, j, [4]uint64{r, g, b, n},
						[4]uint64{wr, wg, wb, count})
				}
			})
		}
	}
}

// Where no channel is clipped, the means of a JPEG's planes are those of its converted pixels
// within half a level (and the rounding of the sums).
func TestReductionOfJPEGPlanesNearPixels(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	m := image.NewYCbCr(image.Rect(0, 0, 61, 45), image.YCbCrSubsampleRatio420)
	for i := range m.Y {
		m.Y[i] = uint8(60 + rng.IntN(121))
	}
	for i := range m.Cb {
		m.Cb[i], m.Cr[i] = uint8(100+rng.IntN(57)), uint8(100+rng.IntN(57))
	}
	p := upright(m, 1)
	ux, uy := grid(p.w, 9), grid(p.h, 7)
	reduceBoxes(m, 1, ux, uy, func(i, j int, r, g, b, n uint64) {
		var want [3]uint64
		for y := uy[j]; y < uy[j+1]; y++ {
			for x := ux[i]; x < ux[i+1]; x++ {
				pr, pg, pb := p.at(x, y)
				want[0], want[1], want[2] = want[0]+uint64(pr), want[1]+uint64(pg), want[2]+uint64(pb)
			}
		}
		for k, got := range [3]uint64{r, g, b} {
			if d := math.Abs(float64(got)-float64(want[k])) / float64(n); d > 0.5+1/float64(n) {
				t.Errorf("box (%d, %d), channel %d: mean %.3f, the pixels' %.3f", i, j, k, float64(got)/float64(n),
					float64(want[k])/float64(n))
			}
		}
	})
}
