package provider_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/trustline/platform/shared/adapters/provider"
	"github.com/trustline/platform/shared/foundation/fault"
)

func TestPostClassifiesAnswers(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok":
			w.Write([]byte(`{"id":"x1"}`))
		case "/refused":
			w.WriteHeader(409)
			w.Write([]byte(`{"code":"DUPLICATE","message":"Already issued."}`))
		case "/refused-plain":
			w.WriteHeader(400)
		case "/garbled":
			w.Write([]byte(`<html>`))
		case "/slow":
			_, _ = io.Copy(io.Discard, r.Body) // read, so the server notices the caller hang up
			<-r.Context().Done()               // answers only once the caller has given up
		case "/throttled":
			w.WriteHeader(429)
		}
	}))
	defer srv.Close()
	c := provider.Client{
		Name:    "core-insurance",
		BaseURL: srv.URL,
		Key:     "k",
		HTTP:    &http.Client{Timeout: time.Minute},
	}
	// The caller that gives up: its timeout, not the machine's speed, makes /slow too slow.
	impatient := c
	impatient.HTTP = &http.Client{Timeout: 100 * time.Millisecond}

	var out struct{ ID string }
	if err := c.Post(context.Background(), "/ok", "", map[string]int{}, &out); err != nil || out.ID != "x1" {
		t.Fatalf("ok: %v %+v", err, out)
	}
	for _, tc := range []struct {
		path, code string
		status     int
	}{{"/refused", "DUPLICATE", 409}, {"/refused-plain", "HTTP_400", 400}} {
		r, ok := provider.AsRefusal(c.Post(context.Background(), tc.path, "", nil, &out))
		if !ok || r.Code != tc.code || r.Status != tc.status {
			t.Errorf("%s: refusal %+v", tc.path, r)
		}
	}
	for path, status := range map[string]int{"/garbled": 200, "/slow": 0, "/throttled": 429} {
		err := impatient.Post(context.Background(), path, "", nil, &out)
		f := fault.As(err)
		if f.Kind != fault.Upstream || f.Extensions["provider"] != "core-insurance" ||
			f.Extensions["upstreamStatus"] != status {
			t.Errorf("%s: %+v", path, f)
		}
	}
}
