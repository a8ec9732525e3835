package imagefile_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/foundation/pdf"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// testPDF writes a PDF of pages with the given content streams and page dictionary entries
// (extra), then the objects objs (their dictionary and stream, a nil stream for a plain object),
// numbered in order after the catalog (1), the page tree (2) and each page and its content.
type testPDF struct {
	pages []string // each page's content
	extra string   // added to every page's dictionary: /Resources, /MediaBox, /Annots...
	objs  []testObject
	raw   string // appended before the trailer, as written (an object stream's hidden objects)
	trail string // added to the trailer's dictionary
}

type testObject struct {
	dict   string
	stream []byte
}

func (p testPDF) bytes() []byte {
	f := pdf.New()
	kids := make([]string, len(p.pages))
	for i := range p.pages {
		kids[i] = fmt.Sprintf("%d 0 R", 3+2*i)
	}
	f.Object("<< /Type /Catalog /Pages 2 0 R >>", nil)
	f.Object(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(p.pages)), nil)
	for i, content := range p.pages {
		extra := p.extra
		if !strings.Contains(extra, "/MediaBox") {
			extra += " /MediaBox [0 0 595 842]"
		}
		f.Object(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Contents %d 0 R %s >>", 4+2*i, extra), nil)
		f.Object(fmt.Sprintf("<< /Length %d >>", len(content)), []byte(content))
	}
	for _, o := range p.objs {
		f.Object(o.dict, o.stream)
	}
	out := f.Bytes(0)
	if p.raw != "" || p.trail != "" {
		i := bytes.Index(out, []byte("\nxref\n")) + 1
		head := append([]byte{}, out[:i]...)
		head = append(head, p.raw...)
		tail := bytes.Replace(out[i:], []byte("/Root 1 0 R"), []byte("/Root 1 0 R "+p.trail), 1)
		out = append(head, tail...)
	}
	return out
}

// formObject is a form drawing content, with the XObjects of resources (a dictionary's entries).
func formObject(content, resources string) testObject {
	return testObject{
		dict: fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /XObject << %s >> >> "+
			"/Length %d >>", resources, len(content)),
		stream: []byte(content),
	}
}

// nestedForms is a page drawing form 1 of depth forms, each drawing the next fan times: fan^depth
// draws of the last, in a few kilobytes (the file of issue 34 was 2.8 KB).
func nestedForms(depth, fan int) testPDF {
	p := testPDF{pages: []string{"/F Do"}, extra: "/Resources << /XObject << /F 5 0 R >> >>"}
	for i := range depth {
		content := strings.Repeat("/F Do ", fan)
		if i == depth-1 {
			content = "0 0 10 10 re f"
		}
		p.objs = append(p.objs, formObject(content, fmt.Sprintf("/F %d 0 R", 6+i)))
	}
	return p
}

func deflate(b []byte) []byte {
	var out bytes.Buffer
	z := zlib.NewWriter(&out)
	_, _ = z.Write(b)
	_ = z.Close()
	return out.Bytes()
}

// inObjectStream is nestedForms(depth, fan) with its forms compressed in an object stream, where
// no "obj" keyword shows them.
func inObjectStream(depth, fan int) testPDF {
	// Forms are streams, which an object stream cannot hold: each form stays outside, and its
	// resources, a dictionary in the object stream, name the next.
	var head, body strings.Builder
	for i := range depth {
		fmt.Fprintf(&head, "%d %d ", 100+i, body.Len())
		fmt.Fprintf(&body, "<< /XObject << /F %d 0 R >> >>\n", 6+i)
	}
	p := testPDF{pages: []string{"/F Do"}, extra: "/Resources << /XObject << /F 5 0 R >> >>"}
	for i := range depth {
		content := strings.Repeat("/F Do ", fan)
		if i == depth-1 {
			content = "0 0 10 10 re f"
		}
		p.objs = append(p.objs, testObject{
			dict: fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources %d 0 R /Length %d >>",
				100+i, len(content)),
			stream: []byte(content),
		})
	}
	data := deflate([]byte(head.String() + body.String()))
	p.objs = append(p.objs, testObject{
		dict: fmt.Sprintf("<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>", depth, head.Len(),
			len(data)),
		stream: data,
	})
	return p
}

