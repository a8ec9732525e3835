package console

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// answer decodes an API's JSON answer into the SDK's type, as the console's call does.
func answer[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("%T: %v", v, err)
	}
	return v
}

// render executes page's content with data, as the console shows it to s (nil: signed out).
func render(t *testing.T, page string, s *session, data any) string {
	t.Helper()
	pages, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := pages[page].ExecuteTemplate(&b, "content", view{Session: s, Data: data}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// getRequest is a GET of the console's path, as a browser sends it.
func getRequest(path string) *http.Request { return httptest.NewRequest(http.MethodGet, path, nil) }
