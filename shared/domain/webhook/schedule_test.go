package webhook_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/domain/webhook/memstore"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// wakeUp is a wake-up message the engine sent: its body and when it is due.
type wakeUp struct {
	body string
	due  time.Time
}

// wakes records the engine's wake-up messages instead of queueing them.
type wakes struct {
	mu   sync.Mutex
	sent []wakeUp
}

func (w *wakes) Send(_ context.Context, body string, due time.Time) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.sent = append(w.sent, wakeUp{body, due})
	return nil
}

func (w *wakes) take() []wakeUp {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.sent
	w.sent = nil
	return out
}

type target struct {
	url string
	err error
}

func (t target) Target(context.Context, webhook.Delivery) (webhook.Target, error) {
	return webhook.Target{URL: t.url, Secret: []byte("schedule-test-secret-0123456789")}, t.err
}

// sender is a Sender whose receiver answers with send's status, and that counts its POSTs.
type sender struct {
	posts atomic.Int32
	send  func(r webhook.Request) (int, error)
}

func (s *sender) Send(_ context.Context, r webhook.Request) (int, error) {
	s.posts.Add(1)
	return s.send(r)
}

// answering is a sender whose receiver answers each POST with status.
func answering(status *int) *sender {
	return &sender{send: func(webhook.Request) (int, error) { return *status, nil }}
}

