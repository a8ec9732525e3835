package imagefile_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"runtime"
	"testing"

	"golang.org/x/image/webp"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

// variant is one kind of file a decoder accepts, for the cost model's tests.
type variant struct {
	name string
	data []byte
}

// variants are every kind of file the decoders accept, at w×h: JPEG baseline and progressive,
// grey, YCbCr at each sampling, RGB and CMYK; PNG of every colour type and 8-bit-or-less depth,
// with and without tRNS, plain and interlaced; and the WebP of the corpus.
func variants(t testing.TB, w, h int) []variant {
	var vs []variant
	jpegs := []struct {
		name  string
		comps int
		hv    byte
		rgb   bool
		adobe int // the Adobe segment's colour transform, -1 for none
	}{
		{"grey", 1, 0x11, false, -1},
		{"4:4:4", 3, 0x11, false, -1},
		{"4:2:2", 3, 0x21, false, -1},
		{"4:2:0", 3, 0x22, false, -1},
		{"RGB named", 3, 0x11, true, -1},
		{"RGB by Adobe", 3, 0x11, false, 0},
		{"CMYK", 4, 0x11, false, 0},
		{"CMYK 2x2", 4, 0x22, false, 0},
		{"YCCK", 4, 0x22, false, 2},
	}
	for _, j := range jpegs {
		for _, progressive := range []bool{false, true} {
			s := imagefiletest.JPEGSpec{Width: w, Height: h, Components: j.comps, HV: j.hv, RGB: j.rgb,
				Progressive: progressive, Scans: 3, Refine: progressive}
			if j.adobe >= 0 {
				s.Adobe, s.AdobeTransform = true, byte(j.adobe)
			}
			kind := "baseline"
			if progressive {
				kind = "progressive"
			}
			vs = append(vs, variant{fmt.Sprintf("jpeg %s %s", kind, j.name), imagefiletest.JPEG(s)})
		}
	}
	colours := []struct {
		name   string
		colour byte
		depths []byte
	}{
		{"grey", imagefiletest.Grey, []byte{1, 2, 4, 8}},
		{"RGB", imagefiletest.RGB, []byte{8}},
		{"paletted", imagefiletest.Paletted, []byte{1, 2, 4, 8}},
		{"grey+alpha", imagefiletest.GreyAlpha, []byte{8}},
		{"RGBA", imagefiletest.RGBA, []byte{8}},
	}
	for _, c := range colours {
		for _, depth := range c.depths {
			for _, trns := range []bool{false, true} {
				if trns && (c.colour == imagefiletest.GreyAlpha || c.colour == imagefiletest.RGBA) {
					continue // alpha channels take no tRNS chunk
				}
				for _, interlaced := range []bool{false, true} {
					s := imagefiletest.PNGSpec{Width: w, Height: h, Colour: c.colour, Depth: depth,
						Transparent: trns, Interlaced: interlaced}
					name := fmt.Sprintf("png %s %d-bit tRNS=%v interlaced=%v", c.name, depth, trns, interlaced)
					vs = append(vs, variant{name, imagefiletest.PNG(s)})
				}
			}
		}
	}
	for _, name := range []string{"icao-td1-webp.webp"} {
		vs = append(vs, variant{"webp " + name, readFile(t, name)})
	}
	return vs
}

// TestCostBoundsTheDecoder: for every kind of file the decoders accept, what the header says
// decoding costs is at least what the decoder allocates, measured: the budget is judged from the
// decoder's real output type (a grey PNG with a tRNS chunk decodes to four bytes a pixel, not
// one). 1,500×1,000 pixels, so that the pixels outweigh the decoders' fixed tables and buffers.
func TestCostBoundsTheDecoder(t *testing.T) {
	const slack = 256 << 10 // Huffman tables, zlib's window, bufio: bounded whatever the size
	for _, v := range variants(t, 1500, 1000) {
		t.Run(v.name, func(t *testing.T) {
			h, err := imagefile.ReadHeader(v.data)
			if err != nil {
				t.Fatal(err)
			}
			var decode func(io.Reader) (image.Image, error)
			switch h.MIME {
			case imagefile.MIMEJPEG:
				decode = jpeg.Decode
			case imagefile.MIMEPNG:
				decode = png.Decode
			case imagefile.MIMEWebP:
				decode = webp.Decode
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			img, err := decode(bytes.NewReader(v.data))
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			alloc := int64(after.TotalAlloc - before.TotalAlloc)
			if alloc > h.Cost.Memory+slack {
				t.Errorf("the decoder allocated %d bytes (%T); the header's cost says %d", alloc, img, h.Cost.Memory)
			}
		})
	}
}

// TestPNGHeadCutBeforeItsImageData: the head of a grey PNG cut before its first IDAT may yet hold
// a tRNS chunk: it is costed as NRGBA, and the error says to read more.
func TestPNGHeadCutBeforeItsImageData(t *testing.T) {
	grey := imagefiletest.PNG(imagefiletest.PNGSpec{Width: 1000, Height: 1000, Colour: imagefiletest.Grey, Depth: 8})
	for _, n := range []int{34, 40} { // IHDR read; the next chunk's header cut
		h, err := imagefile.ReadHeader(grey[:n])
		if !errors.Is(err, io.ErrUnexpectedEOF) || h.Width != 1000 || h.Cost.Memory < 4_000_000 {
			t.Errorf("cut at %d: %+v, %v; want 1000 wide, costed at 4 bytes a pixel, io.ErrUnexpectedEOF", n, h, err)
		}
	}
	if h, err := imagefile.ReadHeader(grey); err != nil || h.Cost.Memory > 1_100_000 {
		t.Errorf("whole: %+v, %v; want a byte a pixel", h, err)
	}
}
