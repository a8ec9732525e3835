// Package imagefiletest provides test images for the limits of image decoding, shared by the imagefile unit
// tests and the end-to-end tests.
package imagefiletest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// Colour types of a PNG header.
const (
	Grey      byte = 0
	RGB       byte = 2
	Paletted  byte = 3
	GreyAlpha byte = 4
	RGBA      byte = 6
)

// PNGSpec describes a black PNG for PNG to write.
type PNGSpec struct {
	Width, Height int
	Colour, Depth byte // colour type (Grey, RGB, Paletted, GreyAlpha, RGBA) and bits per sample
	Transparent   bool // a tRNS chunk: a transparent grey level or colour, or a paletted image's alphas
	Interlaced    bool // Adam7
}

// FlatPNG writes a black PNG of w×h pixels, colour type ct (Grey or RGB) and depth bits per
// sample, row by row: a 16-bit image of 64 megapixels is a few hundred kilobytes, as an attacker's
// would be, and costs the test no more memory than its file.
func FlatPNG(w, h int, ct, depth byte) []byte {
	return PNG(PNGSpec{Width: w, Height: h, Colour: ct, Depth: depth})
}

// PNG writes the black PNG s describes, row by row, as FlatPNG does; an interlaced one pass by pass.
func PNG(s PNGSpec) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(data)))
		out.WriteString(typ)
		out.Write(data)
		_ = binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(s.Width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(s.Height))
	ihdr[8], ihdr[9] = s.Depth, s.Colour
	if s.Interlaced {
		ihdr[12] = 1
	}
	chunk("IHDR", ihdr)
	samples := map[byte]int{Grey: 1, RGB: 3, Paletted: 1, GreyAlpha: 2, RGBA: 4}[s.Colour]
	if s.Colour == Paletted {
		chunk("PLTE", []byte{0, 0, 0, 255, 255, 255})
	}
	if s.Transparent {
		switch s.Colour {
		case Grey:
			chunk("tRNS", []byte{0, 1})
		case RGB:
			chunk("tRNS", []byte{0, 1, 0, 1, 0, 1})
		case Paletted:
			chunk("tRNS", []byte{0x80})
		}
	}
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	rows := func(w, h int) {
		row := make([]byte, 1+(w*samples*int(s.Depth)+7)/8) // filter byte 0, then black samples
		for range h {
			_, _ = z.Write(row) // writes to a bytes.Buffer do not fail
		}
	}
	if !s.Interlaced {
		rows(s.Width, s.Height)
	}
	for _, p := range adam7 {
		if !s.Interlaced {
			break
		}
		w, h := (s.Width-p[0]+p[2]-1)/p[2], (s.Height-p[1]+p[3]-1)/p[3]
		if w > 0 && h > 0 {
			rows(w, h)
		}
	}
	_ = z.Close()
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// adam7 is the seven passes of an interlaced PNG: x and y offsets, x and y steps.
var adam7 = [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}

// JPEGSpec describes a flat JPEG for JPEG to write.
type JPEGSpec struct {
	Width, Height int
	// Components: 1 (grey), 3 (YCbCr, or RGB when RGB is set) or 4 (CMYK).
	Components int
	// HV is the first component's sampling factors (0x11 for 4:4:4, 0x21 for 4:2:2, 0x22 for
	// 4:2:0); the others are sampled once per block (a CMYK's black as its first).
	HV  byte
	RGB bool // components named R, G and B, which image/jpeg converts to RGBA
	// Adobe writes an Adobe segment of colour transform AdobeTransform (0: RGB or CMYK, 2: YCCK);
	// image/jpeg decodes four components only with one.
	Adobe          bool
	AdobeTransform byte
	// Progressive writes a DC scan of every component, then Scans-1 AC scans of the first; else
	// one interleaved baseline scan.
	Progressive bool
	Scans       int
	// Refine makes every AC scan after the first a refinement (successive approximation), which
	// image/jpeg runs over the 63 coefficients of each block however few bits the scan has.
	Refine bool
}