// TestPDFCostAtIntake: a PDF's pages, page size, objects and drawing (forms, patterns,
// appearances nested and drawn again and again; content and images) are measured from its objects
// and held to PDFLimits before pdftoppm is started. Each refused file is a few kilobytes.
func TestPDFCostAtIntake(t *testing.T) {
	bomb := deflate(bytes.Repeat([]byte("0 0 1 1 re f\n"), 3_000_000)) // 39 MB of content in 120 KB
	manyObjects := testPDF{pages: []string{"0 0 10 10 re f"}}
	for range 20_001 {
		manyObjects.objs = append(manyObjects.objs, testObject{dict: "<< >>"})
	}
	tests := []struct {
		name   string
		pdf    testPDF
		refuse string // part of the refusal's reason; empty when within the limits
	}{
		{
			"issue 34: forms drawing the next twice, 24 deep (16.7 M draws)",
			nestedForms(24, 2),
			"nests forms or patterns 13 deep",
		},
		{"forms drawing the next four times, 8 deep (65,536 draws)", nestedForms(8, 4), "draws forms or patterns"},
		{"the same, hidden in an object stream", inObjectStream(8, 4), "draws forms or patterns"},
		{"a chain of 20 forms", nestedForms(20, 1), "nests forms or patterns 13 deep"},
		{
			"a form drawing itself",
			testPDF{pages: []string{"/F Do"}, extra: "/Resources << /XObject << /F 5 0 R >> >>",
				objs: []testObject{formObject("/F Do", "/F 5 0 R")}},
			"nests forms or patterns 13 deep",
		},
		{
			"a tiling pattern filling with itself",
			testPDF{pages: []string{"/Pattern cs /P scn 0 0 595 842 re f"},
				extra: "/Resources << /Pattern << /P 5 0 R >> >>",
				objs: []testObject{{dict: "<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 " +
					"/YStep 10 /Resources << /Pattern << /P 5 0 R >> >> /Length 33 >>",
					stream: []byte("/Pattern cs /P scn 0 0 10 10 re f")}}},
			"nests forms or patterns 13 deep",
		},
		{
			"an annotation's appearance of nested forms",
			testPDF{pages: []string{""}, extra: "/Annots [<< /Type /Annot /Subtype /Stamp /Rect [0 0 10 10] " +
				"/AP << /N 5 0 R >> >>]", objs: nestedForms(9, 4).objs[:]},
			"draws forms or patterns",
		},
		{"21 pages", testPDF{pages: make([]string, 21)}, "21 pages; the limit is 20"},
		{"20,004 objects", manyObjects, "objects; the limit is 20000"},
		{"100 × 100 inches", testPDF{pages: []string{""}, extra: "/MediaBox [0 0 7200 7200]"}, "7200 points"},
		{"an A4 page in units of 10 points", testPDF{pages: []string{""}, extra: "/UserUnit 10"}, "8420 points"},
		{
			"39 MB of content in 120 KB",
			testPDF{pages: []string{"/F Do"}, extra: "/Resources << /XObject << /F 5 0 R >> >>",
				objs: []testObject{{dict: fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 9 9] "+
					"/Filter /FlateDecode /Length %d >>", len(bomb)), stream: bomb}}},
			"MB of content; the limit is 34 MB",
		},
		{
			"an image of 20,000 × 20,000 pixels",
			testPDF{pages: []string{"/I Do"}, extra: "/Resources << /XObject << /I 5 0 R >> >>",
				objs: []testObject{{dict: "<< /Type /XObject /Subtype /Image /Width 20000 /Height 20000 " +
					"/ColorSpace /DeviceGray /BitsPerComponent 8 /Length 0 >>", stream: []byte{}}}},
			"400 megapixels of images",
		},
		{
			"an image of 12,000 × 12,000 drawn once",
			testPDF{pages: []string{"/I Do"}, extra: "/Resources << /XObject << /I 5 0 R >> >>",
				objs: []testObject{{dict: "<< /Type /XObject /Subtype /Image /Width 12000 /Height 12000 " +
					"/ColorSpace /DeviceGray /BitsPerComponent 8 /Length 0 >>", stream: []byte{}}}},
			"144 megapixels",
		},
		{
			"an inline image of 20,000 × 20,000 pixels",
			testPDF{pages: []string{"BI /W 20000 /H 20000 /CS /G /BPC 8 ID \x00\x01 EI"}},
			"400 megapixels of images",
		},
		{"an encrypted PDF", testPDF{pages: []string{""}, trail: "/Encrypt << /Filter /Standard /V 2 >>"}, "encrypted"},
		{
			"content in LZW",
			testPDF{pages: []string{"/F Do"}, extra: "/Resources << /XObject << /F 5 0 R >> >>",
				objs: []testObject{{dict: "<< /Type /XObject /Subtype /Form /BBox [0 0 9 9] /Filter /LZWDecode " +
					"/Length 2 >>", stream: []byte{0x80, 0x0b}}}},
			"LZWDecode",
		},
		{"a form drawn 100 times", nestedForms(2, 100), ""},
		{"forms 10 deep", nestedForms(10, 1), ""},
		{"20 pages", testPDF{pages: make([]string, 20)}, ""},
		{
			"a scanned A4 page at 600 dpi",
			testPDF{pages: []string{"q 595 0 0 842 0 0 cm /I Do Q"}, extra: "/Resources << /XObject << /I 5 0 R >> >>",
				objs: []testObject{{dict: "<< /Type /XObject /Subtype /Image /Width 4960 /Height 7016 " +
					"/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length 0 >>", stream: []byte{}}}},
			"",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.pdf.bytes()
			start := time.Now()
			h, err := imagefile.ReadHeader(data)
			if err != nil {
				t.Fatal(err)
			}
			err = h.Check(imagefile.MaxPixels)
			if d := time.Since(start); d > time.Second {
				t.Errorf("measuring took %v", d)
			}
			var ce *imagefile.CostError
			switch {
			case tt.refuse == "" && err != nil:
				t.Errorf("Check = %v, want within the limits (cost %+v)", err, *h.Cost.PDF)
			case tt.refuse != "" && (!errors.As(err, &ce) || !errors.Is(err, imagefile.ErrTooLarge)):
				t.Errorf("Check = %v (cost %+v), want a *CostError", err, h.Cost.PDF)
			case tt.refuse != "" && !strings.Contains(ce.Reason, tt.refuse):
				t.Errorf("reason %q does not say %q", ce.Reason, tt.refuse)
			}
		})
	}
}

