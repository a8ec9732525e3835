package extractionapi

import (
	"bytes"
	"mime/multipart"
	"net/http/httptest"
	"testing"

	"github.com/trustline/platform/shared/foundation/fault"
)

func multipartBody(t testing.TB, parts ...[2]string) ([]byte, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		if p[0] == "file" {
			fw, _ := w.CreateFormFile("file", "doc.png")
			fw.Write([]byte(p[1]))
		} else {
			w.WriteField(p[0], p[1])
		}
	}
	w.Close()
	return buf.Bytes(), w.Boundary()
}

// namedFileBody is a multipart body of one passport file named name.
func namedFileBody(t testing.TB, name string) ([]byte, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	w.WriteField("documentType", "passport")
	fw, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte("x"))
	w.Close()
	return buf.Bytes(), w.Boundary()
}

func TestMultipartDocuments(t *testing.T) {
	for _, tc := range []struct {
		name  string
		parts [][2]string
		batch bool
		want  int
		kind  fault.Kind
	}{
		{"one file", [][2]string{{"documentType", "passport"}, {"file", "x"}}, false, 1, 0},
		{"type per file", [][2]string{{"file", "x"}, {"documentType", "passport"}, {"file", "y"}, {"documentType",
			"visa"}}, true, 2, 0},
		{"no file", [][2]string{{"documentType", "passport"}}, false, 0, fault.Invalid},
		{"two types for three files", [][2]string{{"file", "x"}, {"file", "y"}, {"file", "z"}, {"documentType", "a"},
			{"documentType", "b"}}, true, 0, fault.Invalid},
		{"more references than files", [][2]string{{"file", "x"}, {"documentType", "a"}, {"referenceId", "1"},
			{"referenceId", "2"}}, false, 0, fault.Invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, boundary := multipartBody(t, tc.parts...)
			r := httptest.NewRequest("POST", "/v1/batches", bytes.NewReader(body))
			r.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
			docs, err := documents(r, tc.batch)
			if tc.kind != 0 {
				if !fault.Is(err, tc.kind) {
					t.Errorf("error = %v", err)
				}
				return
			}
			if err != nil || len(docs) != tc.want {
				t.Errorf("documents = %+v, %v", docs, err)
			}
		})
	}
}

// FuzzMultipartIntake feeds arbitrary bodies to the multipart reader: it must answer documents or
// a fault, never panic, and never return a document without a file.
func FuzzMultipartIntake(f *testing.F) {
	body, boundary := multipartBody(
		f,
		[2]string{"documentType", "passport"},
		[2]string{"file", "\x89PNG\r\n\x1a\n"},
		[2]string{"referenceId", "r1"},
	)
	f.Add(body, boundary)
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nx\r\n--b--"), "b")
	f.Fuzz(func(t *testing.T, body []byte, boundary string) {
		r := httptest.NewRequest("POST", "/v1/extract/async", bytes.NewReader(body))
		r.Header.Set("Content-Type", "multipart/form-data; boundary=\""+boundary+"\"")
		docs, err := documents(r, true)
		if err != nil {
			if fault.As(err).Kind == fault.Internal {
				t.Errorf("unclassified error: %v", err)
			}
			return
		}
		for _, d := range docs {
			if d.Data == nil {
				t.Errorf("document without a file: %+v", d)
			}
		}
	})
}
