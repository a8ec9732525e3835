package handoff_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/handoff/handofftest"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
)

// memBlobs is a bucket in memory.
type memBlobs struct {
	mu      sync.Mutex
	objects map[string][]byte
}

func (b *memBlobs) Put(_ context.Context, key string, data []byte, _ string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.objects[key] = bytes.Clone(data)
	return nil
}

func (b *memBlobs) Copy(_ context.Context, src, dst string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	data, ok := b.objects[src]
	if !ok {
		return fault.New(fault.NotFound, "no")
	}
	b.objects[dst] = bytes.Clone(data)
	return nil
}

func (b *memBlobs) List(_ context.Context, prefix string) ([]string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var keys []string
	for k := range b.objects {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys, nil
}

func (b *memBlobs) Read(_ context.Context, key string, limit int64) ([]byte, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	data, ok := b.objects[key]
	if !ok {
		return nil, fault.New(fault.NotFound, "no")
	}
	return bytes.Clone(data[:min(int64(len(data)), limit)]), nil
}

func (b *memBlobs) Size(_ context.Context, key string) (int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	data, ok := b.objects[key]
	if !ok {
		return 0, fault.New(fault.NotFound, "no")
	}
	return int64(len(data)), nil
}

func (b *memBlobs) Delete(_ context.Context, key string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.objects, key)
	return nil
}

func (b *memBlobs) PresignPost(
	_ context.Context,
	key string,
	_ int64,
	ttl time.Duration,
) (string, map[string]string, error) {
	return "https://bucket.example/", map[string]string{"key": key, "ttl": ttl.String()}, nil
}

func (b *memBlobs) PresignGet(_ context.Context, key, _ string, _ time.Duration) (string, error) {
	return "https://bucket.example/" + key, nil
}

func (b *memBlobs) keys(prefix string) []string {
	keys, _ := b.List(context.Background(), prefix)
	return keys
}

var (
	jpeg = append([]byte("\xff\xd8\xff\xe0"), make([]byte, 60)...)
	png  = append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 90)...)
)

func newService(now time.Time) (*handoff.Service, *handofftest.Store, *memBlobs) {
	store := &handofftest.Store{}
	blobs := &memBlobs{objects: map[string][]byte{}}
	return &handoff.Service{
		Store:        store,
		Blobs:        blobs,
		TTL:          15 * time.Minute,
		UploadWindow: 5 * time.Minute,
		MaxBytes:     1 << 20,
		DownloadTTL:  5 * time.Minute,
		Now:          func() time.Time { return now },
	}, store, blobs
}

