package verification

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"slices"
	"testing"
)

// tiff is a little-endian TIFF structure whose IFD0 holds one ASCII tag.
func tiff(tag uint16, text string) []byte {
	v := append([]byte(text), 0)
	b := []byte("II*\x00")
	b = binary.LittleEndian.AppendUint32(b, 8)
	b = binary.LittleEndian.AppendUint16(b, 1)
	b = binary.LittleEndian.AppendUint16(b, tag)
	b = binary.LittleEndian.AppendUint16(b, 2)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(v)))
	if len(v) <= 4 {
		b = append(b, append(v, make([]byte, 4-len(v))...)...)
	} else {
		b = binary.LittleEndian.AppendUint32(b, 8+2+12+4)
	}
	b = binary.LittleEndian.AppendUint32(b, 0) // no next IFD
	if len(v) > 4 {
		b = append(b, v...)
	}
	return b
}

// plainJPEG is a small JPEG with no metadata.
func plainJPEG(t testing.TB) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 16, 16)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// jpegWith inserts segments (marker, payload) after a JPEG's SOI.
func jpegWith(t testing.TB, segs ...any) []byte {
	src := plainJPEG(t)
	out := append([]byte{}, src[:2]...)
	for i := 0; i < len(segs); i += 2 {
		payload := segs[i+1].([]byte)
		out = append(out, 0xFF, segs[i].(byte))
		out = binary.BigEndian.AppendUint16(out, uint16(len(payload)+2))
		out = append(out, payload...)
	}
	return append(out, src[2:]...)
}

// pngWith inserts chunks (kind, data) after a PNG's IHDR.
func pngWith(t testing.TB, chunks ...string) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 16, 16))); err != nil {
		t.Fatal(err)
	}
	src := b.Bytes()
	ihdrEnd := 8 + 12 + 13
	out := append([]byte{}, src[:ihdrEnd]...)
	for i := 0; i < len(chunks); i += 2 {
		kind, data := chunks[i], []byte(chunks[i+1])
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		out = append(out, kind...)
		out = append(out, data...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(kind), data...)))
	}
	return append(out, src[ihdrEnd:]...)
}

func deflate(s string) string {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	_, _ = w.Write([]byte(s))
	_ = w.Close()
	return b.String()
}

// webpWith is a RIFF WebP holding chunks (kind, data) and no image.
func webpWith(chunks ...string) []byte {
	body := []byte("WEBP")
	for i := 0; i < len(chunks); i += 2 {
		body = append(body, chunks[i]...)
		body = binary.LittleEndian.AppendUint32(body, uint32(len(chunks[i+1])))
		body = append(body, chunks[i+1]...)
		if len(chunks[i+1])%2 == 1 {
			body = append(body, 0)
		}
	}
	out := []byte("RIFF")
	out = binary.LittleEndian.AppendUint32(out, uint32(len(body)))
	return append(out, body...)
}

