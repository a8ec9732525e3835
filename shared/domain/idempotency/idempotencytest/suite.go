package idempotencytest

import (
	"context"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
)

// RunStoreSuite checks the promises of idempotency.Store on the stores newStore makes, one empty
// store per case: the in-memory Store here and the DynamoDB repository alike. Each case runs on
// its own clock, passed to Begin, from the wall clock's second.
func RunStoreSuite(t *testing.T, newStore func(t *testing.T) idempotency.Store) {
	cases := []struct {
		name string
		run  func(t *testing.T, s idempotency.Store)
	}{
		{"a key is taken once", takenOnce},
		{"a finished record keeps its request", finished},
		{"an empty response is kept", emptyResponse},
		{"keys are per scope", perScope},
		{"a lapsed lease is taken over by its request", lapsed},
		{"a lapsed lease is not another request's", lapsedOther},
		{"of concurrent takers one wins", oneTaker},
		{"a released key runs its request again", released},
		{"a release ends only its own lease", releaseOwnOnly},
		{"an expired key is free again", expired},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newStore(t)) })
	}
}

// start is the time each case starts at: now, to the second.
func start() time.Time { return time.Now().UTC().Truncate(time.Second) }

// first is a request as guard.Idempotency begins it at now: its creation time to the second, a
// seed, and a lease of a minute.
func first(now time.Time) idempotency.Record {
	return idempotency.Record{
		RequestHash: "h1",
		Method:      "POST",
		Path:        "/v1/contracts",
		CreatedAt:   now,
		Seed:        []byte("seed-1"),
		LeaseUntil:  now.Add(time.Minute),
	}
}

func begin(
	t *testing.T,
	s idempotency.Store,
	scope, key string,
	r idempotency.Record,
	now time.Time,
) (idempotency.Record, bool) {
	t.Helper()
	got, ok, err := s.Begin(context.Background(), scope, key, r, now, now.Add(24*time.Hour))
	if err != nil {
		t.Fatalf("Begin(%s, %s): %v", scope, key, err)
	}
	return got, ok
}

func takenOnce(t *testing.T, s idempotency.Store) {
	now := start()
	f := first(now)
	if got, ok := begin(t, s, "partner#p1", "k", f, now); !ok || !reflect.DeepEqual(got, f) {
		t.Fatalf("first Begin = %+v, %v, want the record, true", got, ok)
	}
	second := idempotency.Record{RequestHash: "h2", Method: "PATCH", Path: "/other", CreatedAt: now.Add(time.Second),
		Seed: []byte("seed-2"), LeaseUntil: now.Add(2 * time.Minute)}
	if got, ok := begin(t, s, "partner#p1", "k", second, now.Add(time.Second)); ok || !reflect.DeepEqual(got, f) {
		t.Errorf("another request's Begin = %+v, %v, want the first record, in flight, false", got, ok)
	}
	again := f
	again.Seed, again.LeaseUntil = []byte("seed-3"), now.Add(2*time.Minute)
	if got, ok := begin(t, s, "partner#p1", "k", again, now.Add(time.Second)); ok || !reflect.DeepEqual(got, f) {
		t.Errorf("the same request's Begin within the lease = %+v, %v, want the first record, false", got, ok)
	}
	if _, ok := begin(t, s, "partner#p1", "k2", second, now); !ok {
		t.Error("another key was taken")
	}
}

func finished(t *testing.T, s idempotency.Store) {
	ctx := context.Background()
	now := start()
	f := first(now)
	begin(t, s, "partner#p1", "k", f, now)
	answer := idempotency.Answer{Code: 201, Format: "application/json", Body: []byte(`{"id":"x"}`)}
	if err := s.Finish(ctx, "partner#p1", "k", answer); err != nil {
		t.Fatal(err)
	}
	want := f
	want.Done, want.Answer = true, answer
	// Long after the lease: a finished record is never taken over.
	later := now.Add(time.Hour)
	if got, ok := begin(t, s, "partner#p1", "k", first(later), later); ok || !reflect.DeepEqual(got, want) {
		t.Errorf("Begin after Finish = %+v, %v, want %+v", got, ok, want)
	}
}

func emptyResponse(t *testing.T, s idempotency.Store) {
	now := start()
	begin(t, s, "user#u1", "k", first(now), now)
	if err := s.Finish(context.Background(), "user#u1", "k", idempotency.Answer{Code: 204}); err != nil {
		t.Fatal(err)
	}
	if got, ok := begin(t, s, "user#u1", "k", first(now), now); ok || !got.Done || got.Answer.Code != 204 ||
		len(got.Answer.Body) != 0 || got.Answer.Format != "" {
		t.Errorf("Begin after an empty response = %+v, %v", got, ok)
	}
}

func perScope(t *testing.T, s idempotency.Store) {
	now := start()
	begin(t, s, "partner#p1", "k", first(now), now)
	if _, ok := begin(t, s, "partner#p2", "k", first(now), now); !ok {
		t.Error("another partner's key was taken")
	}
	if _, ok := begin(t, s, "user#p1", "k", first(now), now); !ok {
		t.Error("a user's key was taken by a partner's")
	}
}

