package ocr_test

import (
	"context"
	"image"
	"image/color"
	"os"
	"os/exec"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/ocr"
)

func TestMRZBand(t *testing.T) {
	m := loadManifest(t)
	_, noRenderer := exec.LookPath("pdftoppm")
	for _, d := range m.Documents {
		for _, cond := range []string{"clean", "noisy", "lowcontrast", "jpeg", "skew", "rotated180", "pdf"} {
			f, ok := d.Files[cond]
			if !ok {
				continue
			}
			t.Run(d.ID+"/"+cond, func(t *testing.T) {
				if cond == "pdf" && noRenderer != nil && os.Getenv("CI") != "true" {
					t.Skip("pdftoppm not installed")
				}
				img, _, err := imagefile.Decode(context.Background(), readFile(t, f.File))
				if err != nil {
					t.Fatal(err)
				}
				band, ok := ocr.FindMRZ(img)
				if !ok {
					t.Fatal("no MRZ found")
				}
				want := rect(f.MRZBox)
				// Every MRZ character inside, give or take a pixel of anti-aliasing.
				if !want.Inset(1).In(band.Rect) {
					t.Errorf("band %v does not contain the MRZ %v", band.Rect, want)
				}
				// And not much else: a margin of about a line's height around the lines.
				lh := float64(want.Dy()) / float64(len(d.MRZ))
				if float64(band.Rect.Dy()) > float64(want.Dy())+4*lh ||
					float64(band.Rect.Dx()) > float64(want.Dx())+6*lh {
					t.Errorf("band %v is too large around the MRZ %v", band.Rect, want)
				}
				if band.Lines != len(d.MRZ) {
					t.Errorf("%d lines, want %d", band.Lines, len(d.MRZ))
				}
			})
		}
		// Text running vertically is not taken for an MRZ; turned upright it is found.
		for cond, fix := range map[string]int{"rotated90": 270, "rotated270": 90} {
			t.Run(d.ID+"/"+cond, func(t *testing.T) {
				img, _, err := imagefile.Decode(context.Background(), readFile(t, d.Files[cond].File))
				if err != nil {
					t.Fatal(err)
				}
				if r, ok := ocr.MRZBand(img); ok {
					t.Errorf("found an MRZ at %v in a sideways image", r)
				}
				r, ok := ocr.MRZBand(imagefile.Rotate(img, fix))
				if want := rect(d.Files["clean"].MRZBox); !ok || !want.Inset(1).In(r) {
					t.Errorf("upright: band %v, %v; want one around %v", r, ok, want)
				}
			})
		}
	}
	for _, u := range m.Unreadable {
		t.Run(u.File, func(t *testing.T) {
			img, _, err := imagefile.Decode(context.Background(), readFile(t, u.File))
			if err != nil {
				t.Fatal(err)
			}
			if r, ok := ocr.MRZBand(img); ok {
				t.Errorf("found an MRZ at %v in an image without one", r)
			}
		})
	}
}

func TestMRZBandDegenerate(t *testing.T) {
	for _, img := range []image.Image{
		image.NewGray(image.Rect(0, 0, 0, 0)),
		image.NewGray(image.Rect(0, 0, 1, 1)),
		image.NewGray(image.Rect(0, 0, 3000, 2)),
		image.NewGray(image.Rect(0, 0, 2, 3000)),
		image.NewGray(image.Rect(-50, -50, 200, 100)),
		image.NewRGBA(image.Rect(0, 0, 640, 480)),
	} {
		if r, ok := ocr.MRZBand(img); ok {
			t.Errorf("%v: found %v in a blank image", img.Bounds(), r)
		}
	}
}

func BenchmarkMRZBand(b *testing.B) {
	for _, name := range []string{"icao-td1-clean.png", "icao-td3-clean.png", "icao-td3-jpeg.jpg",
		"fra-passport-skew.png"} {
		img, _, err := imagefile.Decode(context.Background(), readFile(b, name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, ok := ocr.MRZBand(img); !ok {
					b.Fatal("no MRZ")
				}
			}
		})
	}
}

// TestMRZBandLargeImage covers images shrunk before the analysis: a page photographed at 12
// megapixels.
func TestMRZBandLargeImage(t *testing.T) {
	m := loadManifest(t)
	f := m.Documents[0].Files["clean"]
	img := decodeFile(t, f.File)
	b := img.Bounds()
	big := image.NewGray(image.Rect(0, 0, 3*b.Dx(), 3*b.Dy()))
	xdraw.NearestNeighbor.Scale(big, big.Rect, img, b, xdraw.Src, nil)
	r, ok := ocr.MRZBand(big)
	want := rect(f.MRZBox)
	want = image.Rect(3*want.Min.X, 3*want.Min.Y, 3*want.Max.X, 3*want.Max.Y)
	if !ok || !want.Inset(3).In(r) {
		t.Fatalf("band %v, %v; want one around %v", r, ok, want)
	}
}

// TestBandCrop checks that a skewed zone comes out level and trimmed, and a level one as is.
func TestBandCrop(t *testing.T) {
	for _, d := range loadManifest(t).Documents {
		for _, cond := range []string{"skew", "clean"} {
			t.Run(d.ID+"/"+cond, func(t *testing.T) {
				img := decodeFile(t, d.Files[cond].File)
				band, ok := ocr.FindMRZ(img)
				if !ok {
					t.Fatal("no MRZ")
				}
				crop := band.Crop(img)
				again, ok := ocr.FindMRZ(crop)
				if !ok {
					t.Fatal("no MRZ in the crop")
				}
				if again.Skew < -0.3 || again.Skew > 0.3 || again.Lines != len(d.MRZ) {
					t.Errorf("crop: skew %.2f°, %d lines; want level and %d", again.Skew, again.Lines, len(d.MRZ))
				}
				if cond == "skew" && crop.Rect.Dy() >= band.Rect.Dy() {
					t.Errorf("crop %v not trimmed from %v", crop.Rect, band.Rect)
				}
				if cond == "clean" && crop.Rect.Size() != band.Rect.Size() {
					t.Errorf("level crop %v, want the band's size %v", crop.Rect, band.Rect)
				}
			})
		}
	}
}

func TestDespeckle(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 40, 30))
	for i := range g.Pix {
		g.Pix[i] = 230
	}
	for y := 5; y < 15; y++ {
		for x := 5; x < 15; x++ {
			g.Pix[y*g.Stride+x] = 20 // a 10×10 character
		}
	}
	specks := []image.Point{{30, 5}, {31, 6}, {20, 25}, {35, 20}} // two diagonal neighbours, two alone
	for _, p := range specks {
		g.SetGray(p.X, p.Y, color.Gray{10})
	}
	out := ocr.Despeckle(g, 5)
	for _, p := range specks {
		if v := out.GrayAt(p.X, p.Y).Y; v < 200 {
			t.Errorf("speck at %v kept (%d)", p, v)
		}
	}
	if out.GrayAt(5, 5).Y != 20 || out.GrayAt(14, 14).Y != 20 {
		t.Error("the character was touched")
	}
	if g.GrayAt(30, 5).Y != 10 {
		t.Error("the input was modified")
	}
	if ocr.Despeckle(g, 1) != g {
		t.Error("minArea 1 should return the image itself")
	}
}
