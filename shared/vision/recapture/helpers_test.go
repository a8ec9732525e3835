package recapture_test

import (
	"context"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// extraction is the synthetic document corpus (testdata/extraction/README.md), faces the face
// photos shared by the project's tests.
const (
	extraction = "../../../testdata/extraction"
	faces      = "../../../../shared/testdata/faces"
)

// decodeFile decodes an image of the corpus as an upload is decoded.
func decodeFile(t testing.TB, path string) image.Image {
	t.Helper()
	img, err := decode(path)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func decode(path string) (image.Image, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	img, _, err := imagefile.Decode(context.Background(), data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// glob returns the files matching pattern, failing when there are none: a moved corpus must not
// pass as an empty one.
func glob(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no file matches %s (%v)", pattern, err)
	}
	return files
}

// grey returns a w×h image of the function f of the pixel's centre, plus Gaussian grain of sigma
// grey levels, seeded.
func grey(w, h int, sigma float64, f func(x, y float64) float64) *image.Gray {
	rnd := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := f(float64(x)+0.5, float64(y)+0.5) + sigma*rnd.NormFloat64()
			g.Pix[y*g.Stride+x] = uint8(math.Max(0, math.Min(255, math.Round(v))))
		}
	}
	return g
}

// resized returns img's luma resampled to w×h, bilinear, with a grain of sigma grey levels: a
// photo of that size for the benchmarks.
func resized(img image.Image, w, h int, sigma float64) *image.Gray {
	src := imagefile.Grayscale(img)
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	return grey(w, h, sigma, func(x, y float64) float64 {
		sx := math.Min(math.Max(x*float64(sw)/float64(w)-0.5, 0), float64(sw-1))
		sy := math.Min(math.Max(y*float64(sh)/float64(h)-0.5, 0), float64(sh-1))
		x0, y0 := min(int(sx), sw-2), min(int(sy), sh-2)
		fx, fy := sx-float64(x0), sy-float64(y0)
		p := func(i, j int) float64 { return float64(src.Pix[(y0+j)*src.Stride+x0+i]) }
		return (p(0, 0)*(1-fx)+p(1, 0)*fx)*(1-fy) + (p(0, 1)*(1-fx)+p(1, 1)*fx)*fy
	})
}
