package livenessapi

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/idempotency/idempotencytest"
	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
)

// killingChecker stops the run the first time it is called, as a killed function stops, after the
// check was charged.
type killingChecker struct {
	checker
	kill bool
}

func (k *killingChecker) Check(ctx context.Context, data []byte) (liveness.Result, error) {
	if k.kill {
		k.kill = false
		panic("killed after the charge")
	}
	return k.checker.Check(ctx, data)
}

// onceRecords keeps each record once (Conflict for an id kept), as the repository does, and stops
// the run after the first record is kept when kill is set.
type onceRecords struct {
	records
	mu   sync.Mutex
	kill bool
}

func (o *onceRecords) Put(ctx context.Context, rec liveness.Record) error {
	if _, err := o.Get(ctx, rec.ID); err == nil {
		return fault.New(fault.Conflict, "The check exists already.")
	}
	if err := o.records.Put(ctx, rec); err != nil {
		return err
	}
	o.mu.Lock()
	kill := o.kill
	o.kill = false
	o.mu.Unlock()
	if kill {
		panic("killed after the record was kept")
	}
	return nil
}

// A liveness check under an Idempotency-Key killed mid-request (after its charge; after its
// record) runs again once its lease has ended, and is charged once: the same checkId, the same
// verdict, one record. Sent again after that, its answer is replayed.
func TestCheckRunAgainUnderItsKeyIsChargedOnce(t *testing.T) {
	for _, killed := range []string{"after the charge", "after the record"} {
		t.Run("killed "+killed, func(t *testing.T) {
			now := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
			clock := func() time.Time { return now }
			credits := ledger(false)
			chk := &killingChecker{checker: checker{res: liveness.Result{IsLive: true, Confidence: 0.98}},
				kill: killed == "after the charge"}
			recs := &onceRecords{kill: killed == "after the record"}
			a := API{
				Liveness: &liveness.Service{Checker: chk, Credits: credits, Files: noStore{}, Uploads: noStore{},
					Handoffs: noStore{}, TestQuota: &quota{}, Price: 2},
				Checks: &liveness.Checks{Records: recs, Credits: credits, Now: clock},
				Idempotency: guard.Idempotency{Store: idempotencytest.New(), Window: 24 * time.Hour,
					Lease: 10 * time.Second, Now: clock},
			}
			p := access.Principal{UserID: "usr_1", Role: access.RoleUser, Live: true}
			h := httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Identity: "https://api.example"},
				[]httpapi.Route{{Pattern: "POST /v1/liveness/check",
					Handler: func(w http.ResponseWriter, r *http.Request) error {
						return a.Idempotency.Wrap(a.check)(w, r, p)
					}}})
			post := func() *httptest.ResponseRecorder {
				contentType, body := selfieForm(t, []byte("\xff\xd8\xff a selfie"))
				r := httptest.NewRequest("POST", "/v1/liveness/check", body)
				r.Header.Set("Content-Type", contentType)
				r.Header.Set(idempotency.Header, "9a1c0f2e-5b6d-4c3a-8e7f-1a2b3c4d5e6f")
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				return w
			}
			if w := post(); w.Code != http.StatusInternalServerError {
				t.Fatalf("the killed run: %d %s", w.Code, w.Body)
			}
			if w := post(); w.Code != http.StatusConflict {
				t.Fatalf("within the lease: %d %s, want 409", w.Code, w.Body)
			}
			now = now.Add(11*time.Second + time.Millisecond)
			w := post()
			if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"creditsUsed":2`) {
				t.Fatalf("after the lease: %d %s, want 200, 2 credits used", w.Code, w.Body)
			}
			if got := strings.Join(moves(credits), ","); got != "liveness:-2" {
				t.Errorf("credits moved %s, want one charge", got)
			}
			if len(recs.put) != 1 || !strings.Contains(w.Body.String(), `"checkId":"`+recs.put[0].ID+`"`) {
				t.Errorf("records %+v for the answer %s, want the one check", recs.put, w.Body)
			}
			if again := post(); again.Body.String() != w.Body.String() ||
				again.Header().Get("Idempotent-Replayed") != "true" || len(moves(credits)) != 1 {
				t.Errorf("sent again: %s, want the answer replayed", again.Body)
			}
		})
	}
}
