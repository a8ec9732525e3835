// Package imagequality judges a document image as a client should act on it, before or without
// reading its MRZ: good, usable (read it, but a better capture would be safer) or retake, with the
// reasons (blurred, too_small, glare, cropped, tilted). Every reason comes from a measurement of
// the image alone, so the verdict is there when nothing could be read too:
//
//   - character size: the height of the larger text, from the connected components of ink under
//     a local (mean) threshold, so tinted paper and shadows do not turn into ink;
//   - blur: the width of ink edges, as the Gaussian sigma that turns a step of the edge's contrast
//     into its steepest slope, taken relative to the characters and in pixels;
//   - glare: the share of the text area that is clipped white on paper that is not white;
//   - cropped: ink cut by the image's border;
//   - tilt: the angle of the text lines, from the projection of the characters' centres.
package imagequality

import (
	"image"
	"math"
	"slices"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// Statuses.
const (
	Good   = "good"
	Usable = "usable"
	Retake = "retake"
)

// Reasons.
const (
	Blurred  = "blurred"
	TooSmall = "too_small"
	Glare    = "glare"
	Cropped  = "cropped"
	Tilted   = "tilted"
)

// Verdict is result.quality.
type Verdict struct {
	Status  string   `json:"status"`
	Reasons []string `json:"reasons"`
}

// Measures are what the verdict is decided from.
type Measures struct {
	// CharHeight is the height of the larger characters, in pixels of the image as given; 0 when
	// the image shows too little text to tell.
	CharHeight float64
	// BlurSigma is the typical ink edge's blur in pixels of the image as given.
	BlurSigma float64
	// Skew is the text lines' angle in degrees, clockwise positive, within ±45 of the nearest
	// quarter turn (a page turned by quarter turns is read as it is).
	Skew float64
	// Glare is the share of the text area clipped to white, on paper darker than white.
	Glare float64
	// EdgeInk counts the characters and marks that the image's border cuts.
	EdgeInk int
}

// The thresholds, set on this repository's generated conditions (testdata/extraction, see
// TestCorpusVerdicts): sharp scans and photos measure an edge sigma of 0.7 to 0.9 px (1.6 at
// most under heavy noise) and character heights of 14 px and more; the out-of-focus photos 2 to
// 2.5 px; the small scans 6 to 8 px characters.
const (
	tooSmallBelow    = 12   // px of character height: usable above, retake below retakeSmallBelow
	retakeSmallBelow = 9.5  // the 5-6 px pitch scans the reader only just reads
	blurSigma        = 1.7  // px, and ...
	blurRelative     = 0.04 // ... of the character height
	retakeBlurSigma  = 2.2
	glareShare       = 0.02
	retakeGlareShare = 0.06
	edgeInkCount     = 3
	tiltDegrees      = 10
)

// Assess measures img and gives the verdict.
func Assess(img image.Image) Verdict {
	return Decide(Measure(img))
}

// Decide turns measures into a verdict.
func Decide(m Measures) Verdict {
	v := Verdict{Status: Good, Reasons: []string{}}
	worse := func(reason, status string) {
		v.Reasons = append(v.Reasons, reason)
		if status == Retake || v.Status == Good {
			v.Status = status
		}
	}
	if m.CharHeight > 0 && m.BlurSigma >= blurSigma && m.BlurSigma >= blurRelative*m.CharHeight {
		worse(Blurred, map[bool]string{true: Retake, false: Usable}[m.BlurSigma >= retakeBlurSigma])
	}
	if m.CharHeight > 0 && m.CharHeight < tooSmallBelow {
		worse(TooSmall, map[bool]string{true: Retake, false: Usable}[m.CharHeight < retakeSmallBelow])
	}
	if m.Glare >= glareShare {
		worse(Glare, map[bool]string{true: Retake, false: Usable}[m.Glare >= retakeGlareShare])
	}
	if m.EdgeInk >= edgeInkCount {
		worse(Cropped, Retake)
	}
	if math.Abs(m.Skew) >= tiltDegrees {
		worse(Tilted, Usable)
	}
	return v
}

// workSide bounds the image measured: 12-megapixel photos are averaged down first. Sizes and
// blur are scaled back to the image as given.
const workSide = 1200

type component struct {
	x0, y0, x1, y1 int // inclusive
	area           int
	sx, sy         int // sums of coordinates
}

func (c component) w() int { return c.x1 - c.x0 + 1 }
func (c component) h() int { return c.y1 - c.y0 + 1 }

// Measure computes the measures of img.
func Measure(img image.Image) Measures {
	full := imagefile.Grayscale(img)
	g := imagefile.Downscale(full, workSide)
	b := g.Bounds()
	W, H := b.Dx(), b.Dy()
	if W < 16 || H < 16 {
		return Measures{}
	}
	factor := float64(max(full.Bounds().Dx(), full.Bounds().Dy())) / float64(max(W, H))
	pix := func(x, y int) int { return int(g.Pix[(y)*g.Stride+x]) }
	if b.Min != (image.Point{}) {
		pix = func(x, y int) int { return int(g.Pix[g.PixOffset(b.Min.X+x, b.Min.Y+y)]) }
	}

	// Local mean over a square of side 2r+1, from an integral image.
	r := max(6, max(W, H)/50)
	integral := make([]int64, (W+1)*(H+1))
	for y := range H {
		var row int64
		for x := range W {
			row += int64(pix(x, y))
			integral[(y+1)*(W+1)+x+1] = integral[y*(W+1)+x+1] + row
		}
	}
	mean := func(x, y int) int {
		x0, y0, x1, y1 := max(0, x-r), max(0, y-r), min(W, x+r+1), min(H, y+r+1)
		s := integral[y1*(W+1)+x1] - integral[y0*(W+1)+x1] - integral[y1*(W+1)+x0] + integral[y0*(W+1)+x0]
		return int(s / int64((x1-x0)*(y1-y0)))
	}
	ink := make([]bool, W*H)
	for y := range H {
		for x := range W {
			m := mean(x, y)
			ink[y*W+x] = pix(x, y) < m-max(28, m*15/100)
		}
	}
	comps := components(ink, W, H)

	// Text: components of character size and shape.
	var text []component
	var heights []int
	for _, c := range comps {
		if c.h() >= 3 && c.h() <= H/6 && c.w() <= W/6 && c.w() <= 4*c.h() && c.area >= 4 {
			fill := float64(c.area) / float64(c.w()*c.h())
			if fill >= 0.08 && fill <= 0.95 {
				text = append(text, c)
				heights = append(heights, c.h())
			}
		}
	}
	var m Measures
	if len(text) < 12 {
		return m
	}
	slices.Sort(heights)
	ch := float64(heights[len(heights)*8/10])
	m.CharHeight = ch * factor

	// Cropped: ink of at least a third of a character's height cut by the border, not counting
	// components as large as a surround.
	for _, c := range comps {
		if c.h() < max(3, int(ch/3)) && c.w() < max(3, int(ch/3)) {
			continue
		}
		if c.w() > W/3 || c.h() > H/3 {
			continue
		}
		if c.x0 == 0 || c.y0 == 0 || c.x1 == W-1 || c.y1 == H-1 {
			m.EdgeInk++
		}
	}

	m.Skew = skew(text, ch)
	// Blur on the image as given: averaging it down would sharpen the edges it measures.
	fb := full.Bounds()
	fpix := func(x, y int) int { return int(full.Pix[full.PixOffset(fb.Min.X+x, fb.Min.Y+y)]) }
	m.BlurSigma = blur(fpix, fb.Dx(), fb.Dy(), int(math.Max(3, ch*factor/4)))
	m.Glare = glare(pix, mean, ink, W, text)
	return m
}

// components labels 8-connected ink with a union-find over pixels.
func components(ink []bool, W, H int) []component {
	parent := make([]int32, W*H)
	for i := range parent {
		parent[i] = -1
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(a, b int32) {
		ra, rb := find(a), find(b)
		if ra != rb {
			parent[max(ra, rb)] = min(ra, rb)
		}
	}
	for y := range H {
		for x := range W {
			i := int32(y*W + x)
			if !ink[i] {
				continue
			}
			parent[i] = i
			if x > 0 && ink[i-1] {
				union(i, i-1)
			}
			if y > 0 {
				for dx := -1; dx <= 1; dx++ {
					if xx := x + dx; xx >= 0 && xx < W && ink[int(i)-W+dx] {
						union(i, i-int32(W)+int32(dx))
					}
				}
			}
		}
	}
	index := map[int32]int{}
	var out []component
	for y := range H {
		for x := range W {
			i := int32(y*W + x)
			if !ink[i] {
				continue
			}
			root := find(i)
			k, ok := index[root]
			if !ok {
				k = len(out)
				index[root] = k
				out = append(out, component{x0: x, y0: y, x1: x, y1: y})
			}
			c := &out[k]
			c.x0, c.y0, c.x1, c.y1 = min(c.x0, x), min(c.y0, y), max(c.x1, x), max(c.y1, y)
			c.area++
			c.sx += x
			c.sy += y
		}
	}
	return out
}

// skew finds the angle at which the characters' centres fall into the fewest, fullest rows:
// coarse steps of a degree over ±45 for rows and for columns (a page turned a quarter), then
// quarter degrees around the best.
func skew(text []component, ch float64) float64 {
	bin := math.Max(2, ch/3)
	score := func(deg float64, columns bool) float64 {
		sin, cos := math.Sincos(deg * math.Pi / 180)
		counts := map[int]int{}
		for _, c := range text {
			x, y := float64(c.sx)/float64(c.area), float64(c.sy)/float64(c.area)
			p := -x*sin + y*cos
			if columns {
				p = x*cos + y*sin
			}
			counts[int(math.Floor(p/bin))]++
		}
		s := 0.0
		for _, n := range counts {
			s += float64(n * n)
		}
		return s
	}
	best, bestScore, bestCols := 0.0, -1.0, false
	for _, cols := range []bool{false, true} {
		for d := -45.0; d <= 45; d++ {
			if s := score(d, cols); s > bestScore {
				best, bestScore, bestCols = d, s, cols
			}
		}
	}
	for d := best - 1; d <= best+1; d += 0.25 {
		if s := score(d, bestCols); s > bestScore {
			best, bestScore = d, s
		}
	}
	return best
}

// blur estimates the Gaussian sigma of ink edges along rows: at each steepest point of an edge
// whose contrast over ±k pixels is strong, a blurred step of contrast C has slope C/(σ√(2π)).
// The median over the edges is the answer; a sharp edge gives about 0.8.
func blur(pix func(x, y int) int, W, H, k int) float64 {
	var sigmas []float64
	for y := 0; y < H; y += 2 {
		for x := k + 1; x < W-k-1; x++ {
			d := float64(pix(x+1, y)-pix(x-1, y)) / 2
			if math.Abs(d) < 8 {
				continue
			}
			// Edges that run nearly along the row (a ruled line, a tilted stroke) would look
			// stretched: only those facing the row, within about 27°, count.
			if y > 0 && y < H-1 && math.Abs(float64(pix(x, y+1)-pix(x, y-1)))/2 > math.Abs(d)/2 {
				continue
			}
			prev := float64(pix(x, y)-pix(x-2, y)) / 2
			next := float64(pix(x+2, y)-pix(x, y)) / 2
			if math.Abs(prev) > math.Abs(d) || math.Abs(next) >= math.Abs(d) {
				continue
			}
			c := float64(pix(x+k, y) - pix(x-k, y))
			if math.Abs(c) < 60 || (c > 0) != (d > 0) {
				continue
			}
			sigmas = append(sigmas, math.Abs(c)/(math.Abs(d)*math.Sqrt(2*math.Pi)))
		}
	}
	if len(sigmas) < 20 {
		return 0
	}
	slices.Sort(sigmas)
	return sigmas[len(sigmas)/2]
}

// glare is the share of the text's bounding area that is clipped white over a whole
// neighbourhood (a reflection, not specks of noise), when the paper there (the median of what is
// not ink) is darker than white: white paper clips in a flat scan too.
func glare(pix, mean func(x, y int) int, ink []bool, W int, text []component) float64 {
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, 0, 0
	for _, c := range text {
		x0, y0, x1, y1 = min(x0, c.x0), min(y0, c.y0), max(x1, c.x1), max(y1, c.y1)
	}
	var hist [256]int
	clipped, n := 0, 0
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			v := pix(x, y)
			n++
			if v >= 250 && mean(x, y) >= 248 {
				clipped++
			}
			if !ink[y*W+x] {
				hist[v]++
			}
		}
	}
	total, paper := 0, 0
	for _, c := range hist {
		total += c
	}
	for acc := 0; paper < 256; paper++ {
		if acc += hist[paper]; acc*2 >= total {
			break
		}
	}
	if n == 0 || paper >= 246 {
		return 0
	}
	return float64(clipped) / float64(n)
}
