package ocr

import (
	"cmp"
	"image"
	"slices"
)

// PrintedLine is a line of printed text found on a page before it is read: the box of its
// characters and, for a label's line, whether only its head is worth reading.
type PrintedLine struct {
	Box image.Rectangle
	// Label: the line is in the page's smaller print, the labels'. Cut: Box holds only its first
	// characters, enough to tell which label it is (labelHead).
	Label, Cut bool
}

// Character sizes, in pixels, a printed line's characters may have: smaller specks are dust,
// dots and accents (read with the line they sit on: the line's box is read with a margin); larger
// blobs are photos, signatures and seals.
const (
	minCharHeight = 5
	maxCharHeight = 120
)

// labelHead is how much of a label's line is read, in its heights: ten to twelve characters, which
// name the label in its first language ("Data di nasc…", "Lieu de nais…"). On the labelled set
// 6.5 heights read no more fields and cost 8 ms more a passport page.
const labelHead = 5.5

// labelRatio is how much taller a page's values are than its labels for the two to be told apart
// by height: passports and cards print labels at half to two thirds of their values' size.
const labelRatio = 1.4

// minGroup is the fewest lines of text each size must have, and at least a quarter of the lines:
// a page has about as many labels as values, and its titles, MRZ or photo's edges are no size of
// their own.
const minGroup = 3

// FindPrintedLines finds the lines of text on an upright page, from top to bottom: its characters
// (connected groups of ink, found against the local paper as FindMRZ does) joined into lines by
// their vertical overlap and horizontal gaps, a column gap of columnGap heights ending a line.
// When the lines fall into two sizes, the smaller are labels and are cut to their heads. It costs
// about 7 ms for a passport's printed zone (1,560 × 860 pixels) here.
func FindPrintedLines(g *image.Gray) []PrintedLine {
	comps := characters(g)
	lines := joinLines(comps)
	if len(lines) == 0 {
		return nil
	}
	split := labelHeight(lines)
	out := make([]PrintedLine, 0, len(lines))
	for _, l := range lines {
		pl := PrintedLine{Box: l.box}
		if l.height() < split {
			pl.Label = true
			pl.Box, pl.Cut = l.head()
		}
		out = append(out, pl)
	}
	slices.SortStableFunc(out, func(a, b PrintedLine) int {
		return cmp.Or(cmp.Compare(a.Box.Min.Y, b.Box.Min.Y), cmp.Compare(a.Box.Min.X, b.Box.Min.X))
	})
	return out
}

// columnGap is the gap between two characters of one line, in the line's heights, past which they
// are two columns: fields printed side by side are two lines.
const columnGap = 1.5

// textLine is characters joined into a line, left to right. top and bottom are where its
// characters stand: the running means of their tops and bottoms, which one tall blob (a stamp's
// stroke, an accent stack) does not move as it moves the box.
type textLine struct {
	box         image.Rectangle
	chars       []image.Rectangle
	top, bottom float64
}

func (l *textLine) add(c image.Rectangle) {
	l.box = l.box.Union(c)
	l.chars = append(l.chars, c)
	n := float64(len(l.chars))
	l.top += (float64(c.Min.Y) - l.top) / n
	l.bottom += (float64(c.Max.Y) - l.bottom) / n
}

// head is the box of the line's first labelHead heights of characters, cut between two of them;
// cut is false when the line is no longer than that.
func (l *textLine) head() (image.Rectangle, bool) {
	limit := l.box.Min.X + int(labelHead*float64(l.box.Dy()))
	box := l.chars[0]
	for i, c := range l.chars[1:] {
		if box.Max.X >= limit {
			return box.Union(image.Rect(box.Min.X, l.box.Min.Y, box.Max.X, l.box.Max.Y)), i+1 < len(l.chars)
		}
		box = box.Union(c)
	}
	return l.box, false
}

// joinLines joins characters into lines: each character, from left to right, goes to the line
// whose characters it overlaps vertically by half its height, of a like size (within 1.6 times
// their mean height, or 2.5 times smaller: a capital and the small letters after it are one line,
// a label and a value twice its size two), ending within a column gap before it; otherwise it
// starts a line. A line of one character is kept when it is as tall as text (a sex printed alone),
// not when it is a fragment.
func joinLines(comps []image.Rectangle) []*textLine {
	slices.SortFunc(comps, func(a, b image.Rectangle) int {
		return cmp.Or(cmp.Compare(a.Min.X, b.Min.X), cmp.Compare(a.Min.Y, b.Min.Y))
	})
	var lines []*textLine
	for _, c := range comps {
		h := float64(c.Dy())
		var best *textLine
		bestGap := 0
		for _, l := range lines {
			lh := l.bottom - l.top
			overlap := min(float64(c.Max.Y), l.bottom) - max(float64(c.Min.Y), l.top)
			gap := c.Min.X - l.box.Max.X
			if 2*overlap < min(h, lh) || h > 1.6*lh || 2.5*h < lh || float64(gap) > columnGap*lh {
				continue
			}
			if best == nil || gap < bestGap {
				best, bestGap = l, gap
			}
		}
		if best == nil {
			best = &textLine{box: c}
			lines = append(lines, best)
		}
		best.add(c)
	}
	return slices.DeleteFunc(lines, func(l *textLine) bool {
		return len(l.chars) == 1 && (l.box.Dx() > l.box.Dy() || l.box.Dy() < 2*minCharHeight)
	})
}

