// Command evalextraction runs the extraction pipeline (decode, MRZ band, OCR, MRZ parser) over the
// generated documents of testdata/extraction and prints, per condition, how many readings were
// valid (every check digit of the format verifies), the fields right out of all expected (a
// miss gets them all wrong) and p50/p95 time per document (misses included), the false
// positives on the pages without MRZ, and per-field accuracy over everything. With -peer
// passporteye it runs PassportEye (infra/evalextraction/peer_passporteye.py, in its own venv) on
// the same files and puts its columns beside ours. make eval-extraction runs it with the
// Tesseract engine; make eval-extraction PEER=passporteye installs and runs the peer too.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/ocr/tesseract"
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
	WithoutMRZ []struct{ Condition, File string }
}

// fields compared with the manifest's expected values.
var fields = []string{
	"documentCode",
	"issuingCountry",
	"surname",
	"givenNames",
	"documentNumber",
	"nationality",
	"dateOfBirth",
	"expiryDate",
	"sex",
	"optionalData",
}

// sample is one file to read: a document under a condition, or a page without MRZ (doc < 0).
type sample struct {
	condition, file string
	doc             int
}

// outcome is what one reader made of one sample.
type outcome struct {
	read, valid            bool
	fieldsRight, fieldsAll int
	right                  map[string]bool // by field compared
	wrong                  []string
	took                   time.Duration
}

type tally struct {
	docs, valid, read      int
	fieldsRight, fieldsAll int
	times                  []time.Duration
}

func newTally() *tally { return &tally{} }

func (t *tally) add(o outcome) {
	t.docs++
	t.times = append(t.times, o.took)
	if o.read {
		t.read++
	}
	if o.valid {
		t.valid++
	}
	t.fieldsRight += o.fieldsRight
	t.fieldsAll += o.fieldsAll
}