const xmpPacket = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description
 xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Adobe Photoshop 25.0 (Windows)">
 <xmpMM:History><rdf:Seq><rdf:li stEvt:action="saved" stEvt:softwareAgent="Adobe Photoshop 25.0"/>
 </rdf:Seq></xmpMM:History></rdf:Description></rdf:RDF></x:xmpmeta>`

func TestReadMetadata(t *testing.T) {
	for _, tt := range []struct {
		name string
		file []byte
		want []metadataField
	}{
		{"JPEG EXIF Software", jpegWith(t, byte(0xE1), append([]byte(exifHeader), tiff(0x0131, "GIMP 2.10.36")...)),
			[]metadataField{{"EXIF Software", "GIMP 2.10.36"}}},
		{"JPEG EXIF short value", jpegWith(t, byte(0xE1), append([]byte(exifHeader), tiff(0x0131, "iOS")...)),
			[]metadataField{{"EXIF Software", "iOS"}}},
		{"JPEG XMP", jpegWith(t, byte(0xE1), []byte(xmpHeader+xmpPacket)), []metadataField{
			{"XMP CreatorTool", "Adobe Photoshop 25.0 (Windows)"}, {"XMP softwareAgent", "Adobe Photoshop 25.0"}}},
		{"JPEG XMP element", jpegWith(t, byte(0xE1), []byte(xmpHeader+"<xmp:CreatorTool>Canva</xmp:CreatorTool>")),
			[]metadataField{{"XMP CreatorTool", "Canva"}}},
		{"JPEG comment", jpegWith(t, byte(0xFE), []byte("Created with GIMP")),
			[]metadataField{{"JPEG comment", "Created with GIMP"}}},
		{"JPEG without metadata", plainJPEG(t), nil},
		{"PNG tEXt", pngWith(t, "tEXt", "Software\x00paint.net 5.0.13"),
			[]metadataField{{"PNG text Software", "paint.net 5.0.13"}}},
		{"PNG zTXt", pngWith(t, "zTXt", "Comment\x00\x00"+deflate("Created with GIMP")),
			[]metadataField{{"PNG text Comment", "Created with GIMP"}}},
		{"PNG iTXt XMP", pngWith(t, "iTXt", "XML:com.adobe.xmp\x00\x00\x00\x00\x00"+xmpPacket), []metadataField{
			{"XMP CreatorTool", "Adobe Photoshop 25.0 (Windows)"}, {"XMP softwareAgent", "Adobe Photoshop 25.0"}}},
		{"PNG iTXt compressed", pngWith(t, "iTXt", "Software\x00\x01\x00en\x00\x00"+deflate("Pixelmator Pro 3.5")),
			[]metadataField{{"PNG text Software", "Pixelmator Pro 3.5"}}},
		{"PNG eXIf", pngWith(t, "eXIf", string(tiff(0x0131, "Snapseed 2.0"))),
			[]metadataField{{"EXIF Software", "Snapseed 2.0"}}},
		{"WebP EXIF and XMP", webpWith("EXIF", string(tiff(0x000B, "Affinity Photo 2")), "XMP ",
			"<xmp:CreatorTool>Krita</xmp:CreatorTool>"), []metadataField{
			{"EXIF ProcessingSoftware", "Affinity Photo 2"}, {"XMP CreatorTool", "Krita"}}},
		{"not an image", []byte("%PDF-1.4"), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := readMetadata(tt.file); !slices.Equal(got, tt.want) {
				t.Errorf("%q, want %q", got, tt.want)
			}
		})
	}
}

// Editors are named as whole words: Canva is not a canvas, and a phone's software is no editor.
func TestEditorIn(t *testing.T) {
	for value, want := range map[string]string{
		"Adobe Photoshop 25.0 (Windows)":    "Adobe Photoshop",
		"Adobe Photoshop Lightroom Classic": "Adobe Photoshop",
		"GIMP 2.10.36":                      "GIMP",
		"Created with GIMP":                 "GIMP",
		"paint.net 5.0.13":                  "Paint.NET",
		"Canva":                             "Canva",
		"HTML5 Canvas":                      "",
		"Android 14":                        "",
		"iOS 17.1":                          "",
		"Adobe Scan":                        "",
		"HP Smart":                          "",
		"Pixelmator Pro 3.5":                "Pixelmator",
		"Snapseed 2.0":                      "Snapseed",
		"Affinity Photo 2":                  "Affinity",
	} {
		if got := editorIn(metadataField{"EXIF Software", value}); got != want {
			t.Errorf("%q: %q, want %q", value, got, want)
		}
	}
}

// The metadata reader takes any bytes: it never panics and keeps its values short and printable.
func FuzzReadMetadata(f *testing.F) {
	f.Add(jpegWith(f, byte(0xE1), append([]byte(exifHeader), tiff(0x0131, "GIMP 2.10.36")...)))
	f.Add(jpegWith(f, byte(0xE1), []byte(xmpHeader+xmpPacket)))
	f.Add(pngWith(f, "zTXt", "Comment\x00\x00"+deflate("Created with GIMP")))
	f.Add(pngWith(f, "iTXt", "Software\x00\x01\x00en\x00\x00"+deflate("Pixelmator")))
	f.Add(webpWith("EXIF", string(tiff(0x0131, "Krita 5"))))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, m := range readMetadata(data) {
			if len(m.Value) > maxMetadataText || len(m.Where) > maxMetadataText+16 {
				t.Fatalf("a value of %d bytes", len(m.Value))
			}
		}
	})
}
