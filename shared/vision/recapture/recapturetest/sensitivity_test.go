package recapturetest

import (
	"context"
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/recapture"
)

// TestSensitivity prints where recapture.Assess stops seeing recaptures as one parameter moves
// past the ranges Screen and Print draw from: lens blur against the grid's pitch or the
// halftone's cell, the screen's turn, the slant. It asserts nothing and takes a minute or two, so
// it runs only when RECAPTURE_SENSITIVITY is set; docs/recapture.md reports its tables:
//
//	RECAPTURE_SENSITIVITY=1 go test -run TestSensitivity -v ./shared/vision/recapture/recapturetest
func TestSensitivity(t *testing.T) {
	if os.Getenv("RECAPTURE_SENSITIVITY") == "" {
		t.Skip("set RECAPTURE_SENSITIVITY=1 to print the tables")
	}
	var docs []image.Image
	for _, f := range []string{
		"../../../../testdata/extraction/fra-id-clean.png",
		"../../../../testdata/extraction/icao-td3-clean.png",
		"../../../../testdata/extraction/ita-id-tinted.jpg",
		"../../../../../shared/testdata/faces/one-face.jpg",
	} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := imagefile.Decode(context.Background(), data)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, img)
	}
	screen := func(pitch, angle, keystone, blur float64) func(image.Image, *rand.Rand) Capture {
		sh := screenShot{pitch: 4, factor: pitch / 4, width: 750, angle: angle, keystone: keystone,
			blur: blur, noise: 3, quality: 80}
		return sh.shoot
	}
	var grid []cell
	for _, blur := range []float64{0.5, 1, 1.5, 2, 2.5} {
		for _, pitch := range []float64{1.4, 1.7, 2, 2.5, 3, 4, 5.5} {
			grid = append(grid, cell{"screen", fmt.Sprintf("blur %.1f", blur), fmt.Sprintf("%.1f px", pitch),
				[]func(image.Image, *rand.Rand) Capture{screen(pitch, 2.5, 0.05, blur)}})
		}
		for _, c := range []float64{2, 2.5, 3, 4, 6} {
			var shots []func(image.Image, *rand.Rand) Capture
			for _, cmyk := range []bool{true, false} {
				sh := printShot{cmyk: cmyk, scale: 1.1, cell: c, angle: 2.5, keystone: 0.05, blur: blur, noise: 3,
					quality: 80}
				shots = append(shots, sh.shoot)
			}
			grid = append(grid, cell{"print", fmt.Sprintf("blur %.1f", blur), fmt.Sprintf("%.1f px", c), shots})
		}
	}
	for _, angle := range []float64{0, 0.3, 0.7, 1.5, 3, 10, 30} {
		for _, pitch := range []float64{1.7, 2.5, 4} {
			grid = append(grid, cell{"screen turned", fmt.Sprintf("%.1f°", angle), fmt.Sprintf("%.1f px", pitch),
				[]func(image.Image, *rand.Rand) Capture{screen(pitch, angle, 0.05, 1)}})
		}
	}
	for _, k := range []float64{0, 0.05, 0.1, 0.2, 0.3} {
		for _, pitch := range []float64{1.7, 2.5, 4} {
			grid = append(grid, cell{"screen slanted", fmt.Sprintf("keystone %.2f", k), fmt.Sprintf("%.1f px", pitch),
				[]func(image.Image, *rand.Rand) Capture{screen(pitch, 2.5, k, 1)}})
		}
	}
	type job struct{ cell, shot, doc int }
	var jobs []job
	for c := range grid {
		for s := range grid[c].shots {
			for d := range docs {
				jobs = append(jobs, job{c, s, d})
			}
		}
	}
	hits := make([]int, len(grid))
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan job)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for j := range next {
				c := grid[j.cell].shots[j.shot](docs[j.doc], rand.New(rand.NewPCG(uint64(j.cell), uint64(j.doc))))
				if recapture.Assess(c.Img).Recaptured {
					mu.Lock()
					hits[j.cell]++
					mu.Unlock()
				}
			}
		})
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	t.Log("\n" + table(grid, hits, len(docs)))
}

// cell is one entry of a sensitivity table: its table, row and column, and the captures to make
// of each document.
type cell struct {
	table, row, col string
	shots           []func(image.Image, *rand.Rand) Capture
}

// table writes the cells as tables of "caught/made", one per table name.
func table(grid []cell, hits []int, docs int) string {
	var b strings.Builder
	var tables []string
	for _, c := range grid {
		if !slices.Contains(tables, c.table) {
			tables = append(tables, c.table)
		}
	}
	for _, name := range tables {
		var rows, cols []string
		at := map[[2]string]string{}
		for i, c := range grid {
			if c.table != name {
				continue
			}
			if !slices.Contains(rows, c.row) {
				rows = append(rows, c.row)
			}
			if !slices.Contains(cols, c.col) {
				cols = append(cols, c.col)
			}
			at[[2]string{c.row, c.col}] = fmt.Sprintf("%d/%d", hits[i], docs*len(c.shots))
		}
		fmt.Fprintf(&b, "%-16s|", name)
		for _, c := range cols {
			fmt.Fprintf(&b, " %s |", c)
		}
		fmt.Fprintln(&b)
		for _, r := range rows {
			fmt.Fprintf(&b, "%-16s|", r)
			for _, c := range cols {
				fmt.Fprintf(&b, " %*s |", len(c), at[[2]string{r, c}])
			}
			fmt.Fprintln(&b)
		}
		fmt.Fprintln(&b)
	}
	return b.String()
}
