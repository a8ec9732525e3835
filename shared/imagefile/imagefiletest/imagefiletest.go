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