func main() {
	dir := flag.String("dir", "testdata/extraction", "generated documents and their manifest")
	models := flag.String("models", os.Getenv("MODELS_DIR"), "directory of mrz.traineddata")
	peer := flag.String("peer", "", "another reader to run on the same files: passporteye")
	python := flag.String("peer-python", ".local/passporteye-venv/bin/python", "the Python of the peer's venv")
	flag.Parse()
	if err := run(context.Background(), os.Stdout, *dir, *models, *peer, *python); err != nil {
		fmt.Fprintln(os.Stderr, "evalextraction:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, out io.Writer, dir, models, peer, python string) error {
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return err
	}
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	if peer != "" && peer != "passporteye" {
		return fmt.Errorf("unknown peer %q: the one supported is passporteye", peer)
	}
	var samples []sample
	for i, d := range m.Documents {
		for cond, f := range d.Files {
			samples = append(samples, sample{cond, f.File, i})
		}
	}
	for _, u := range m.Unreadable {
		samples = append(samples, sample{"photo", u.File, -1})
	}
	for _, p := range m.WithoutMRZ {
		samples = append(samples, sample{p.Condition, p.File, -1})
	}
	slices.SortFunc(samples, func(a, b sample) int { return strings.Compare(a.file, b.file) })

	engine, err := tesseract.New(models)
	if err != nil {
		return err
	}
	defer engine.Close()
	reader := extraction.MRZReader{Engine: engine}
	ours := make([]outcome, len(samples))
	start := time.Now()
	for i, s := range samples {
		data, err := os.ReadFile(filepath.Join(dir, s.file))
		if err != nil {
			return err
		}
		docType := "auto"
		if s.doc >= 0 {
			docType = m.Documents[s.doc].DocumentType
		}
		began := time.Now()
		res, err := reader.Read(ctx, data, "", docType)
		o := outcome{took: time.Since(began)}
		if err == nil {
			o.read, o.valid = true, res.ExtractedData.MRZ.Valid
		}
		if s.doc >= 0 {
			o.score(m.Documents[s.doc].Expected, values(res), false) // a miss gets every field wrong
		}
		ours[i] = o
	}
	elapsed := time.Since(start)

	var theirs []outcome
	if peer != "" {
		if theirs, err = runPassportEye(ctx, python, dir, samples, m); err != nil {
			return err
		}
	}
	report(out, m, samples, ours, theirs)
	fmt.Fprintf(
		out,
		"\nours: %d files in %v, %.1f per second (engine %s %s, one at a time)\n",
		len(
			samples,
		),
		elapsed.Round(time.Millisecond),
		float64(len(samples))/elapsed.Seconds(),
		engine.Name(),
		engine.Version(),
	)
	return nil
}

// score compares a reading's fields with the expected ones. Dates are YYYY-MM-DD in ours and
// YYMMDD as printed in PassportEye's (yymmdd true): the latter is compared with the printed form.
func (o *outcome) score(expected, got map[string]string, yymmdd bool) {
	for _, name := range fields {
		want, ok := expected[name]
		if !ok || (want == "" && got[name] == "") {
			continue
		}
		if yymmdd && (name == "dateOfBirth" || name == "expiryDate") && len(want) == 10 {
			want = want[2:4] + want[5:7] + want[8:10]
		}
		o.fieldsAll++
		if o.right == nil {
			o.right = map[string]bool{}
		}
		o.right[name] = got[name] == want
		if got[name] == want {
			o.fieldsRight++
		} else {
			o.wrong = append(o.wrong, fmt.Sprintf("%s=%q want %q", name, got[name], want))
		}
	}
}

func report(out io.Writer, m manifest, samples []sample, ours, theirs []outcome) {
	byCond := map[string][2]*tally{}
	var conds []string
	all, negatives := [2]*tally{newTally(), newTally()}, [2]*tally{newTally(), newTally()}
	for i, s := range samples {
		t, ok := byCond[s.condition]
		if !ok {
			t = [2]*tally{newTally(), newTally()}
			byCond[s.condition] = t
			conds = append(conds, s.condition)
		}
		for k, outs := range [][]outcome{ours, theirs} {
			if outs == nil {
				continue
			}
			t[k].add(outs[i])
			all[k].add(outs[i])
			if s.doc < 0 {
				negatives[k].add(outs[i])
			}
		}
	}
	slices.Sort(conds)
	var docConds, negConds []string
	for _, c := range conds {
		if samplesOf(samples, c)[0].doc >= 0 {
			docConds = append(docConds, c)
		} else {
			negConds = append(negConds, c)
		}
	}

	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "condition\tfiles\tvalid\tfields right\tp50\tp95\t"
	if theirs != nil {
		head += "PE valid\tPE fields right\tPE p50\tPE p95\t"
	}
	fmt.Fprintln(w, head)
	row := func(name string, t [2]*tally) {
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%v\t%v\t", name, t[0].docs, t[0].valid, pct(t[0].fieldsRight, t[0].fieldsAll),
			percentile(t[0].times, 50), percentile(t[0].times, 95))
		if theirs != nil {
			fmt.Fprintf(w, "%d\t%s\t%v\t%v\t", t[1].valid, pct(t[1].fieldsRight, t[1].fieldsAll),
				percentile(t[1].times, 50), percentile(t[1].times, 95))
		}
		fmt.Fprintln(w)
	}
	for _, c := range docConds {
		row(c, byCond[c])
	}
	fmt.Fprintln(w)
	head = "without MRZ\tfiles\tfalse positives\t\tp50\tp95\t"
	if theirs != nil {
		head += "PE false positives\t\tPE p50\tPE p95\t"
	}
	fmt.Fprintln(w, head)
	negRow := func(name string, t [2]*tally) {
		fmt.Fprintf(
			w,
			"%s\t%d\t%d\t\t%v\t%v\t",
			name,
			t[0].docs,
			t[0].read,
			percentile(t[0].times, 50),
			percentile(t[0].times, 95),
		)
		if theirs != nil {
			fmt.Fprintf(w, "%d\t\t%v\t%v\t", t[1].read, percentile(t[1].times, 50), percentile(t[1].times, 95))
		}
		fmt.Fprintln(w)
	}
	for _, c := range negConds {
		negRow(c, byCond[c])
	}
	negRow("all", negatives)
	fmt.Fprintln(w)
	head = "everything\tfiles\tvalid\tfields right\tp50\tp95\t"
	if theirs != nil {
		head += "PE valid\tPE fields right\tPE p50\tPE p95\t"
	}
	fmt.Fprintln(w, head)
	row("all, misses included", all)
	w.Flush()

	// Per field, over every document.
	fmt.Fprintln(out)
	w = tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "field\tright (ours)\t\n")
	perField := map[string][2]int{}
	for _, o := range ours {
		for name, right := range o.right {
			pf := perField[name]
			pf[1]++
			if right {
				pf[0]++
			}
			perField[name] = pf
		}
	}
	for _, name := range fields {
		pf := perField[name]
		fmt.Fprintf(w, "%s\t%s\t\n", name, pct(pf[0], pf[1]))
	}
	w.Flush()

	var misses []string
	for i, s := range samples {
		o := ours[i]
		switch {
		case s.doc < 0 && o.read:
			misses = append(misses, s.file+": read an MRZ where there is none")
		case s.doc >= 0 && !o.read:
			misses = append(misses, s.file+": nothing read")
		case s.doc >= 0 && len(o.wrong) > 0:
			misses = append(misses, s.file+": "+strings.Join(o.wrong, ", "))
		}
	}
	if len(misses) > 0 {
		fmt.Fprintf(out, "\nNot right (ours):\n  %s\n", strings.Join(misses, "\n  "))
	}
}