// A run killed mid-request leaves its record in progress: once its lease has ended, the same
// request takes the key over, with the first run's seed and creation time, on a lease of its own.
func lapsed(t *testing.T, s idempotency.Store) {
	now := start()
	f := first(now)
	begin(t, s, "partner#p1", "k", f, now)
	after := f.LeaseUntil.Add(time.Millisecond)
	retry := first(after)
	retry.Seed = []byte("seed-of-the-retry")
	retry.LeaseUntil = after.Add(time.Minute)
	got, ok := begin(t, s, "partner#p1", "k", retry, after)
	want := f
	want.LeaseUntil = retry.LeaseUntil
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("Begin after the lease = %+v, %v, want %+v, true", got, ok, want)
	}
	if got, ok := begin(t, s, "partner#p1", "k", retry, after.Add(time.Second)); ok || !reflect.DeepEqual(got, want) {
		t.Errorf("Begin within the new lease = %+v, %v, want the record, false", got, ok)
	}
	if got, ok := begin(t, s, "partner#p1", "k", retry, f.LeaseUntil); ok {
		t.Errorf("Begin at the lease's very end = %+v, %v: a lease holds to its end", got, ok)
	}
}

func lapsedOther(t *testing.T, s idempotency.Store) {
	now := start()
	f := first(now)
	begin(t, s, "partner#p1", "k", f, now)
	after := f.LeaseUntil.Add(time.Second)
	other := first(after)
	other.RequestHash = "h2"
	if got, ok := begin(t, s, "partner#p1", "k", other, after); ok || !reflect.DeepEqual(got, f) {
		t.Errorf("another request's Begin after the lease = %+v, %v, want the first record, false", got, ok)
	}
}

func oneTaker(t *testing.T, s idempotency.Store) {
	now := start()
	f := first(now)
	begin(t, s, "partner#p1", "k", f, now)
	after := f.LeaseUntil.Add(time.Second)
	var won atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			retry := first(after)
			retry.LeaseUntil = after.Add(time.Minute + time.Duration(i)*time.Millisecond)
			_, ok, err := s.Begin(context.Background(), "partner#p1", "k", retry, after, after.Add(time.Hour))
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Errorf("%d of 8 concurrent takers won, want 1", won.Load())
	}
}

// After a server error the run releases its lease: the request runs again at once, with its seed;
// the key stays that request's.
func released(t *testing.T, s idempotency.Store) {
	now := start()
	f := first(now)
	begin(t, s, "partner#p1", "k", f, now)
	if err := s.Release(context.Background(), "partner#p1", "k", f.LeaseUntil); err != nil {
		t.Fatal(err)
	}
	other := first(now)
	other.RequestHash = "h2"
	if got, ok := begin(t, s, "partner#p1", "k", other, now); ok || got.RequestHash != "h1" {
		t.Errorf("another request's Begin after Release = %+v, %v, want the first record, false", got, ok)
	}
	retry := first(now)
	retry.Seed = []byte("seed-of-the-retry")
	got, ok := begin(t, s, "partner#p1", "k", retry, now)
	if !ok || string(got.Seed) != "seed-1" || !got.LeaseUntil.Equal(retry.LeaseUntil) {
		t.Errorf("Begin after Release = %+v, %v, want the record with its seed, on the retry's lease, true", got, ok)
	}
	if err := s.Release(context.Background(), "partner#p1", "never", now); err != nil {
		t.Errorf("Release of a key never taken: %v", err)
	}
}

// A run that outlived its lease releases nothing of the run that took over, nor a finished record.
func releaseOwnOnly(t *testing.T, s idempotency.Store) {
	ctx := context.Background()
	now := start()
	f := first(now)
	begin(t, s, "partner#p1", "k", f, now)
	after := f.LeaseUntil.Add(time.Second)
	retry := first(after)
	retry.LeaseUntil = after.Add(time.Minute)
	begin(t, s, "partner#p1", "k", retry, after)
	if err := s.Release(ctx, "partner#p1", "k", f.LeaseUntil); err != nil {
		t.Fatal(err)
	}
	if _, ok := begin(t, s, "partner#p1", "k", retry, after.Add(time.Second)); ok {
		t.Error("the first run's Release ended the lease of the run that took over")
	}
	if err := s.Finish(ctx, "partner#p1", "k", idempotency.Answer{Code: 201}); err != nil {
		t.Fatal(err)
	}
	if err := s.Release(ctx, "partner#p1", "k", retry.LeaseUntil); err != nil {
		t.Fatal(err)
	}
	if got, ok := begin(t, s, "partner#p1", "k", retry, after.Add(time.Second)); ok || !got.Done {
		t.Errorf("Begin after releasing a finished record = %+v, %v, want it finished, false", got, ok)
	}
}

// A record past its expiry is free, whatever its state, though its deletion (a TTL) lags: the
// new request gets a record of its own, its own seed included.
func expired(t *testing.T, s idempotency.Store) {
	ctx := context.Background()
	now := start()
	for _, key := range []string{"inflight", "done"} {
		if _, _, err := s.Begin(ctx, "partner#p1", key, first(now), now, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Finish(ctx, "partner#p1", "done", idempotency.Answer{Code: 200}); err != nil {
		t.Fatal(err)
	}
	later := now.Add(time.Hour + time.Second)
	for _, key := range []string{"inflight", "done"} {
		retry := first(later)
		retry.RequestHash, retry.Seed = "h2", []byte("seed-2")
		if got, ok := begin(t, s, "partner#p1", key, retry, later); !ok || !reflect.DeepEqual(got, retry) {
			t.Errorf("Begin on the expired %s record = %+v, %v, want the new record, true", key, got, ok)
		}
		if got, ok := begin(t, s, "partner#p1", key, first(later), later); ok || got.RequestHash != "h2" || got.Done {
			t.Errorf("Begin after the replacement of %s = %+v, %v, want the new record in flight", key, got, ok)
		}
	}
}