// ProgressiveJPEG writes a progressive JPEG of w×h pixels and three components, the luma sampled
// by hv (0x11 for 4:4:4, 0x22 for 4:2:0) and the chroma once per block, that image/jpeg decodes to
// grey: one interleaved DC scan of one bit a block, then scans-1 AC scans of the luma, each a few
// bytes of end-of-band runs of 16,384 blocks, yet each a pass over every luma block for the
// decoder. Its size is about blocks/8 bytes plus 80 a scan: an attacker's 6300×6300 4:4:4 image
// of ten scans is under 300 KB and asks the decoder for 596 MB; a thousand scans make it spend
// minutes.
func ProgressiveJPEG(w, h int, hv byte, scans int) []byte {
	return JPEG(JPEGSpec{Width: w, Height: h, Components: 3, HV: hv, Progressive: true, Scans: scans})
}

// JPEG writes the flat JPEG s describes, every block of it a zero DC difference and an end of band
// (two bits in a baseline scan, one in a progressive DC scan; the AC scans are end-of-band runs of
// 16,384 blocks), which image/jpeg decodes.
func JPEG(s JPEGSpec) []byte {
	var out bytes.Buffer
	segment := func(marker byte, data []byte) {
		out.Write([]byte{0xFF, marker, byte((len(data) + 2) >> 8), byte(len(data) + 2)})
		out.Write(data)
	}
	out.Write([]byte{0xFF, 0xD8})
	dqt := make([]byte, 65) // table 0, all ones
	for i := 1; i < len(dqt); i++ {
		dqt[i] = 1
	}
	segment(0xDB, dqt)
	if s.Adobe {
		segment(0xEE, []byte{'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, s.AdobeTransform})
	}
	ids := []byte{1, 2, 3, 4}
	if s.RGB {
		ids = []byte{'R', 'G', 'B'}
	}
	sof := []byte{8, byte(s.Height >> 8), byte(s.Height), byte(s.Width >> 8), byte(s.Width), byte(s.Components)}
	hvs := make([]byte, s.Components)
	for i := range hvs {
		hvs[i] = 0x11
		if i == 0 || i == 3 {
			hvs[i] = s.HV
		}
		sof = append(sof, ids[i], hvs[i], 0)
	}
	marker := byte(0xC0)
	if s.Progressive {
		marker = 0xC2
	}
	segment(marker, sof)
	// One code of one bit in each table: DC difference category 0, and AC end of band (baseline)
	// or end-of-band run EOB14 (progressive: 16,384 blocks plus 14 bits of extra run).
	codes := func(class byte, symbol byte) []byte {
		d := make([]byte, 18)
		d[0], d[1], d[17] = class<<4, 1, symbol
		return d
	}
	segment(0xC4, codes(0, 0x00))
	eob := byte(0x00)
	if s.Progressive {
		eob = 0xE0
	}
	segment(0xC4, codes(1, eob))
	h0, v0 := int(s.HV>>4), int(s.HV&0x0F)
	if s.Components == 1 {
		h0, v0 = 1, 1
	}
	mxx, myy := (s.Width+8*h0-1)/(8*h0), (s.Height+8*v0-1)/(8*v0)
	var blocks int
	sos := []byte{byte(s.Components)}
	for i, hv := range hvs {
		blocks += mxx * myy * int(hv>>4) * int(hv&0x0F)
		sos = append(sos, ids[i], 0x00)
	}
	if !s.Progressive {
		segment(0xDA, append(sos, 0, 63, 0))
		out.Write(make([]byte, 2*blocks/8+2)) // two zero bits a block: no DC difference, end of band
		out.Write([]byte{0xFF, 0xD9})
		return out.Bytes()
	}
	segment(0xDA, append(sos, 0, 0, 0x00))
	out.Write(make([]byte, blocks/8+2)) // a zero bit a block: no DC difference
	luma := mxx * myy * h0 * v0
	for i := range s.Scans - 1 {
		approx := byte(0x00)
		if s.Refine {
			approx = 0x10 // Ah 1, Al 0: a refinement of a first scan at Al 1
			if i == 0 {
				approx = 0x01
			}
		}
		segment(0xDA, []byte{1, ids[0], 0x00, 1, 63, approx})
		out.Write(make([]byte, (luma/16384+1)*15/8+2)) // zero bits: EOB runs of 16,384 blocks
	}
	out.Write([]byte{0xFF, 0xD9})
	return out.Bytes()
}
