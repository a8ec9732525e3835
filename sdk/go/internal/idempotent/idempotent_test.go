package idempotent

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// drop is an answer of failing: the server closes the connection without answering.
const drop = 0

// failing is a local server that answers each request in turn with the next of answers (a status,
// or drop) and records the Idempotency-Key and body of each request it saw.
type failing struct {
	mu         sync.Mutex
	answers    []int
	retryAfter string
	keys       []string
	bodies     []string
}

// seen is the keys and bodies of the requests so far.
func (f *failing) seen() (keys, bodies []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.keys), slices.Clone(f.bodies)
}

func (f *failing) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.keys, f.bodies = append(f.keys, r.Header.Get(Header)), append(f.bodies, string(b))
	status := f.answers[min(len(f.keys), len(f.answers))-1]
	f.mu.Unlock()
	if status == drop {
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
		return
	}
	if f.retryAfter != "" {
		w.Header().Set("Retry-After", f.retryAfter)
	}
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"status":%d}`, status)
}

// TestRetrying holds Retrying, against a local server that fails then succeeds, to sending again
// exactly the requests that are safe to send again (a GET, or a request carrying an
// Idempotency-Key, with the same key and body each time) after a dropped connection, a 429 or a
// 503, a bounded number of times, waiting the answer's Retry-After or else a doubling backoff.
func TestRetrying(t *testing.T) {
	const key = "2f1c7a4e-0b9d-4c3e-8f5a-6d7e8f9a0b1c"
	cases := []struct {
		name       string
		method     string
		key        string
		answers    []int
		retryAfter string
		deadline   time.Duration // of the request's context; 0: none
		sent       int           // requests the server saw
		status     int           // the answer returned; 0: an error
		waits      []time.Duration
	}{
		{name: "a read: dropped, 503, then answered", method: "GET", answers: []int{drop, 503, 200},
			sent: 3, status: 200, waits: []time.Duration{time.Second, 2 * time.Second}},
		{name: "a read: 429 waits its Retry-After", method: "GET", answers: []int{429, 200}, retryAfter: "7",
			sent: 2, status: 200, waits: []time.Duration{7 * time.Second}},
		{name: "a read: three 503s, the third answered as it is", method: "GET", answers: []int{503, 503, 503, 200},
			sent: 3, status: 503, waits: []time.Duration{time.Second, 2 * time.Second}},
		{name: "a read: dropped three times, the error returned", method: "GET", answers: []int{drop},
			sent: 3, status: 0, waits: []time.Duration{time.Second, 2 * time.Second}},
		{name: "a write with a key: dropped, 429, 503, then answered", method: "POST", key: key,
			answers: []int{drop, 429, 201}, sent: 3, status: 201, waits: []time.Duration{time.Second, 2 * time.Second}},
		{name: "a write with a key: 409 while its first request runs", method: "POST", key: key,
			answers: []int{409, 201}, retryAfter: "1", sent: 2, status: 201, waits: []time.Duration{time.Second}},
		{name: "a write without a key: 503 is sent once", method: "POST", answers: []int{503, 201},
			sent: 1, status: 503},
		{name: "a write without a key: dropped is sent once", method: "POST", answers: []int{drop, 201},
			sent: 1, status: 0},
		{name: "a DELETE without a key is sent once", method: "DELETE", answers: []int{503, 204},
			sent: 1, status: 503},
		{name: "a read: 409 without Retry-After is an answer", method: "GET", answers: []int{409, 200},
			sent: 1, status: 409},
		{name: "a read: 422 is an answer", method: "GET", answers: []int{422, 200}, sent: 1, status: 422},
		{name: "Retry-After over MaxWait is returned at once", method: "GET", answers: []int{429, 200},
			retryAfter: "3600", sent: 1, status: 429},
		{name: "Retry-After past the context's deadline is returned at once", method: "GET",
			answers: []int{503, 200}, retryAfter: "30", deadline: 10 * time.Second, sent: 1, status: 503},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &failing{answers: c.answers, retryAfter: c.retryAfter}
			s := httptest.NewServer(f)
			defer s.Close()
			var waits []time.Duration
			record := func(_ context.Context, d time.Duration) error {
				waits = append(waits, d)
				return nil
			}
			r := Retrying{Next: s.Client(), Backoff: time.Second, Sleep: record}
			ctx := context.Background()
			if c.deadline > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, c.deadline)
				defer cancel()
			}
			var body io.Reader
			if c.method == "POST" {
				body = strings.NewReader(`{"reference":"REF-1"}`)
			}
			req, err := http.NewRequestWithContext(ctx, c.method, s.URL+"/v1/things", body)
			if err != nil {
				t.Fatal(err)
			}
			if c.key != "" {
				req.Header.Set(Header, c.key)
			}
			resp, err := r.Do(req)
			status := 0
			if err == nil {
				status = resp.StatusCode
				_ = resp.Body.Close()
			}
			keys, bodies := f.seen()
			if status != c.status || len(keys) != c.sent {
				t.Fatalf("answered %d (%v) after %d requests, want %d after %d", status, err, len(keys), c.status,
					c.sent)
			}
			if !slices.Equal(waits, c.waits) {
				t.Errorf("waited %v, want %v", waits, c.waits)
			}
			for i := range keys {
				if keys[i] != c.key || bodies[i] != bodies[0] {
					t.Errorf("request %d: key %q body %q, want %q %q", i+1, keys[i], bodies[i], c.key, bodies[0])
				}
			}
		})
	}
}

// TestRetryingWaitsInRealTime: with no Sleep, the wait is a timer, and a context ended during it
// ends the call.
func TestRetryingWaitsInRealTime(t *testing.T) {
	f := &failing{answers: []int{503, 200}, retryAfter: "1"}
	s := httptest.NewServer(f)
	defer s.Close()
	r := Retrying{Next: s.Client()}
	req, _ := http.NewRequest("GET", s.URL, nil)
	start := time.Now()
	resp, err := r.Do(req)
	if err != nil || resp.StatusCode != 200 || time.Since(start) < time.Second {
		t.Fatalf("%v %v after %s, want 200 after Retry-After's second", resp, err, time.Since(start))
	}
	_ = resp.Body.Close()

	f = &failing{answers: []int{503, 200}, retryAfter: "5"}
	s2 := httptest.NewServer(f)
	defer s2.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	req, _ = http.NewRequestWithContext(ctx, "GET", s2.URL, nil)
	_, err = Retrying{Next: s2.Client()}.Do(req)
	if keys, _ := f.seen(); err != context.Canceled || len(keys) != 1 {
		t.Fatalf("err %v after %d requests, want context.Canceled after 1", err, len(keys))
	}
}