// TestPDFRefusedBeforeRendering: every decoding entry point refuses the PDF of nested forms
// without starting pdftoppm, which spends over 30 s on it (killed at 30 s; 2-core AMD EPYC).
func TestPDFRefusedBeforeRendering(t *testing.T) {
	data := nestedForms(24, 2).bytes()
	ctx := context.Background()
	start := time.Now()
	_, _, err1 := imagefile.DecodeWithin(ctx, data, imagefile.MaxPixels)
	_, _, err2 := imagefile.DecodeGray(ctx, data, imagefile.MaxPixels, 2000)
	_, _, _, err3 := imagefile.DecodeInkAndLuma(ctx, data, imagefile.MaxPixels, 2000)
	for i, err := range []error{err1, err2, err3} {
		if !errors.Is(err, imagefile.ErrTooCostly) {
			t.Errorf("entry point %d: %v, want ErrTooCostly", i, err)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refusing took %v", d)
	}
	// Object headers inside one another, each an unclosed string to the end: read once each, they
	// would make reading the file quadratic (15,000 × 135 KB).
	nested := "%PDF-1.4\n" + strings.Repeat("1 0 obj (", 15_000) + "\n%%EOF\n"
	start = time.Now()
	if h, err := imagefile.ReadHeader([]byte(nested)); err != nil || !errors.Is(h.Check(imagefile.MaxPixels),
		imagefile.ErrTooCostly) || time.Since(start) > time.Second {
		t.Errorf("nested object headers: %v, %v in %v; want ErrTooCostly at once", h.Cost.PDF, err, time.Since(start))
	}
	// A PDF that cannot be read is not rendered either.
	if _, _, err := imagefile.DecodeWithin(ctx, []byte("%PDF-1.4\n%%EOF\n"), imagefile.MaxPixels); !errors.Is(err,
		imagefile.ErrCorrupt) {
		t.Errorf("a PDF without a page: %v, want ErrCorrupt", err)
	}
}

// TestPDFCorpusWithinTheLimits: the generated documents' PDFs pass.
func TestPDFCorpusWithinTheLimits(t *testing.T) {
	for _, name := range []string{"fra-passport-pdf.pdf"} {
		h, err := imagefile.ReadHeader(readFile(t, name))
		if err != nil || h.Check(imagefile.MaxPixels) != nil || h.Cost.PDF.Pages != 1 || h.Cost.PDF.PageSide < 841 {
			t.Errorf("%s: %+v, %v", name, h.Cost.PDF, err)
		}
	}
	if _, err := exec.LookPath("pdftoppm"); err != nil && os.Getenv("CI") == "true" {
		t.Fatal("pdftoppm (poppler-utils) is not installed")
	}
}

// FuzzReadHeaderPDF: measuring a PDF never panics, and takes no more than a moment on any input.
func FuzzReadHeaderPDF(f *testing.F) {
	f.Add(nestedForms(4, 2).bytes())
	f.Add(inObjectStream(3, 2).bytes())
	f.Add(testPDF{pages: []string{"BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\x01\x02\x03 EI /Pattern cs /P scn"}}.bytes())
	f.Add(readFile(f, "fra-passport-pdf.pdf"))
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		h, err := imagefile.ReadHeader(append([]byte("%PDF-"), data...))
		if err == nil {
			_ = h.Check(imagefile.MaxPixels)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("measuring %d bytes took %v", len(data), d)
		}
	})
}
