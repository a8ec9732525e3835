package imagefile

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The decoding budget's constants, for a pixel bound of maxPixels (BudgetFor).
const (
	// BytesPerPixel is the memory budget of one decoding per pixel of the bound: 240 MB at 40
	// megapixels, so that the extraction worker's two concurrent decodings fit its 900 MiB heap
	// with room for reading. A baseline JPEG (1.5 to 3 bytes a pixel; 7 for CMYK or RGB) or an
	// 8-bit PNG (1 or 4) of the full bound fits; a progressive JPEG, whose decoder keeps every
	// block's coefficients (256 bytes a block), fits at 4:2:0 up to 32 megapixels and at 4:4:4 up
	// to 16.
	BytesPerPixel = 6
	// MaxScans bounds a JPEG's scans: a progressive JPEG from a camera, libjpeg or mozjpeg has
	// about ten, and each scan is a pass over the blocks of its components however few bytes it
	// has (a refinement scan of a whole image can be a dozen bytes).
	MaxScans = 100
	// PhotoPixels and ScanPasses set the budget of scan work: the 8×8 blocks a JPEG's scans decode,
	// summed over its scans, at most ScanPasses passes over three full-resolution components of a
	// phone photo of PhotoPixels (3.75 M blocks), whatever the pixel bound. The work is the CPU a
	// file can ask for: image/jpeg spends about 80 ns a block of a refinement scan however few bits
	// it holds (29.4 M blocks, the 82 KB grey file of 47 scans of issue 34: 2.3 CPU-s on a 2-core
	// AMD EPYC), and up to 3.75 M that is 0.3 s. Measured on a 12 MP phone photo (4032×3024):
	// baseline 4:2:0, as phones write it, 1 scan of 285,768 blocks; re-encoded progressive by
	// cjpeg (libjpeg-turbo's ten scans), 1.52 M at 4:2:0 and 2.67 M at 4:4:4 (14 component
	// passes, 4.67 passes of three); a 16 MP photo progressive at 4:4:4, 3.48 M. A 40 MP baseline
	// JPEG at 4:4:4 decodes 1.9 M; a 40 MP progressive one is refused (send it baseline).
	PhotoPixels = 16_000_000
	ScanPasses  = 5
)

// Budget bounds what decoding one image may cost, judged from its headers before decoding.
type Budget struct {
	Pixels     int64 // width × height
	Memory     int64 // bytes the decoder allocates
	Scans      int   // a JPEG's scans
	ScanBlocks int64 // 8×8 blocks decoded, summed over a JPEG's scans
}

// BudgetFor is the budget of images of at most maxPixels pixels; memory scales with the bound,
// scan work with the bound up to a phone photo's (PhotoPixels).
func BudgetFor(maxPixels int64) Budget {
	return Budget{
		Pixels:     maxPixels,
		Memory:     BytesPerPixel * maxPixels,
		Scans:      MaxScans,
		ScanBlocks: ScanPasses * 3 * min(maxPixels, PhotoPixels) / 64,
	}
}

// Cost is what decoding an image would cost, computed from its headers alone as an upper bound
// of what image/jpeg, image/png and x/image/webp allocate and decode, or what rendering a PDF's
// page would, from its objects.
type Cost struct {
	Memory     int64    // bytes allocated by the decoder: the pixels, plus a progressive JPEG's coefficients
	Scans      int      // a JPEG's scans (zero for other formats)
	ScanBlocks int64    // 8×8 blocks decoded, summed over a JPEG's scans
	PDF        *PDFCost // a PDF's pages, objects and drawing, held to PDFLimits; nil for an image
}

// ErrTooCostly: decoding the image would cost more memory or work than its budget, though it is
// within the pixel bound (a progressive JPEG, a JPEG of many scans). Errors that wrap it are
// *CostError, and wrap ErrTooLarge too, so that a caller that knows only ErrTooLarge still refuses
// the file for good.
var ErrTooCostly = errors.New("imagefile: image too costly to decode")

// CostError says which part of the budget an image exceeds.
type CostError struct {
	Reason string // for people: "a progressive JPEG of 6300×6300 pixels needs 596 MB to decode; the budget is 240 MB"
}

func (e *CostError) Error() string { return "imagefile: image too costly to decode: " + e.Reason }

