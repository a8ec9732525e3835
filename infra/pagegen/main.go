// Command pagegen writes a labelled set of identity-document pages for reading the printed
// (visual) zone: passport data pages, identity cards, residence permits and EU driving licences,
// clean and degraded, drawn by shared/vision/printed/printedtest. For each page it writes
// <id>.png (or <id>.jpg for a photo condition) and <id>.json, the page's printedtest.Truth, and
// at the end index.json listing them. The same seed gives the same files (on a machine with the
// same fonts installed).
//
//	go run ./infra/pagegen -out DIR -n N -seed S [-kind passport,driving_licence] [-clean]
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pagegen:", err)
		os.Exit(1)
	}
}

// index is index.json: how the set was made and one entry per page, in page order.
type index struct {
	Generator string  `json:"generator"`
	Seed      int64   `json:"seed"`
	N         int     `json:"n"`
	Reference string  `json:"reference"` // the date the set is drawn as of (printedtest.Reference)
	Pages     []entry `json:"pages"`
}

type entry struct {
	ID            string   `json:"id"`
	Image         string   `json:"image"`
	Truth         string   `json:"truth"`
	Kind          string   `json:"kind"`
	Issuer        string   `json:"issuer"`
	Condition     string   `json:"condition"`
	Disagreements []string `json:"disagreements"`
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("pagegen", flag.ContinueOnError)
	out := fs.String("out", "", "output directory (created if missing)")
	n := fs.Int("n", 100, "number of pages")
	seed := fs.Int64("seed", 1, "seed: the same seed gives the same pages")
	kinds := fs.String("kind", "", "draw only these kinds, comma-separated: "+kindList())
	clean := fs.Bool("clean", false, "leave every page clean (the same documents, undegraded)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("-out is required")
	}
	if *n < 0 {
		return fmt.Errorf("-n %d: want a count of pages", *n)
	}
	var opts []printedtest.Option
	if *kinds != "" {
		var ks []printedtest.Kind
		for k := range strings.SplitSeq(*kinds, ",") {
			kind := printedtest.Kind(strings.TrimSpace(k))
			if !slices.Contains(printedtest.AllKinds, kind) {
				return fmt.Errorf("-kind %q: want one of %s", k, kindList())
			}
			ks = append(ks, kind)
		}
		opts = append(opts, printedtest.Kinds(ks...))
	}
	if *clean {
		opts = append(opts, printedtest.Clean())
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}

	// Pages are drawn and written in parallel, one at a time per worker, so that memory stays
	// at a few pages whatever n is.
	entries := make([]entry, *n)
	errs := make([]error, *n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				entries[i], errs[i] = write(*out, printedtest.At(*seed, i, opts...))
			}
		})
	}
	for i := range *n {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}

	ix := index{
		Generator: "go run ./infra/pagegen " + strings.Join(args, " "),
		Seed:      *seed,
		N:         *n,
		Reference: printedtest.Reference().Format("2006-01-02"),
		Pages:     entries,
	}
	data, err := json.MarshalIndent(ix, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(*out, "index.json"), append(data, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d pages in %s\n", *n, *out)
	return nil
}

// kindList names the kinds -kind accepts.
func kindList() string {
	var names []string
	for _, k := range printedtest.AllKinds {
		names = append(names, string(k))
	}
	return strings.Join(names, ", ")
}

// write writes a page's image and truth and returns its index entry.
func write(dir string, p printedtest.Page) (entry, error) {
	name, data, err := p.Encode()
	if err != nil {
		return entry{}, fmt.Errorf("%s: %w", p.Truth.ID, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		return entry{}, err
	}
	truth, err := json.MarshalIndent(p.Truth, "", "  ")
	if err != nil {
		return entry{}, err
	}
	if err := os.WriteFile(filepath.Join(dir, p.Truth.ID+".json"), append(truth, '\n'), 0o644); err != nil {
		return entry{}, err
	}
	t := p.Truth
	return entry{ID: t.ID, Image: name, Truth: t.ID + ".json", Kind: string(t.Kind), Issuer: t.Issuer,
		Condition: t.Condition, Disagreements: t.Disagreements}, nil
}
