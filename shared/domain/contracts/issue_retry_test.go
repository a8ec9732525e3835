package contracts

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// retryStore holds one request being issued; the methods Issue does not call are left to the nil
// embedded Store (a call panics, which would say the test is out of date).
type retryStore struct {
	Store
	mu       sync.Mutex
	c        Contract
	attempts int
	released int
	finished Status
}

func (s *retryStore) Contract(context.Context, string) (Contract, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c, nil
}
func (s *retryStore) ClaimIssuance(context.Context, string, time.Time, time.Time) error { return nil }
func (s *retryStore) ReleaseIssuance(ctx context.Context, _ string) error {
	if ctx.Err() != nil {
		return ctx.Err() // as the SDK would: a done context sends nothing
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.released++
	return nil
}
func (s *retryStore) IssuanceAttempt(context.Context, string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.attempts++
	return s.attempts, nil
}

func (s *retryStore) FinishIssuance(
	_ context.Context,
	c Contract,
	change Change,
	_ webhook.Delivery,
) (Contract, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := change(c)
	if err == nil {
		s.c, s.finished = c, c.Status
	}
	return c, err
}

// retryCore answers Issue from a script: nil issues, an error fails that try.
type retryCore struct {
	answers []error
	onIssue func(attempt int)
}

func (retryCore) Price(context.Context, Contract) (Pricing, error) { return Pricing{}, nil }
func (c retryCore) Issue(_ context.Context, _ Contract, attempt int) (Issuance, error) {
	if c.onIssue != nil {
		c.onIssue(attempt)
	}
	if err := c.answers[attempt-1]; err != nil {
		return Issuance{}, err
	}
	return Issuance{ContractID: "C-1", NumeroPolice: "P-1"}, nil
}

type retryWaker struct{}

func (retryWaker) Send(context.Context, string, time.Time) error { return nil }

type retryMetrics struct{}

func (retryMetrics) IssuanceFailed(context.Context, string)   {}
func (retryMetrics) PaidAfterFailure(context.Context, string) {}

func retryService(store *retryStore, core Core, backoff func(int) time.Duration) *Service {
	store.c = Contract{Reference: "AUT-20261123-RETRY001", PartnerID: "prt_1", Status: StatusIssuanceInProgress}
	outbox := &webhook.Engine{Wake: retryWaker{}}
	return &Service{Store: store, Core: core, Webhook: outbox, Metrics: retryMetrics{}, Backoff: backoff}
}

var errUpstream = &fault.Error{Kind: fault.Upstream, Detail: "The core system answered 503."}

// TestIssueRetriesUpstream: a 5xx from the core system is asked again after the backoff of the
// try that failed, up to three tries in one job; then the request is given back to the queue. A
// refusal is final at once.
func TestIssueRetriesUpstream(t *testing.T) {
	tests := []struct {
		name     string
		answers  []error
		waits    []int // the tries whose backoff was waited
		finished Status
		released int
		fails    bool
	}{
		{"issued at once", []error{nil}, nil, StatusActive, 0, false},
		{"issued on the second try", []error{errUpstream, nil}, []int{1}, StatusActive, 0, false},
		{"issued on the third try", []error{errUpstream, errUpstream, nil}, []int{1, 2}, StatusActive, 0, false},
		{"three 5xx: back to the queue", []error{errUpstream, errUpstream, errUpstream}, []int{1, 2}, "", 1, true},
		{
			"a refusal is final",
			[]error{&fault.Error{Kind: fault.Invalid, Code: "REFUSED", Detail: "no"}},
			nil,
			StatusIssuanceFailed,
			0,
			false,
		},
		{
			"a refusal after a 5xx",
			[]error{errUpstream, &fault.Error{Kind: fault.Invalid, Code: "REFUSED", Detail: "no"}},
			[]int{1},
			StatusIssuanceFailed,
			0,
			false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var waits []int
			store := &retryStore{}
			s := retryService(store, retryCore{answers: tt.answers}, func(try int) time.Duration {
				waits = append(waits, try)
				return 0
			})
			err := s.Issue(context.Background(), store.c.Reference)
			if (err != nil) != tt.fails {
				t.Fatalf("Issue = %v, want failure %v", err, tt.fails)
			}
			if len(waits) != len(tt.waits) {
				t.Fatalf("waited after tries %v, want %v", waits, tt.waits)
			}
			for i := range waits {
				if waits[i] != tt.waits[i] {
					t.Errorf("waited after tries %v, want %v", waits, tt.waits)
				}
			}
			if store.finished != tt.finished || store.released != tt.released {
				t.Errorf(
					"finished %q, released %d; want %q, %d",
					store.finished,
					store.released,
					tt.finished,
					tt.released,
				)
			}
		})
	}
}

// TestIssueBackoffEndsWithTheContext: a worker whose context ends (its deadline) while waiting to
// ask again stops waiting at once, gives the request back for the queue, and reports why.
func TestIssueBackoffEndsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store := &retryStore{}
	core := retryCore{answers: []error{errUpstream, nil}, onIssue: func(attempt int) {
		if attempt == 1 {
			time.AfterFunc(20*time.Millisecond, cancel)
		}
	}}
	s := retryService(store, core, func(int) time.Duration { return time.Hour })
	start := time.Now()
	err := s.Issue(ctx, store.c.Reference)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Issue = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Issue returned after %s: the wait did not end with the context", d)
	}
	if store.attempts != 1 || store.released != 1 || store.finished != "" {
		t.Errorf(
			"%d tries, released %d, finished %q; want 1 try, released once, not finished",
			store.attempts,
			store.released,
			store.finished,
		)
	}
}

func TestUpstreamBackoff(t *testing.T) {
	for try, want := range map[int]time.Duration{1: 200 * time.Millisecond, 2: 400 * time.Millisecond} {
		if got := UpstreamBackoff(try); got != want {
			t.Errorf("UpstreamBackoff(%d) = %s, want %s", try, got, want)
		}
	}
}
