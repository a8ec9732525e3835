package ocr

import (
	"image"
	"math"
	"slices"
)

// analysis holds the starts of the dark runs of a binarised image and their projection along the
// best slope: a text line becomes a band of busy rows, whatever its skew.
type analysis struct {
	w, h   int
	xs, ys []int32 // centre of every short dark run
	tan    float64 // slope of the best projection
	offset int     // added to projected rows so that they are non-negative
	hist   []int   // run centres per projected row
	lines  []line
}

// line is a band of busy projected rows.
type line struct {
	r0, r1 int // projected rows, inclusive
	x0, x1 int // the longest span of columns without a gap wider than maxGapRatio heights
}

func (l line) height() int { return l.r1 - l.r0 + 1 }

func (l line) width() int { return l.x1 - l.x0 + 1 }

func (l line) centre() int { return (l.r0 + l.r1) / 2 }

func analyse(g *image.Gray) *analysis {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var hist [256]int
	for y := 0; y < h; y++ {
		for _, v := range g.Pix[y*g.Stride : y*g.Stride+w] {
			hist[v]++
		}
	}
	_, contrast := otsu(&hist, w*h)
	if contrast < 16 {
		return nil // a uniform image: nothing printed on it
	}
	a := &analysis{w: w, h: h}
	darkRow := localThreshold(g, contrast)
	ink := make([]bool, w)
	// Characters are made of short runs; longer ones are rules, photos and shadows.
	maxRun := max(w/20, 3)
	for y := 0; y < h; y++ {
		darkRow(y, ink)
		start := -1
		for x := 0; x <= w; x++ {
			dark := x < w && ink[x]
			switch {
			case dark && start < 0:
				start = x
			case !dark && start >= 0:
				if x-start <= maxRun {
					a.xs = append(a.xs, int32((start+x)/2))
					a.ys = append(a.ys, int32(y))
				}
				start = -1
			}
		}
	}
	if len(a.xs) == 0 {
		return nil
	}
	// bestSlope refines up to a degree past maxSkew.
	a.offset = int(math.Ceil(float64(w)*math.Tan((maxSkew+1)*math.Pi/180))) + 1
	a.hist = make([]int, h+2*a.offset)
	a.project(a.bestSlope())
	a.findLines()
	return a
}

// localThreshold returns a function telling which pixels of a row of g are ink: darker than the mean of the square
// around it
// (a few characters' heights across, from an integral image) by a margin, a share of the image's
// Otsu contrast. One global threshold fails on tinted pages in a white surround (it separates page
// from surround, not ink from paper), on shadows and on glare; the local mean follows the paper.
func localThreshold(g *image.Gray, contrast int) func(y int, ink []bool) {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	r := max(4, max(w, h)/32)
	margin := max(8, contrast*45/100)
	sums := make([]uint32, (w+1)*(h+1)) // sums[(y)(w+1)+x]: the pixels above and left of (x, y)
	for y := 0; y < h; y++ {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		var acc uint32
		above, cur := sums[y*(w+1):], sums[(y+1)*(w+1):]
		for x, v := range row {
			acc += uint32(v)
			cur[x+1] = above[x+1] + acc
		}
	}
	return func(y int, ink []bool) {
		y0, y1 := max(0, y-r), min(h, y+r+1)
		top, bottom := sums[y0*(w+1):(y0+1)*(w+1)], sums[y1*(w+1):(y1+1)*(w+1)]
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			x0, x1 := max(0, x-r), min(w, x+r+1)
			sum := bottom[x1] - top[x1] - bottom[x0] + top[x0]
			area := uint32((x1 - x0) * (y1 - y0))
			ink[x] = (uint32(v)+uint32(margin))*area <= sum
		}
	}
}

// project fills hist with the run centres per row of the projection along slope tan.
func (a *analysis) project(tan float64) {
	a.tan = tan
	clear(a.hist)
	f := int(math.Round(tan * 65536))
	for i, x := range a.xs {
		a.hist[a.row(int(x), int(a.ys[i]), f)]++
	}
}

func (a *analysis) row(x, y, f int) int { return y - (x*f)>>16 + a.offset }

// bestSlope returns the slope whose projection is sharpest (largest sum of squared row counts):
// along the text lines, runs pile up in few rows.
func (a *analysis) bestSlope() float64 {
	score := func(deg float64) int {
		a.project(math.Tan(deg * math.Pi / 180))
		s := 0
		for _, c := range a.hist {
			s += c * c
		}
		return s
	}
	best, bestScore := 0.0, score(0)
	try := func(deg float64) {
		if s := score(deg); s > bestScore {
			best, bestScore = deg, s
		}
	}
	// Every second degree, then halving steps about the best: a line a thousand pixels long is
	// still sharper a degree off its slope than at any other slope.
	for deg := 2.0; deg <= maxSkew; deg += 2 {
		try(deg)
		try(-deg)
	}
	for _, step := range []float64{1, 0.5, 0.25} {
		centre := best
		try(centre - step)
		try(centre + step)
	}
	return math.Tan(best * math.Pi / 180)
}