func samplesOf(samples []sample, cond string) []sample {
	var out []sample
	for _, s := range samples {
		if s.condition == cond {
			out = append(out, s)
		}
	}
	return out
}

// runPassportEye feeds every sample's path to peer_passporteye.py and scores its answers.
func runPassportEye(ctx context.Context, python, dir string, samples []sample, m manifest) ([]outcome, error) {
	if _, err := os.Stat(python); err != nil {
		return nil, fmt.Errorf("PassportEye's venv: %w (make eval-extraction PEER=passporteye installs it)", err)
	}
	var in bytes.Buffer
	for _, s := range samples {
		fmt.Fprintln(&in, filepath.Join(dir, s.file))
	}
	cmd := exec.CommandContext(
		ctx,
		python,
		"-W",
		"ignore",
		filepath.Join("infra", "evalextraction", "peer_passporteye.py"),
	)
	cmd.Stdin, cmd.Stderr = &in, os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	type answer struct {
		File    string
		Seconds float64
		Read    map[string]any
	}
	answers := map[string]answer{}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return nil, fmt.Errorf("PassportEye said %q: %w", sc.Text(), err)
		}
		answers[a.File] = a
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("PassportEye: %w", err)
	}
	out := make([]outcome, len(samples))
	for i, s := range samples {
		a, ok := answers[filepath.Join(dir, s.file)]
		if !ok {
			return nil, fmt.Errorf("PassportEye gave no answer for %s", s.file)
		}
		o := outcome{took: time.Duration(a.Seconds * float64(time.Second))}
		got := map[string]string{}
		if a.Read != nil {
			o.read = true
			o.valid, _ = a.Read["valid"].(bool)
			for _, name := range fields {
				got[name], _ = a.Read[name].(string)
			}
		}
		if s.doc >= 0 {
			o.score(m.Documents[s.doc].Expected, got, true)
		}
		out[i] = o
	}
	return out, nil
}

// values flattens a result's fields to the manifest's names. TD3's optional field is the
// personal number; the French card's office code is reported as optional data.
func values(r extraction.Result) map[string]string {
	d := r.ExtractedData
	out := map[string]string{}
	for name, f := range map[string]*extraction.Field{"documentCode": d.DocumentCode,
		"issuingCountry": d.IssuingCountry,
		"surname":        d.Surname, "givenNames": d.GivenNames, "documentNumber": d.DocumentNumber,
		"nationality": d.Nationality,
		"dateOfBirth": d.DateOfBirth, "expiryDate": d.ExpiryDate, "sex": d.Sex, "optionalData": firstOf(d.OptionalData,
			d.PersonalNumber, d.OptionalData1)} {
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