// height is the line's size of print: its characters' 80th percentile height, about its capitals'
// whether it is written in capitals or not (ascenders and descenders are as tall), unmoved by a
// few taller blobs.
func (l *textLine) height() int {
	hs := make([]int, len(l.chars))
	for i, c := range l.chars {
		hs[i] = c.Dy()
	}
	slices.Sort(hs)
	return hs[len(hs)*4/5]
}

// labelHeight is the print size below which a line is a label, 0 when the page's lines are not
// of two sizes. Sizes are sorted and split at their widest step (the largest ratio of one to the
// next) that leaves at least minGroup lines and a quarter of them on each side, when the two
// groups' means are labelRatio apart: a page's titles, MRZ and photo are too few to be a size of
// their own, and labels and values differ by more than the values among themselves.
func labelHeight(lines []*textLine) int {
	hs := make([]float64, 0, len(lines))
	for _, l := range lines {
		if len(l.chars) >= 3 {
			hs = append(hs, float64(l.height()))
		}
	}
	slices.Sort(hs)
	least := max(minGroup, len(hs)/4)
	total := 0.0
	for _, h := range hs {
		total += h
	}
	best, split := 1.0, 0
	below := 0.0
	for i := 1; i < len(hs); i++ {
		below += hs[i-1]
		if i < least || len(hs)-i < least {
			continue
		}
		m0, m1 := below/float64(i), (total-below)/float64(len(hs)-i)
		if r := hs[i] / hs[i-1]; r > best && m1 >= labelRatio*m0 {
			best, split = r, int(hs[i-1]+hs[i]+1)/2
		}
	}
	return split
}

// characters returns the boxes of g's connected groups of ink (8-neighbourhood) of a character's
// size. Ink is found row by row against the local paper (localThreshold); groups are joined run
// by run with a union-find.
func characters(g *image.Gray) []image.Rectangle {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	if w == 0 || h == 0 {
		return nil
	}
	_, contrast := otsu(histogram(g), w*h)
	if contrast < 16 {
		return nil
	}
	// Half the contrast FindMRZ asks of ink: labels are printed grey, finer than an MRZ.
	darkRow := localThreshold(g, contrast/2)
	ink := make([]bool, w)
	type run struct{ x0, x1, y int32 }
	var runs []run
	var parent []int32
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	prevStart, prevEnd := 0, 0 // the previous row's runs, runs[prevStart:prevEnd]
	for y := 0; y < h; y++ {
		darkRow(y, ink)
		rowStart := len(runs)
		for x := 0; x < w; {
			if !ink[x] {
				x++
				continue
			}
			x0 := x
			for x < w && ink[x] {
				x++
			}
			i := int32(len(runs))
			runs = append(runs, run{int32(x0), int32(x), int32(y)})
			parent = append(parent, i)
			// Join the runs above that touch this one, diagonals included.
			for j := prevStart; j < prevEnd; j++ {
				p := runs[j]
				if p.x1 < int32(x0) || p.x0 > int32(x) {
					continue
				}
				a, b := find(i), find(int32(j))
				if a != b {
					parent[max(a, b)] = min(a, b)
				}
			}
		}
		prevStart, prevEnd = rowStart, len(runs)
	}
	// Each group's box, kept at its root run (a root is the group's first run).
	boxes := make([]image.Rectangle, len(runs))
	var roots []int32
	for i, r := range runs {
		root := find(int32(i))
		box := image.Rect(int(r.x0), int(r.y), int(r.x1), int(r.y)+1)
		if root == int32(i) {
			roots = append(roots, root)
		} else {
			box = boxes[root].Union(box)
		}
		boxes[root] = box
	}
	var out []image.Rectangle
	for _, root := range roots {
		if b := boxes[root]; b.Dy() >= minCharHeight && b.Dy() <= maxCharHeight && b.Dx() <= 4*b.Dy() {
			out = append(out, b.Add(g.Rect.Min))
		}
	}
	return out
}
