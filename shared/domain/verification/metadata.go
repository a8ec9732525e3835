package verification

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"io"
	"strings"
	"unicode"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// metadataField is one text of a file's metadata that names software: where it was found and
// what it says.
type metadataField struct {
	Where string // EXIF Software, XMP CreatorTool, PNG tEXt Software, JPEG comment ...
	Value string
}

// Bounds of the metadata read: an upload is at most a few MB, but a crafted file could claim
// anything.
const (
	maxSegments     = 512     // JPEG segments or PNG/WebP chunks looked at
	maxInflated     = 1 << 20 // bytes a compressed PNG text may inflate to
	maxIFDEntries   = 512
	maxMetadataText = 256 // bytes of a value kept
)

// xmpHeader starts a JPEG APP1 segment that holds XMP; exifHeader one that holds EXIF.
const (
	xmpHeader  = "http://ns.adobe.com/xap/1.0/\x00"
	exifHeader = "Exif\x00\x00"
)

// readMetadata returns the texts of data's metadata that name software, for a JPEG (EXIF and XMP
// in APP1, comments), a PNG (text chunks, eXIf) or a WebP (EXIF and XMP chunks); nothing for
// anything else or for metadata it cannot read. It reads what the file's own structure points
// to, never the image data, and never fails: a broken file has what could be read.
func readMetadata(data []byte) []metadataField {
	switch mime, _ := imagefile.Sniff(data); mime {
	case imagefile.MIMEJPEG:
		return jpegMetadata(data)
	case imagefile.MIMEPNG:
		return pngMetadata(data)
	case imagefile.MIMEWebP:
		return webpMetadata(data)
	}
	return nil
}

// jpegMetadata walks the segments before the first scan.
func jpegMetadata(data []byte) []metadataField {
	var out []metadataField
	i := 2
	for range maxSegments {
		if i+4 > len(data) || data[i] != 0xFF {
			break
		}
		marker := data[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xDA || marker == 0xD9 || marker == 0x01 || marker >= 0xD0 && marker <= 0xD7 {
			break // the scan, the end, or markers without a length: metadata comes before
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			break
		}
		seg := data[i+4 : i+2+n]
		switch {
		case marker == 0xE1 && bytes.HasPrefix(seg, []byte(exifHeader)):
			out = append(out, tiffSoftware(seg[len(exifHeader):])...)
		case marker == 0xE1 && bytes.HasPrefix(seg, []byte(xmpHeader)):
			out = append(out, xmpTools(seg[len(xmpHeader):])...)
		case marker == 0xFE:
			out = append(out, metadataField{"JPEG comment", clip(string(seg))})
		}
		i += 2 + n
	}
	return out
}

// pngMetadata reads the text chunks (tEXt, zTXt, iTXt: Software, Comment, XMP...) and eXIf.
func pngMetadata(data []byte) []metadataField {
	var out []metadataField
	i := 8
	for range maxSegments {
		if i+12 > len(data) {
			break
		}
		n := int(binary.BigEndian.Uint32(data[i:]))
		kind := string(data[i+4 : i+8])
		if n < 0 || n > len(data)-i-12 {
			break
		}
		chunk := data[i+8 : i+8+n]
		switch kind {
		case "tEXt":
			if key, text, ok := bytes.Cut(chunk, []byte{0}); ok {
				out = append(out, pngText(string(key), text)...)
			}
		case "zTXt":
			if key, rest, ok := bytes.Cut(chunk, []byte{0}); ok && len(rest) > 0 && rest[0] == 0 {
				if text, ok := inflate(rest[1:]); ok {
					out = append(out, pngText(string(key), text)...)
				}
			}
		case "iTXt":
			out = append(out, pngInternational(chunk)...)
		case "eXIf":
			out = append(out, tiffSoftware(chunk)...)
		case "IDAT", "IEND":
			return out
		}
		i += 12 + n
	}
	return out
}

// pngInternational reads an iTXt chunk: keyword, compression flag and method, language tag,
// translated keyword, text.
func pngInternational(chunk []byte) []metadataField {
	key, rest, ok := bytes.Cut(chunk, []byte{0})
	if !ok || len(rest) < 2 {
		return nil
	}
	compressed := rest[0] == 1
	_, rest, ok = bytes.Cut(rest[2:], []byte{0}) // language tag
	if !ok {
		return nil
	}
	_, text, ok := bytes.Cut(rest, []byte{0}) // translated keyword
	if !ok {
		return nil
	}
	if compressed {
		if text, ok = inflate(text); !ok {
			return nil
		}
	}
	return pngText(string(key), text)
}

// pngText is a text chunk's fields: XMP's tools for the XMP keyword, else the text under its
// keyword.
func pngText(key string, text []byte) []metadataField {
	if key == "XML:com.adobe.xmp" {
		return xmpTools(text)
	}
	return []metadataField{{"PNG text " + clip(key), clip(string(text))}}
}

// inflate decompresses a zlib stream of at most maxInflated bytes.
func inflate(b []byte) ([]byte, bool) {
	z, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, false
	}
	defer func() { _ = z.Close() }()
	out, err := io.ReadAll(io.LimitReader(z, maxInflated))
	return out, err == nil || len(out) > 0
}