// Is makes a CostError match ErrTooCostly and ErrTooLarge.
func (e *CostError) Is(target error) bool { return target == ErrTooCostly || target == ErrTooLarge }

// Within returns an error wrapping ErrTooLarge when the image has more pixels than the budget or
// 16 bits per channel, or a *CostError when decoding it would cost more memory, scans or scan
// work, or when rendering a PDF's page would cost more than PDFLimits.
func (h Header) Within(b Budget) error {
	if h.Cost.PDF != nil { // the page is rendered within the pixel bound (cropped): its drawing is the cost
		return h.Cost.PDF.within(PDFLimits)
	}
	switch {
	case h.Deep:
		return fmt.Errorf("%w: %s of 16 bits per channel", ErrTooLarge, h.MIME)
	case int64(h.Width)*int64(h.Height) > b.Pixels:
		return fmt.Errorf("%w: %dx%d pixels, the limit is %d", ErrTooLarge, h.Width, h.Height, b.Pixels)
	case h.Cost.Scans > b.Scans:
		return &CostError{Reason: fmt.Sprintf("the JPEG has %d scans; the limit is %d", h.Cost.Scans, b.Scans)}
	case h.Cost.Memory > b.Memory:
		kind := h.MIME
		if h.Progressive {
			kind = "a progressive JPEG"
		}
		return &CostError{Reason: fmt.Sprintf("%s of %d×%d pixels needs %d MB to decode; the budget is %d MB",
			kind, h.Width, h.Height, mb(h.Cost.Memory), mb(b.Memory))}
	case h.Cost.ScanBlocks > b.ScanBlocks:
		return &CostError{
			Reason: fmt.Sprintf("the JPEG's %d scans decode %d blocks; the limit is %d",
				h.Cost.Scans, h.Cost.ScanBlocks, b.ScanBlocks),
		}
	}
	return nil
}

func mb(n int64) int64 { return (n + 999_999) / 1_000_000 }

// jpegCost is what image/jpeg allocates and decodes for l (reader.go and scan.go): the sample
// planes in whole MCUs (a CMYK image's black plane included); an RGBA or CMYK copy when it converts
// RGB or four components; a block of 64 int32 coefficients per block of every component when
// progressive.
func jpegCost(l jpegLayout) Cost {
	c := Cost{Scans: l.scans, ScanBlocks: l.scanBlocks}
	var blocks int64
	for i := range l.comps {
		blocks += l.blocks(i)
	}
	c.Memory = 64 * blocks
	pixels := int64(l.width) * int64(l.height)
	if n := len(l.comps); n == 4 || n == 3 && (l.rgb || l.adobeRGB) {
		c.Memory += 4 * pixels
	}
	if l.progressive {
		c.Memory += 256 * blocks
	}
	return c
}

// webpCost is what x/image/webp allocates: a lossy image is 4:2:0 (1.5 bytes a pixel, in whole
// macroblocks); a lossless one is decoded to 4 bytes a pixel and copied once by its transforms;
// an alpha plane is a byte a pixel, decoded as a lossless image when compressed. A file whose
// image chunk is not found is costed as lossy with alpha, the most.
func webpCost(data []byte, w, h int) Cost {
	mbs := int64((w+15)/16) * int64((h+15)/16) * 256
	pixels := int64(w) * int64(h)
	lossy, alpha := 3*mbs/2, pixels+8*pixels
	for off := 12; off+8 <= len(data); {
		size := int(binary.LittleEndian.Uint32(data[off+4:]))
		switch string(data[off : off+4]) {
		case "VP8L":
			return Cost{Memory: 8 * pixels}
		case "VP8 ":
			if off > 12 && hasChunk(data[12:off], "ALPH") {
				return Cost{Memory: lossy + alpha}
			}
			return Cost{Memory: lossy}
		}
		if size < 0 || size > len(data) {
			break
		}
		off += 8 + size + size&1
	}
	return Cost{Memory: lossy + alpha}
}

// hasChunk reports whether RIFF chunks (from their start) hold one of the given type.
func hasChunk(data []byte, fourCC string) bool {
	for off := 0; off+8 <= len(data); {
		if string(data[off:off+4]) == fourCC {
			return true
		}
		size := int(binary.LittleEndian.Uint32(data[off+4:]))
		if size < 0 || size > len(data) {
			return false
		}
		off += 8 + size + size&1
	}
	return false
}
