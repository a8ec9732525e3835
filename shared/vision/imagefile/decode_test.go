package imagefile_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/trustline/platform/shared/vision/imagefile"
)

func TestSniff(t *testing.T) {
	pngData := readFile(t, "icao-td1-clean.png")
	// A PNG saved under a .jpg name is still a PNG: only the bytes count.
	renamed := filepath.Join(t.TempDir(), "scan.jpg")
	if err := os.WriteFile(renamed, pngData, 0o600); err != nil {
		t.Fatal(err)
	}
	renamedData, err := os.ReadFile(renamed)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
		mime string
		ok   bool
	}{
		{"jpeg", readFile(t, "icao-td1-jpeg.jpg"), imagefile.MIMEJPEG, true},
		{"png", pngData, imagefile.MIMEPNG, true},
		{"png named .jpg", renamedData, imagefile.MIMEPNG, true},
		{"webp", readFile(t, "icao-td1-webp.webp"), imagefile.MIMEWebP, true},
		{"pdf", readFile(t, "fra-passport-pdf.pdf"), imagefile.MIMEPDF, true},
		{"text", []byte("P<UTOERIKSSON<<ANNA<MARIA\n"), "", false},
		{"zip", []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"), "", false},
		{"wave, another RIFF", []byte("RIFF\x24\x00\x00\x00WAVEfmt "), "", false},
		{"short RIFF", []byte("RIFF\x24\x00"), "", false},
		{"empty", nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mime, ok := imagefile.Sniff(tt.data)
			if mime != tt.mime || ok != tt.ok {
				t.Errorf("Sniff = %q, %v; want %q, %v", mime, ok, tt.mime, tt.ok)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	_, noRenderer := exec.LookPath("pdftoppm")
	tests := []struct {
		file          string
		mime          string
		width, height int
	}{
		{"icao-td1-clean.png", imagefile.MIMEPNG, 1000, 631},
		{"icao-td1-jpeg.jpg", imagefile.MIMEJPEG, 1000, 631},
		{"icao-td1-webp.webp", imagefile.MIMEWebP, 1000, 631},
		{"fra-passport-pdf.pdf", imagefile.MIMEPDF, 1654, 2339}, // A4 at 200 dpi
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			img, mime, err := imagefile.Decode(context.Background(), readFile(t, tt.file))
			if tt.mime == imagefile.MIMEPDF && noRenderer != nil {
				if os.Getenv("CI") == "true" {
					t.Fatal("pdftoppm (poppler-utils) is not installed")
				}
				if !errors.Is(err, imagefile.ErrPDFRenderer) || mime != imagefile.MIMEPDF {
					t.Fatalf("without pdftoppm: %q, %v; want ErrPDFRenderer", mime, err)
				}
				t.Skip("pdftoppm not installed")
			}
			if err != nil {
				t.Fatal(err)
			}
			if mime != tt.mime {
				t.Errorf("mime %q, want %q", mime, tt.mime)
			}
			if b := img.Bounds(); b.Dx() != tt.width || b.Dy() != tt.height {
				t.Errorf("%dx%d, want %dx%d", b.Dx(), b.Dy(), tt.width, tt.height)
			}
		})
	}
}

func TestDecodePDFWithoutRenderer(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, mime, err := imagefile.Decode(context.Background(), readFile(t, "fra-passport-pdf.pdf"))
	if !errors.Is(err, imagefile.ErrPDFRenderer) || mime != imagefile.MIMEPDF {
		t.Fatalf("got %q, %v; want application/pdf and ErrPDFRenderer", mime, err)
	}
}

// bomb returns a valid 1×1 grey PNG whose header claims w×h pixels.
func bomb(t *testing.T, w, h uint32) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	// Signature (8), IHDR length (4) and type (4), then width and height; the CRC covers type and data.
	binary.BigEndian.PutUint32(data[16:], w)
	binary.BigEndian.PutUint32(data[20:], h)
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	return data
}

func TestDecodeRefuses(t *testing.T) {
	valid := readFile(t, "icao-td1-clean.png")
	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"over the pixel limit", bomb(t, 10000, 5000), imagefile.ErrTooLarge},
		{"at the pixel limit's edge", bomb(t, 8000, 5001), imagefile.ErrTooLarge},
		{"truncated png", valid[:len(valid)/2], imagefile.ErrCorrupt},
		{"png header only", valid[:8], imagefile.ErrCorrupt},
		{"text", []byte("hello"), imagefile.ErrUnsupported},
		{"pdf that is not one", []byte("%PDF-1.4\nnot really\n"), imagefile.ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want == imagefile.ErrCorrupt && bytes.HasPrefix(tt.data, []byte("%PDF")) {
				if _, err := exec.LookPath("pdftoppm"); err != nil {
					if os.Getenv("CI") == "true" {
						t.Fatal("pdftoppm (poppler-utils) is not installed")
					}
					t.Skip("pdftoppm not installed")
				}
			}
			_, _, err := imagefile.Decode(context.Background(), tt.data)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

// FuzzDecode checks that no upload makes Decode panic. PDFs are left out: they go to pdftoppm,
// a separate process, which is too slow for fuzzing.
func FuzzDecode(f *testing.F) {
	for _, name := range []string{"icao-td1-jpeg.jpg", "icao-td1-webp.webp", "icao-td1-clean.png"} {
		data, err := os.ReadFile(filepath.Join(testdata, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 4096)])
	}
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8L"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if mime, _ := imagefile.Sniff(data); mime == imagefile.MIMEPDF {
			t.Skip()
		}
		img, _, err := imagefile.Decode(context.Background(), data)
		if err == nil && img.Bounds().Dx()*img.Bounds().Dy() > imagefile.MaxPixels {
			t.Fatalf("decoded %v, over the limit", img.Bounds())
		}
		g, _, err := imagefile.DecodeGray(context.Background(), data, imagefile.MaxPixels, 100)
		if err == nil && max(g.Rect.Dx(), g.Rect.Dy()) > 100 {
			t.Fatalf("grey image %v, over the side of 100", g.Rect)
		}
	})
}
