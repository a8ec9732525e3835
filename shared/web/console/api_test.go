package console

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// fakeAPI is a console whose API is api, an httptest server of both public APIs.
func fakeAPI(t *testing.T, api http.HandlerFunc) *Console {
	t.Helper()
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	pages, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	return &Console{Identity: srv.URL, Partner: srv.URL, Client: srv.Client(),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), pages: pages}
}

// postForm is a form's POST to the console's path.
func postForm(path string, form url.Values) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1"+path, strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	_ = r.ParseForm()
	return r
}

// decodeBody decodes the JSON body an API handler received into the SDK's request type.
func decodeBody[T any](t *testing.T, r *http.Request) T {
	t.Helper()
	var v T
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		t.Errorf("%s %s: %v", r.Method, r.URL.Path, err)
	}
	return v
}
