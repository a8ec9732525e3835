package webhookhttp_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/trustline/platform/shared/adapters/webhookhttp"
	"github.com/trustline/platform/shared/domain/webhook"
)

// The first attempts of a batch start together: the shared client must be made once, safely.
func TestConcurrentAttemptsShareOneClient(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	store := &memStore{ds: map[string]*webhook.Delivery{}}
	e := &webhook.Engine{Store: store, Targets: fixedTarget{webhook.Target{URL: srv.URL}}, Wake: noWake{},
		Sender:   &webhookhttp.Sender{Guard: webhookhttp.Guard{AllowLoopback: true}, Timeout: 5 * time.Second},
		Schedule: []time.Duration{time.Minute}, Timeout: 5 * time.Second}
	ev := wakeUps(store, 10)
	var wg sync.WaitGroup
	for _, m := range ev.Records {
		wg.Go(func() {
			if err := dispatch(e)(quiet(), m); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for id, d := range store.ds {
		if d.Status != webhook.StatusSucceeded {
			t.Errorf("%s: %s", id, d.Status)
		}
	}
}

// noHosts is a resolver that knows no host.
type noHosts struct{}

func (noHosts) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// TestSend: the receiver's status comes back whatever it is, a redirect's included (not followed),
// with the headers and body as given; failing to get an answer is a SendError of its class, whose
// sentence says nothing of the network.
func TestSend(t *testing.T) {
	var followed atomic.Int32
	release := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.Method != http.MethodPost || r.Header.Get("X-Insurance-Event") != "insurance.contract.issued" ||
			string(b) != `{"n":1}` {
			w.WriteHeader(http.StatusBadRequest)
		}
	})
	mux.HandleFunc("/created", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusCreated) })
	mux.HandleFunc(
		"/error",
		func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) },
	)
	mux.HandleFunc(
		"/redirect",
		func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/followed", http.StatusFound) },
	)
	mux.HandleFunc("/followed", func(http.ResponseWriter, *http.Request) { followed.Add(1) })
	mux.HandleFunc("/hang", func(http.ResponseWriter, *http.Request) { <-release })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	defer close(release) // before Close, which waits for the hanging handler
	loopback := webhookhttp.Guard{AllowLoopback: true}
	tests := []struct {
		name   string
		guard  webhookhttp.Guard
		url    string
		status int    // the status returned, when an answer is
		class  string // the SendError's class, when none is
		detail string
	}{
		{"answered 200", loopback, srv.URL + "/ok", 200, "", ""},
		{"answered 201", loopback, srv.URL + "/created", 201, "", ""},
		{"answered 503", loopback, srv.URL + "/error", 503, "", ""},
		{"a redirect is not followed", loopback, srv.URL + "/redirect", 302, "", ""},
		{"no answer in time", loopback, srv.URL + "/hang", 0, webhook.ErrorTimeout, "no answer within 300ms"},
		{"loopback without the local allowance", webhookhttp.Guard{}, srv.URL + "/ok", 0, webhook.ErrorBlocked,
			"the target resolves to a non-public address or uses a port not allowed"},
		{"refused", loopback, "http://127.0.0.1:1/", 0, webhook.ErrorRefused, "the connection was refused"},
		{
			"unknown host",
			webhookhttp.Guard{Resolver: noHosts{}},
			"https://nonexistent.example/",
			0,
			webhook.ErrorDNS,
			"the host name did not resolve",
		},
		{"not a URL", loopback, "http://[::1", 0, webhook.ErrorNoTarget, "bad target URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A short timeout only where it is the point: an answer's time is the machine's.
			timeout := time.Minute
			if tt.class == webhook.ErrorTimeout {
				timeout = 300 * time.Millisecond
			}
			s := &webhookhttp.Sender{Guard: tt.guard, Timeout: timeout}
			status, err := s.Send(context.Background(), webhook.Request{URL: tt.url, Body: []byte(`{"n":1}`),
				Headers: map[string]string{
					"x-insurance-event": "insurance.contract.issued",
					"Content-Type":      "application/json",
				}})
			if tt.class == "" {
				if err != nil || status != tt.status {
					t.Fatalf("Send = %d, %v; want %d", status, err, tt.status)
				}
				return
			}
			var se *webhook.SendError
			if !errors.As(err, &se) || se.Class != tt.class || se.Detail != tt.detail {
				t.Fatalf("Send = %d, %v; want a SendError %s: %s", status, err, tt.class, tt.detail)
			}
		})
	}
	if n := followed.Load(); n != 0 {
		t.Errorf("a redirect was followed %d times", n)
	}
}
