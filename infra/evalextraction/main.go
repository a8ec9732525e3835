// Command evalextraction runs the extraction pipeline (decode, MRZ band, OCR, MRZ parser) over the
// generated documents of testdata/extraction and prints, per condition, how many documents were
// read, per-field accuracy, check-digit agreement, documents per second and p50/p95 time per
// document. make eval-extraction runs it with the Tesseract engine.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/trustline/platform/shared/extraction"
	"github.com/trustline/platform/shared/ocr/tesseract"
)

type manifest struct {
	Documents []struct {
		ID           string
		DocumentType string
		Format       string
		MRZ          []string
		Expected     map[string]string
		Files        map[string]struct{ File string }
	}
	Unreadable []struct{ File string }
}

// fields compared with the manifest's expected values.
var fields = []string{"documentCode", "issuingCountry", "surname", "givenNames", "documentNumber", "nationality", "dateOfBirth", "expiryDate", "sex", "optionalData"}

type tally struct {
	docs, read, checksAgree int
	fieldsRight, fieldsAll  int
	perField                map[string][2]int // right, all
	times                   []time.Duration
}

func main() {
	dir := flag.String("dir", "testdata/extraction", "generated documents and their manifest")
	models := flag.String("models", os.Getenv("MODELS_DIR"), "directory of mrz.traineddata")
	flag.Parse()
	if err := run(context.Background(), os.Stdout, *dir, *models); err != nil {
		fmt.Fprintln(os.Stderr, "evalextraction:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, out io.Writer, dir, models string) error {
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return err
	}
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	engine, err := tesseract.New(models)
	if err != nil {
		return err
	}
	defer engine.Close()
	reader := extraction.MRZReader{Engine: engine}
	byCondition := map[string]*tally{}
	all := &tally{perField: map[string][2]int{}}
	start := time.Now()
	var misses []string
	for _, d := range m.Documents {
		for cond, f := range d.Files {
			data, err := os.ReadFile(filepath.Join(dir, f.File))
			if err != nil {
				return err
			}
			t := byCondition[cond]
			if t == nil {
				t = &tally{perField: map[string][2]int{}}
				byCondition[cond] = t
			}
			began := time.Now()
			res, err := reader.Read(ctx, data, "", d.DocumentType)
			took := time.Since(began)
			for _, tt := range []*tally{t, all} {
				tt.docs++
				tt.times = append(tt.times, took)
			}
			if err != nil {
				misses = append(misses, fmt.Sprintf("%s: %v", f.File, err))
				continue
			}
			got := values(res)
			wrong := []string{}
			for _, tt := range []*tally{t, all} {
				tt.read++
				if res.ExtractedData.MRZ.Valid == slices.Equal(res.ExtractedData.MRZ.Lines, d.MRZ) {
					tt.checksAgree++
				}
				for _, name := range fields {
					want, ok := d.Expected[name]
					if !ok || (want == "" && got[name] == "") {
						continue
					}
					right := got[name] == want
					pf := tt.perField[name]
					pf[1]++
					tt.fieldsAll++
					if right {
						pf[0]++
						tt.fieldsRight++
					} else if tt == t {
						wrong = append(wrong, fmt.Sprintf("%s=%q want %q", name, got[name], want))
					}
					tt.perField[name] = pf
				}
			}
			if len(wrong) > 0 {
				misses = append(misses, f.File+": "+strings.Join(wrong, ", "))
			}
		}
	}
	for _, u := range m.Unreadable {
		data, err := os.ReadFile(filepath.Join(dir, u.File))
		if err != nil {
			return err
		}
		if _, err := reader.Read(ctx, data, "", "auto"); err == nil {
			misses = append(misses, u.File+": read an MRZ where there is none")
		}
	}
	elapsed := time.Since(start)

	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "condition\tdocuments\tMRZ read\tfields right\tcheck digits agree\tp50\tp95\t\n")
	conds := make([]string, 0, len(byCondition))
	for c := range byCondition {
		conds = append(conds, c)
	}
	sort.Strings(conds)
	for _, c := range append(conds, "all") {
		t := all
		if c != "all" {
			t = byCondition[c]
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%d/%d\t%v\t%v\t\n", c, t.docs, t.read, pct(t.fieldsRight, t.fieldsAll), t.checksAgree, t.read,
			percentile(t.times, 50), percentile(t.times, 95))
	}
	w.Flush()
	fmt.Fprintln(out)
	w = tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "field\tright (all conditions)\t\n")
	for _, name := range fields {
		pf := all.perField[name]
		fmt.Fprintf(w, "%s\t%s\t\n", name, pct(pf[0], pf[1]))
	}
	w.Flush()
	fmt.Fprintf(out, "\n%d documents in %v: %.1f documents per second (engine %s %s, one at a time)\n",
		all.docs, elapsed.Round(time.Millisecond), float64(all.docs)/elapsed.Seconds(), engine.Name(), engine.Version())
	if len(misses) > 0 {
		fmt.Fprintf(out, "\nNot right:\n  %s\n", strings.Join(misses, "\n  "))
	}
	return nil
}

// values flattens a result's fields to the manifest's names. TD3's optional field is the
// personal number; the French card's office code is reported as optional data.
func values(r extraction.Result) map[string]string {
	d := r.ExtractedData
	out := map[string]string{}
	for name, f := range map[string]*extraction.Field{"documentCode": d.DocumentCode, "issuingCountry": d.IssuingCountry,
		"surname": d.Surname, "givenNames": d.GivenNames, "documentNumber": d.DocumentNumber, "nationality": d.Nationality,
		"dateOfBirth": d.DateOfBirth, "expiryDate": d.ExpiryDate, "sex": d.Sex, "optionalData": firstOf(d.OptionalData, d.PersonalNumber, d.OptionalData1)} {
		if f != nil {
			out[name] = f.Value
		}
	}
	return out
}

func firstOf(fs ...*extraction.Field) *extraction.Field {
	for _, f := range fs {
		if f != nil && f.Value != "" {
			return f
		}
	}
	return nil
}

func pct(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.0f%%)", n, of, 100*float64(n)/float64(of))
}

func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)].Round(time.Millisecond)
}