// webpMetadata reads the EXIF and XMP chunks of a RIFF WebP.
func webpMetadata(data []byte) []metadataField {
	var out []metadataField
	i := 12
	for range maxSegments {
		if i+8 > len(data) {
			break
		}
		kind := string(data[i : i+4])
		n := int(binary.LittleEndian.Uint32(data[i+4:]))
		if n < 0 || n > len(data)-i-8 {
			break
		}
		chunk := data[i+8 : i+8+n]
		switch kind {
		case "EXIF":
			out = append(out, tiffSoftware(bytes.TrimPrefix(chunk, []byte(exifHeader)))...)
		case "XMP ":
			out = append(out, xmpTools(chunk)...)
		}
		i += 8 + n + n%2 // chunks are padded to an even size
	}
	return out
}

// TIFF tags that name software, in IFD0: Software and ProcessingSoftware.
var tiffTags = map[uint16]string{0x0131: "EXIF Software", 0x000B: "EXIF ProcessingSoftware"}

// tiffSoftware reads the software tags of a TIFF structure's first IFD.
func tiffSoftware(t []byte) []metadataField {
	if len(t) < 8 {
		return nil
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return nil
	}
	if bo.Uint16(t[2:]) != 42 {
		return nil
	}
	ifd := int(bo.Uint32(t[4:]))
	if ifd < 8 || ifd > len(t)-2 {
		return nil
	}
	var out []metadataField
	count := min(int(bo.Uint16(t[ifd:])), maxIFDEntries)
	for k := range count {
		e := ifd + 2 + 12*k
		if e+12 > len(t) {
			break
		}
		where, ok := tiffTags[bo.Uint16(t[e:])]
		if !ok || bo.Uint16(t[e+2:]) != 2 { // type 2: ASCII
			continue
		}
		n := int(bo.Uint32(t[e+4:]))
		val := t[e+8 : e+12] // a value of up to 4 bytes sits in the entry
		if n > 4 {
			off := int(bo.Uint32(t[e+8:]))
			if off < 0 || n > len(t) || off > len(t)-n {
				continue
			}
			val = t[off : off+n]
		} else {
			val = val[:n]
		}
		out = append(out, metadataField{where, clip(string(bytes.TrimRight(val, "\x00 ")))})
	}
	return out
}

// xmpProperties are the XMP properties that name software: the tool that made the file and the
// agents of its history's steps (Photoshop records every save there).
var xmpProperties = []string{"CreatorTool", "softwareAgent"}

// xmpTools returns the values of xmpProperties in an XMP packet, written as attributes
// (xmp:CreatorTool="...") or elements (<xmp:CreatorTool>...</xmp:CreatorTool>).
func xmpTools(b []byte) []metadataField {
	s := string(b)
	var out []metadataField
	for _, prop := range xmpProperties {
		rest := s
		for range maxSegments {
			i := strings.Index(rest, ":"+prop)
			if i < 0 {
				break
			}
			rest = rest[i+len(prop)+1:]
			v, ok := xmpValue(rest)
			if ok && v != "" {
				out = append(out, metadataField{"XMP " + prop, clip(v)})
			}
		}
	}
	return out
}

// xmpValue reads the value after a property's name: ="value" or ='value', or >value<.
func xmpValue(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t\r\n")
	switch {
	case strings.HasPrefix(s, "="):
		s = strings.TrimLeft(s[1:], " \t\r\n")
		if s == "" || s[0] != '"' && s[0] != '\'' {
			return "", false
		}
		v, _, ok := strings.Cut(s[1:], s[:1])
		return v, ok
	case strings.HasPrefix(s, ">"):
		v, _, ok := strings.Cut(s[1:], "<")
		return strings.TrimSpace(v), ok
	}
	return "", false
}

// clip keeps the first maxMetadataText bytes of s, printable characters only.
func clip(s string) string {
	if len(s) > maxMetadataText {
		s = s[:maxMetadataText]
	}
	return strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) || r == unicode.ReplacementChar {
			return -1
		}
		return r
	}, s)
}

// editors are image editors whose name in a file's metadata says the file went through one,
// matched as whole words, case aside: the name to look for and the one to report.
var editors = []struct{ word, name string }{
	{"photoshop", "Adobe Photoshop"},
	{"lightroom", "Adobe Lightroom"},
	{"illustrator", "Adobe Illustrator"},
	{"gimp", "GIMP"},
	{"affinity", "Affinity"},
	{"pixelmator", "Pixelmator"},
	{"snapseed", "Snapseed"},
	{"canva", "Canva"},
	{"paint.net", "Paint.NET"},
	{"photopea", "Photopea"},
	{"picsart", "Picsart"},
	{"facetune", "Facetune"},
	{"krita", "Krita"},
	{"paintshop", "PaintShop Pro"},
	{"pixlr", "Pixlr"},
	{"fotor", "Fotor"},
	{"photoscape", "PhotoScape"},
	{"luminar", "Luminar"},
}

// editorIn returns the editor f names, "" for none.
func editorIn(f metadataField) string {
	v := strings.ToLower(f.Value)
	for _, e := range editors {
		for i := 0; ; {
			j := strings.Index(v[i:], e.word)
			if j < 0 {
				break
			}
			start, end := i+j, i+j+len(e.word)
			if !letterAt(v, start-1) && !letterAt(v, end) {
				return e.name
			}
			i = end
		}
	}
	return ""
}

// letterAt tells whether s has an ASCII letter at byte i.
func letterAt(s string, i int) bool {
	return i >= 0 && i < len(s) && (s[i] >= 'a' && s[i] <= 'z')
}