// findLines splits the projection into bands of busy rows and measures each band's longest span.
func (a *analysis) findLines() {
	counts := slices.Clone(a.hist)
	slices.Sort(counts)
	// Rows between lines hold only noise; a quarter of the rows at least are such gaps or margins.
	floor := counts[len(counts)/4]
	// The peak is that of the busiest minLineHeight rows together: the straight edge of a tilted
	// page piles its runs into a single row, which would otherwise set the bar above every line.
	peak := 0
	for r := 0; r+minLineHeight <= len(a.hist); r++ {
		peak = max(peak, slices.Min(a.hist[r:r+minLineHeight]))
	}
	threshold := max(3, floor+(peak-floor)/5)
	lineOf := make([]int32, len(a.hist))
	for r := range lineOf {
		lineOf[r] = -1
	}
	for r := 0; r < len(a.hist); {
		if a.hist[r] < threshold {
			r++
			continue
		}
		r0, r1 := r, r
		// A single quiet row (a thin horizontal gap in the glyphs) does not end a line.
		for r+1 < len(a.hist) && (a.hist[r+1] >= threshold || r+2 < len(a.hist) && a.hist[r+2] >= threshold) {
			r++
			if a.hist[r] >= threshold {
				r1 = r
			}
		}
		r++
		if r1-r0+1 >= minLineHeight {
			for i := r0; i <= r1; i++ {
				lineOf[i] = int32(len(a.lines))
			}
			a.lines = append(a.lines, line{r0: r0, r1: r1})
		}
	}
	if len(a.lines) == 0 {
		return
	}
	// Per line, run centres counted in bins a third of the line's height wide; a bin with a few
	// of them holds part of a character, while isolated specks of noise stay below the count.
	// The line's span is the longest run of busy bins without a gap wider than maxGapRatio
	// heights.
	bins := make([][]int32, len(a.lines))
	for i, l := range a.lines {
		bins[i] = make([]int32, a.w/binWidth(l)+1)
	}
	f := int(math.Round(a.tan * 65536))
	for i, x := range a.xs {
		if l := lineOf[a.row(int(x), int(a.ys[i]), f)]; l >= 0 {
			bins[l][int(x)/binWidth(a.lines[l])]++
		}
	}
	for i := range a.lines {
		l := &a.lines[i]
		bw := binWidth(*l)
		busy := int32(max(2, l.height()/6))
		maxGap := int(maxGapRatio*float64(l.height())) / bw
		start, last, best := -1, -1, -1
		for b, n := range bins[i] {
			if n < busy {
				continue
			}
			if start < 0 || b-last > maxGap+1 {
				start = b
			}
			last = b
			if last-start > best {
				best = last - start
				l.x0, l.x1 = start*bw, (last+1)*bw-1
			}
		}
		if best < 0 {
			l.x0, l.x1 = 0, -1 // no busy bin: zero width
		}
	}
}

func binWidth(l line) int { return max(1, l.height()/3) }

// findGroup returns the indexes of the lowest group of 2 or 3 consecutive lines that look like an
// MRZ: long, of similar height and extent, evenly spaced. A group of 3 wins over the 2 it contains.
func (a *analysis) findGroup() ([]int, bool) {
	// Heights are measured vertically and widths horizontally: along a slope θ a line is
	// width/cos θ long and height·cos θ thick, so long lines qualify at any tilt.
	cos2 := 1 / (1 + a.tan*a.tan)
	long := func(i int) bool {
		l := a.lines[i]
		return float64(l.width()) >= minLineRatio*float64(l.height())*cos2
	}
	alike := func(i, j int) bool {
		p, q := a.lines[i], a.lines[j]
		h := float64(p.height()+q.height()) / 2
		pitch := float64(q.centre() - p.centre())
		overlap := float64(min(p.x1, q.x1) - max(p.x0, q.x0) + 1)
		ph, qh := float64(p.height()), float64(q.height())
		pw, qw := float64(p.width()), float64(q.width())
		sameHeight := max(ph, qh) <= 1.6*min(ph, qh)
		sameSpan := overlap >= minOverlap*min(pw, qw) && min(pw, qw) >= minOverlap*max(pw, qw)
		return sameHeight && sameSpan && pitch >= 1.2*h && pitch <= 3*h
	}
	for last := len(a.lines) - 1; last >= 1; last-- {
		if !long(last) || !long(last-1) || !alike(last-1, last) {
			continue
		}
		if first := last - 2; first >= 0 && long(first) && alike(first, last-1) {
			p1 := a.lines[last-1].centre() - a.lines[first].centre()
			p2 := a.lines[last].centre() - a.lines[last-1].centre()
			if math.Abs(float64(p1-p2)) <= 0.25*float64(max(p1, p2)) {
				return []int{first, last - 1, last}, true
			}
		}
		return []int{last - 1, last}, true
	}
	return nil, false
}
