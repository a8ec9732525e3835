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
	Grey byte = 0
	RGB  byte = 2
)

// FlatPNG writes a black PNG of w×h pixels, colour type ct (Grey or RGB) and depth bits per
// sample, row by row: a 16-bit image of 64 megapixels is a few hundred kilobytes, as an attacker's
// would be, and costs the test no more memory than its file.
func FlatPNG(w, h int, ct, depth byte) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&out, binary.BigEndian, uint32(len(data)))
		out.WriteString(typ)
		out.Write(data)
		_ = binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = depth, ct
	chunk("IHDR", ihdr)
	samples := 1
	if ct == RGB {
		samples = 3
	}
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	row := make([]byte, 1+w*samples*int(depth)/8) // filter byte 0, then black samples
	for range h {
		_, _ = z.Write(row) // writes to a bytes.Buffer do not fail
	}
	_ = z.Close()
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// ProgressiveJPEG writes a progressive JPEG of w×h pixels and three components, the luma sampled
// by hv (0x11 for 4:4:4, 0x22 for 4:2:0) and the chroma once per block, that image/jpeg decodes to
// grey: one interleaved DC scan of one bit a block, then scans-1 AC scans of the luma, each a few
// bytes of end-of-band runs of 16,384 blocks, yet each a pass over every luma block for the
// decoder. Its size is about blocks/8 bytes plus 80 a scan: an attacker's 6300×6300 4:4:4 image
// of ten scans is under 300 KB and asks the decoder for 596 MB; a thousand scans make it spend
// minutes.
func ProgressiveJPEG(w, h int, hv byte, scans int) []byte {
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
	segment(0xC2, []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 3, 1, hv, 0, 2, 0x11, 0, 3, 0x11, 0})
	// One code of one bit in each table: DC difference category 0, and AC end-of-band run EOB14
	// (16,384 blocks plus 14 bits of extra run).
	codes := func(class byte, symbol byte) []byte {
		d := make([]byte, 18)
		d[0], d[1], d[17] = class<<4, 1, symbol
		return d
	}
	segment(0xC4, codes(0, 0x00))
	segment(0xC4, codes(1, 0xE0))
	h0, v0 := int(hv>>4), int(hv&0x0F)
	mxx, myy := (w+8*h0-1)/(8*h0), (h+8*v0-1)/(8*v0)
	luma, chroma := mxx*myy*h0*v0, mxx*myy
	segment(0xDA, []byte{3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0x00})
	out.Write(make([]byte, (luma+2*chroma)/8+2)) // a zero bit a block: no DC difference
	for range scans - 1 {
		segment(0xDA, []byte{1, 1, 0x00, 1, 63, 0x00})
		out.Write(make([]byte, (luma/16384+1)*15/8+2)) // zero bits: EOB runs of 16,384 blocks
	}
	out.Write([]byte{0xFF, 0xD9})
	return out.Bytes()
}
