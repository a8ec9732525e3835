package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/foundation/fault"
)

var bases = httpapi.Bases{Identity: "https://id.example", Partner: "https://partners.example"}

func newHandler(logs io.Writer) http.Handler {
	log := slog.New(slog.NewJSONHandler(logs, nil))
	return httpapi.New(log, bases, []httpapi.Route{
		{Pattern: "GET /v1/items/{id}", Handler: func(w http.ResponseWriter, r *http.Request) error {
			httpapi.WriteJSON(w, http.StatusOK, map[string]string{"id": r.PathValue("id")})
			return nil
		}},
		{Pattern: "POST /v1/items", Handler: func(w http.ResponseWriter, r *http.Request) error {
			var body struct {
				Name string `json:"name"`
			}
			if err := httpapi.DecodeJSON(r, &body); err != nil {
				return err
			}
			httpapi.WriteJSON(w, http.StatusCreated, body)
			return nil
		}},
		{
			Pattern: "GET /api/v1/boom",
			Handler: func(http.ResponseWriter, *http.Request) error { panic("secret-token-123 exploded") },
		},
		{Pattern: "GET /api/v1/upstream", Handler: func(w http.ResponseWriter, r *http.Request) error {
			return &fault.Error{Kind: fault.Upstream, Detail: "The payment provider failed.",
				Extensions: map[string]any{"provider": "payment", "upstreamStatus": 503}}
		}},
	})
}

func do(
	h http.Handler,
	method, path, contentType, body string,
	header ...string,
) (*httptest.ResponseRecorder, httpapi.Problem) {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var p httpapi.Problem
	_ = json.Unmarshal(w.Body.Bytes(), &p)
	return w, p
}

func TestProblems(t *testing.T) {
	h := newHandler(io.Discard)
	tests := []struct {
		name, method, path, contentType, body string
		status                                int
		typ                                   string
	}{
		{"unknown path", "GET", "/v1/nothing", "", "", 404, "https://id.example/errors/not_found"},
		{"wrong method", "DELETE", "/v1/items/7", "", "", 405, "https://id.example/errors/method_not_allowed"},
		{"partner base", "GET", "/api/v1/nothing", "", "", 404, "https://partners.example/errors/not_found"},
		{
			"malformed JSON",
			"POST",
			"/v1/items",
			"application/json",
			`{"name":`,
			400,
			"https://id.example/errors/bad_request",
		},
		{
			"unknown field",
			"POST",
			"/v1/items",
			"application/json",
			`{"nom":"x"}`,
			400,
			"https://id.example/errors/bad_request",
		},
		{
			"trailing data",
			"POST",
			"/v1/items",
			"application/json",
			`{"name":"x"} {}`,
			400,
			"https://id.example/errors/bad_request",
		},
		{
			"wrong type",
			"POST",
			"/v1/items",
			"text/plain",
			`{"name":"x"}`,
			415,
			"https://id.example/errors/unsupported_media_type",
		},
		{
			"too large",
			"POST",
			"/v1/items",
			"application/json",
			`{"name":"` + strings.Repeat("a", 1<<20) + `"}`,
			413,
			"https://id.example/errors/payload_too_large",
		},
		{
			"dot segment, as a function behind the Lambda adapter sees it",
			"GET",
			"/v1/x/../items/7",
			"",
			"",
			404,
			"https://id.example/errors/not_found",
		},
		{
			"repeated slash",
			"POST",
			"/v1//items",
			"application/json",
			`{"name":"x"}`,
			404,
			"https://id.example/errors/not_found",
		},
		{"panic", "GET", "/api/v1/boom", "", "", 500, "https://partners.example/errors/internal"},
		{"upstream", "GET", "/api/v1/upstream", "", "", 502, "https://partners.example/errors/provider_upstream_error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, p := do(h, tt.method, tt.path, tt.contentType, tt.body)
			if w.Code != tt.status || p.Status != tt.status {
				t.Fatalf("status = %d, body status %d, want %d: %s", w.Code, p.Status, tt.status, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/problem+json" {
				t.Errorf("Content-Type = %q", ct)
			}
			if p.Type != tt.typ || p.Title == "" || p.Detail == "" || p.Instance != tt.path || p.Timestamp == "" {
				t.Errorf("problem = %+v", p)
			}
			if p.RequestID == "" || p.RequestID != w.Header().Get("X-Request-Id") {
				t.Errorf("requestId %q, header %q", p.RequestID, w.Header().Get("X-Request-Id"))
			}
		})
	}
}

// TestTrailingDataAfterJSON: a body is one JSON value and nothing but white space after it. The
// decoder's More, which was asked, reports the end of an object or array at a stray closing
// bracket, so a body followed by `}` or `]` was accepted.
func TestTrailingDataAfterJSON(t *testing.T) {
	h := newHandler(io.Discard)
	for name, tail := range map[string]string{
		"a brace":        "}",
		"a bracket":      "]",
		"a comma":        ",",
		"garbage":        "garbage",
		"a second value": `{"name":"y"}`,
		"a colon":        ":",
		"a NUL":          "\x00",
		"a long tail":    strings.Repeat(" ", 1<<20) + "}",
	} {
		t.Run(name, func(t *testing.T) {
			w, p := do(h, "POST", "/v1/items", "application/json", `{"name":"x"}`+tail)
			want := http.StatusBadRequest
			if name == "a long tail" {
				want = http.StatusRequestEntityTooLarge
			}
			if w.Code != want || p.Status != want {
				t.Fatalf("status %d, want %d: %s", w.Code, want, w.Body)
			}
		})
	}
	for _, tail := range []string{"", " ", "\r\n", "\t \n "} {
		if w, _ := do(h, "POST", "/v1/items", "application/json", `{"name":"x"}`+tail); w.Code != http.StatusCreated {
			t.Errorf("a body followed by %q: status %d, want 201: %s", tail, w.Code, w.Body)
		}
	}
}

