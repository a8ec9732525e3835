package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/handoff"
	"github.com/trustline/platform/shared/idempotency"
	"github.com/trustline/platform/shared/reference"
)

// conflict fails the test unless err is a Conflict fault.
func conflict(t *testing.T, what string, err error) {
	t.Helper()
	if f := fault.As(err); err == nil || f.Kind != fault.Conflict {
		t.Errorf("%s: %v, want a Conflict", what, err)
	}
}

// A session takes one file, is consumed once, and never after its expiry.
func TestHandoffRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewHandoffRepo(newTable(t))
	now := time.Now().UTC()
	s := handoff.Session{ID: "hs_1", Status: handoff.StatusCreated, CreatedAt: now, ExpiresAt: now.Add(time.Minute), Attempts: map[string]string{}}
	if err := repo.PutSession(ctx, s); err != nil {
		t.Fatal(err)
	}
	_, err := repo.Consume(ctx, s.ID, "usr_1", now)
	conflict(t, "consume before a file", err)
	if err := repo.MarkUploading(ctx, s.ID, "a1", "passport.jpg", 1, now); err != nil {
		t.Fatal(err)
	}
	conflict(t, "an attempt past the bound", repo.MarkUploading(ctx, s.ID, "a2", "passport.jpg", 1, now))
	f := handoff.File{Key: "handoff/hs_1/a1", Name: "passport.jpg", MIME: "image/jpeg", Size: 10, UploadedAt: now}
	conflict(t, "a file after the expiry", repo.MarkReady(ctx, s.ID, f, now.Add(time.Hour)))
	if err := repo.MarkReady(ctx, s.ID, f, now); err != nil {
		t.Fatal(err)
	}
	conflict(t, "a second file", repo.MarkReady(ctx, s.ID, f, now))
	got, err := repo.Consume(ctx, s.ID, "usr_1", now)
	if err != nil || got.Status != handoff.StatusConsumed || got.ConsumedBy != "usr_1" || got.File == nil || got.File.Name != "passport.jpg" {
		t.Fatalf("Consume = %+v, %v", got, err)
	}
	_, err = repo.Consume(ctx, s.ID, "usr_1", now)
	conflict(t, "a second consumption", err)
}

// A key is taken once: the second Begin gets the first's record, its response once finished; an
// abandoned key is free again.
func TestIdempotencyRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewIdempotencyRepo(newTable(t))
	now := time.Now().UTC().Truncate(time.Second)
	first := idempotency.Record{RequestHash: "h1", Method: "POST", Path: "/x", CreatedAt: now}
	if _, ok, err := repo.Begin(ctx, "prt_1", "k", first, now.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("first Begin: %v, %v", ok, err)
	}
	got, ok, err := repo.Begin(ctx, "prt_1", "k", idempotency.Record{RequestHash: "h2"}, now.Add(time.Hour))
	if ok || err != nil || got.RequestHash != "h1" || got.Done || !got.CreatedAt.Equal(now) {
		t.Fatalf("second Begin: %+v, %v, %v", got, ok, err)
	}
	if err := repo.Finish(ctx, "prt_1", "k", idempotency.Record{Status: 201, ContentType: "application/json", Body: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := repo.Begin(ctx, "prt_1", "k", first, now.Add(time.Hour)); !got.Done || got.Status != 201 || string(got.Body) != "{}" {
		t.Errorf("after Finish: %+v", got)
	}
	if _, ok, _ := repo.Begin(ctx, "prt_2", "k", first, now.Add(time.Hour)); !ok {
		t.Error("another caller's key is its own")
	}
	if err := repo.Abandon(ctx, "prt_1", "k"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := repo.Begin(ctx, "prt_1", "k", first, now.Add(time.Hour)); !ok {
		t.Error("an abandoned key is free again")
	}
}

// The lists and their version are written and read back; an unknown list is NotFound.
func TestReferenceRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewReferenceRepo(newTable(t))
	if v, err := repo.ReferenceVersion(ctx); v != "" || err != nil {
		t.Fatalf("version of an empty table: %q, %v", v, err)
	}
	c := reference.Catalog{Version: "v1", Entries: map[string]reference.Entry{"brands": {Body: []byte(`[]`), ETag: `"e1"`}}}
	if err := repo.PutReference(ctx, c); err != nil {
		t.Fatal(err)
	}
	if v, err := repo.ReferenceVersion(ctx); v != "v1" || err != nil {
		t.Errorf("version: %q, %v", v, err)
	}
	if e, err := repo.Reference(ctx, "brands"); err != nil || e.ETag != `"e1"` || string(e.Body) != "[]" {
		t.Errorf("brands: %+v, %v", e, err)
	}
	if _, err := repo.Reference(ctx, "models"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("an unknown list: %v, want NotFound", err)
	}
}
