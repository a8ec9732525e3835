package liveness

import (
	"image"
	"image/color"
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
	images := map[string]image.Image{"ycbcr 4:2:0": ycc, "rgba": rgba, "gray": gray, "nrgba": nrgba,
		"ycbcr 4:2:2": subsampled(rng, r, image.YCbCrSubsampleRatio422)}
	// From (0,0), as decoded (storedRows reads 4:2:0 planes directly), every subsampling, odd sizes included.
	for _, ratio := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422,
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411,
		image.YCbCrSubsampleRatio410} {
		images["ycbcr from (0,0) "+ratio.String()] = subsampled(rng, image.Rect(0, 0, 37, 23), ratio)
	}
	for name, img := range images {
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
