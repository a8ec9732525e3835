package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/fieldvalue"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// reading is one field as the reader returned it, judged against the page's truth.
type reading struct {
	field      string
	confidence float64
	right      bool
}

// tally is what a set of pages gave.
type tally struct {
	pages    int
	failed   int            // extractions that failed outright
	printed  map[string]int // fields printed (that the reader should read from the printed zone)
	readings []reading
	// Consistency: disagreements printed and found, printed and missed, and reported where the
	// two zones agree.
	found, missed, falseAlarms int
	full, mrzOnly              []time.Duration // per page
}

func newTally() *tally { return &tally{printed: map[string]int{}} }

// printedFields are the fields each kind's printed zone must give: the ones the MRZ lacks, and
// for a licence (no MRZ) every one.
func printedFields(kind printedtest.Kind) []string {
	if kind == printedtest.DrivingLicence {
		return []string{"surname", "givenNames", "dateOfBirth", "placeOfBirth", "issueDate", "expiryDate",
			"issuingAuthority", "personalNumber", "documentNumber", "categories", "issuingCountry"}
	}
	return []string{"placeOfBirth", "issueDate", "issuingAuthority"}
}

// add judges one page's result.
func (t *tally) add(truth printedtest.Truth, res extraction.Result, err error) {
	t.pages++
	want := truthValues(truth)
	for _, f := range printedFields(truth.Kind) {
		if want[f] != "" {
			t.printed[f]++
		}
	}
	if truth.Kind != printedtest.DrivingLicence && want["personalNumber"] != "" {
		// A card's personal number is printed, and in its MRZ only as optional data.
		t.printed["personalNumber"]++
	}
	if err != nil {
		t.failed++
		return
	}
	for name, got := range resultValues(res.ExtractedData) {
		if got.source != extraction.SourceVisual {
			continue
		}
		t.readings = append(t.readings, reading{
			field: name, confidence: got.confidence, right: want[name] != "" && same(name, want[name], got.value),
		})
	}
	disagree := map[string]bool{}
	for _, d := range truth.Disagreements {
		disagree[d] = true
	}
	reported := map[string]bool{}
	for _, a := range res.Consistency {
		if !a.Agree {
			reported[a.Field] = true
			if !disagree[a.Field] {
				t.falseAlarms++
			}
		}
	}
	for d := range disagree {
		if reported[d] {
			t.found++
		} else {
			t.missed++
		}
	}
}

type value struct {
	value, source string
	confidence    float64
}

// resultValues are a result's fields by name.
func resultValues(d extraction.ExtractedData) map[string]value {
	out := map[string]value{}
	for name, f := range map[string]*extraction.Field{
		"surname": d.Surname, "givenNames": d.GivenNames, "dateOfBirth": d.DateOfBirth,
		"placeOfBirth": d.PlaceOfBirth, "issueDate": d.IssueDate, "expiryDate": d.ExpiryDate,
		"issuingAuthority": d.IssuingAuthority, "personalNumber": d.PersonalNumber,
		"documentNumber": d.DocumentNumber, "issuingCountry": d.IssuingCountry, "nationality": d.Nationality,
		"sex": d.Sex,
	} {
		if f != nil {
			out[name] = value{f.Value, f.Source, f.Confidence}
		}
	}
	if c := d.Categories; c != nil {
		out["categories"] = value{strings.Join(c.Value, " "), c.Source, c.Confidence}
	}
	return out
}

// signs are the licences' distinguishing signs as the reader reports them (ICAO codes), by issuer.
var signs = map[string]string{
	"DEU": "D", "FRA": "FRA", "POL": "POL", "ISL": "ISL", "DNK": "DNK", "GBR": "GBR", "NLD": "NLD",
	"ITA": "ITA", "CZE": "CZE", "ESP": "ESP", "SWE": "SWE", "HUN": "HUN",
}

