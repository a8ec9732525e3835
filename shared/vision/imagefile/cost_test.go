package imagefile_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

// TestDecodingBudget: what a header says decoding costs, against the budget of the default pixel
// bound. Within the pixel bound, a progressive JPEG whose coefficients would take hundreds of
// megabytes, or a JPEG of a thousand scans, is refused; a progressive phone photo is not.
func TestDecodingBudget(t *testing.T) {
	greyTRNS := imagefiletest.PNG(imagefiletest.PNGSpec{Width: 6324, Height: 6324, Colour: imagefiletest.Grey,
		Depth: 8, Transparent: true, Interlaced: true})
	tests := []struct {
		name   string
		data   []byte
		scans  int
		costly string // part of the refusal's reason; empty when within the budget
	}{
		{
			name:   "6300×6300 progressive 4:4:4, ten scans (596 MB)",
			data:   imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10),
			scans:  10,
			costly: "progressive JPEG of 6300×6300 pixels needs 597 MB",
		},
		{
			name:   "6300×6300 progressive 4:2:0, 1,000 scans",
			data:   imagefiletest.ProgressiveJPEG(6300, 6300, 0x22, 1000),
			scans:  1000,
			costly: "1000 scans",
		},
		{
			name:   "12 MP progressive 4:2:0, 1,000 scans",
			data:   imagefiletest.ProgressiveJPEG(4000, 3000, 0x22, 1000),
			scans:  1000,
			costly: "1000 scans",
		},
		{
			name:   "30 MP progressive 4:2:0, 99 scans of the luma",
			data:   imagefiletest.ProgressiveJPEG(6000, 5000, 0x22, 99),
			scans:  99,
			costly: "decode",
		},
		{
			// Issue 34: 2.3 CPU-s and 190 MB, within the memory budget.
			name: "6324×6324 progressive grey, 47 refinement scans (29.4 M blocks)",
			data: imagefiletest.JPEG(imagefiletest.JPEGSpec{Width: 6324, Height: 6324, Components: 1, HV: 0x11,
				Progressive: true, Scans: 47, Refine: true}),
			scans:  47,
			costly: "47 scans decode 29407007 blocks; the limit is 3750000",
		},
		{
			name:   "40 MP progressive 4:2:0, libjpeg's scan work (8 component passes: 5 M blocks)",
			data:   imagefiletest.ProgressiveJPEG(8000, 5000, 0x22, 7),
			scans:  7,
			costly: "decode",
		},
		{
			name:  "12 MP progressive 4:2:0 phone photo, ten scans",
			data:  imagefiletest.ProgressiveJPEG(4000, 3000, 0x22, 10),
			scans: 10,
		},
		{
			name:  "12 MP baseline 4:2:0, as phones write it",
			data:  imagefiletest.JPEG(imagefiletest.JPEGSpec{Width: 4032, Height: 3024, Components: 3, HV: 0x22}),
			scans: 1,
		},
		{
			// libjpeg's ten scans at 4:4:4 make 14 component passes: a DC scan of three, then 11 of one.
			name:  "16 MP progressive 4:4:4 with libjpeg's scan work (3.48 M blocks)",
			data:  imagefiletest.ProgressiveJPEG(4608, 3456, 0x11, 12),
			scans: 12,
		},
		{
			name: "40 MP baseline 4:4:4 (1.9 M blocks)",
			data: imagefiletest.JPEG(imagefiletest.JPEGSpec{Width: 8000, Height: 5000, Components: 3,
				HV: 0x11}),
			scans: 1,
		},
		{name: "40 MP 8-bit RGB png", data: imagefiletest.FlatPNG(8000, 5000, imagefiletest.RGB, 8)},
		{
			name:   "6324×6324 interlaced grey png with tRNS (NRGBA: 320 MB)",
			data:   greyTRNS,
			costly: "image/png of 6324×6324 pixels needs 320 MB",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := imagefile.ReadHeader(tt.data)
			if err != nil {
				t.Fatal(err)
			}
			if h.Cost.Scans != tt.scans {
				t.Errorf("scans = %d, want %d", h.Cost.Scans, tt.scans)
			}
			err = h.Check(imagefile.MaxPixels)
			var ce *imagefile.CostError
			switch {
			case tt.costly == "" && err != nil:
				t.Errorf("Check = %v, want within the budget (cost %+v)", err, h.Cost)
			case tt.costly != "" && (!errors.As(err, &ce) || !errors.Is(err, imagefile.ErrTooCostly) || !errors.Is(err,
				imagefile.ErrTooLarge)):
				t.Errorf("Check = %v, want a *CostError (ErrTooCostly, ErrTooLarge)", err)
			case tt.costly != "" && !strings.Contains(ce.Reason, tt.costly):
				t.Errorf("reason %q does not say %q", ce.Reason, tt.costly)
			}
		})
	}
}

