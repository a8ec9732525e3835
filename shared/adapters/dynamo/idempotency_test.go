package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
)

// A key is taken once: the second Begin gets the first's record, its response once finished; a
// released key runs its request again. What is stored is what the guard gives, under the name it
// gives (the suite checks the rest).
func TestIdempotencyRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewIdempotencyRepo(newTable(t))
	now := time.Now().UTC().Truncate(time.Second)
	first := idempotency.Record{RequestHash: "h1", Method: "POST", Path: "/x", CreatedAt: now, Seed: []byte("s"),
		LeaseUntil: now.Add(time.Minute)}
	if _, ok, err := repo.Begin(ctx, "prt_1", "k", first, now, now.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("first Begin: %v, %v", ok, err)
	}
	got, ok, err := repo.Begin(ctx, "prt_1", "k", idempotency.Record{RequestHash: "h2"}, now, now.Add(time.Hour))
	if ok || err != nil || got.RequestHash != "h1" || got.Done || !got.CreatedAt.Equal(now) || string(got.Seed) != "s" {
		t.Fatalf("second Begin: %+v, %v, %v", got, ok, err)
	}
	if err := repo.Release(ctx, "prt_1", "k", first.LeaseUntil); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := repo.Begin(ctx, "prt_1", "k", first, now, now.Add(time.Hour)); !ok {
		t.Error("a released key does not run its request again")
	}
	answer := idempotency.Answer{Code: 201, Format: "application/json", Body: []byte(`{}`)}
	if err := repo.Finish(ctx, "prt_1", "k", answer); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := repo.Begin(ctx, "prt_1", "k", first, now, now.Add(time.Hour)); !got.Done ||
		got.Answer.Code != 201 || string(got.Answer.Body) != "{}" {
		t.Errorf("after Finish: %+v", got)
	}
	if _, ok, _ := repo.Begin(ctx, "prt_2", "k", first, now, now.Add(time.Hour)); !ok {
		t.Error("another caller's key is its own")
	}
}
