package verification

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"testing"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/imagequality"
)

// extractionFile reads a file of testdata/extraction.
func extractionFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../../../testdata/extraction/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestQualityAndFraming(t *testing.T) {
	verdict := func(status string, reasons ...string) Input {
		return Input{Document: with(func(r *extraction.Result) {
			r.Quality = &imagequality.Verdict{Status: status, Reasons: append([]string{}, reasons...)}
		})}
	}
	noVerdict := Input{Document: with(func(r *extraction.Result) { r.Quality = nil })}
	runCases(t, GroupImage, codeQuality, []outcomeCase{
		{"good", verdict(imagequality.Good), Pass, "good"},
		{"usable", verdict(imagequality.Usable, imagequality.Glare), Pass, "usable: glare"},
		{"retake", verdict(imagequality.Retake, imagequality.Blurred), Fail, "retake: blurred"},
		{"no verdict", noVerdict, Inconclusive, "no quality verdict"},
	})
	runCases(t, GroupImage, codeFraming, []outcomeCase{
		{"whole", verdict(imagequality.Usable, imagequality.Glare), Pass, "no text cut"},
		{"cropped", verdict(imagequality.Retake, imagequality.Cropped), Fail, "not whole in the frame"},
		{"no verdict", noVerdict, Inconclusive, "no quality verdict"},
	})
}

// stripes is a page of coloured bands and dark lines, and grey is its grey copy re-encoded as a
// colour JPEG (a photocopy scanned in colour).
func stripes() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 400, 260))
	bands := []color.RGBA{{250, 228, 232, 255}, {226, 240, 250, 255}, {40, 70, 150, 255}, {236, 246, 228, 255}}
	for y := range 260 {
		for x := range 400 {
			c := bands[(y/20)%len(bands)]
			if x%40 < 3 {
				c = color.RGBA{20, 20, 30, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func greyJPEG(t *testing.T, img image.Image) []byte {
	g := imagefile.Grayscale(img)
	rgba := image.NewRGBA(g.Rect)
	for i, v := range g.Pix {
		copy(rgba.Pix[4*i:], []byte{v, v, v, 255})
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, rgba, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestColour(t *testing.T) {
	runCases(t, GroupImage, codeColour, []outcomeCase{
		{"coloured", Input{Page: stripes()}, Pass, "colourfulness"},
		{"a grey copy in a colour JPEG", Input{File: greyJPEG(t, stripes())}, Fail, "a grey image of a coloured document"},
		{"a grey PNG", Input{File: extractionFile(t, "icao-td3-clean.png")}, Fail, "colourfulness 0.0"},
		{"a colour photo", Input{File: extractionFile(t, "icao-td3-tilt.jpg")}, Pass, "colourfulness"},
		{"a PDF without its page", Input{File: extractionFile(t, "fra-passport-pdf.pdf")}, Inconclusive,
			"a PDF and its rendered page was not given"},
		{"no image", Input{}, Inconclusive, "no document image"},
		{"not an image", Input{File: []byte("hello")}, Inconclusive, "not an image"},
	})
}

func TestResolution(t *testing.T) {
	runCases(t, GroupImage, codeResolution, []outcomeCase{
		{"a scan", Input{File: extractionFile(t, "icao-td3-clean.png")}, Pass, "pixels high in an image of"},
		{"a small scan", Input{File: extractionFile(t, "icao-td3-small.png")}, Fail, "under 9.5"},
		{"no text", Input{Page: image.NewGray(image.Rect(0, 0, 300, 200))}, Inconclusive, "too little text"},
		{"no image", Input{}, Inconclusive, "no document image"},
	})
}
