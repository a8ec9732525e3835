package pdf

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"
)

// The cross-reference table points at each object, and the trailer names the catalog, the info
// object and where the table starts: what a reader needs to open the file without repairing it.
func TestCrossReferencesPointAtTheirObjects(t *testing.T) {
	f := New()
	f.Object("<< /Type /Catalog /Pages 2 0 R >>", nil)
	f.Object("<< /Type /Pages /Kids [] /Count 0 >>", nil)
	f.Object("<< /Length 5 >>", []byte("hello"))
	info := f.Object("<< /Title (t) >>", nil)
	b := f.Bytes(info)
	m := regexp.MustCompile(`(?s)startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("no startxref at the end:\n%s", b)
	}
	at, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(b[at:], []byte("xref\n0 5\n")) {
		t.Fatalf("startxref %d does not point at the table", at)
	}
	entries := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(b[at:], -1)
	if len(entries) != 4 {
		t.Fatalf("%d entries, want 4", len(entries))
	}
	for i, e := range entries {
		off, _ := strconv.Atoi(string(e[1]))
		if want := fmt.Sprintf("%d 0 obj\n", i+1); !bytes.HasPrefix(b[off:], []byte(want)) {
			t.Errorf("entry %d points at %q", i+1, b[off:off+10])
		}
	}
	if !bytes.Contains(b, []byte("<< /Size 5 /Root 1 0 R /Info 4 0 R >>")) ||
		!bytes.Contains(b, []byte("stream\nhello\nendstream")) {
		t.Errorf("trailer or stream wrong:\n%s", b)
	}
}
