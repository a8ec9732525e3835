package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/handoff"
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
