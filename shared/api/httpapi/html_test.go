package httpapi_test

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/foundation/fault"
)

// framed reports what of the headers would let a page be framed; "" when nothing.
func framed(h http.Header) string {
	if h.Get("X-Frame-Options") != "DENY" {
		return "X-Frame-Options " + h.Get("X-Frame-Options")
	}
	if csp := h.Get("Content-Security-Policy"); !strings.HasSuffix(csp, "frame-ancestors 'none'") {
		return "Content-Security-Policy " + csp
	}
	return ""
}

// TestNoAnswerIsFramed: every answer of the APIs, pages, JSON and problems alike, carries
// frame-ancestors 'none' and X-Frame-Options: DENY; a page's own policy keeps frame-ancestors.
// The sandbox checkout and the return and verification pages sent neither.
func TestNoAnswerIsFramed(t *testing.T) {
	h := httpapi.New(slog.New(slog.DiscardHandler), bases, []httpapi.Route{
		{Pattern: "GET /page", Handler: func(w http.ResponseWriter, r *http.Request) error {
			httpapi.WritePage(w, http.StatusOK, httpapi.StaticPage, "<!doctype html><p>hello</p>")
			return nil
		}},
		{Pattern: "GET /json", Handler: func(w http.ResponseWriter, r *http.Request) error {
			httpapi.WriteJSON(w, http.StatusOK, map[string]string{"ok": "yes"})
			return nil
		}},
		{Pattern: "GET /refused", Handler: func(w http.ResponseWriter, r *http.Request) error {
			return fault.New(fault.Forbidden, "No.")
		}},
		{Pattern: "GET /panic", Handler: func(w http.ResponseWriter, r *http.Request) error { panic("boom") }},
	})
	for _, path := range []string{"/page", "/json", "/refused", "/panic", "/unrouted"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if what := framed(w.Header()); what != "" {
			t.Errorf("GET %s (%d) may be framed: %s", path, w.Code, what)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/page", nil))
	if csp := w.Header().Get("Content-Security-Policy"); csp != httpapi.StaticPage+"; frame-ancestors 'none'" ||
		w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("X-Content-Type-Options") != "nosniff" ||
		!strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		t.Errorf("page headers %v", w.Header())
	}
}
