package facematch

import (
	"fmt"
	"math"

	"github.com/trustline/platform/shared/domain/liveness"
)

// scratch is the memory one image of a match needs, reused from match to match (a sync.Pool per
// Models or Detector): YuNet's input (4.9 MB) and outputs, SFace's input, and the upright pixels
// of an image that fits YuNet's side.
type scratch struct {
	detIn   []float32
	detOuts [][]float32
	alignIn []float32
	rgb     []uint8
}

// detectorOutputs are the values of YuNet's outputs per cell: cls, obj, box and landmarks, each
// for strides 8, 16 and 32.
var detectorOutputs = [12]int{1, 1, 1, 1, 1, 1, 4, 4, 4, 10, 10, 10}

func newScratch() any {
	s := &scratch{detIn: make([]float32, 3*detectorSide*detectorSide), alignIn: make([]float32,
		3*alignedSide*alignedSide)}
	for i, per := range detectorOutputs {
		cells := detectorSide / strides[i%3]
		s.detOuts = append(s.detOuts, make([]float32, cells*cells*per))
	}
	return s
}

// sampler reads an upright image's pixels: from a copy of them when the image is small enough
// to copy (rgb), else through the image's reader.
type sampler struct {
	w, h int
	rgb  []uint8
	at   func(x, y int) (r, g, b uint8)
}

func (s *sampler) pixel(x, y int) (r, g, b uint8) {
	if s.rgb != nil {
		i := 3 * (y*s.w + x)
		return s.rgb[i], s.rgb[i+1], s.rgb[i+2]
	}
	return s.at(x, y)
}

// detectorInput fits the image into YuNet's 640×640 input, its longer side 640, at the top left
// (OpenCV pads the bottom and right the same way), as BGR planes of raw 0–255 values, written
// into sc.detIn. It returns the scale from the image to the input and the sampler the alignment
// reads: an image enlarged to fit is first copied into sc.rgb, which both then read.
func detectorInput(p liveness.Upright, sc *scratch) (float64, sampler) {
	scale := min(float64(detectorSide)/float64(p.W), float64(detectorSide)/float64(p.H))
	w := min(detectorSide, max(1, int(math.Round(float64(p.W)*scale))))
	h := min(detectorSide, max(1, int(math.Round(float64(p.H)*scale))))
	const plane = detectorSide * detectorSide
	in := sc.detIn
	clear(in)
	put := func(x, y int, r, g, b float32) {
		i := y*detectorSide + x
		in[i], in[plane+i], in[2*plane+i] = b, g, r
	}
	src := sampler{w: p.W, h: p.H, at: p.At}
	if scale < 1 {
		// Shrinking: each input pixel is the mean of the image pixels its box covers, so that a
		// large photo is not sampled at a few points only.
		p.BoxMeans(w, h, put)
		return float64(w) / float64(p.W), src
	}
	sc.rgb = p.RGB(sc.rgb)
	src.rgb = sc.rgb
	enlarge(sc.rgb, p.W, p.H, w, h, put)
	return float64(w) / float64(p.W), src
}

// enlarge resamples the W×H RGB image rgb to w×h bilinearly, taps outside the image clamped to
// its nearest edge pixel, its taps and weights computed once per column and row.
func enlarge(rgb []uint8, W, H, w, h int, put func(x, y int, r, g, b float32)) {
	type tap struct {
		i0, i1 int // offsets of the left and right pixels, edges clamped
		f      float32
	}
	at := func(d, n, out int) tap {
		s := (float64(d)+0.5)*float64(n)/float64(out) - 0.5
		i := int(math.Floor(s))
		return tap{max(0, min(n-1, i)), max(0, min(n-1, i+1)), float32(s - float64(i))}
	}
	cols := make([]tap, w)
	for x := range cols {
		cols[x] = at(x, W, w)
		cols[x].i0, cols[x].i1 = 3*cols[x].i0, 3*cols[x].i1
	}
	for y := range h {
		t := at(y, H, h)
		row0, row1, fy := rgb[3*W*t.i0:][:3*W], rgb[3*W*t.i1:][:3*W], t.f
		for x, c := range cols {
			fx := c.f
			w00, w10, w01, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
			p00, p10, p01, p11 := row0[c.i0:][:3], row0[c.i1:][:3], row1[c.i0:][:3], row1[c.i1:][:3]
			var r, g, b float32
			r += w00 * float32(p00[0])
			g += w00 * float32(p00[1])
			b += w00 * float32(p00[2])
			r += w10 * float32(p10[0])
			g += w10 * float32(p10[1])
			b += w10 * float32(p10[2])
			r += w01 * float32(p01[0])
			g += w01 * float32(p01[1])
			b += w01 * float32(p01[2])
			r += w11 * float32(p11[0])
			g += w11 * float32(p11[1])
			b += w11 * float32(p11[2])
			put(x, y, r, g, b)
		}
	}
}

