package httpapi

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http/httptest"
	"net/textproto"
	"slices"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/foundation/fault"
)

// formPart is one part of a test body: a file when fileName is set or file is true.
type formPart struct {
	name, fileName, value string
	file                  bool
}

func formBody(t *testing.T, parts ...formPart) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		disposition := fmt.Sprintf(`form-data; name=%q`, p.name)
		if p.file || p.fileName != "" {
			disposition += fmt.Sprintf(`; filename=%q`, p.fileName)
		}
		h.Set("Content-Disposition", disposition)
		pw, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = pw.Write([]byte(p.value))
	}
	_ = w.Close()
	return &b, w.FormDataContentType()
}

// TestReadFormBounds: a part over its bounds is refused with one entry naming the part and the
// bound, and never with what was sent; parts no route declares are skipped unread.
func TestReadFormBounds(t *testing.T) {
	declared := []Part{
		{Name: "file", File: true, MaxItems: 3},
		{Name: "extractionId", MaxLength: 64},
		{Name: "referenceId", MaxLength: 8, MaxItems: 3},
	}
	long := strings.Repeat("é", 300_000)
	tests := []struct {
		name    string
		parts   []formPart
		invalid []string
	}{
		{"within", []formPart{{name: "file", fileName: strings.Repeat("n", MaxFileName), value: "x"},
			{name: "extractionId", value: strings.Repeat("e", 64)}, {name: "referenceId", value: "r1"},
			{name: "referenceId", value: "r2"}, {name: "unknown", value: long}}, nil},
		{"a long text", []formPart{{name: "extractionId", value: long}},
			[]string{"extractionId: at most 64 characters (300000 sent)"}},
		{"a long file name", []formPart{{name: "file", fileName: strings.Repeat("n", 450_000), value: "x"}},
			[]string{"file: a file name of at most 255 characters (450000 sent)"}},
		{"a text sent as a file is a text", []formPart{{name: "extractionId", fileName: "id.txt", value: long}},
			[]string{"extractionId: at most 64 characters (300000 sent)"}},
		{"too many files", slices.Repeat([]formPart{{name: "file", file: true, value: "x"}}, 5),
			[]string{"file: at most 3 parts (5 sent)"}},
		{"a part sent twice", []formPart{{name: "extractionId", value: "a"}, {name: "extractionId", value: "b"}},
			[]string{"extractionId: at most 1 part (2 sent)"}},
		{"several at once", []formPart{{name: "referenceId", value: "123456789"},
			{name: "referenceId", value: "ok"}, {name: "referenceId", value: "ok"}, {name: "referenceId", value: "x"},
			{name: "extractionId", value: long}},
			[]string{"referenceId: at most 8 characters (9 sent)", "extractionId: at most 64 characters (300000 sent)",
				"referenceId: at most 3 parts (4 sent)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, contentType := formBody(t, tt.parts...)
			r := httptest.NewRequest("POST", "/v1/liveness/check", body)
			r.Header.Set("Content-Type", contentType)
			f, err := ReadForm(r, "use an upload.", declared...)
			e := fault.As(err)
			if tt.invalid == nil {
				if err != nil {
					t.Fatalf("ReadForm: %v", err)
				}
				if _, ok := f.Fields["unknown"]; ok || len(f.Fields["referenceId"]) != 2 || len(f.Files["file"]) != 1 {
					t.Errorf("form = %+v", f)
				}
				return
			}
			if e.Kind != fault.Invalid || !slices.Equal(e.InvalidParams, tt.invalid) {
				t.Errorf("ReadForm = %+v, want Invalid with %q", e, tt.invalid)
			}
			if strings.Contains(e.Detail+strings.Join(e.InvalidParams, ""), "ééé") ||
				strings.Contains(e.Detail+strings.Join(e.InvalidParams, ""), "nnn") {
				t.Errorf("the answer echoes what was sent: %+v", e)
			}
		})
	}
}

// A text part declared without MaxLength is a programming error, found at once.
func TestReadFormNeedsTextBounds(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a text part without MaxLength was accepted")
		}
	}()
	body, contentType := formBody(t, formPart{name: "note", value: "x"})
	r := httptest.NewRequest("POST", "/", body)
	r.Header.Set("Content-Type", contentType)
	_, _ = ReadForm(r, "", Part{Name: "note"})
}

func TestReadFormMedia(t *testing.T) {
	for _, tt := range []struct {
		contentType string
		kind        fault.Kind
	}{
		{"application/json", fault.UnsupportedMedia},
		{"multipart/form-data", fault.BadRequest},
	} {
		r := httptest.NewRequest("POST", "/", strings.NewReader("not multipart"))
		r.Header.Set("Content-Type", tt.contentType)
		if _, err := ReadForm(r, "", FileForm...); !fault.Is(err, tt.kind) {
			t.Errorf("%s: %v, want %v", tt.contentType, err, tt.kind)
		}
	}
}
