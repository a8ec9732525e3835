package facematch

import (
	"context"
	"fmt"
	"image"
	"image/draw"
	"sync"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/internal/benchtest"
)

var loadedDetector struct {
	once sync.Once
	d    *Detector
	err  error
}

func detector(tb testing.TB) *Detector {
	tb.Helper()
	need(tb, modelsDir()+"/"+DetectorFile, "set MODELS_DIR")
	loadedDetector.once.Do(func() { loadedDetector.d, loadedDetector.err = LoadDetector(modelsDir()) })
	if loadedDetector.err != nil {
		tb.Fatal(loadedDetector.err)
	}
	return loadedDetector.d
}

// grey is img's luma, as the extraction worker decodes a page.
func grey(img image.Image) *image.Gray {
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Rect, img, img.Bounds().Min, draw.Src)
	return g
}

// enlarged is img scaled by k, as a phone photo of the page would be.
func enlarged(img image.Image, k int) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()*k, b.Dy()*k))
	xdraw.ApproxBiLinear.Scale(out, out.Rect, img, b, draw.Src, nil)
	return out
}

func TestFindPortrait(t *testing.T) {
	d := detector(t)
	one := photo(t, "one-face.jpg")
	// documentPage prints the portrait at (40, 80), its height given, its aspect kept.
	printed := func(h, k int) image.Rectangle {
		w := one.Bounds().Dx() * h / one.Bounds().Dy()
		return image.Rect(40*k, 80*k, (40+w)*k, (80+h)*k)
	}
	tests := []struct {
		name  string
		page  image.Image
		found bool
		at    image.Rectangle // the printed portrait, which the face's box lies within
	}{
		{"colour page, portrait 200 px", documentPage(one, 200), true, printed(200, 1)},
		{"grey page, portrait 200 px", grey(documentPage(one, 200)), true, printed(200, 1)},
		{"grey page, portrait 90 px", grey(documentPage(one, 90)), true, printed(90, 1)},
		{
			"grey page at 4000 px, shrunk for the detector",
			grey(enlarged(documentPage(one, 200), 4)),
			true,
			printed(200, 4),
		},
		{"the placeholder's silhouette is no face", grey(documentPage(placeholder(), 200)), false, image.Rectangle{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ok, err := d.FindPortrait(context.Background(), tt.page)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tt.found {
				t.Fatalf("found %v (%+v), want %v", ok, p, tt.found)
			}
			if !ok {
				return
			}
			box := image.Rect(p.Box.X, p.Box.Y, p.Box.X+p.Box.Width, p.Box.Y+p.Box.Height)
			if !box.In(tt.at.Inset(-4*tt.at.Dx()/100)) || box.Dx() < tt.at.Dx()/3 || p.Score < DefaultFaceScore ||
				p.Score > 1 {
				t.Errorf("portrait %+v, want a face within %v", p, tt.at)
			}
		})
	}
}

// BenchmarkFindPortrait is what the portrait adds to an extraction: the page as the worker
// decodes it (grey), YuNet on it fitted into 640×640, the largest face kept.
func BenchmarkFindPortrait(b *testing.B) {
	d := detector(b)
	page := grey(documentPage(photo(b, "one-face.jpg"), 200))
	for _, bc := range []struct {
		name string
		page *image.Gray
	}{{"scan 1000x630", page}, {"phone 4000x2520", grey(enlarged(page, 4))}} {
		b.Run(bc.name, func(b *testing.B) {
			benchtest.Report(b, func() error {
				if _, ok, err := d.FindPortrait(context.Background(), bc.page); err != nil || !ok {
					return fmt.Errorf("found %v: %v", ok, err)
				}
				return nil
			})
		})
	}
}
