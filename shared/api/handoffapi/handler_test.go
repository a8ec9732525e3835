package handoffapi

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"mime/multipart"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/foundation/fault"
)

// sessions holds ready sessions (so reading one lists no upload in the bucket); the methods these
// handlers do not reach are left to the nil embedded Store.
type sessions struct {
	handoff.Store
	m map[string]handoff.Session
}

func (s sessions) Session(_ context.Context, id string) (handoff.Session, error) {
	sess, ok := s.m[id]
	if !ok {
		return sess, fault.New(fault.NotFound, "no such session")
	}
	return sess, nil
}

func newAPI() API {
	now := time.Now()
	ready := handoff.Session{
		ID:        "hs_ready",
		Status:    handoff.StatusReady,
		CreatedAt: now,
		ExpiresAt: now.Add(10 * time.Minute),
		File: &handoff.File{
			Key:        "handoff/hs_ready/f",
			Name:       "passport.jpg",
			MIME:       "image/jpeg",
			Size:       1234,
			UploadedAt: now,
		},
	}
	return API{
		BaseURL: "https://api.example",
		Handoffs: &handoff.Service{Store: sessions{m: map[string]handoff.Session{"hs_ready": ready}},
			MaxBytes: 10 << 20},
	}
}

func serve(a API, method, target, contentType string, body []byte, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, bytes.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Identity: "https://api.example"}, a.Routes()).
		ServeHTTP(w, r)
	return w
}

// TestUploadRoutesRefuseBeforeTheSession: sizes and body formats are refused before the session is
// read or written.
func TestUploadRoutesRefuseBeforeTheSession(t *testing.T) {
	a := newAPI()
	var longName bytes.Buffer
	mw := multipart.NewWriter(&longName)
	fw, _ := mw.CreateFormFile("file", strings.Repeat("n", 450_000)+".jpg")
	_, _ = fw.Write([]byte("\xff\xd8\xff"))
	_ = mw.Close()
	tests := []struct {
		name, method, path, contentType string
		body                            []byte
		status                          int
		detail                          string
	}{
		{"start announcing a file over the limit", "POST", "/v1/mobile-handoff/upload/hs_x/start", "application/json",
			[]byte(`{"fileName":"a.jpg","size":10485761}`), 413, "10 MB"},
		{
			"start with a malformed body",
			"POST",
			"/v1/mobile-handoff/upload/hs_x/start",
			"application/json",
			[]byte(`{"size":`),
			400,
			"Malformed JSON",
		},
		{
			"PUT over the request limit",
			"PUT",
			"/v1/mobile-handoff/upload/hs_x",
			"image/jpeg",
			make([]byte, httpapi.MaxRequest+1),
			413,
			"/v1/mobile-handoff/upload/hs_x/start",
		},
		{
			"POST without a form",
			"POST",
			"/v1/mobile-handoff/upload/hs_x",
			"image/jpeg",
			[]byte("x"),
			415,
			"multipart/form-data",
		},
		{
			// A 450,000-character file name was accepted and kept with the session's file.
			"POST a file with a 450,000-character name",
			"POST",
			"/v1/mobile-handoff/upload/hs_x",
			mw.FormDataContentType(),
			longName.Bytes(),
			422,
			"over its documented bound",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(a, tt.method, tt.path, tt.contentType, tt.body)
			var p httpapi.Problem
			_ = json.Unmarshal(w.Body.Bytes(), &p)
			if w.Code != tt.status || !strings.Contains(p.Detail, tt.detail) {
				t.Errorf("%d %+v, want %d with %q", w.Code, p, tt.status, tt.detail)
			}
		})
	}
}

// TestUploadPage: a browser gets the page, under a Content-Security-Policy that lets it send the
// file only to https origins (and http ones when the API itself is on http); an API client gets
// the session's status. An unknown session is a 404 problem either way.
func TestUploadPage(t *testing.T) {
	a := newAPI()
	w := serve(a, "GET", "/v1/mobile-handoff/upload/hs_ready", "", nil, "Accept", "text/html")
	csp := w.Header().Get("Content-Security-Policy")
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") ||
		!strings.Contains(csp, "connect-src 'self' https:;") ||
		w.Header().Get("Referrer-Policy") != "no-referrer" || w.Header().Get("X-Frame-Options") != "DENY" ||
		!strings.HasSuffix(csp, "; frame-ancestors 'none'") ||
		!strings.Contains(w.Body.String(), `"startUrl":"https://api.example/v1/mobile-handoff/upload/hs_ready/start"`) {
		t.Errorf("page: %d %v", w.Code, w.Header())
	}
	w = serve(a, "GET", "/v1/mobile-handoff/upload/hs_ready", "", nil, "Accept", "application/json")
	var v statusView
	if err := json.Unmarshal(w.Body.Bytes(), &v); w.Code != 200 || err != nil || v.Status != handoff.StatusReady ||
		v.FileType != "image/jpeg" ||
		v.FileSize != 1234 {
		t.Errorf("status: %d %s", w.Code, w.Body)
	}
	for _, accept := range []string{"text/html", "application/json"} {
		if w := serve(a, "GET", "/v1/mobile-handoff/upload/hs_unknown", "", nil, "Accept", accept); w.Code != 404 ||
			w.Header().Get("Content-Type") != "application/problem+json" {
			t.Errorf("unknown session, Accept %s: %d %s", accept, w.Code, w.Header().Get("Content-Type"))
		}
	}
}

func TestQRCode(t *testing.T) {
	a := newAPI()
	w := serve(a, "GET", "/v1/mobile-handoff/session/hs_ready/qr.svg", "", nil)
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/svg+xml" ||
		!strings.HasPrefix(w.Body.String(), "<svg") {
		t.Errorf("%d %s %.60s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
	if w := serve(a, "GET", "/v1/mobile-handoff/session/hs_unknown/qr.svg", "", nil); w.Code != 404 {
		t.Errorf("unknown session: %d", w.Code)
	}
}

func TestConnectSources(t *testing.T) {
	for base, want := range map[string]string{"https://api.example": "https:", "http://127.0.0.1:3000": "https: http:",
		"::bad": "https:"} {
		if got := connectSources(base); got != want {
			t.Errorf("connectSources(%q) = %q, want %q", base, got, want)
		}
	}
}
