// Command evalvisual reads the labelled pages of printedtest (generated passports, identity cards,
// residence permits and EU driving licences, clean and photographed) with the extraction reader
// and its Tesseract engines, as an extraction would, and prints per field how often the printed
// zone's value was returned and right, how right each band of confidence was, how often the
// consistency table caught a disagreement printed on purpose, and with -time how much the printed
// zone adds to a page's reading (CPU time of the reading thread, so that other work on the machine
// does not count). make eval-visual runs it; docs/visual-zone.md reports its figures.
//
//	go run ./infra/evalvisual -seed 1 -n 300 -time
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/ocr/tesseract"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "evalvisual:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("evalvisual", flag.ContinueOnError)
	seed := fs.Int64("seed", 1, "the set's seed")
	n := fs.Int("n", 200, "pages")
	kinds := fs.String("kind", "", "only these kinds, comma-separated: passport, id_card, residence_permit, driving_licence")
	timed := fs.Bool("time", false, "also read each page for its MRZ alone, and report the time the printed zone adds")
	verbose := fs.Bool("v", false, "print each wrong reading")
	only := fs.Int("page", -1, "read only this page")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var opts []printedtest.Option
	if *kinds != "" {
		var ks []printedtest.Kind
		for _, k := range strings.Split(*kinds, ",") {
			ks = append(ks, printedtest.Kind(k))
		}
		opts = append(opts, printedtest.Kinds(ks...))
	}
	readers, err := newReaders(os.Getenv("MODELS_DIR"), os.Getenv("TESSDATA_DIR"))
	if err != nil {
		return err
	}
	t := evaluate(readers, *seed, *n, *only, *timed, opts, func(truth printedtest.Truth, res extraction.Result) {
		if *verbose {
			printWrong(out, truth, res)
		}
	})
	t.report(out)
	return nil
}

// readers are the extraction reader with the printed zone and without it.
type readers struct{ full, mrzOnly extraction.MRZReader }

func newReaders(modelsDir, tessdata string) (readers, error) {
	mrzEngine, err := tesseract.New(modelsDir)
	if err != nil {
		return readers{}, err
	}
	printedEngine, err := tesseract.NewPrinted(tessdata)
	if err != nil {
		return readers{}, err
	}
	now := func() time.Time { return printedtest.Reference() }
	return readers{
		full:    extraction.MRZReader{Engine: mrzEngine, Printed: printedEngine, Now: now},
		mrzOnly: extraction.MRZReader{Engine: mrzEngine, Now: now},
	}, nil
}

// evaluate reads pages 0 to n-1 of the set and judges them; seen is called with each result.
func evaluate(r readers, seed int64, n, only int, timed bool, opts []printedtest.Option,
	seen func(printedtest.Truth, extraction.Result)) *tally {
	// The reading thread's CPU time is what a reading costs, whatever else runs on the machine.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t := newTally()
	ctx := context.Background()
	for i := range n {
		if only >= 0 && i != only {
			continue
		}
		page := printedtest.At(seed, i, opts...)
		_, data, err := page.Encode()
		if err != nil {
			panic(err)
		}
		if timed {
			start := threadCPU()
			r.mrzOnly.Read(ctx, data, "", "auto")
			t.mrzOnly = append(t.mrzOnly, threadCPU()-start)
		}
		start := threadCPU()
		res, err := r.full.Read(ctx, data, "", "auto")
		if timed {
			t.full = append(t.full, threadCPU()-start)
		}
		t.add(page.Truth, res, err)
		seen(page.Truth, res)
	}
	return t
}

// threadCPU is the calling thread's CPU time, user and system.
func threadCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// printWrong prints the page's wrong and missed readings.
func printWrong(w io.Writer, truth printedtest.Truth, res extraction.Result) {
	want := truthValues(truth)
	got := resultValues(res.ExtractedData)
	for _, a := range res.Consistency {
		if !a.Agree && !slices.Contains(truth.Disagreements, a.Field) {
			fmt.Fprintf(w, "%s consistency: %s reported disagreeing: mrz %q, printed %q\n", truth.ID, a.Field, a.MRZ, a.Visual)
		}
	}
	for _, f := range printedFields(truth.Kind) {
		g, ok := got[f]
		switch {
		case !ok && want[f] != "":
			fmt.Fprintf(w, "%s %s: missed %q\n", truth.ID, f, want[f])
		case ok && g.source == extraction.SourceVisual && !same(f, want[f], g.value):
			fmt.Fprintf(w, "%s %s: read %q (%.3f), printed %q\n", truth.ID, f, g.value, g.confidence, want[f])
		}
	}
}
