package ocr_test

import (
	"image"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/ocr"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// TestFindPrintedLinesFindsValuesAndLabelHeads finds the lines of clean generated pages and
// holds them to the pages' truth: each value line is found whole and as a value, each label line
// as a label starting where it starts and cut to its head when it is long; side-by-side fields
// are two lines.
func TestFindPrintedLinesFindsValuesAndLabelHeads(t *testing.T) {
	pages := printedtest.Generate(3, 8, printedtest.Clean(),
		printedtest.Kinds(printedtest.Passport, printedtest.IDCard, printedtest.ResidencePermit))
	var values, labels, valuesFound, labelsFound, cut int
	for _, p := range pages {
		found := ocr.FindPrintedLines(imagefile.Grayscale(p.Image))
		for _, l := range p.Truth.Lines {
			truth := image.Rect(l.Box[0], l.Box[1], l.Box[2], l.Box[3])
			f, ok := lineAt(found, truth)
			switch l.Role {
			case "value":
				values++
				// A full stop after the value is a speck, not a character.
				if ok && !f.Label && f.Box.Max.X >= truth.Max.X-truth.Dy()/2 && f.Box.Max.X <= truth.Max.X+3 {
					valuesFound++
				} else {
					t.Logf("%s: value %q %v: found %+v (%v)", p.Truth.ID, l.Text, truth, f, ok)
				}
			case "label":
				labels++
				if ok && f.Label && f.Box.Max.X <= truth.Max.X+3 {
					labelsFound++
					if f.Cut {
						cut++
					}
				} else {
					t.Logf("%s: label %q %v: found %+v (%v)", p.Truth.ID, l.Text, truth, f, ok)
				}
			}
		}
	}
	t.Logf("values %d of %d, labels %d of %d (%d cut)", valuesFound, values, labelsFound, labels, cut)
	if valuesFound*100 < values*95 {
		t.Errorf("%d of %d value lines found whole: want 95 %%", valuesFound, values)
	}
	if labelsFound*100 < labels*90 || cut*2 < labelsFound {
		t.Errorf("%d of %d label lines found as labels, %d cut to their heads: want 90 %%, half cut", labelsFound, labels, cut)
	}
}

// lineAt is the found line that starts where truth starts and overlaps it by half its height.
func lineAt(found []ocr.PrintedLine, truth image.Rectangle) (ocr.PrintedLine, bool) {
	for _, f := range found {
		overlap := min(f.Box.Max.Y, truth.Max.Y) - max(f.Box.Min.Y, truth.Min.Y)
		if near(f.Box.Min.X, truth.Min.X) && 2*overlap >= truth.Dy() {
			return f, true
		}
	}
	return ocr.PrintedLine{}, false
}

// near: two edges within 3 pixels, the rendering's anti-aliasing.
func near(a, b int) bool { return max(a-b, b-a) <= 3 }
