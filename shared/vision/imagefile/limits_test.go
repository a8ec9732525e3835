package imagefile_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

func TestReadHeader(t *testing.T) {
	jpg := readFile(t, "icao-td1-jpeg.jpg")
	tests := []struct {
		name          string
		data          []byte
		width, height int
		deep          bool
		tooLarge      bool // for a bound of 40 megapixels
	}{
		{name: "jpeg", data: jpg, width: 1000, height: 631},
		{name: "png", data: readFile(t, "icao-td1-clean.png"), width: 1000, height: 631},
		{name: "webp", data: readFile(t, "icao-td1-webp.webp"), width: 1000, height: 631},
		{name: "pdf: measured only by rendering", data: readFile(t, "fra-passport-pdf.pdf")},
		{
			name:     "16-bit grey png",
			data:     imagefiletest.FlatPNG(8000, 8000, imagefiletest.Grey, 16),
			width:    8000,
			height:   8000,
			deep:     true,
			tooLarge: true,
		},
		{
			name:     "16-bit RGB png within the pixel bound",
			data:     imagefiletest.FlatPNG(64, 64, imagefiletest.RGB, 16),
			width:    64,
			height:   64,
			deep:     true,
			tooLarge: true,
		},
		{
			name:     "8-bit png over 40 megapixels",
			data:     imagefiletest.FlatPNG(9000, 9000, imagefiletest.Grey, 8),
			width:    9000,
			height:   9000,
			tooLarge: true,
		},
		{
			name:   "8-bit png at 40 megapixels",
			data:   imagefiletest.FlatPNG(8000, 5000, imagefiletest.RGB, 8),
			width:  8000,
			height: 5000,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := imagefile.ReadHeader(tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if h.Width != tt.width || h.Height != tt.height || h.Deep != tt.deep {
				t.Errorf("header = %+v, want %dx%d deep=%v", h, tt.width, tt.height, tt.deep)
			}
			if err := h.Check(imagefile.MaxPixels); errors.Is(err, imagefile.ErrTooLarge) != tt.tooLarge {
				t.Errorf("Check = %v, want ErrTooLarge: %v", err, tt.tooLarge)
			}
		})
	}
	// A head cut within the header says so, so that a caller reading a stored file's start knows
	// to read more.
	if _, err := imagefile.ReadHeader(jpg[:20]); !errors.Is(err, imagefile.ErrCorrupt) ||
		!errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a cut header: %v, want ErrCorrupt and io.ErrUnexpectedEOF", err)
	}
	if _, err := imagefile.ReadHeader([]byte("hello")); !errors.Is(err, imagefile.ErrUnsupported) {
		t.Errorf("text: %v, want ErrUnsupported", err)
	}
}

// A 16-bit PNG is refused before its pixels are decoded: the file of the incident (316 KB) decoded
// to 1.4 GB in the worker.
func TestDecodeRefusesSixteenBitsPerChannel(t *testing.T) {
	var small bytes.Buffer
	if err := png.Encode(&small, image.NewRGBA64(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"4×4 RGBA64": small.Bytes(), "8000×8000 grey": imagefiletest.FlatPNG(8000,
		8000, imagefiletest.Grey, 16)} {
		if _, _, err := imagefile.Decode(context.Background(), data); !errors.Is(err, imagefile.ErrTooLarge) {
			t.Errorf("%s: %v, want ErrTooLarge", name, err)
		}
		if _, _, err := imagefile.DecodeGray(context.Background(), data, imagefile.MaxPixels, 4000); !errors.Is(
			err,
			imagefile.ErrTooLarge,
		) {
			t.Errorf("DecodeGray %s: %v, want ErrTooLarge", name, err)
		}
	}
	if _, _, err := imagefile.DecodeWithin(context.Background(), readFile(t, "icao-td1-clean.png"),
		600_000); !errors.Is(
		err,
		imagefile.ErrTooLarge,
	) {
		t.Errorf("631,000 pixels within a bound of 600,000: %v, want ErrTooLarge", err)
	}
}

func TestDecodeGray(t *testing.T) {
	for _, name := range []string{"icao-td1-clean.png", "icao-td1-jpeg.jpg", "icao-td1-webp.webp"} {
		t.Run(name, func(t *testing.T) {
			data := readFile(t, name)
			img, _, err := imagefile.Decode(context.Background(), data)
			if err != nil {
				t.Fatal(err)
			}
			g, mime, err := imagefile.DecodeGray(context.Background(), data, imagefile.MaxPixels, 4000)
			if err != nil || mime == "" {
				t.Fatal(mime, err)
			}
			want := imagefile.Grayscale(img)
			if g.Bounds() != want.Bounds() {
				t.Fatalf("bounds %v, want %v", g.Bounds(), want.Bounds())
			}
			for y := range want.Rect.Dy() {
				for x := range want.Rect.Dx() {
					if g.GrayAt(x, y) != want.GrayAt(x, y) {
						t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, g.GrayAt(x, y), want.GrayAt(x, y))
					}
				}
			}
			small, _, err := imagefile.DecodeGray(context.Background(), data, imagefile.MaxPixels, 500)
			if err != nil || small.Rect.Dx() != 500 || small.Rect.Dy() != 315 {
				t.Errorf("shrunk to a side of 500: %v, %v; want 500x315", small.Rect, err)
			}
		})
	}
}

