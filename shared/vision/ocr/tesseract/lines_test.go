//go:build cgo && !notesseract

package tesseract_test

import (
	"context"
	"image"
	"os"
	"slices"
	"testing"

	"github.com/trustline/platform/shared/vision/fieldvalue"
	"github.com/trustline/platform/shared/vision/ocr/tesseract"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// TestReadLinesReadsTheLinesAsked reads the value lines of a clean generated passport page, asked
// in reverse order with a box of bare paper among them, on a sub-image whose origin is not (0,0):
// each answer is the line asked for at its place, in the caller's pixels, and the paper reads as
// nothing.
func TestReadLinesReadsTheLinesAsked(t *testing.T) {
	e, err := tesseract.NewPrinted("")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	t.Cleanup(func() { e.Close() })
	p := printedtest.At(5, 0, printedtest.Clean(), printedtest.Kinds(printedtest.Passport))
	page := p.Image.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(image.Rect(4, 4, p.Truth.Width, p.Truth.Height))
	var boxes []image.Rectangle
	var want []string
	for _, l := range p.Truth.Lines {
		if l.Role == "value" {
			boxes = append(boxes, image.Rect(l.Box[0], l.Box[1], l.Box[2], l.Box[3]))
			want = append(want, l.Text)
		}
	}
	slices.Reverse(boxes)
	slices.Reverse(want)
	paper := image.Rect(6, 6, 80, 30)
	boxes = append(boxes, paper)

	lines, err := e.ReadLines(context.Background(), page, boxes)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(boxes) {
		t.Fatalf("%d lines for %d boxes", len(lines), len(boxes))
	}
	right := 0
	for i, w := range want {
		l := lines[i]
		if fieldvalue.Fold(l.Text) == fieldvalue.Fold(w) {
			right++
		} else {
			t.Logf("%v: read %q, printed %q", boxes[i], l.Text, w)
		}
		if l.Text != "" && !l.Box.Overlaps(boxes[i]) {
			t.Errorf("%q read at %v, asked at %v", l.Text, l.Box, boxes[i])
		}
	}
	if right*10 < len(want)*9 {
		t.Errorf("%d of %d value lines read as printed: want 90 %%", right, len(want))
	}
	if last := lines[len(lines)-1]; last.Text != "" || last.Box != paper {
		t.Errorf("bare paper read %q at %v", last.Text, last.Box)
	}
}
