package accounts_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/idempotency"
)

// under is ctx as a request under an idempotency key runs: every run of one key shares its seed.
func under(seed string) context.Context {
	return idempotency.WithAttempt(context.Background(), idempotency.Attempt{Seed: []byte(seed), Started: t0})
}

// A key's creation run again under its idempotency key (its first run killed after storing the key)
// answers the key that run stored, with the same secret, which works; no second key is made.
// Another idempotency key makes another key.
func TestKeysMadeUnderAKeyAreMadeOnce(t *testing.T) {
	store, c := newMemStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	svc, ends := newFullService(store, &fakeMailer{}, c)
	auth := keyAuthenticator(store, c)
	req := accounts.KeyRequest{Name: "ci", Mode: access.ModeLive}

	first, err := svc.CreateUserKey(under("user-key"), "usr_1", req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := svc.CreateUserKey(under("user-key"), "usr_1", req)
	if err != nil || again.Record.ID != first.Record.ID || again.Secret != first.Secret {
		t.Fatalf("run again: %+v, %v; want the first key %s", again.Record, err, first.Record.ID)
	}
	if keys, _ := svc.Keys(context.Background(), "usr_1"); len(keys) != 1 {
		t.Errorf("%d keys, want 1", len(keys))
	}
	if _, err := present(auth, again.Secret, "203.0.113.9"); err != nil {
		t.Errorf("the secret answered again: %v", err)
	}
	if other, _ := svc.CreateUserKey(under("another"), "usr_1", req); other.Record.ID == first.Record.ID {
		t.Error("another idempotency key made the same key")
	}

	p, initial, err := svc.CreatePartner(under("partner"), "Assur Plus", 90)
	if err != nil {
		t.Fatal(err)
	}
	p2, initial2, err := svc.CreatePartner(under("partner"), "Assur Plus", 90)
	if err != nil || p2.ID != p.ID || initial2.Secret != initial.Secret {
		t.Fatalf("partner run again: %+v %s, %v; want %s", p2, initial2.Record.ID, err, p.ID)
	}

	c.t = t0.Add(time.Hour)
	ends.calls = nil
	next, err := svc.RotatePartnerKey(under("rotation"), p.ID)
	if err != nil {
		t.Fatal(err)
	}
	c.t = t0.Add(2 * time.Hour)
	ends.calls = nil
	next2, err := svc.RotatePartnerKey(under("rotation"), p.ID)
	if err != nil || next2.Record.ID != next.Record.ID || next2.Secret != next.Secret {
		t.Fatalf("rotation run again: %s, %v; want %s", next2.Record.ID, err, next.Record.ID)
	}
	graceEnd := t0.Add(time.Hour + 24*time.Hour)
	if got := store.key(initial.Record.ID).ExpiresAt; got == nil || !got.Equal(graceEnd) {
		t.Errorf("the initial key ends %v, want the first run's grace end %v", got, graceEnd)
	}
	want := []endpointCall{{what: "end", ownerID: p.ID, keyID: initial.Record.ID, at: graceEnd}}
	if !slices.EqualFunc(ends.calls, want, sameCall) {
		t.Errorf("the run again ended %+v, want what the first run's rotation ends: %+v", ends.calls, want)
	}
	keys, _ := svc.Keys(context.Background(), p.ID)
	if len(keys) != 2 {
		t.Errorf("%d partner keys, want the initial and the one rotated in", len(keys))
	}
}