// bilinear samples the image at (x, y), black outside it (as OpenCV's warpAffine's constant
// border).
func bilinear(p *sampler, x, y float64) (float32, float32, float32) {
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
	var out [3]float32
	for _, t := range [4]struct {
		dx, dy int
		w      float32
	}{{0, 0, (1 - fx) * (1 - fy)}, {1, 0, fx * (1 - fy)}, {0, 1, (1 - fx) * fy}, {1, 1, fx * fy}} {
		xx, yy := x0+t.dx, y0+t.dy
		if xx < 0 || yy < 0 || xx >= p.w || yy >= p.h {
			continue
		}
		r, g, b := p.pixel(xx, yy)
		out[0] += t.w * float32(r)
		out[1] += t.w * float32(g)
		out[2] += t.w * float32(b)
	}
	return out[0], out[1], out[2]
}

// similarity returns the least-squares similarity transform (rotation, uniform scale, shift; no
// reflection) taking the points src onto dst, as [a −b tx; b a ty]: Umeyama's estimate, which
// OpenCV's alignCrop computes.
func similarity(src, dst [5][2]float64) [6]float64 {
	var ms, md [2]float64
	for i := range src {
		ms[0], ms[1] = ms[0]+src[i][0]/5, ms[1]+src[i][1]/5
		md[0], md[1] = md[0]+dst[i][0]/5, md[1]+dst[i][1]/5
	}
	var num1, num2, den float64
	for i := range src {
		sx, sy := src[i][0]-ms[0], src[i][1]-ms[1]
		dx, dy := dst[i][0]-md[0], dst[i][1]-md[1]
		num1 += sx*dx + sy*dy
		num2 += sx*dy - sy*dx
		den += sx*sx + sy*sy
	}
	if den == 0 {
		return [6]float64{1, 0, md[0] - ms[0], 0, 1, md[1] - ms[1]}
	}
	a, b := num1/den, num2/den
	return [6]float64{a, -b, md[0] - (a*ms[0] - b*ms[1]), b, a, md[1] - (b*ms[0] + a*ms[1])}
}

// alignedInput warps the face onto the 112×112 template and returns it as SFace's input, in
// sc.alignIn: RGB planes of raw 0–255 values.
func alignedInput(p *sampler, f Face, sc *scratch) []float32 {
	m := similarity(f.Landmarks, template)
	// The inverse of [a −b; b a] is [a b; −b a] / (a² + b²).
	a, b := m[0], m[3]
	d := a*a + b*b
	const plane = alignedSide * alignedSide
	in := sc.alignIn
	clear(in)
	if d == 0 {
		return in
	}
	for v := range alignedSide {
		for u := range alignedSide {
			du, dv := float64(u)-m[2], float64(v)-m[5]
			x, y := (a*du+b*dv)/d, (-b*du+a*dv)/d
			r, g, bl := bilinear(p, x, y)
			i := v*alignedSide + u
			in[i], in[plane+i], in[2*plane+i] = r, g, bl
		}
	}
	return in
}

// embed returns the face's normalised SFace embedding.
func (m *Models) embed(p *sampler, f Face, sc *scratch) ([]float32, error) {
	out := make([]float32, embeddingSize)
	if err := m.recognizer.Run(alignedInput(p, f, sc), out); err != nil {
		return nil, fmt.Errorf("facematch: face recogniser: %w", err)
	}
	var n float64
	for _, v := range out {
		n += float64(v) * float64(v)
	}
	if n = math.Sqrt(n); n > 0 {
		for i := range out {
			out[i] = float32(float64(out[i]) / n)
		}
	}
	return out, nil
}

// Similarity is the cosine of two embeddings (unit length) of the same model, compared with a
// Result's Threshold; 0 when their lengths differ.
func Similarity(a, b []float32) float64 {
	if len(a) != len(b) {
		return 0
	}
	return cosine(a, b)
}

// cosine is the dot product of two normalised embeddings.
func cosine(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func numel(s []int) int {
	n := 1
	for _, d := range s {
		n *= d
	}
	return n
}
