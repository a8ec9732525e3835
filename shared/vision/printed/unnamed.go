package printed

import (
	"image"
	"strings"
	"time"

	"github.com/trustline/platform/shared/vision/fieldvalue"
	"github.com/trustline/platform/shared/vision/ocr"
)

// LabelsToRead says which of a page's labels must be read, given its values already read: the
// label of each value that the MRZ's anchors do not name (a place, an authority, a date of
// issue), the nearest above it or before it on its row as Read pairs them. A value the MRZ repeats
// (a name, the number, the birth or expiry date, the sex) is known without its label, and the OCR
// need not read it: labels are most of a printed zone's characters (two or three languages each).
// The result holds indexes into labels, in order.
func LabelsToRead(values []ocr.Line, labels []image.Rectangle, a Anchors) []int {
	segs := make([]*segment, len(labels))
	for i, b := range labels {
		segs[i] = &segment{Line: ocr.Line{Box: b}}
	}
	want := make([]bool, len(labels))
	for _, v := range values {
		text := strings.TrimSpace(v.Text)
		if text == "" || mrzLike(text) || named(text, a) {
			continue
		}
		value := &segment{Line: v}
		best, bestDistance := -1, 0.0
		for i, l := range segs {
			d, _, ok := below(l, value)
			if !ok {
				d, _, ok = beside(l, value)
			}
			if ok && (best < 0 || d < bestDistance) {
				best, bestDistance = i, d
			}
		}
		if best >= 0 {
			want[best] = true
		}
	}
	var out []int
	for i, w := range want {
		if w {
			out = append(out, i)
		}
	}
	return out
}

// named reports a value that repeats one of the MRZ's: Read finds it by its content (anchored).
func named(text string, a Anchors) bool {
	for _, name := range []Name{Surname, GivenNames, DocumentNumber} {
		if f, ok := parse(name, text, a, time.Time{}); ok && repeats(name, f.Value, a) {
			return true
		}
	}
	if sexOf(text, a) || nationalityOf(text, a) {
		return true
	}
	code := strings.ToUpper(strings.TrimSpace(text))
	if code != "" && (code == a.DocumentCode || code == a.IssuingState) {
		return true // the page's type and code: no field of ours
	}
	for _, d := range []time.Time{a.DateOfBirth, a.ExpiryDate} {
		if ds := dateMatches(text, d, time.Time{}); !d.IsZero() && len(ds) == 1 && ds[0].date.Equal(d) {
			return true
		}
	}
	return false
}

// sexOf reports a value that is the MRZ's sex alone ("F", "F/F", "M."): a letter is too little to
// be found by anything but its place and the MRZ.
func sexOf(text string, a Anchors) bool {
	upper := strings.ToUpper(text)
	return a.Sex != "" && strings.Trim(upper, " ./"+a.Sex) == "" && strings.Contains(upper, a.Sex)
}

// nationalityOf reports a value that is the MRZ's nationality as a word ("ITALIANA",
// "POLSKIE/POLISH"): a code alone (ITA) is as likely the issuing state's.
func nationalityOf(text string, a Anchors) bool {
	return a.Nationality != "" && len([]rune(strings.TrimSpace(text))) > 3 && fieldvalue.SameCode(text, a.Nationality)
}
