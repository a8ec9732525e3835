package liveness

import "encoding/binary"

// exifOrientation returns the Orientation tag (1–8) of a JPEG's EXIF block, or 1 when there is
// none or it cannot be read. Phones store portrait photos sideways with a tag saying how to turn
// them; Go's decoder ignores it, and the face detector finds no sideways face.
func exifOrientation(jpeg []byte) int {
	// Walk the markers before the image data: SOI, then segments of FF xx, 2-byte length.
	if len(jpeg) < 4 || jpeg[0] != 0xFF || jpeg[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(jpeg); {
		if jpeg[i] != 0xFF {
			return 1
		}
		marker := jpeg[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image: no EXIF before it
			return 1
		}
		n := int(binary.BigEndian.Uint16(jpeg[i+2:]))
		if n < 2 || i+2+n > len(jpeg) {
			return 1
		}
		seg := jpeg[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads tag 0x0112 from the first IFD of a TIFF header.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	if bo.Uint16(t[2:]) != 42 {
		return 1
	}
	ifd := int(bo.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[ifd:]))
	for k := range count {
		e := ifd + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		// Entry: tag, type (3 = SHORT), count, value (a SHORT sits in the first two bytes).
		if bo.Uint16(t[e:]) == 0x0112 && bo.Uint16(t[e+2:]) == 3 {
			if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}
