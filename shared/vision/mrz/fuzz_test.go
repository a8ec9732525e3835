package mrz_test

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/mrz"
)

var specimens = [][]string{
	td3Specimen, td1Specimen, td1LongNumber, td2Specimen, mrvaSpecimen, mrvbSpecimen, fraSpecimen,
	deIDSpecimen, dePassportSpecimen, td3Built, td2Built, fraBuilt, td1Built,
}

// splitLines turns fuzz input into OCR lines, one per '\n', with a confidence drawn from conf.
func splitLines(s string, conf float64) []mrz.Line {
	var out []mrz.Line
	for t := range strings.SplitSeq(s, "\n") {
		out = append(out, mrz.Line{Text: t, Confidence: conf})
	}
	return out
}

var widths = map[mrz.Format][2]int{
	mrz.FormatTD1: {3, 30}, mrz.FormatTD2: {2, 36}, mrz.FormatTD3: {2, 44},
	mrz.FormatMRVA: {2, 44}, mrz.FormatMRVB: {2, 36}, mrz.FormatFRAID: {2, 36},
}

func isMRZText(s string) bool {
	return strings.Trim(s, "<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}

func addSeeds(f *testing.F) {
	for _, s := range specimens {
		f.Add(strings.Join(s, "\n"), 0.9)
		f.Add("Noise line\n"+strings.ToLower(strings.Join(s, "\n"))+"\nmore « noise", 0.5)
		f.Add(strings.Join(s, "")[1:], 1.0)
	}
	f.Add("", 0.0)
	f.Add("<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<", math.NaN())
	f.Add("I<UTOD23145890<KKKKKKKKKKKKKKK\n3407127M9507122UTO<<<<<<<<<<<2\n<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<", -3.0)
}

func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string, conf float64) {
		r, err := mrz.Parse(splitLines(text, conf), now)
		if err != nil {
			if r != nil || !errors.Is(err, mrz.ErrNoMRZ) && !errors.Is(err, mrz.ErrUnknownFormat) {
				t.Fatalf("Parse = %v, %v", r, err)
			}
			return
		}
		size, ok := widths[r.Format]
		if !ok || len(r.Lines) != size[0] {
			t.Fatalf("format %q with %d lines", r.Format, len(r.Lines))
		}
		for _, l := range r.Lines {
			if len(l) != size[1] || !isMRZText(l) {
				t.Fatalf("line %q in a %s zone", l, r.Format)
			}
		}
		valid := len(r.Checks) > 0
		for _, c := range r.Checks {
			valid = valid && c.Valid
			if len(c.Expected) != 1 || c.Expected[0] < '0' || c.Expected[0] > '9' || len(c.Found) != 1 {
				t.Fatalf("check %+v", c)
			}
			if why := incoherence(c); why != "" {
				t.Fatalf("check %+v: %s", c, why)
			}
		}
		if valid != r.Valid {
			t.Fatalf("Valid %v with checks %+v", r.Valid, r.Checks)
		}
		for name, fl := range fields(t, r) {
			if !(fl.Confidence >= 0 && fl.Confidence <= 1) {
				t.Fatalf("%s confidence %v", name, fl.Confidence)
			}
		}
		for _, c := range r.Corrections {
			if c.Line < 0 || c.Line >= len(r.Lines) || c.Position < 0 || c.Position >= size[1] ||
				r.Lines[c.Line][c.Position] != c.To[0] {
				t.Fatalf("correction %+v does not match lines %q", c, r.Lines)
			}
		}
		for _, d := range []*mrz.Field{&r.Fields.DateOfBirth, r.Fields.ExpiryDate} {
			if d != nil && d.Value != "" {
				if _, err := time.Parse(time.DateOnly, (d.Value + "-01-01")[:10]); err != nil {
					t.Fatalf("date %q: %v", d.Value, err)
				}
			}
		}
	})
}

func FuzzFind(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string, conf float64) {
		found, ok := mrz.Find(splitLines(text, conf))
		if !ok {
			if found != nil {
				t.Fatalf("Find = %+v, false", found)
			}
			return
		}
		if len(found) < 2 || len(found) > 3 {
			t.Fatalf("Find returned %d lines", len(found))
		}
		for _, l := range found {
			if len(l.Text) != len(found[0].Text) || !isMRZText(l.Text) || !(l.Confidence >= 0 && l.Confidence <= 1) {
				t.Fatalf("Find returned %+v", found)
			}
		}
		// What Find returns, Parse parses.
		r, err := mrz.Parse(found, now)
		if err != nil || len(r.Lines) != len(found) {
			t.Fatalf("Parse(Find) = %v, %v", r, err)
		}
	})
}
