package webhook

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// The first attempts of a batch start together: the shared client must be made once, safely.
func TestConcurrentAttemptsShareOneClient(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	store := &memStore{ds: map[string]*Delivery{}}
	e := &Engine{Store: store, Targets: fixedTarget{Target{URL: srv.URL}}, Wake: noWake{}, Guard: Guard{AllowLoopback: true},
		Schedule: []time.Duration{time.Minute}, Timeout: 5 * time.Second}
	ev := wakeUps(store, 10)
	var wg sync.WaitGroup
	for _, m := range ev.Records {
		wg.Go(func() {
			if err := e.Handle(quiet(), m); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for id, d := range store.ds {
		if d.Status != StatusSucceeded {
			t.Errorf("%s: %s", id, d.Status)
		}
	}
}
