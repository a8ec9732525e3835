//go:build cgo && !notesseract

package tesseract

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/otiai10/gosseract/v2"

	"github.com/trustline/platform/shared/vision/ocr"
)

// columnGap is the gap between two words of one Tesseract line, in the line's heights, past which
// they are two columns: Tesseract joins fields printed side by side ("Date of birth" and "Sex")
// into one line, and a field's value must not take its neighbour's.
const columnGap = 1.5

// segments groups words into lines as Tesseract found them, splits each line at column gaps, and
// returns the parts from top to bottom, each with its box and its least confident word's
// confidence (one misread word makes a value wrong, however sure the others are).
func segments(words []gosseract.BoundingBox) []ocr.Line {
	type key struct{ block, par, line int }
	var order []key
	byLine := map[key][]gosseract.BoundingBox{}
	for _, w := range words {
		if strings.TrimSpace(w.Word) == "" {
			continue
		}
		k := key{w.BlockNum, w.ParNum, w.LineNum}
		if _, ok := byLine[k]; !ok {
			order = append(order, k)
		}
		byLine[k] = append(byLine[k], w)
	}
	var out []ocr.Line
	for _, k := range order {
		for _, ws := range rows(byLine[k]) {
			height := 0
			for _, w := range ws {
				height = max(height, w.Box.Dy())
			}
			start := 0
			for i := 1; i <= len(ws); i++ {
				if i < len(ws) && float64(ws[i].Box.Min.X-ws[i-1].Box.Max.X) <= columnGap*float64(height) {
					continue
				}
				out = append(out, join(ws[start:i]))
				start = i
			}
		}
	}
	slices.SortStableFunc(out, func(a, b ocr.Line) int { return cmp.Compare(a.Box.Min.Y, b.Box.Min.Y) })
	return out
}

// join makes one line of consecutive words.
func join(ws []gosseract.BoundingBox) ocr.Line {
	texts := make([]string, len(ws))
	l := ocr.Line{Confidence: 1, Box: ws[0].Box, Words: make([]ocr.Word, len(ws))}
	for i, w := range ws {
		texts[i] = strings.TrimSpace(w.Word)
		l.Words[i] = ocr.Word{Text: texts[i], Confidence: unit(w.Confidence)}
		l.Confidence = math.Min(l.Confidence, unit(w.Confidence))
		l.Box = l.Box.Union(w.Box)
	}
	l.Text = strings.Join(texts, " ")
	return l
}

// unit scales Tesseract's confidence in percent to [0,1].
func unit(percent float64) float64 { return math.Max(0, math.Min(1, percent/100)) }

// rows splits one Tesseract line into the rows its words sit on, each from left to right:
// Tesseract at times makes one line of words from two rows (a value and the signature beside
// it), and a row is what a label's value is read from.
func rows(ws []gosseract.BoundingBox) [][]gosseract.BoundingBox {
	slices.SortFunc(ws, func(a, b gosseract.BoundingBox) int { return cmp.Compare(a.Box.Min.X, b.Box.Min.X) })
	centre := func(w gosseract.BoundingBox) int { return (w.Box.Min.Y + w.Box.Max.Y) / 2 }
	var out [][]gosseract.BoundingBox
	for _, w := range ws {
		placed := false
		for i, row := range out {
			last := row[len(row)-1]
			if abs(centre(w)-centre(last))*5 <= 3*min(w.Box.Dy(), last.Box.Dy()) {
				out[i] = append(row, w)
				placed = true
				break
			}
		}
		if !placed {
			out = append(out, []gosseract.BoundingBox{w})
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
