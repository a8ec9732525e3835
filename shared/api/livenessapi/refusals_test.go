package livenessapi

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/vision/imagefile/imagefiletest"
)

// counter is a bounded counter in memory, as RateRepo keeps it.
type counter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *counter) Reserve(_ context.Context, subject string, n, max int, _ time.Time) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[subject]+n > max {
		return false, nil
	}
	c.n[subject] += n
	return true, nil
}

func (c *counter) Count(_ context.Context, subject string) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[subject], nil
}

// TestRefusedSelfiesAreBounded: selfies refused before the debit for their decoding cost, and
// selfies the checker finds unreadable (refunded), count against the owner's bound; past it the
// next check is 429 with Retry-After to the end of the hour, and the checker is not run. A selfie
// without a face is not counted.
func TestRefusedSelfiesAreBounded(t *testing.T) {
	now := time.Date(2026, 11, 28, 10, 59, 30, 0, time.UTC)
	live := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: true}
	credits, chk := ledger(false), &checker{res: liveness.Result{IsLive: true}}
	a := API{
		Liveness: &liveness.Service{Checker: chk, Credits: credits, Files: noStore{}, Uploads: noStore{},
			Handoffs: noStore{}, TestQuota: &quota{}, Price: 2,
			Refusals: refusals.Bound{Counter: &counter{n: map[string]int{}}, PerHour: 3,
				Now: func() time.Time { return now }}},
		Checks: &liveness.Checks{Records: &records{}, Credits: credits},
	}
	h := httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Identity: "https://api.example"},
		[]httpapi.Route{{Pattern: "POST /v1/liveness/check",
			Handler: func(w http.ResponseWriter, r *http.Request) error { return a.check(w, r, live) }}})
	check := func(selfie []byte, checkErr error) *httptest.ResponseRecorder {
		chk.err, chk.called = checkErr, false
		contentType, body := selfieForm(t, selfie)
		r := httptest.NewRequest("POST", "/v1/liveness/check", body)
		r.Header.Set("Content-Type", contentType)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	jpegMagic := []byte("\xff\xd8\xff not decoded by the fake checker")
	costly := imagefiletest.ProgressiveJPEG(6300, 6300, 0x11, 10)
	steps := []struct {
		name     string
		selfie   []byte
		checkErr error
		status   int
	}{
		{"no face: not counted", jpegMagic, liveness.ErrNoFace, 422},
		{"too costly: counted", costly, nil, 422},
		{"unreadable, refunded: counted", jpegMagic, liveness.ErrCorrupt, 415},
		{"too costly again: counted, the bound reached", costly, nil, 422},
		{"past the bound, a costly selfie", costly, nil, 429},
		{"past the bound, a good selfie", jpegMagic, nil, 429},
	}
	for _, st := range steps {
		w := check(st.selfie, st.checkErr)
		if w.Code != st.status {
			t.Fatalf("%s: %d, want %d: %s", st.name, w.Code, st.status, w.Body)
		}
		if st.status == 429 && (w.Header().Get("Retry-After") != "31" || chk.called) {
			t.Errorf("%s: Retry-After %q (want 31, the hour's end), checker called %v", st.name,
				w.Header().Get("Retry-After"), chk.called)
		}
	}
	now = now.Add(time.Minute)
	if w := check(jpegMagic, nil); w.Code != 200 {
		t.Errorf("the next hour: %d: %s", w.Code, w.Body)
	}
}
