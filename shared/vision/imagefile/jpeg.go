package imagefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// jpegLayout is what a JPEG's markers say, read without decoding a coefficient: the frame and
// every scan image/jpeg would decode.
type jpegLayout struct {
	width, height int
	progressive   bool
	comps         []jpegComp
	rgb           bool  // components named R, G and B: the decoder converts to RGBA
	adobeRGB      bool  // an Adobe segment of transform 0: RGB too, for three components
	scans         int   // SOS segments before EOI
	scanBlocks    int64 // 8×8 blocks the scans decode, summed over scans
	complete      bool  // EOI was reached
}

type jpegComp struct {
	id   byte
	h, v int
}

// blocks is the number of 8×8 blocks image/jpeg allocates for component i: whole MCUs, the
// first component's sampling factors being the largest.
func (l *jpegLayout) blocks(i int) int64 {
	h0, v0 := l.comps[0].h, l.comps[0].v
	mxx := int64((l.width + 8*h0 - 1) / (8 * h0))
	myy := int64((l.height + 8*v0 - 1) / (8 * v0))
	return mxx * myy * int64(l.comps[i].h*l.comps[i].v)
}

// JPEG markers (ITU T.81, table B.1).
const (
	mSOF0  = 0xC0
	mSOF1  = 0xC1
	mSOF2  = 0xC2
	mDHT   = 0xC4
	mRST0  = 0xD0
	mRST7  = 0xD7
	mSOI   = 0xD8
	mEOI   = 0xD9
	mSOS   = 0xDA
	mDQT   = 0xDB
	mDRI   = 0xDD
	mAPP0  = 0xE0
	mAPP14 = 0xEE
	mAPP15 = 0xEF
	mCOM   = 0xFE
)

var errJPEGFormat = errors.New("not a well-formed JPEG")

// walkJPEG walks a JPEG's markers from SOI to EOI the way image/jpeg's decoder does (reader.go,
// decode): bytes between segments that are not a marker are skipped, as are "\xff\x00" (stuffed
// data), fill bytes and restart markers, so that entropy-coded data is passed over without being
// decoded; every other segment is skipped by its length, and a marker the decoder refuses ends
// the walk with an error. The decoder therefore decodes no scan the walk did not count, and
// refuses any file whose walk fails. Data that ends before EOI returns what was read with an
// error wrapping io.ErrUnexpectedEOF (the decoder fails on such a file too).
func walkJPEG(data []byte) (jpegLayout, error) {
	var l jpegLayout
	if len(data) < 2 || data[0] != 0xFF || data[1] != mSOI {
		return l, fmt.Errorf("%w: missing SOI marker", errJPEGFormat)
	}
	pos := 2
	for {
		marker, next, err := nextJPEGMarker(data, pos)
		if err != nil {
			return l, err
		}
		if marker == mEOI {
			l.complete = true
			return l, nil
		}
		if next+2 > len(data) {
			return l, io.ErrUnexpectedEOF
		}
		n := int(data[next])<<8 + int(data[next+1]) - 2
		if n < 0 {
			return l, fmt.Errorf("%w: short segment length", errJPEGFormat)
		}
		body := next + 2
		if body+n > len(data) {
			return l, io.ErrUnexpectedEOF
		}
		seg := data[body : body+n]
		pos = body + n
		switch {
		case marker == mSOF0 || marker == mSOF1 || marker == mSOF2:
			if err := l.readSOF(seg, marker == mSOF2); err != nil {
				return l, err
			}
		case marker == mSOS:
			if err := l.readSOS(seg); err != nil {
				return l, err
			}
		case marker == mAPP14:
			// image/jpeg reads "Adobe" and its transform from the first 12 bytes; 0 means RGB.
			if n >= 12 && string(seg[:5]) == "Adobe" {
				l.adobeRGB = seg[11] == 0
			}
		case marker == mDHT, marker == mDQT, marker == mDRI,
			mAPP0 <= marker && marker <= mAPP15, marker == mCOM:
			// Tables and metadata: their content costs nothing to decode that the file's size does
			// not bound already.
		case marker < mSOF0:
			return l, fmt.Errorf("%w: unknown marker %#x", errJPEGFormat, marker)
		default:
			// Arithmetic coding, lossless and hierarchical processes, DNL: image/jpeg refuses them.
			return l, fmt.Errorf("%w: unsupported marker %#x", errJPEGFormat, marker)
		}
	}
}