// A PDF's page is rendered in grey, and cropped so that the bitmap pdftoppm allocates stays within
// the pixel bound.
func TestDecodePDFWithinTheBound(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftoppm (poppler-utils) is not installed")
		}
		t.Skip("pdftoppm not installed")
	}
	data := readFile(t, "fra-passport-pdf.pdf")
	img, _, err := imagefile.DecodeWithin(context.Background(), data, 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() > 1000 || b.Dy() > 1000 {
		t.Errorf("rendered %v within a bound of a million pixels", b)
	}
	g, _, err := imagefile.DecodeGray(context.Background(), data, imagefile.MaxPixels, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rect.Dx() != 1414 || g.Rect.Dy() != 2000 { // A4 at 200 dpi, 1654×2339, shrunk
		t.Errorf("grey page %v, want 1414x2000", g.Rect)
	}
}

func TestDownscale(t *testing.T) {
	// 4×2 to a longer side of 2: each destination pixel is the mean of a 2×2 box.
	src := image.NewGray(image.Rect(0, 0, 4, 2))
	copy(src.Pix, []uint8{0, 10, 100, 200, 20, 30, 0, 0})
	got := imagefile.Downscale(src, 2)
	if got.Rect != image.Rect(0, 0, 2, 1) || got.Pix[0] != 15 || got.Pix[1] != 75 {
		t.Errorf("Downscale = %v %v, want 2x1 [15 75]", got.Rect, got.Pix)
	}
	if imagefile.Downscale(src, 4) != src || imagefile.Downscale(src, 0) != src {
		t.Error("an image that fits was copied")
	}
	// Not at the origin, and an odd factor.
	sub := image.NewGray(image.Rect(0, 0, 9, 3)).SubImage(image.Rect(3, 0, 9, 3)).(*image.Gray)
	for y := range 3 {
		for x := 3; x < 9; x++ {
			sub.Pix[sub.PixOffset(x, y)] = 90 // the columns left of the sub-image stay black
		}
	}
	if got := imagefile.Downscale(sub, 4); got.Rect != image.Rect(0, 0, 4, 2) || got.Pix[0] != 90 ||
		got.Pix[len(got.Pix)-1] != 90 {
		t.Errorf("Downscale of a sub-image = %v %v", got.Rect, got.Pix)
	}
}

// TestDecodeInk: the lightest channel, whole or shrunk row by row, as Lightest and Downscale
// make it from the decoded image; the pixel bound holds as for DecodeGray.
func TestDecodeInk(t *testing.T) {
	for _, name := range []string{"icao-td1-clean.png", "icao-td1-jpeg.jpg", "icao-td1-webp.webp",
		"icao-td1-overprint.jpg"} {
		t.Run(name, func(t *testing.T) {
			data := readFile(t, name)
			img, _, err := imagefile.Decode(context.Background(), data)
			if err != nil {
				t.Fatal(err)
			}
			for _, side := range []int{4000, 500} {
				g, mime, err := imagefile.DecodeInk(context.Background(), data, imagefile.MaxPixels, side)
				if err != nil || mime == "" {
					t.Fatal(mime, err)
				}
				want := imagefile.Downscale(imagefile.Lightest(img), side)
				if g.Bounds() != want.Bounds() {
					t.Fatalf("side %d: bounds %v, want %v", side, g.Bounds(), want.Bounds())
				}
				for y := range want.Rect.Dy() {
					for x := range want.Rect.Dx() {
						if g.GrayAt(x, y) != want.GrayAt(x, y) {
							t.Fatalf(
								"side %d: pixel (%d,%d) = %v, want %v",
								side,
								x,
								y,
								g.GrayAt(x, y),
								want.GrayAt(x, y),
							)
						}
					}
				}
			}
		})
	}
	if _, _, err := imagefile.DecodeInk(context.Background(), imagefiletest.FlatPNG(8000, 8000, imagefiletest.Grey, 16),
		imagefile.MaxPixels, 4000); !errors.Is(
		err,
		imagefile.ErrTooLarge,
	) {
		t.Errorf("16 bits: %v, want ErrTooLarge", err)
	}
}
