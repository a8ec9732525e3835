package handofftest

import (
	"context"
	"maps"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/foundation/fault"
)

// RunStoreSuite checks the promises of handoff.Store on the stores newStore makes, one empty store
// per subtest: a session is stored once and read back; it takes upload attempts up to the bound
// and one file, only while created or uploading and unexpired; it is consumed once, only ready
// and unexpired; every refused transition is a Conflict and changes nothing.
func RunStoreSuite(t *testing.T, newStore func(t *testing.T) handoff.Store) {
	cases := []struct {
		name string
		run  func(t *testing.T, s handoff.Store)
	}{
		{"put then read back", putThenReadBack},
		{"upload attempts up to the bound", attemptsUpToTheBound},
		{"one file, while open", oneFileWhileOpen},
		{"consumed once, ready and unexpired", consumedOnce},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newStore(t)) })
	}
}

// t0 is the time every case starts from.
var t0 = time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)

// session is a new session, created at t0 for 15 minutes, with one attempt made.
func session(id string) handoff.Session {
	return handoff.Session{
		ID:        id,
		Status:    handoff.StatusCreated,
		CreatedAt: t0,
		ExpiresAt: t0.Add(15 * time.Minute),
		TokenHash: "hash",
		Attempts:  map[string]string{"a0": ""},
	}
}

// file is the file a session's upload makes ready.
var file = handoff.File{
	Key:        "handoff/hs_1/ready",
	Name:       "passport.jpg",
	MIME:       "image/jpeg",
	Size:       10,
	UploadedAt: t0.Add(time.Minute),
}

func put(t *testing.T, s handoff.Store, h handoff.Session) {
	t.Helper()
	if err := s.PutSession(context.Background(), h); err != nil {
		t.Fatalf("put %s: %v", h.ID, err)
	}
}

func read(t *testing.T, s handoff.Store, id string) handoff.Session {
	t.Helper()
	h, err := s.Session(context.Background(), id)
	if err != nil {
		t.Fatalf("read %s: %v", id, err)
	}
	return h
}

func conflict(t *testing.T, what string, err error) {
	t.Helper()
	if !fault.Is(err, fault.Conflict) {
		t.Errorf("%s: %v, want Conflict", what, err)
	}
}

func putThenReadBack(t *testing.T, s handoff.Store) {
	ctx := context.Background()
	h := session("hs_1")
	owned := session("hs_2")
	owned.OwnerID, owned.TokenHash = "usr_1", ""
	put(t, s, h)
	put(t, s, owned)
	for _, want := range []handoff.Session{h, owned} {
		got := read(t, s, want.ID)
		if got.ID != want.ID || got.Status != want.Status || !got.CreatedAt.Equal(want.CreatedAt) ||
			!got.ExpiresAt.Equal(want.ExpiresAt) ||
			got.OwnerID != want.OwnerID || got.TokenHash != want.TokenHash ||
			!maps.Equal(got.Attempts, want.Attempts) ||
			got.File != nil ||
			got.ConsumedBy != "" ||
			got.ConsumedAt != nil {
			t.Errorf("read back %+v, want %+v", got, want)
		}
	}
	if err := s.PutSession(ctx, h); err != nil {
		t.Errorf("the same session again (a retried call): %v", err)
	}
	other := session("hs_1")
	other.OwnerID = "usr_2"
	conflict(t, "another session of the same id", s.PutSession(ctx, other))
	if got := read(t, s, "hs_1"); got.OwnerID != "" {
		t.Errorf("the refused session replaced the first: %+v", got)
	}
	if _, err := s.Session(ctx, "hs_404"); !fault.Is(err, fault.NotFound) {
		t.Errorf("an unknown session: %v, want NotFound", err)
	}
}

