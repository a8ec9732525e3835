package verification

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// light is how a grey copy is photographed: each channel's gain, how far the red and blue gains
// drift across the image (mixed light: a window on one side, a lamp on the other), and the
// sensor's noise in grey levels.
type light struct {
	name  string
	gain  [3]float64
	drift float64
	noise float64
}

var lights = [...]light{
	{"grey copy", [3]float64{1, 1, 1}, 0, 0},
	{"grey copy, warm light", [3]float64{1, 0.95, 0.86}, 0, 4},
	{"grey copy, cold light", [3]float64{0.9, 0.97, 1}, 0, 4},
	{"grey copy, mixed light", [3]float64{1, 0.95, 0.86}, 0.15, 4},
}

// photographed is img's grey copy under l, saved as a colour JPEG of quality 85.
func photographed(t testing.TB, img image.Image, l light, seed uint64) image.Image {
	g := imagefile.Grayscale(img)
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(seed, 7))
	for y := range h {
		for x := range w {
			v := float64(g.Pix[y*g.Stride+x])
			drift := l.drift * (float64(x)/float64(w) - 0.5)
			gains := [3]float64{l.gain[0] * (1 + drift), l.gain[1], l.gain[2] * (1 - drift)}
			o := out.PixOffset(x, y)
			for k, gain := range gains {
				out.Pix[o+k] = uint8(min(255, max(0, v*gain+rng.NormFloat64()*l.noise)))
			}
			out.Pix[o+3] = 255
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, out, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	dec, err := jpeg.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	return dec
}

// figures summarises measures: count, minimum, median, maximum, and how many are under GreyBelow.
func figures(v []float64) string {
	s := slices.Sorted(slices.Values(v))
	under := 0
	for _, m := range s {
		if m < GreyBelow {
			under++
		}
	}
	return fmt.Sprintf("n=%d min %.2f median %.2f max %.2f, under %.1f: %d (%.1f %%)",
		len(s), s[0], s[len(s)/2], s[len(s)-1], GreyBelow, under, 100*float64(under)/float64(len(s)))
}

// colourSet is the calibration's measures: per set, the colourfulness of its colour originals and
// of their grey copies under each light.
type colourSet struct {
	originals []float64
	copies    [len(lights)][]float64
	lows      []string // originals under GreyBelow
}

// measureAll measures n images, load(i) giving the i-th and its name, on every core.
func measureAll(t *testing.T, n int, load func(i int) (string, image.Image)) *colourSet {
	type measure struct {
		name     string
		original float64
		copies   [len(lights)]float64
	}
	out := make([]measure, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				name, img := load(i)
				out[i] = measure{name: name, original: Colourfulness(img)}
				for k, l := range lights {
					out[i].copies[k] = Colourfulness(photographed(t, img, l, uint64(i)))
				}
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	s := &colourSet{}
	for _, m := range out {
		s.originals = append(s.originals, m.original)
		if m.original < GreyBelow {
			s.lows = append(s.lows, fmt.Sprintf("%s %.2f", m.name, m.original))
		}
		for k := range lights {
			s.copies[k] = append(s.copies[k], m.copies[k])
		}
	}
	return s
}

func (s *colourSet) report(t *testing.T, name string) {
	t.Logf("%s, colour originals: %s", name, figures(s.originals))
	if len(s.lows) > 0 {
		t.Logf("%s, originals called grey: %s", name, strings.Join(s.lows, ", "))
	}
	for k, l := range lights {
		t.Logf("%s, %s: %s", name, l.name, figures(s.copies[k]))
	}
}

// calibrationPages is how many printedtest pages the calibration draws (seed 1).
const calibrationPages = 48

// GreyBelow separates colour pages from their grey copies on the synthetic pages of this
// repository: printedtest's set (seed 1) and the colour photos of testdata/extraction, each
// against its grey copy photographed under neutral, warm and cold light (and mixed light, which
// the white balance cannot undo: reported, not required). The figures are docs/verifications.md's.
func TestColourThreshold(t *testing.T) {
	if testing.Short() {
		t.Skip("draws and measures 158 pages and their copies")
	}
	printed := measureAll(t, calibrationPages, func(i int) (string, image.Image) {
		p := printedtest.At(1, i)
		return p.Truth.ID + " " + p.Truth.Condition, p.Image
	})
	files, err := filepath.Glob("../../../testdata/extraction/*.jpg")
	if err != nil {
		t.Fatal(err)
	}
	files = slices.DeleteFunc(files, func(f string) bool {
		base := filepath.Base(f)
		return strings.HasPrefix(base, "nomrz-") || strings.HasPrefix(base, "unreadable-")
	})
	photos := measureAll(t, len(files), func(i int) (string, image.Image) {
		name := filepath.Base(files[i])
		img, _, err := imagefile.Decode(context.Background(), extractionFile(t, name))
		if err != nil {
			t.Error(err)
			return name, image.NewGray(image.Rect(0, 0, 1, 1))
		}
		return name, img
	})
	printed.report(t, "printedtest")
	photos.report(t, "testdata/extraction")

	// What the threshold promises: every grey copy under uniform light is caught, every colour
	// photo of the extraction set passes, and few printedtest pages (pale tints, some of them
	// squeezed to low contrast) are taken for grey.
	for _, s := range []*colourSet{printed, photos} {
		for k, l := range lights[:3] {
			if top := slices.Max(s.copies[k]); top >= GreyBelow {
				t.Errorf("a %s measures %.2f, not under %.1f", l.name, top, GreyBelow)
			}
		}
	}
	if low := slices.Min(photos.originals); low < GreyBelow {
		t.Errorf("a colour photo of testdata/extraction measures %.2f, under %.1f", low, GreyBelow)
	}
	if n := len(printed.lows); n > calibrationPages/10 {
		t.Errorf("%d of %d printedtest pages called grey, more than a tenth", n, calibrationPages)
	}
}

// Colourfulness is 0 for grey, whatever the image type, and grows with colour.
func TestColourfulness(t *testing.T) {
	if m := Colourfulness(image.NewGray(image.Rect(0, 0, 50, 50))); m != 0 {
		t.Errorf("grey: %.2f", m)
	}
	if m := Colourfulness(image.NewRGBA(image.Rect(0, 0, 2, 2))); m != 0 {
		t.Errorf("an image smaller than a block: %.2f", m)
	}
	grey := photographed(t, stripes(), lights[1], 1)
	if g, c := Colourfulness(grey), Colourfulness(stripes()); g >= GreyBelow || c < 4*GreyBelow {
		t.Errorf("a grey copy under warm light %.2f, the colour page %.2f", g, c)
	}
}
