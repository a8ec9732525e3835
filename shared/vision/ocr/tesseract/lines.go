//go:build cgo && !notesseract

package tesseract

import (
	"context"
	"fmt"
	"image"
	"image/draw"
	"math"
	"slices"
	"strings"

	"github.com/otiai10/gosseract/v2"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/ocr"
)

var _ ocr.LineReader = (*Engine)(nil)

// stripMargin is the paper left of each line in a strip, in pixels.
const stripMargin = 8

// ReadLines reads the given lines of img (boxes, usually from ocr.FindPrintedLines): each is cut
// out with a quarter of its height around it, the cuts are stacked into one strip half a height
// apart, and the strip is read as one block of text. Tesseract then recognises those characters
// alone, not the page's photo, patterns and the lines nobody asked for, and does no layout
// analysis of its own beyond the strip's lines. Words go back to the line whose cut holds their
// centre.
func (e *Engine) ReadLines(ctx context.Context, img image.Image, boxes []image.Rectangle) ([]ocr.Line, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]ocr.Line, len(boxes))
	for i, b := range boxes {
		out[i] = ocr.Line{Box: b}
	}
	g := imagefile.Grayscale(img) // origin (0,0) when img's is
	strip, cuts := stack(g, img.Bounds().Min, boxes)
	if len(cuts) == 0 {
		return out, nil
	}
	client, err := e.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer e.release(client)
	if err := setImage(client, strip, gosseract.PSM_SINGLE_BLOCK); err != nil {
		return nil, err
	}
	words, err := client.GetBoundingBoxesVerbose()
	if err != nil {
		return nil, fmt.Errorf("tesseract: %w", err)
	}
	byLine := make([][]gosseract.BoundingBox, len(boxes))
	for _, w := range words {
		if strings.TrimSpace(w.Word) == "" {
			continue
		}
		cy := (w.Box.Min.Y + w.Box.Max.Y) / 2
		i, found := slices.BinarySearchFunc(cuts, cy, func(c cut, y int) int {
			switch {
			case c.at.Max.Y <= y:
				return -1
			case c.at.Min.Y > y:
				return 1
			}
			return 0
		})
		if !found {
			continue
		}
		c := cuts[i]
		w.Box = w.Box.Add(c.from.Min.Sub(c.at.Min))
		byLine[c.line] = append(byLine[c.line], w)
	}
	for i, ws := range byLine {
		if len(ws) == 0 {
			continue
		}
		slices.SortFunc(ws, func(a, b gosseract.BoundingBox) int { return a.Box.Min.X - b.Box.Min.X })
		out[i] = join(ws)
	}
	return out, nil
}

// cut is one line's pixels in a strip: from, in the page's pixels, at, in the strip's.
type cut struct {
	line     int
	from, at image.Rectangle
}

// stack copies the boxes of g (whose origin is origin in the caller's pixels) one under the other
// into a strip of their paper's grey, each with a quarter of its height around it and half its
// height below.
func stack(g *image.Gray, origin image.Point, boxes []image.Rectangle) (*image.Gray, []cut) {
	var cuts []cut
	width, y := 0, 0
	for i, b := range boxes {
		pad := int(math.Ceil(float64(b.Dy()) / 4))
		from := b.Inset(-pad).Sub(origin).Intersect(g.Rect)
		if from.Empty() {
			continue
		}
		at := image.Rect(stripMargin, y, stripMargin+from.Dx(), y+from.Dy())
		cuts = append(cuts, cut{line: i, from: from.Add(origin), at: at})
		width = max(width, stripMargin+from.Dx()+stripMargin)
		y += from.Dy() + b.Dy()/2
	}
	// The strip's ground is the cuts' paper (their 90th percentile of grey): on white, grey paper
	// would stand out as dark blocks, and Tesseract's global threshold take the cuts for ink.
	var hist [256]int
	n := 0
	for _, c := range cuts {
		for y := c.from.Min.Y; y < c.from.Max.Y; y++ {
			for _, v := range g.Pix[g.PixOffset(c.from.Min.X-origin.X, y-origin.Y):][:c.from.Dx()] {
				hist[v]++
			}
		}
		n += c.from.Dx() * c.from.Dy()
	}
	paper, seen := 0, 0
	for v, k := range hist {
		if seen += k; seen*10 >= n*9 {
			paper = v
			break
		}
	}
	strip := image.NewGray(image.Rect(0, 0, width, y))
	for i := range strip.Pix {
		strip.Pix[i] = uint8(paper)
	}
	for _, c := range cuts {
		draw.Draw(strip, c.at, g, c.from.Min.Sub(origin), draw.Src)
	}
	return strip, cuts
}