func attemptsUpToTheBound(t *testing.T, s handoff.Store) {
	ctx := context.Background()
	put(t, s, session("hs_1"))
	if err := s.MarkUploading(ctx, "hs_1", "a1", "passport.jpg", 3, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkUploading(ctx, "hs_1", "a2", "", 3, t0); err != nil {
		t.Fatalf("a second attempt while uploading: %v", err)
	}
	conflict(t, "an attempt past the bound", s.MarkUploading(ctx, "hs_1", "a3", "x.jpg", 3, t0))
	got := read(t, s, "hs_1")
	if want := map[string]string{"a0": "", "a1": "passport.jpg", "a2": ""}; got.Status != handoff.StatusUploading ||
		!maps.Equal(got.Attempts, want) {
		t.Errorf("after two attempts: %s, %v; want uploading, %v", got.Status, got.Attempts, want)
	}
	put(t, s, session("hs_2"))
	conflict(t, "an attempt at the expiry", s.MarkUploading(ctx, "hs_2", "a1", "", 10, t0.Add(15*time.Minute)))
	conflict(t, "an attempt of an unknown session", s.MarkUploading(ctx, "hs_404", "a1", "", 10, t0))
	if got := read(t, s, "hs_2"); got.Status != handoff.StatusCreated || len(got.Attempts) != 1 {
		t.Errorf("a refused attempt changed the session: %+v", got)
	}
}

func oneFileWhileOpen(t *testing.T, s handoff.Store) {
	ctx := context.Background()
	put(t, s, session("hs_1"))
	conflict(t, "a file at the expiry", s.MarkReady(ctx, "hs_1", file, t0.Add(15*time.Minute)))
	if err := s.MarkReady(ctx, "hs_1", file, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	second := file
	second.Key = "handoff/hs_1/other"
	conflict(t, "a second file", s.MarkReady(ctx, "hs_1", second, t0.Add(time.Minute)))
	conflict(t, "an attempt once ready", s.MarkUploading(ctx, "hs_1", "a1", "", 10, t0.Add(time.Minute)))
	got := read(t, s, "hs_1")
	if got.Status != handoff.StatusReady || got.File == nil || got.File.Key != file.Key ||
		got.File.Name != file.Name ||
		got.File.MIME != file.MIME ||
		got.File.Size != file.Size ||
		!got.File.UploadedAt.Equal(file.UploadedAt) {
		t.Errorf("ready: %+v, file %+v; want %+v", got, got.File, file)
	}
	put(t, s, session("hs_2"))
	if err := s.MarkUploading(ctx, "hs_2", "a1", "", 10, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkReady(ctx, "hs_2", file, t0); err != nil {
		t.Errorf("a file of an uploading session: %v", err)
	}
	conflict(t, "a file of an unknown session", s.MarkReady(ctx, "hs_404", file, t0))
}

func consumedOnce(t *testing.T, s handoff.Store) {
	ctx := context.Background()
	put(t, s, session("hs_1"))
	_, err := s.Consume(ctx, "hs_1", "usr_1", t0)
	conflict(t, "a consumption before a file", err)
	if err := s.MarkReady(ctx, "hs_1", file, t0); err != nil {
		t.Fatal(err)
	}
	_, err = s.Consume(ctx, "hs_1", "usr_1", t0.Add(15*time.Minute))
	conflict(t, "a consumption at the expiry", err)
	at := t0.Add(2 * time.Minute)
	got, err := s.Consume(ctx, "hs_1", "usr_1", at)
	if err != nil || got.Status != handoff.StatusConsumed || got.ConsumedBy != "usr_1" || got.ConsumedAt == nil ||
		!got.ConsumedAt.Equal(at) ||
		got.File == nil ||
		got.File.Key != file.Key {
		t.Fatalf("Consume = %+v, %v", got, err)
	}
	if stored := read(t, s, "hs_1"); stored.Status != handoff.StatusConsumed || stored.ConsumedBy != "usr_1" ||
		stored.ConsumedAt == nil ||
		!stored.ConsumedAt.Equal(at) {
		t.Errorf("stored after Consume: %+v", stored)
	}
	_, err = s.Consume(ctx, "hs_1", "usr_2", at)
	conflict(t, "a second consumption", err)
	conflict(t, "a file once consumed", s.MarkReady(ctx, "hs_1", file, at))
	_, err = s.Consume(ctx, "hs_404", "usr_1", at)
	conflict(t, "a consumption of an unknown session", err)
}