func quiet() context.Context {
	return logs.With(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// TestRetrySchedule runs the delivery state machine on the in-memory store and a clock that jumps
// to each wake-up's due time: when each attempt is made, and where the delivery ends. Offsets are
// counted from the first attempt (not from creation), so a first attempt made late shifts them all.
func TestRetrySchedule(t *testing.T) {
	schedule := []time.Duration{2 * time.Minute, 4 * time.Minute, 8 * time.Minute}
	const late = 30 * time.Second // how long after creation the first attempt is made
	tests := []struct {
		name     string
		answers  []int // the receiver's status for attempt 1, 2, ...; 0 is no target at all
		want     webhook.Status
		attempts []time.Duration // when each attempt is made, from the first
	}{
		{"delivered at once", []int{200}, webhook.StatusSucceeded, []time.Duration{0}},
		{"delivered on the first retry", []int{500, 204}, webhook.StatusSucceeded, []time.Duration{0, 2 * time.Minute}},
		{"delivered on the last retry", []int{500, 503, 429, 200}, webhook.StatusSucceeded,
			[]time.Duration{0, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute}},
		{"a redirect is not delivered", []int{302, 200}, webhook.StatusSucceeded, []time.Duration{0, 2 * time.Minute}},
		{"failed after every retry", []int{500, 500, 500, 500}, webhook.StatusFailed,
			[]time.Duration{0, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute}},
		{
			"no target is retried like a failure",
			[]int{0, 200},
			webhook.StatusSucceeded,
			[]time.Duration{0, 2 * time.Minute},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			answer := 0 // the receiver's status for the attempt being made
			created := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
			clock := created
			store := &memstore.Store{}
			wk := &wakes{}
			tg := &target{url: "https://hooks.partner.example/insurance"}
			e := &webhook.Engine{Store: store, Targets: tg, Wake: wk, Sender: answering(&answer),
				Schedule: schedule, Timeout: 5 * time.Second, Now: func() time.Time { return clock }}
			ctx := quiet()
			d, err := e.Enqueue(
				ctx,
				webhook.Delivery{Scheme: webhook.SchemePartner, OwnerID: "prt_1", Event: "insurance.contract.issued",
					Reference: "AUT-1", Body: []byte(`{"event":"insurance.contract.issued"}`)},
			)
			if err != nil {
				t.Fatal(err)
			}
			clock = created.Add(late)
			for step := 0; step < 10; step++ {
				sent := wk.take()
				if len(sent) == 0 {
					break
				}
				if len(sent) != 1 {
					t.Fatalf("step %d: %d wake-ups, want 1", step, len(sent))
				}
				if sent[0].due.After(clock) {
					clock = sent[0].due
				}
				answer, tg.err = tt.answers[min(len(mustDelivery(t, store, d.ID).Attempts), len(tt.answers)-1)], nil
				if answer == 0 {
					tg.err = fault.New(fault.NotFound, "No webhook is configured.")
				}
				w, err := webhook.ParseWakeUp(sent[0].body)
				if err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				if err := e.Handle(ctx, w); err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
			}
			got := mustDelivery(t, store, d.ID)
			if got.Status != tt.want {
				t.Errorf("status %s, want %s", got.Status, tt.want)
			}
			if len(got.Attempts) != len(tt.attempts) {
				t.Fatalf("%d attempts, want %d: %+v", len(got.Attempts), len(tt.attempts), got.Attempts)
			}
			first := created.Add(late)
			for i, a := range got.Attempts {
				if a.N != i+1 || !a.At.Equal(first.Add(tt.attempts[i])) {
					t.Errorf("attempt %d (n=%d) at +%s, want +%s", i+1, a.N, a.At.Sub(first), tt.attempts[i])
				}
			}
			if got.Status == webhook.StatusSucceeded && got.Body != nil {
				t.Error("the body is kept after delivery")
			}
			if got.Status == webhook.StatusFailed && len(got.Body) == 0 {
				t.Error("a failed delivery lost its body: it could not be recovered")
			}
		})
	}
}

// slowFirstClaim is a store whose claim of a first attempt takes a while on the engine's clock, as
// a claim does when the table is slow to answer.
type slowFirstClaim struct {
	*memstore.Store
	clock *time.Time
	takes time.Duration
}

func (s slowFirstClaim) ClaimAttempt(ctx context.Context, id string, n int, until, now time.Time) error {
	if n == 1 {
		*s.clock = s.clock.Add(s.takes)
	}
	return s.Store.ClaimAttempt(ctx, id, n, until, now)
}

// The retries keep their offsets from the first attempt as made, however slow the claims: before,
// the first retry counted from before the first claim, and came that much early (a retry at
// T0+117.65 s for a 120 s offset, after a claim of 2.35 s).
func TestRetryOffsetsCountFromTheFirstAttemptAsMade(t *testing.T) {
	created := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	clock := created
	store := slowFirstClaim{Store: &memstore.Store{}, clock: &clock, takes: 2350 * time.Millisecond}
	wk := &wakes{}
	status := 500
	schedule := []time.Duration{2 * time.Minute, 4 * time.Minute}
	e := &webhook.Engine{Store: store, Targets: &target{url: "https://hooks.partner.example/insurance"}, Wake: wk,
		Sender: answering(&status), Schedule: schedule, Timeout: 5 * time.Second,
		Now: func() time.Time { return clock }}
	ctx := quiet()
	d, err := e.Enqueue(ctx, webhook.Delivery{Scheme: webhook.SchemePartner, OwnerID: "prt_1",
		Event: "insurance.contract.issued", Reference: "AUT-1", Body: []byte(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		sent := wk.take()
		if len(sent) != 1 {
			t.Fatalf("%d wake-ups, want 1", len(sent))
		}
		if sent[0].due.After(clock) {
			clock = sent[0].due
		}
		w, _ := webhook.ParseWakeUp(sent[0].body)
		if err := e.Handle(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	got := mustDelivery(t, store.Store, d.ID)
	if len(got.Attempts) != 3 {
		t.Fatalf("%d attempts, want 3", len(got.Attempts))
	}
	for i, offset := range schedule {
		if made := got.Attempts[i+1].At.Sub(got.Attempts[0].At); made != offset {
			t.Errorf("retry %d made at T0+%s, want T0+%s", i+1, made, offset)
		}
	}
}

// A dispatcher that stops during an attempt (its POST may have reached the receiver) leaves the
// attempt claimed and unrecorded; the sweep's wake-up after the claim lapsed records it as
// interrupted, at the time it started, and makes the next attempt. Before, the history kept one
// attempt for the receiver's two POSTs.
func TestAnInterruptedAttemptStaysInTheHistory(t *testing.T) {
	clock := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	store := &memstore.Store{}
	wk := &wakes{}
	status := 200
	snd := answering(&status)
	e := &webhook.Engine{Store: store, Targets: &target{url: "https://hooks.partner.example/insurance"}, Wake: wk,
		Sender: snd, Schedule: []time.Duration{2 * time.Minute}, Timeout: 5 * time.Second,
		Now: func() time.Time { return clock }}
	ctx := quiet()
	d, err := e.Enqueue(ctx, webhook.Delivery{Scheme: webhook.SchemePartner, OwnerID: "prt_1",
		Event: "insurance.contract.issued", Reference: "AUT-1", Body: []byte(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	wk.take()
	// The first dispatcher claims attempt 1, POSTs, and dies before recording the answer.
	started := clock
	if err := store.ClaimAttempt(ctx, d.ID, 1, clock.Add(35*time.Second), clock); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(2 * time.Minute)
	if err := e.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	for _, w := range wk.take() {
		wake, _ := webhook.ParseWakeUp(w.body)
		if err := e.Handle(ctx, wake); err != nil {
			t.Fatal(err)
		}
	}
	got := mustDelivery(t, store, d.ID)
	if got.Status != webhook.StatusSucceeded || len(got.Attempts) != 2 || snd.posts.Load() != 1 {
		t.Fatalf("%s with %d attempts after %d POSTs here: %+v", got.Status, len(got.Attempts), snd.posts.Load(),
			got.Attempts)
	}
	if a := got.Attempts[0]; a.N != 1 || a.ErrorClass != webhook.ErrorInterrupted || !a.At.Equal(started) {
		t.Errorf("attempt 1 = %+v, want interrupted at %s", a, started)
	}
	if a := got.Attempts[1]; a.N != 2 || !a.Succeeded() {
		t.Errorf("attempt 2 = %+v, want the delivery", a)
	}
}

// TestWakeUpsThatDoNotAttempt: a duplicate, stale, early or malformed wake-up makes no attempt and
// leaves the delivery as it was; an early one is put back for the due time.
func TestWakeUpsThatDoNotAttempt(t *testing.T) {
	now := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	wake := func(id string, attempt int) webhook.WakeUp { return webhook.WakeUp{DeliveryID: id, Attempt: attempt} }
	tests := []struct {
		name     string
		delivery webhook.Delivery
		wake     func(id string) webhook.WakeUp
		claimed  bool // another worker holds the attempt
		rewake   bool // the wake-up is sent again for the due time
	}{
		{"attempt already made", webhook.Delivery{Status: webhook.StatusPending, NextAt: now,
			Attempts: []webhook.Attempt{{N: 1, At: now.Add(-2 * time.Minute), StatusCode: 500}}},
			func(id string) webhook.WakeUp { return wake(id, 1) }, false, false},
		{"delivery succeeded", webhook.Delivery{Status: webhook.StatusSucceeded, NextAt: now},
			func(id string) webhook.WakeUp { return wake(id, 1) }, false, false},
		{"delivery failed", webhook.Delivery{Status: webhook.StatusFailed, NextAt: now},
			func(id string) webhook.WakeUp { return wake(id, 1) }, false, false},
		{"attempt taken by another worker", webhook.Delivery{Status: webhook.StatusPending, NextAt: now},
			func(id string) webhook.WakeUp { return wake(id, 1) }, true, false},
		{"early", webhook.Delivery{Status: webhook.StatusPending, NextAt: now.Add(time.Minute)},
			func(id string) webhook.WakeUp { return wake(id, 1) }, false, true},
		{"unknown delivery", webhook.Delivery{Status: webhook.StatusPending, NextAt: now},
			func(string) webhook.WakeUp { return wake("whd_unknown", 1) }, false, false},
		// A body that is not a wake-up at all never reaches Handle: ParseWakeUp refuses it, and the
		// dispatcher drops it (TestParseWakeUpRefusesMalformed, app's TestDispatchDropsMalformed).
		{"malformed: no attempt", webhook.Delivery{Status: webhook.StatusPending, NextAt: now},
			func(id string) webhook.WakeUp { return wake(id, 0) }, false, false},
		{"malformed: no delivery", webhook.Delivery{Status: webhook.StatusPending, NextAt: now},
			func(string) webhook.WakeUp { return wake("", 1) }, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			posts := answering(new(int))
			store := &memstore.Store{}
			wk := &wakes{}
			e := &webhook.Engine{
				Store:   store,
				Targets: target{url: "https://hooks.partner.example/insurance"},
				Wake:    wk,
				Sender:  posts,
				Schedule: []time.Duration{
					2 * time.Minute,
				},
				Timeout: 5 * time.Second,
				Now:     func() time.Time { return now },
			}
			d := tt.delivery
			d.ID, d.OwnerID, d.Event, d.Body, d.CreatedAt = webhook.NewID(), "prt_1", "insurance.contract.issued",
				[]byte(
					`{}`,
				), now
			if err := store.PutDelivery(context.Background(), d); err != nil {
				t.Fatal(err)
			}
			if tt.claimed {
				if err := store.ClaimAttempt(context.Background(), d.ID, 1, now.Add(time.Minute), now); err != nil {
					t.Fatal(err)
				}
			}
			if err := e.Handle(quiet(), tt.wake(d.ID)); err != nil {
				t.Fatal(err)
			}
			if n := posts.posts.Load(); n != 0 {
				t.Errorf("%d POSTs, want none", n)
			}
			got := mustDelivery(t, store, d.ID)
			if got.Status != d.Status || len(got.Attempts) != len(d.Attempts) {
				t.Errorf("delivery changed: %s with %d attempts", got.Status, len(got.Attempts))
			}
			sent := wk.take()
			if tt.rewake != (len(sent) == 1) || len(sent) > 1 {
				t.Fatalf("wake-ups %+v, want rewake %v", sent, tt.rewake)
			}
			if tt.rewake && !sent[0].due.Equal(d.NextAt) {
				t.Errorf("woken again for %s, want %s", sent[0].due, d.NextAt)
			}
		})
	}
}

func mustDelivery(t *testing.T, s *memstore.Store, id string) webhook.Delivery {
	t.Helper()
	d, err := s.Delivery(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
