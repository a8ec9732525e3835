package imagefile

import (
	"encoding/binary"
	"fmt"
	"io"
)

// pngLayout is what a PNG's chunks before its image data say, read without inflating a byte:
// the header's size, colour type, depth and interlacing, and whether a tRNS chunk turns a grey or
// truecolour image into one with alpha (image/png then decodes it to NRGBA, four or eight bytes a
// pixel, whatever its colour type says).
type pngLayout struct {
	width, height int
	colour, depth byte
	interlaced    bool
	transparent   bool // a tRNS chunk before the first IDAT
	complete      bool // the first IDAT was reached: no tRNS can follow (image/png refuses one after it)
}

// PNG colour types (PNG specification, 11.2.2).
const (
	pngGrey      = 0
	pngRGB       = 2
	pngPaletted  = 3
	pngGreyAlpha = 4
	pngRGBA      = 6
)

// walkPNG reads the header and skips every chunk up to the first IDAT by its length, noting a
// tRNS. Data that ends before the first IDAT returns what was read with an error wrapping
// io.ErrUnexpectedEOF.
func walkPNG(data []byte) (pngLayout, error) {
	var l pngLayout
	const sig = 8
	if len(data) < sig+8+13 {
		return l, io.ErrUnexpectedEOF
	}
	if string(data[sig+4:sig+8]) != "IHDR" {
		return l, fmt.Errorf("%w: no IHDR chunk first", ErrCorrupt)
	}
	ihdr := data[sig+8:]
	l.width, l.height = int(binary.BigEndian.Uint32(ihdr)), int(binary.BigEndian.Uint32(ihdr[4:]))
	l.depth, l.colour, l.interlaced = ihdr[8], ihdr[9], ihdr[12] != 0
	for off := sig; ; {
		if off+8 > len(data) {
			return l, io.ErrUnexpectedEOF
		}
		n := int64(binary.BigEndian.Uint32(data[off:]))
		switch string(data[off+4 : off+8]) {
		case "IDAT":
			l.complete = true
			return l, nil
		case "tRNS":
			l.transparent = true
		}
		next := int64(off) + 12 + n // length, type, data, CRC
		if next > int64(len(data)) {
			return l, io.ErrUnexpectedEOF
		}
		off = int(next)
	}
}

// pngCost is what image/png allocates for l (reader.go, readImagePass): the image in the type it
// decodes to (Gray or Paletted: a byte a pixel; Gray16: two; RGBA and NRGBA: four; RGBA64 and
// NRGBA64: eight; a grey or truecolour image with tRNS is NRGBA or NRGBA64), twice over when
// interlaced (each pass is decoded into an image of its own, then copied into the whole), and two
// rows of raw samples. A layout cut before the image data is costed as if it had a tRNS chunk.
func pngCost(l pngLayout) Cost {
	samples := map[byte]int64{pngGrey: 1, pngRGB: 3, pngPaletted: 1, pngGreyAlpha: 2, pngRGBA: 4}[l.colour]
	transparent := l.transparent || !l.complete
	var bpp int64 // bytes a pixel of the decoded image
	switch {
	case l.colour == pngPaletted:
		bpp = 1
	case l.colour == pngGrey && !transparent && l.depth == 16:
		bpp = 2
	case l.colour == pngGrey && !transparent:
		bpp = 1
	case l.depth == 16:
		bpp = 8
	default:
		bpp = 4
	}
	w, h := int64(l.width), int64(l.height)
	mem := bpp * w * h
	if l.interlaced {
		mem *= 2
	}
	row := 1 + (samples*int64(l.depth)*w+7)/8
	return Cost{Memory: mem + 2*row}
}