// sessionOf is a session as the store holds it.
func sessionOf(t *testing.T, store *handofftest.Store, id string) handoff.Session {
	t.Helper()
	s, err := store.Session(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCreateKeepsOnlyTheTokensHash(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	svc, store, _ := newService(now)
	s, up, token, err := svc.Create(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	stored := sessionOf(t, store, s.ID)
	if !strings.HasPrefix(token, "hct_") || stored.TokenHash != handoff.HashToken(token) ||
		strings.Contains(stored.TokenHash, token[4:]) {
		t.Errorf("token %q, stored hash %q", token, stored.TokenHash)
	}
	if !up.ExpiresAt.Equal(now.Add(5*time.Minute)) || up.Fields["ttl"] != "5m0s" ||
		strings.Contains(up.Fields["key"], token[4:]) {
		t.Errorf("upload %+v: want the 5-minute upload window", up)
	}
	owned, _, token, _ := svc.Create(context.Background(), "usr_1")
	if token != "" || sessionOf(t, store, owned.ID).OwnerID != "usr_1" ||
		sessionOf(t, store, owned.ID).TokenHash != "" {
		t.Errorf("a user's session: token %q, stored %+v", token, sessionOf(t, store, owned.ID))
	}
	svc.TTL = 2 * time.Minute
	_, up, _, _ = svc.Create(context.Background(), "usr_1")
	if !up.ExpiresAt.Equal(now.Add(2 * time.Minute)) {
		t.Errorf("upload expires at %v, want the session's expiry", up.ExpiresAt)
	}
}

func TestWhoConsumes(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name     string
		owner    string // "" for a session created without a credential
		as       handoff.Consumer
		useToken bool
		want     fault.Kind // Internal for success
	}{
		{"the owner", "usr_1", handoff.Consumer{UserID: "usr_1"}, false, fault.Internal},
		{"another user", "usr_1", handoff.Consumer{UserID: "usr_2"}, false, fault.NotFound},
		{
			"another user with a token",
			"usr_1",
			handoff.Consumer{UserID: "usr_2", Tokens: []string{"hct_x"}},
			false,
			fault.NotFound,
		},
		{"anonymous session, no token", "", handoff.Consumer{UserID: "usr_2"}, false, fault.Forbidden},
		{
			"anonymous session, a wrong token",
			"",
			handoff.Consumer{UserID: "usr_2", Tokens: []string{"hct_aaaaaaaaaaaaaaaaaaaaaaaaaa"}},
			false,
			fault.Forbidden,
		},
		{"anonymous session, its token", "", handoff.Consumer{UserID: "usr_2"}, true, fault.Internal},
		{
			"anonymous session, its token among others",
			"",
			handoff.Consumer{UserID: "usr_2", Tokens: []string{"hct_other"}},
			true,
			fault.Internal,
		},
		{"its token without a user", "", handoff.Consumer{}, true, fault.NotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc, _, _ := newService(time.Now())
			s, _, token, err := svc.Create(ctx, tt.owner)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Upload(ctx, s.ID, "a.jpg", jpeg); err != nil {
				t.Fatal(err)
			}
			if tt.useToken {
				tt.as.Tokens = append(tt.as.Tokens, token)
			}
			_, _, _, err = svc.Consume(ctx, s.ID, tt.as)
			if got := fault.As(err).Kind; (err == nil) != (tt.want == fault.Internal) ||
				(err != nil && got != tt.want) {
				t.Fatalf("consume: %v, want kind %v", err, tt.want)
			}
			if _, err := svc.File(ctx, s.ID, tt.as); (err == nil) != (tt.want == fault.Internal) ||
				(err != nil && fault.As(err).Kind != tt.want) {
				t.Errorf("file: %v, want kind %v", err, tt.want)
			}
			if err == nil {
				// Consumed: anyone else is told nothing.
				if _, err := svc.File(ctx, s.ID, handoff.Consumer{UserID: "usr_3", Tokens: []string{token}}); !fault.Is(
					err,
					fault.NotFound,
				) {
					t.Errorf("another user after consumption: %v", err)
				}
			}
		})
	}
}

func TestLateLandingChangesNothing(t *testing.T) {
	ctx := context.Background()
	svc, store, blobs := newService(time.Now())
	s, up, _, _ := svc.Create(ctx, "usr_1")
	landing := up.Fields["key"]
	_ = blobs.Put(ctx, landing, jpeg, "")
	if err := svc.Uploaded(ctx, landing); err != nil {
		t.Fatal(err)
	}
	ready := sessionOf(t, store, s.ID).File
	if ready == nil || !strings.HasPrefix(ready.Key, "handoff-ready/"+s.ID+"/") || ready.MIME != "image/jpeg" ||
		ready.Size != int64(len(jpeg)) {
		t.Fatalf("file = %+v", ready)
	}
	// The kept policy again, with another file: it lands, the notice deletes it.
	_ = blobs.Put(ctx, landing, png, "")
	if err := svc.Uploaded(ctx, landing); err != nil {
		t.Fatal(err)
	}
	if got := sessionOf(t, store, s.ID).File; *got != *ready || !bytes.Equal(blobs.objects[ready.Key], jpeg) {
		t.Errorf("after a late landing: %+v", got)
	}
	if keys := blobs.keys("handoff/"); len(keys) != 0 {
		t.Errorf("landing objects left: %v", keys)
	}
	if _, err := svc.Upload(ctx, s.ID, "b.png", png); !fault.Is(err, fault.Conflict) {
		t.Errorf("an API upload once ready: %v", err)
	}
}

func TestLandingIsJudgedOnItsCopy(t *testing.T) {
	ctx := context.Background()
	svc, store, blobs := newService(time.Now())
	s, _, _, _ := svc.Create(ctx, "usr_1")
	up, err := svc.Start(ctx, s.ID, "selfie.png")
	if err != nil {
		t.Fatal(err)
	}
	_ = blobs.Put(ctx, up.Fields["key"], []byte("not a picture at all"), "")
	if _, err := svc.Get(ctx, s.ID); err != nil {
		t.Fatal(err)
	}
	if st := sessionOf(t, store, s.ID); st.Status != handoff.StatusUploading || len(blobs.objects) != 0 {
		t.Fatalf("after a text file: %s, objects %v", st.Status, blobs.keys(""))
	}
	_ = blobs.Put(ctx, up.Fields["key"], png, "")
	got, err := svc.Get(ctx, s.ID) // a read finds the file when the notice is lost
	if err != nil || got.Status != handoff.StatusReady || got.File.Name != "selfie.png" ||
		got.File.MIME != "image/png" {
		t.Fatalf("get: %+v, %v", got, err)
	}
}

func TestConcurrentUploadsOneWins(t *testing.T) {
	ctx := context.Background()
	for range 20 {
		svc, store, blobs := newService(time.Now())
		s, _, _, _ := svc.Create(ctx, "usr_1")
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, f := range [][]byte{jpeg, png} {
			wg.Go(func() { _, errs[i] = svc.Upload(ctx, s.ID, []string{"a.jpg", "b.png"}[i], f) })
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) ||
			(!fault.Is(errs[0], fault.Conflict) && !fault.Is(errs[1], fault.Conflict)) {
			t.Fatalf("errors %v, want one success and one conflict", errs)
		}
		f := sessionOf(t, store, s.ID).File
		if keys := blobs.keys("handoff-ready/"); len(keys) != 1 || keys[0] != f.Key ||
			int64(len(blobs.objects[f.Key])) != f.Size ||
			handoff.Sniff(blobs.objects[f.Key]) != f.MIME ||
			(f.Name == "a.jpg") != (f.MIME == "image/jpeg") {
			t.Fatalf("file %+v, objects %v", f, keys)
		}
	}
}

func TestUploadAttemptsAreBounded(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(time.Now())
	s, _, _, _ := svc.Create(ctx, "usr_1")
	for i := 1; i < handoff.MaxAttempts; i++ {
		if _, err := svc.Start(ctx, s.ID, "x.jpg"); err != nil {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	if _, err := svc.Start(ctx, s.ID, "x.jpg"); !fault.Is(err, fault.Conflict) {
		t.Errorf("attempt %d: %v, want a conflict", handoff.MaxAttempts+1, err)
	}
}

func TestSessionOf(t *testing.T) {
	for key, want := range map[string][2]string{
		"handoff/hs_a/att": {"hs_a", "att"}, "handoff/hs_a": {}, "handoff/hs_a/": {}, "handoff-ready/hs_a/x": {},
		"handoff/hs_a/b/c": {}, "raw/x": {},
	} {
		if id, attempt := handoff.SessionOf(key); id != want[0] || attempt != want[1] {
			t.Errorf("SessionOf(%q) = %q, %q", key, id, attempt)
		}
	}
}

// A creation run again under its idempotency key (its first run killed after it opened the
// session) answers the session that run opened: the same id, the same consume token, an upload to
// the same attempt; one session is stored. Another key opens another session.
func TestCreateUnderAKeyOpensOneSession(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	svc, store, _ := newService(now)
	key := func(seed string) context.Context {
		return idempotency.WithAttempt(context.Background(), idempotency.Attempt{Seed: []byte(seed), Started: now})
	}
	for _, owner := range []string{"", "usr_1"} {
		s, up, token, err := svc.Create(key("one"+owner), owner)
		if err != nil {
			t.Fatal(err)
		}
		again, up2, token2, err := svc.Create(key("one"+owner), owner)
		if err != nil || again.ID != s.ID || token2 != token || up2.Fields["key"] != up.Fields["key"] {
			t.Errorf("owner %q: run again: %s %q %q, %v; want %s %q %q", owner, again.ID, token2, up2.Fields["key"],
				err, s.ID, token, up.Fields["key"])
		}
		if (owner == "") != (token != "") {
			t.Errorf("owner %q: consume token %q", owner, token)
		}
		if stored := sessionOf(t, store, s.ID); stored.OwnerID != owner || len(stored.Attempts) != 1 {
			t.Errorf("owner %q: stored %+v, want the session with its one attempt", owner, stored)
		}
		if other, _, _, _ := svc.Create(key("two"+owner), owner); other.ID == s.ID {
			t.Errorf("owner %q: another key opened the same session", owner)
		}
	}
}
