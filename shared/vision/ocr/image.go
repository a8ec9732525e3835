package ocr

import (
	"image"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// NormalizeContrast stretches g's grey levels so that its darkest 1% become black and its lightest
// 1% white: a faded or under-exposed capture then binarises like a clean one. A uniform image is
// returned unchanged; otherwise the result is a new image.
func NormalizeContrast(g *image.Gray) *image.Gray {
	var hist [256]int
	b := g.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for _, v := range g.Pix[g.PixOffset(b.Min.X, y) : g.PixOffset(b.Min.X, y)+b.Dx()] {
			hist[v]++
		}
	}
	n := b.Dx() * b.Dy()
	lo, hi := percentile(&hist, n/100), percentile(&hist, n-1-n/100)
	if hi <= lo {
		return g
	}
	var lut [256]uint8
	for v := range lut {
		switch {
		case v <= lo:
			lut[v] = 0
		case v >= hi:
			lut[v] = 255
		default:
			lut[v] = uint8((v - lo) * 255 / (hi - lo))
		}
	}
	dst := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		src := g.Pix[g.PixOffset(b.Min.X, b.Min.Y+y):]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+b.Dx()]
		for x := range out {
			out[x] = lut[src[x]]
		}
	}
	return dst
}

// paperGrey is g's paper grey: its 90th percentile, lighter than the ink and the photo on any page
// that is mostly paper, and darker than glare.
func paperGrey(g *image.Gray) uint8 {
	return uint8(percentile(histogram(g), g.Rect.Dx()*g.Rect.Dy()*9/10))
}

// percentile returns the grey level of the k-th darkest pixel (k from 0).
func percentile(hist *[256]int, k int) int {
	sum := 0
	for v, c := range hist {
		sum += c
		if sum > k {
			return v
		}
	}
	return 255
}

// FlattenIllumination returns g with its paper brought to one grey level: each pixel divided by
// the paper's local level, the mean of the pixels at least as light as their neighbourhood's mean
// within radius r. A shadow across a zone (a phone held over the page) leaves its paper darker
// than the ink elsewhere, so that one threshold, which OCR engines apply, turns half the zone
// black; after flattening, paper is light and ink dark everywhere. r should span a few
// characters. The result is a new image with bounds starting at (0,0).
func FlattenIllumination(g *image.Gray, r int) *image.Gray {
	src := imagefile.Grayscale(g)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	dst := image.NewGray(image.Rect(0, 0, w, h))
	if w == 0 || h == 0 || r < 1 {
		copy(dst.Pix, src.Pix)
		return dst
	}
	// Integral images: of all pixels, then of the light ones and of their count.
	integral := func(value func(x, y int) uint32) []uint32 {
		s := make([]uint32, (w+1)*(h+1))
		for y := 0; y < h; y++ {
			var acc uint32
			for x := 0; x < w; x++ {
				acc += value(x, y)
				s[(y+1)*(w+1)+x+1] = s[y*(w+1)+x+1] + acc
			}
		}
		return s
	}
	box := func(s []uint32, x, y int) (sum, area uint32) {
		x0, y0, x1, y1 := max(0, x-r), max(0, y-r), min(w, x+r+1), min(h, y+r+1)
		return s[y1*(w+1)+x1] - s[y0*(w+1)+x1] - s[y1*(w+1)+x0] + s[y0*(w+1)+x0], uint32((x1 - x0) * (y1 - y0))
	}
	at := func(x, y int) uint32 { return uint32(src.Pix[y*src.Stride+x]) }
	all := integral(at)
	light := func(x, y int) bool {
		sum, area := box(all, x, y)
		return at(x, y)*area >= sum
	}
	lightMask := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			lightMask[y*w+x] = light(x, y)
		}
	}
	lightSum := integral(func(x, y int) uint32 {
		if lightMask[y*w+x] {
			return at(x, y)
		}
		return 0
	})
	lightCount := integral(func(x, y int) uint32 {
		if lightMask[y*w+x] {
			return 1
		}
		return 0
	})
	const paper = 240
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sum, _ := box(lightSum, x, y)
			n, _ := box(lightCount, x, y)
			if n == 0 || sum == 0 {
				dst.Pix[y*dst.Stride+x] = src.Pix[y*src.Stride+x]
				continue
			}
			dst.Pix[y*dst.Stride+x] = uint8(min(255, at(x, y)*paper*n/sum))
		}
	}
	return dst
}

// InkLevels stretches a band whose paper is at 240 (after FlattenIllumination) so that its ink,
// the darkest 2 %, turns black and every grey lighter than three quarters of the way from ink
// to paper turns white: the faint marks an OCR engine's network still sees on grey input (what
// is left of a coloured stamp's ring or a pen stroke through the characters) fade out, while ink
// keeps most of its anti-aliased edges. Characters only a few pixels high have no solid core and
// would lose strokes: callers keep it for larger ones. g is changed in place and returned.
func InkLevels(g *image.Gray) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w == 0 || h == 0 {
		return g
	}
	lo := percentile(histogram(g), w*h/50)
	hi := lo + (240-lo)*3/4
	if hi <= lo {
		return g
	}
	var lut [256]uint8
	for v := range lut {
		lut[v] = uint8(min(255, max(0, (v-lo)*255/(hi-lo))))
	}
	for y := 0; y < h; y++ {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			row[x] = lut[v]
		}
	}
	return g
}

// histogram counts g's grey levels. Four counts are kept and summed at the end: neighbouring
// pixels are mostly the same grey, and one count would have each increment wait for the last.
func histogram(g *image.Gray) *[256]int {
	var h [4][256]int
	w := g.Rect.Dx()
	for y := 0; y < g.Rect.Dy(); y++ {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		i := 0
		for ; i+4 <= len(row); i += 4 {
			h[0][row[i]]++
			h[1][row[i+1]]++
			h[2][row[i+2]]++
			h[3][row[i+3]]++
		}
		for ; i < len(row); i++ {
			h[0][row[i]]++
		}
	}
	for v := range h[0] {
		h[0][v] += h[1][v] + h[2][v] + h[3][v]
	}
	return &h[0]
}

// otsu returns the threshold that best separates ink from paper, and the difference between the
// two classes' mean grey levels.
func otsu(hist *[256]int, n int) (threshold, contrast int) {
	total := 0
	for v, c := range hist {
		total += v * c
	}
	best := -1.0
	sumB, wB := 0, 0
	for v, c := range hist {
		wB += c
		sumB += v * c
		wF := n - wB
		if wB == 0 || wF == 0 {
			continue
		}
		mB, mF := float64(sumB)/float64(wB), float64(total-sumB)/float64(wF)
		if between := float64(wB) * float64(wF) * (mF - mB) * (mF - mB); between > best {
			best, threshold, contrast = between, v, int(mF-mB)
		}
	}
	return threshold, contrast
}