// nextJPEGMarker finds the next marker at or after pos as image/jpeg's decode loop does, returning
// it and the position after it. Restart markers are skipped: they delimit entropy-coded data.
func nextJPEGMarker(data []byte, pos int) (marker byte, next int, err error) {
	for {
		i := bytes.IndexByte(data[min(pos, len(data)):], 0xFF)
		if i < 0 || pos+i+1 >= len(data) {
			return 0, 0, io.ErrUnexpectedEOF
		}
		pos += i + 1
		marker = data[pos]
		pos++
		if marker == 0x00 { // stuffed 0xFF inside entropy-coded data
			continue
		}
		for marker == 0xFF { // fill bytes
			if pos >= len(data) {
				return 0, 0, io.ErrUnexpectedEOF
			}
			marker = data[pos]
			pos++
		}
		if mRST0 <= marker && marker <= mRST7 {
			continue
		}
		if marker == 0x00 { // "\xff\xff\x00": the decoder reads a segment of marker 0 and refuses it
			return 0, 0, fmt.Errorf("%w: unknown marker 0", errJPEGFormat)
		}
		return marker, pos, nil
	}
}

// readSOF reads a frame header with image/jpeg's checks (reader.go, processSOF): 8-bit samples,
// one, three or four components, and the sampling factors it supports.
func (l *jpegLayout) readSOF(seg []byte, progressive bool) error {
	if l.comps != nil {
		return fmt.Errorf("%w: multiple SOF markers", errJPEGFormat)
	}
	n := len(seg)
	if n != 6+3*1 && n != 6+3*3 && n != 6+3*4 {
		return fmt.Errorf("%w: unsupported number of components", errJPEGFormat)
	}
	nComp := (n - 6) / 3
	if seg[0] != 8 {
		return fmt.Errorf("%w: unsupported precision of %d bits", errJPEGFormat, seg[0])
	}
	if int(seg[5]) != nComp {
		return fmt.Errorf("%w: SOF has wrong length", errJPEGFormat)
	}
	l.height = int(seg[1])<<8 | int(seg[2])
	l.width = int(seg[3])<<8 | int(seg[4])
	l.progressive = progressive
	comps := make([]jpegComp, nComp)
	for i := range comps {
		c := &comps[i]
		c.id = seg[6+3*i]
		for _, o := range comps[:i] {
			if o.id == c.id {
				return fmt.Errorf("%w: repeated component identifier", errJPEGFormat)
			}
		}
		if seg[8+3*i] > 3 {
			return fmt.Errorf("%w: bad Tq value", errJPEGFormat)
		}
		hv := seg[7+3*i]
		c.h, c.v = int(hv>>4), int(hv&0x0F)
		if c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4 || c.h == 3 || c.v == 3 {
			return fmt.Errorf("%w: unsupported sampling factors %#x", errJPEGFormat, hv)
		}
		bad := false
		switch nComp {
		case 1: // one component is never interleaved: its MCU is one block
			c.h, c.v = 1, 1
		case 3:
			switch i {
			case 0:
				bad = c.v == 4
			case 1:
				bad = comps[0].h%c.h != 0 || comps[0].v%c.v != 0
			case 2:
				bad = comps[1].h != c.h || comps[1].v != c.v
			}
		case 4:
			switch i {
			case 0:
				bad = hv != 0x11 && hv != 0x22
			case 1, 2:
				bad = hv != 0x11
			case 3:
				bad = comps[0].h != c.h || comps[0].v != c.v
			}
		}
		if bad {
			return fmt.Errorf("%w: unsupported sampling factors %#x", errJPEGFormat, hv)
		}
	}
	l.comps = comps
	l.rgb = nComp == 3 && comps[0].id == 'R' && comps[1].id == 'G' && comps[2].id == 'B'
	return nil
}

// readSOS reads a scan header with image/jpeg's checks (scan.go, processSOS) and counts the
// scan and the blocks it decodes.
func (l *jpegLayout) readSOS(seg []byte) error {
	if l.comps == nil {
		return fmt.Errorf("%w: missing SOF marker", errJPEGFormat)
	}
	n := len(seg)
	if n < 6 || 4+2*len(l.comps) < n || n%2 != 0 {
		return fmt.Errorf("%w: SOS has wrong length", errJPEGFormat)
	}
	nComp := int(seg[0])
	if n != 4+2*nComp {
		return fmt.Errorf("%w: SOS length inconsistent with number of components", errJPEGFormat)
	}
	var seen [4]bool
	for i := range nComp {
		idx := -1
		for j, c := range l.comps {
			if c.id == seg[1+2*i] {
				idx = j
			}
		}
		if idx < 0 || seen[idx] {
			return fmt.Errorf("%w: unknown or repeated component selector", errJPEGFormat)
		}
		seen[idx] = true
		l.scanBlocks += l.blocks(idx)
	}
	l.scans++
	return nil
}
