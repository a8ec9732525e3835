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
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	rate := float64(len(samples)) / elapsed.Seconds()
	fmt.Fprintf(out, "\nours: %d files in %v, %.1f per second (engine %s %s, one at a time)\n",
		len(samples), elapsed.Round(time.Millisecond), rate, engine.Name(), engine.Version())
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
