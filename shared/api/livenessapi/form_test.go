package livenessapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"slices"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
)

// TestPartsOverTheirBoundsRefused: a multipart part over its documented bound is refused before
// the services are reached (they are nil here: reaching them would panic, answered 500), in a
// problem that names the part and does not echo it. A 300,000-character extractionId was echoed
// in a 404; a 450,000-character file name was accepted.
func TestPartsOverTheirBoundsRefused(t *testing.T) {
	live := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: true}
	var a API
	selfie := part{name: "file", fileName: "selfie.jpg", value: "\xff\xd8\xff"}
	longID := strings.Repeat("x", 300_000)
	longName := strings.Repeat("n", 450_000) + ".jpg"
	tests := []struct {
		name, route string
		parts       []part
		invalid     string
	}{
		{"a long extractionId to check", "POST /v1/liveness/check",
			[]part{selfie, {name: "extractionId", value: longID}}, "extractionId: at most 64 characters (300000 sent)"},
		{"a long selfie file name", "POST /v1/liveness/check",
			[]part{{name: "file", fileName: longName, value: "\xff\xd8\xff"}},
			"file: a file name of at most 255 characters (450004 sent)"},
		{"a long document file name", "POST /v1/liveness/check",
			[]part{selfie, {name: "document", fileName: longName, value: "\xff\xd8\xff"}},
			"document: a file name of at most 255 characters (450004 sent)"},
		{"two selfies", "POST /v1/liveness/check", []part{selfie, selfie}, "file: at most 1 part (2 sent)"},
		{"a long extractionId to match", "POST /v1/face-match",
			[]part{{name: "selfie", fileName: "s.jpg", value: "\xff\xd8\xff"}, {name: "extractionId", value: longID}},
			"extractionId: at most 64 characters (300000 sent)"},
		{"a long selfieUploadId", "POST /v1/face-match",
			[]part{{name: "selfieUploadId", value: longID}, {name: "extractionId", value: "ext_1"}},
			"selfieUploadId: at most 64 characters (300000 sent)"},
		{"a long handoffSessionId", "POST /v1/face-match",
			[]part{{name: "handoffSessionId", value: longID}, {name: "extractionId", value: "ext_1"}},
			"handoffSessionId: at most 64 characters (300000 sent)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			handler := a.check
			if tt.route == "POST /v1/face-match" {
				handler = a.match
			}
			h := httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Identity: "https://api.example"},
				[]httpapi.Route{{Pattern: tt.route,
					Handler: func(w http.ResponseWriter, r *http.Request) error { return handler(w, r, live) }}})
			contentType, body := partsBody(t, tt.parts...)
			_, path, _ := strings.Cut(tt.route, " ")
			r := httptest.NewRequest("POST", path, body)
			r.Header.Set("Content-Type", contentType)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			var p httpapi.Problem
			_ = json.Unmarshal(w.Body.Bytes(), &p)
			if w.Code != 422 || !slices.Equal(p.InvalidParams, []string{tt.invalid}) {
				t.Errorf("%d %.300s, want 422 with %q", w.Code, w.Body, tt.invalid)
			}
			if w.Body.Len() > 2048 || strings.Contains(w.Body.String(), "xxxxxxxx") {
				t.Errorf("the problem echoes what was sent (%d bytes)", w.Body.Len())
			}
		})
	}
}

// part is one part of a test body: a file when fileName is set.
type part struct{ name, fileName, value string }

func partsBody(t *testing.T, parts ...part) (string, *bytes.Buffer) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		disposition := fmt.Sprintf("form-data; name=%q", p.name)
		if p.fileName != "" {
			disposition += fmt.Sprintf("; filename=%q", p.fileName)
		}
		h.Set("Content-Disposition", disposition)
		pw, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = pw.Write([]byte(p.value))
	}
	_ = mw.Close()
	return mw.FormDataContentType(), &body
}
