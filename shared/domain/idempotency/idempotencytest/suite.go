package idempotencytest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
)

// RunStoreSuite checks the promises of idempotency.Store on the stores newStore makes, one empty
// store per case: the in-memory Store here and the DynamoDB repository alike. Expiry is against
// the wall clock, which the repository reads at each write.
func RunStoreSuite(t *testing.T, newStore func(t *testing.T) idempotency.Store) {
	cases := []struct {
		name string
		run  func(t *testing.T, s idempotency.Store)
	}{
		{"a key is taken once", takenOnce},
		{"a finished record keeps its request", finished},
		{"an empty response is kept", emptyResponse},
		{"keys are per scope", perScope},
		{"an abandoned key is free again", abandoned},
		{"an expired key is free again", expired},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newStore(t)) })
	}
}

// first is a request as guard.Idempotency begins it: its creation time to the second.
func first() idempotency.Record {
	return idempotency.Record{
		RequestHash: "h1",
		Method:      "POST",
		Path:        "/v1/contracts",
		CreatedAt:   time.Now().UTC().Truncate(time.Second),
	}
}

func begin(
	t *testing.T,
	s idempotency.Store,
	scope, key string,
	r idempotency.Record,
	expires time.Time,
) (idempotency.Record, bool) {
	t.Helper()
	got, ok, err := s.Begin(context.Background(), scope, key, r, expires)
	if err != nil {
		t.Fatalf("Begin(%s, %s): %v", scope, key, err)
	}
	return got, ok
}

func later() time.Time { return time.Now().Add(time.Hour) }

func takenOnce(t *testing.T, s idempotency.Store) {
	f := first()
	if got, ok := begin(t, s, "partner#p1", "k", f, later()); !ok || !reflect.DeepEqual(got, f) {
		t.Fatalf("first Begin = %+v, %v, want the record, true", got, ok)
	}
	second := idempotency.Record{
		RequestHash: "h2",
		Method:      "PATCH",
		Path:        "/other",
		CreatedAt:   f.CreatedAt.Add(time.Minute),
	}
	if got, ok := begin(t, s, "partner#p1", "k", second, later()); ok || !reflect.DeepEqual(got, f) {
		t.Errorf("second Begin = %+v, %v, want the first record, in flight, false", got, ok)
	}
	if got, ok := begin(t, s, "partner#p1", "k", second, later()); ok || got.RequestHash != "h1" {
		t.Errorf("third Begin = %+v, %v: the second overwrote the first", got, ok)
	}
	if _, ok := begin(t, s, "partner#p1", "k2", second, later()); !ok {
		t.Error("another key was taken")
	}
}

func finished(t *testing.T, s idempotency.Store) {
	ctx := context.Background()
	f := first()
	begin(t, s, "partner#p1", "k", f, later())
	if err := s.Finish(ctx, "partner#p1", "k", idempotency.Record{RequestHash: "h1", Done: true, Status: 201,
		ContentType: "application/json", Body: []byte(`{"id":"x"}`)}); err != nil {
		t.Fatal(err)
	}
	want := f
	want.Done, want.Status, want.ContentType, want.Body = true, 201, "application/json", []byte(`{"id":"x"}`)
	if got, ok := begin(t, s, "partner#p1", "k", idempotency.Record{RequestHash: "h2"}, later()); ok ||
		!reflect.DeepEqual(got, want) {
		t.Errorf("Begin after Finish = %+v, %v, want %+v", got, ok, want)
	}
}

func emptyResponse(t *testing.T, s idempotency.Store) {
	begin(t, s, "user#u1", "k", first(), later())
	if err := s.Finish(context.Background(), "user#u1", "k", idempotency.Record{Done: true, Status: 204}); err != nil {
		t.Fatal(err)
	}
	if got, ok := begin(t, s, "user#u1", "k", first(), later()); ok || !got.Done || got.Status != 204 ||
		len(got.Body) != 0 ||
		got.ContentType != "" {
		t.Errorf("Begin after an empty response = %+v, %v", got, ok)
	}
}

func perScope(t *testing.T, s idempotency.Store) {
	begin(t, s, "partner#p1", "k", first(), later())
	if _, ok := begin(t, s, "partner#p2", "k", first(), later()); !ok {
		t.Error("another partner's key was taken")
	}
	if _, ok := begin(t, s, "user#p1", "k", first(), later()); !ok {
		t.Error("a user's key was taken by a partner's")
	}
}

func abandoned(t *testing.T, s idempotency.Store) {
	ctx := context.Background()
	begin(t, s, "partner#p1", "k", first(), later())
	if err := s.Abandon(ctx, "partner#p1", "k"); err != nil {
		t.Fatal(err)
	}
	retry := first()
	retry.RequestHash = "h2"
	if got, ok := begin(t, s, "partner#p1", "k", retry, later()); !ok || got.RequestHash != "h2" {
		t.Errorf("Begin after Abandon = %+v, %v, want the retry's record, true", got, ok)
	}
	if err := s.Abandon(ctx, "partner#p1", "never"); err != nil {
		t.Errorf("Abandon of a key never taken: %v", err)
	}
}

// A record past its expiry is free, whatever its state, though its deletion (a TTL) lags.
func expired(t *testing.T, s idempotency.Store) {
	ctx := context.Background()
	begin(t, s, "partner#p1", "inflight", first(), time.Now().Add(-time.Hour))
	begin(t, s, "partner#p1", "done", first(), time.Now().Add(-time.Hour))
	if err := s.Finish(ctx, "partner#p1", "done", idempotency.Record{Done: true, Status: 200}); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"inflight", "done"} {
		retry := first()
		retry.RequestHash = "h2"
		if got, ok := begin(t, s, "partner#p1", key, retry, later()); !ok || got.RequestHash != "h2" {
			t.Errorf("Begin on the expired %s record = %+v, %v, want the new record, true", key, got, ok)
		}
		if got, ok := begin(t, s, "partner#p1", key, first(), later()); ok || got.RequestHash != "h2" || got.Done {
			t.Errorf("Begin after the replacement of %s = %+v, %v, want the new record in flight", key, got, ok)
		}
	}
}