func TestMethodNotAllowedListsMethods(t *testing.T) {
	w, _ := do(newHandler(io.Discard), "PUT", "/v1/items", "", "")
	if got := w.Header().Get("Allow"); got != "POST" {
		t.Errorf("Allow = %q, want POST", got)
	}
}

func TestUpstreamExtensions(t *testing.T) {
	_, p := do(newHandler(io.Discard), "GET", "/api/v1/upstream", "", "")
	if p.Extensions["provider"] != "payment" || p.Extensions["upstreamStatus"] != float64(503) {
		t.Errorf("extensions = %v", p.Extensions)
	}
}

func TestPanicDetailIsGenericAndLogged(t *testing.T) {
	var logs bytes.Buffer
	w, p := do(newHandler(&logs), "GET", "/api/v1/boom", "", "")
	if strings.Contains(w.Body.String(), "secret-token-123") {
		t.Error("panic value leaked into the response")
	}
	if !strings.Contains(p.Detail, "requestId") {
		t.Errorf("detail = %q", p.Detail)
	}
	if !strings.Contains(logs.String(), `"msg":"panic"`) || !strings.Contains(logs.String(), p.RequestID) {
		t.Errorf("panic not logged with the request id: %s", logs.String())
	}
}

func TestRequestID(t *testing.T) {
	h := newHandler(io.Discard)
	w, _ := do(h, "GET", "/v1/items/1", "", "", "X-Request-Id", "partner-trace.42")
	if got := w.Header().Get("X-Request-Id"); got != "partner-trace.42" {
		t.Errorf("caller's id not echoed: %q", got)
	}
	// An id that could forge log lines is replaced by a generated one.
	w, _ = do(h, "GET", "/v1/items/1", "", "", "X-Request-Id", "x\"}\n{\"level\":\"ERROR")
	if got := w.Header().Get("X-Request-Id"); got == "" || strings.ContainsAny(got, "\"{\n") {
		t.Errorf("unsafe id kept: %q", got)
	}
}

func TestRoutesAndPatterns(t *testing.T) {
	h := newHandler(io.Discard).(*httpapi.Handler)
	if got := len(h.Patterns()); got != 4 {
		t.Errorf("patterns = %v", h.Patterns())
	}
	w, _ := do(h, "GET", "/v1/items/abc", "", "")
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"id":"abc"`) {
		t.Errorf("GET item = %d %s", w.Code, w.Body)
	}
	w, _ = do(h, "POST", "/v1/items", "application/json; charset=utf-8", `{"name":"n"}`)
	if w.Code != 201 {
		t.Errorf("POST item = %d %s", w.Code, w.Body)
	}
}

func TestPrefersJSON(t *testing.T) {
	for accept, want := range map[string]bool{
		"":                         false,
		"*/*":                      false,
		"application/json":         true,
		"application/problem+json": true,
		"text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8": false,
		"application/json, text/html;q=0.5":                               true,
		"text/html, application/json":                                     false,
		"application/json;q=0":                                            false,
	} {
		r := httptest.NewRequest("GET", "/v1/auth/verify-email", nil)
		r.Header.Set("Accept", accept)
		if got := httpapi.PrefersJSON(r); got != want {
			t.Errorf("Accept %q: %v, want %v", accept, got, want)
		}
	}
}

// TestProblemsDoNotEchoAtLength: whatever a refusal quotes of the request (an unknown field's
// name, an id, a list of refused names), the problem stays short: a field name of 900,000
// characters was echoed whole, and a refusal per element listed as many entries as were sent.
func TestProblemsDoNotEchoAtLength(t *testing.T) {
	long := strings.Repeat("x", 900_000)
	many := make([]string, 100_000)
	for i := range many {
		many[i] = "contract.x" + strings.Repeat("y", i%300) + ": not a field of this request"
	}
	h := httpapi.New(slog.New(slog.DiscardHandler), bases, []httpapi.Route{
		{Pattern: "POST /v1/items", Handler: func(w http.ResponseWriter, r *http.Request) error {
			var body struct {
				Name string `json:"name"`
			}
			return httpapi.DecodeJSON(r, &body)
		}},
		{Pattern: "GET /v1/items/{id}", Handler: func(w http.ResponseWriter, r *http.Request) error {
			return fault.Newf(fault.NotFound, "No item %q.", long)
		}},
		{Pattern: "GET /v1/lists", Handler: func(w http.ResponseWriter, r *http.Request) error {
			return &fault.Error{Kind: fault.Invalid, Detail: "Refused.", InvalidParams: many}
		}},
	})
	tests := []struct {
		name, method, path, body string
		status                   int
	}{
		{"an unknown field of 900,000 characters", "POST", "/v1/items", `{"` + long + `":1}`, 400},
		{"a detail quoting 900,000 characters", "GET", "/v1/items/1", "", 404},
		{"100,000 refusals", "GET", "/v1/lists", "", 422},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, p := do(h, tt.method, tt.path, "application/json", tt.body)
			if w.Code != tt.status || w.Body.Len() > 16<<10 {
				t.Fatalf("%d, %d bytes: %.300s", w.Code, w.Body.Len(), w.Body)
			}
			if len(p.InvalidParams) > 50 {
				t.Errorf("%d invalidParams", len(p.InvalidParams))
			}
		})
	}
	_, p := do(h, "GET", "/v1/lists", "", "")
	if last := p.InvalidParams[len(p.InvalidParams)-1]; last != "(more): 99951 more refusals not listed" ||
		p.InvalidParams[0] != many[0] {
		t.Errorf("invalidParams %q … %q", p.InvalidParams[0], last)
	}
}