// TestAttackFilesRefusedBeforeDecoding: the files of the incidents (a 6300×6300 progressive JPEG
// that image/jpeg decodes in 584 MB, one of a thousand scans that takes it minutes, and a 5 KB
// interlaced grey PNG with tRNS that it decodes to NRGBA in 320 MB) are refused by every decoding
// entry point from their headers, allocating no more than a few times their size: the decoder is
// never started.
func TestAttackFilesRefusedBeforeDecoding(t *testing.T) {
	files := map[string][]byte{
		"memory": imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10),
		"scans":  imagefiletest.ProgressiveJPEG(6300, 6300, 0x22, 1000),
		"grey png with tRNS": imagefiletest.PNG(imagefiletest.PNGSpec{Width: 6324, Height: 6324,
			Colour: imagefiletest.Grey, Depth: 8, Transparent: true, Interlaced: true}),
	}
	ctx := context.Background()
	decoders := map[string]func([]byte) error{
		"DecodeWithin": func(d []byte) error {
			_, _, err := imagefile.DecodeWithin(ctx, d,
				imagefile.MaxPixels)
			return err
		},
		"DecodeGray": func(d []byte) error {
			_, _, err := imagefile.DecodeGray(ctx, d, imagefile.MaxPixels,
				4000)
			return err
		},
		"DecodeInkAndLuma": func(d []byte) error {
			_, _, _, err := imagefile.DecodeInkAndLuma(ctx, d, imagefile.MaxPixels, 4000)
			return err
		},
	}
	for name, data := range files {
		for dname, decode := range decoders {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			err := decode(data)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, imagefile.ErrTooCostly) {
				t.Errorf("%s, %s: %v, want ErrTooCostly", name, dname, err)
			}
			// TotalAlloc only grows and counts this goroutine's allocations among any others'; the
			// test runs alone, and decoding would allocate hundreds of megabytes.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
				t.Errorf("%s, %s: %d bytes allocated to refuse a %d-byte file", name, dname, alloc, len(data))
			}
		}
	}
}

// TestTheCorpusIsWithinTheBudget: every image of the test corpora (documents, faces) passes.
func TestTheCorpusIsWithinTheBudget(t *testing.T) {
	var files []string
	for _, dir := range []string{testdata, "../../../../shared/testdata/faces"} {
		m, _ := filepath.Glob(filepath.Join(dir, "*"))
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("%d test images found", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // a directory
		}
		h, err := imagefile.ReadHeader(data)
		if errors.Is(err, imagefile.ErrUnsupported) || h.MIME == imagefile.MIMEPDF {
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if err := h.Check(imagefile.MaxPixels); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// TestWalkCountsTheDecodersScans: a JPEG the walk reads is one image/jpeg decodes, with the same
// dimensions; cut anywhere before its end, the walk says to read more.
func TestWalkCountsTheDecodersScans(t *testing.T) {
	data := imagefiletest.ProgressiveJPEG(100, 37, 0x22, 5)
	img, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	h, err := imagefile.ReadHeader(data)
	if err != nil || h.Width != 100 || h.Height != 37 || !h.Progressive || h.Cost.Scans != 5 ||
		img.Bounds() != image.Rect(0, 0, 100, 37) {
		t.Fatalf("header %+v, %v; decoded %v", h, err, img.Bounds())
	}
	for n := range len(data) - 1 {
		if _, err := imagefile.ReadHeader(data[:n]); err == nil || (n > 3 && !errors.Is(err, io.ErrUnexpectedEOF)) {
			t.Fatalf("cut at %d: %v, want io.ErrUnexpectedEOF", n, err)
		}
	}
	// Stuffed bytes, restart markers and fill bytes inside entropy-coded data are no markers.
	sos := bytes.Index(data, []byte{0xFF, 0xDA})
	ecs := sos + 2 + 12
	var noisy []byte
	noisy = append(noisy, data[:ecs]...)
	noisy = append(noisy, 0xFF, 0x00, 0xFF, 0xD0, 0x12, 0xFF, 0xFF, 0xD3)
	noisy = append(noisy, data[ecs:]...)
	if h, err := imagefile.ReadHeader(noisy); err != nil || h.Cost.Scans != 5 {
		t.Errorf("with stuffing and restarts: %+v, %v", h.Cost, err)
	}
}

// FuzzReadHeader: the header reader never panics on any input, and never refuses a JPEG that
// image/jpeg decodes, or reads it with other dimensions.
func FuzzReadHeader(f *testing.F) {
	f.Add(imagefiletest.ProgressiveJPEG(64, 64, 0x11, 3))
	f.Add(imagefiletest.ProgressiveJPEG(100, 37, 0x22, 5))
	for _, name := range []string{"icao-td1-jpeg.jpg", "icao-td1-clean.png", "icao-td1-webp.webp"} {
		data, err := os.ReadFile(filepath.Join(testdata, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h, herr := imagefile.ReadHeader(data)
		if h.MIME != imagefile.MIMEJPEG {
			return
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
		if err != nil || int64(cfg.Width)*int64(cfg.Height) > 1<<20 {
			return // decoding a fuzzed header's dimensions could take gigabytes
		}
		img, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		if herr != nil {
			t.Fatalf("image/jpeg decodes a %v image that ReadHeader refuses: %v", img.Bounds(), herr)
		}
		if h.Width != img.Bounds().Dx() || h.Height != img.Bounds().Dy() {
			t.Fatalf("header %dx%d, decoded %v", h.Width, h.Height, img.Bounds())
		}
	})
}