// truthValues are the page's printed values by field name, in the reader's forms.
func truthValues(t printedtest.Truth) map[string]string {
	f := t.Fields
	out := map[string]string{
		"surname": f.Surname, "givenNames": f.GivenNames, "dateOfBirth": f.DateOfBirth,
		"placeOfBirth": f.PlaceOfBirth, "issueDate": f.IssueDate, "expiryDate": f.ExpiryDate,
		"issuingAuthority": f.IssuingAuthority, "personalNumber": f.PersonalNumber,
		"documentNumber": f.DocumentNumber, "categories": strings.Join(f.Categories, " "),
	}
	if t.Kind == printedtest.DrivingLicence {
		out["issuingCountry"] = signs[t.Issuer]
	}
	return out
}

// same compares a value read with the printed one: dates and codes exactly, text after folding
// case, accents and spacing, numbers without their spaces.
func same(field, want, got string) bool {
	switch field {
	case "documentNumber", "personalNumber":
		strip := func(s string) string { return strings.ToUpper(strings.Join(strings.Fields(s), "")) }
		return strip(want) == strip(got)
	case "surname", "givenNames", "placeOfBirth", "issuingAuthority":
		return fieldvalue.Fold(want) == fieldvalue.Fold(got)
	}
	return want == got
}

// bins are the confidence ranges of the calibration table.
var bins = []float64{0.5, 0.7, 0.8, 0.9, 0.95, 1.0001}

// report writes the per-field table, the calibration table, the consistency figures and times.
func (t *tally) report(w io.Writer) {
	fmt.Fprintf(w, "%d pages, %d extractions failed\n\n", t.pages, t.failed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "field\tprinted\treturned\tright\tprecision\tcoverage\tprecision ≥0.9\t")
	var names []string
	for name := range t.printed {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		n, r, c, n9, c9 := t.printed[name], 0, 0, 0, 0
		for _, x := range t.readings {
			if x.field != name {
				continue
			}
			r++
			if x.right {
				c++
			}
			if x.confidence >= 0.9 {
				n9++
				if x.right {
					c9++
				}
			}
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\t%s\t\n", name, n, r, c, pct(c, r), pct(c, n), pct(c9, n9))
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "confidence\treturned\tright\t")
	for i := 0; i+1 < len(bins); i++ {
		n, c := t.bin(bins[i], bins[i+1])
		fmt.Fprintf(tw, "[%.2f, %.2f)\t%d\t%s\t\n", bins[i], min(1, bins[i+1]), n, pct(c, n))
	}
	tw.Flush()
	n9, c9 := t.bin(0.9, 2)
	fmt.Fprintf(w, "\nat confidence ≥ 0.9: %d of %d right (%s)\n", c9, n9, pct(c9, n9))
	fmt.Fprintf(w, "consistency: %d disagreements found, %d missed, %d false alarms\n",
		t.found, t.missed, t.falseAlarms)
	if len(t.mrzOnly) > 0 {
		added := make([]time.Duration, len(t.full))
		for i := range t.full {
			added[i] = t.full[i] - t.mrzOnly[i]
		}
		fmt.Fprintf(w, "time per page (p50 / p95): MRZ only %v / %v, with the printed zone %v / %v, added %v / %v\n",
			pctl(t.mrzOnly, 50), pctl(t.mrzOnly, 95), pctl(t.full, 50), pctl(t.full, 95),
			pctl(added, 50), pctl(added, 95))
	}
}

// bin counts the readings with confidence in [lo, hi) and the right ones among them.
func (t *tally) bin(lo, hi float64) (n, right int) {
	for _, x := range t.readings {
		if x.confidence >= lo && x.confidence < hi {
			n++
			if x.right {
				right++
			}
		}
	}
	return n, right
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(a)/float64(b))
}

func pctl(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.SortFunc(s, cmp.Compare)
	return s[min(len(s)-1, len(s)*p/100)].Round(time.Millisecond)
}
