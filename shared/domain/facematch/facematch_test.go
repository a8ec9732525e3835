package facematch

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// modelsDir is ../shared/models unless MODELS_DIR says otherwise.
func modelsDir() string {
	if d := os.Getenv("MODELS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "..", "shared", "models")
}

var loaded struct {
	once sync.Once
	m    *Models
	err  error
}

// models loads the two models once per test binary, or skips (fails under CI) without them.
func models(tb testing.TB) *Models {
	tb.Helper()
	need(tb, filepath.Join(modelsDir(), RecognizerFile), "set MODELS_DIR")
	loaded.once.Do(func() { loaded.m, loaded.err = Load(modelsDir()) })
	if loaded.err != nil {
		tb.Fatal(loaded.err)
	}
	return loaded.m
}

func need(tb testing.TB, path, hint string) {
	tb.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("%v (%s)", err, hint)
		}
		tb.Skipf("%v (%s)", err, hint)
	}
}

// photo decodes one of the test photos of ../shared/testdata/faces.
func photo(tb testing.TB, name string) image.Image {
	tb.Helper()
	path := filepath.Join("..", "..", "..", "..", "shared", "testdata", "faces", name)
	need(
		tb,
		path,
		"the face photos are not in the repository (docs/models.md, Test photos); the tests read them from ../shared/testdata/faces",
	)
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	img, _, err := imagefile.DecodeWithin(context.Background(), data, imagefile.MaxPixels)
	if err != nil {
		tb.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

func encodeJPEG(tb testing.TB, img image.Image, quality int) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: quality}); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// crop returns the part r of img, scaled by k.
func crop(img image.Image, r image.Rectangle, k float64) image.Image {
	dst := image.NewRGBA(image.Rect(0, 0, int(float64(r.Dx())*k), int(float64(r.Dy())*k)))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, r, draw.Src, nil)
	return dst
}

// documentPage draws an ID card page as the extraction tests' generator does (a pale tint,
// lines of text as grey bars, a zone at the bottom) with portrait printed at the left, height
// portraitH pixels on a card 1000 pixels wide: the portrait on a real card is about 35 mm of
// 85.6, so 260 pixels here is a card photographed filling the frame, 90 a card far away.
func documentPage(portrait image.Image, portraitH int) image.Image {
	page := image.NewRGBA(image.Rect(0, 0, 1000, 630))
	draw.Draw(page, page.Bounds(), &image.Uniform{color.RGBA{232, 238, 244, 255}}, image.Point{}, draw.Src)
	for y := 0; y < 630; y += 7 { // security curves
		for x := range 1000 {
			yy := y + int(4*math.Sin(float64(x)/37))
			if yy >= 0 && yy < 630 {
				page.Set(x, yy, color.RGBA{210, 222, 236, 255})
			}
		}
	}
	b := portrait.Bounds()
	w := b.Dx() * portraitH / b.Dy()
	at := image.Rect(40, 80, 40+w, 80+portraitH)
	xdraw.CatmullRom.Scale(page, at, portrait, b, draw.Over, nil)
	grey := &image.Uniform{color.RGBA{70, 70, 80, 255}}
	for i := range 8 { // labels and values
		draw.Draw(page, image.Rect(360, 90+45*i, 360+300+(i*53)%250, 90+45*i+14), grey, image.Point{}, draw.Src)
	}
	for i := range 3 { // the machine-readable zone
		draw.Draw(page, image.Rect(40, 480+40*i, 960, 480+40*i+22), grey, image.Point{}, draw.Src)
	}
	return page
}

// placeholder is the grey portrait placeholder of the extraction tests' pages.
func placeholder() image.Image {
	p := image.NewRGBA(image.Rect(0, 0, 300, 380))
	draw.Draw(p, p.Bounds(), &image.Uniform{color.RGBA{150, 150, 150, 255}}, image.Point{}, draw.Src)
	return p
}

func TestSimilarityTransform(t *testing.T) {
	// Points turned by 30°, scaled by 1.7 and shifted come back onto the template exactly.
	a, b := 1.7*math.Cos(math.Pi/6), 1.7*math.Sin(math.Pi/6)
	var src [5][2]float64
	for i, p := range template {
		// the inverse of [a −b; b a] then the shift (−12, 30)
		d := a*a + b*b
		src[i] = [2]float64{(a*p[0]+b*p[1])/d - 12, (-b*p[0]+a*p[1])/d + 30}
	}
	m := similarity(src, template)
	for i, p := range src {
		x, y := m[0]*p[0]+m[1]*p[1]+m[2], m[3]*p[0]+m[4]*p[1]+m[5]
		if math.Abs(x-template[i][0]) > 1e-9 || math.Abs(y-template[i][1]) > 1e-9 {
			t.Fatalf("point %d goes to (%v, %v), want %v", i, x, y, template[i])
		}
	}
}

func TestDetect(t *testing.T) {
	m := models(t)
	tests := []struct {
		name  string
		img   image.Image
		faces int
	}{
		{"one face", photo(t, "one-face.jpg"), 1},
		{"two faces", photo(t, "two-faces.jpg"), 2},
		{"a document page with a portrait", documentPage(photo(t, "one-face.jpg"), 200), 1},
		{"a page without a face", documentPage(placeholder(), 200), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			faces, err := m.Detect(context.Background(), encodePNG(t, tt.img))
			if err != nil {
				t.Fatal(err)
			}
			if len(faces) != tt.faces {
				t.Fatalf("%d faces %v, want %d", len(faces), faces, tt.faces)
			}
			for _, f := range faces {
				// The eyes above the nose above the mouth, all inside the box.
				l := f.Landmarks
				if !(l[0][1] < l[2][1] && l[1][1] < l[2][1] && l[2][1] < l[3][1] && l[2][1] < l[4][1] &&
					l[0][0] < l[1][0]) {
					t.Errorf("landmarks %v are not a face's", l)
				}
				for _, p := range l {
					if !image.Pt(int(p[0]), int(p[1])).In(f.Box.Inset(-2)) {
						t.Errorf("landmark %v outside the box %v", p, f.Box)
					}
				}
			}
		})
	}
}

func TestCompareErrors(t *testing.T) {
	m := models(t)
	one := encodeJPEG(t, photo(t, "one-face.jpg"), 90)
	two := encodeJPEG(t, photo(t, "two-faces.jpg"), 90)
	blank := encodePNG(t, documentPage(placeholder(), 200))
	tests := []struct {
		name             string
		document, selfie []byte
		image            string
		want             error
	}{
		{"a page without a face", blank, one, ImageDocument, ErrNoFace},
		{"a selfie without a face", one, blank, ImageSelfie, ErrNoFace},
		{"a selfie with two faces", one, two, ImageSelfie, ErrMultipleFaces},
		{"a selfie that is no image", one, []byte("not an image"), ImageSelfie, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := m.Compare(context.Background(), tt.document, tt.selfie)
			var ie *ImageError
			if !errors.As(err, &ie) || ie.Image != tt.image || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Fatalf("error %v, want %v about the %s", err, tt.want, tt.image)
			}
		})
	}
}
