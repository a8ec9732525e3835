package main

import (
	"os"
	"testing"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/printed"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// TestPrintedZoneIsCalibrated reads a labelled set as an extraction does and holds the printed
// zone to what the API promises: at confidence 0.9 and above at least 97 % of the values are
// right, none is returned below the floor, and the fields a travel contract needs are read on
// most pages. docs/visual-zone.md gives the figures of the larger set (make eval-visual).
func TestPrintedZoneIsCalibrated(t *testing.T) {
	if testing.Short() {
		t.Skip("a minute of OCR: make test runs it, make check does not")
	}
	r, err := newReaders(modelsDir(), os.Getenv("TESSDATA_DIR"))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	var below []string
	tally := evaluate(r, 2, 30, -1, false, nil, func(truth printedtest.Truth, res extraction.Result) {
		for name, v := range resultValues(res.ExtractedData) {
			if v.source == extraction.SourceVisual && v.confidence < printed.Floor {
				below = append(below, truth.ID+" "+name)
			}
		}
	})
	if len(below) > 0 {
		t.Errorf("values returned below the floor %.2f: %v", printed.Floor, below)
	}
	if tally.failed > 0 {
		t.Errorf("%d of %d extractions failed", tally.failed, tally.pages)
	}
	n, right := tally.bin(0.9, 2)
	if n < 60 || float64(right) < 0.97*float64(n) {
		t.Errorf("at confidence ≥ 0.9, %d of %d values right: want at least 60 values, 97 %% right", right, n)
	}
	for _, f := range []string{"placeOfBirth", "issueDate"} {
		read := 0
		for _, x := range tally.readings {
			if x.field == f && x.right {
				read++
			}
		}
		if float64(read) < 0.6*float64(tally.printed[f]) {
			t.Errorf("%s read right on %d of %d pages that print it: want 60 %%", f, read, tally.printed[f])
		}
	}
	if tally.falseAlarms > 1 {
		t.Errorf("the consistency table reported %d disagreements where the zones agree", tally.falseAlarms)
	}
}

// modelsDir is MODELS_DIR, or the repository's sibling shared/models.
func modelsDir() string {
	if d := os.Getenv("MODELS_DIR"); d != "" {
		return d
	}
	return "../../../shared/models"
}
