package secretbox_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/foundation/secretbox"
)

// material is DATA_ENCRYPTION_KEY as a Keyring loads it: what is stored now, and how often asked.
type material struct {
	value []byte
	err   error
	loads int
}

func (m *material) load(context.Context) ([]byte, error) {
	m.loads++
	return m.value, m.err
}

// A function started before a rotation opens a secret sealed under the new first line (it loads
// the material again), and asks Secrets Manager at most once a minute however many fail to open.
func TestKeyringOpensWhatANewerLineSealed(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	stored := &material{value: keyA}
	ring, err := secretbox.NewKeyring(keyA, stored.load, time.Hour, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	stored.value = []byte(string(keyB) + "\n" + string(keyA)) // the rotation
	resealed, _ := mustNew(t, keyB).Seal([]byte("whsec_1"), "endpoint:we_1")
	if got, err := ring.Open(ctx, resealed, "endpoint:we_1"); err != nil || string(got) != "whsec_1" {
		t.Fatalf("Open of a secret sealed under the new line = %q, %v", got, err)
	}
	if stored.loads != 1 {
		t.Errorf("%d loads, want 1", stored.loads)
	}
	foreign, _ := mustNew(t, []byte("a-key-no-one-configured-0123456789abc")).Seal([]byte("x"), "endpoint:we_1")
	for range 3 {
		if _, err := ring.Open(ctx, foreign, "endpoint:we_1"); err == nil {
			t.Fatal("a secret under no configured key opened")
		}
	}
	if stored.loads != 1 {
		t.Errorf("%d loads after three secrets that open under no key within the minute, want still 1", stored.loads)
	}
	now = now.Add(time.Minute)
	_, _ = ring.Open(ctx, foreign, "endpoint:we_1")
	if stored.loads != 2 {
		t.Errorf("%d loads a minute later, want 2", stored.loads)
	}
}

// Held for MaxAge, the material is loaded again before sealing: within MaxAge of a rotation every
// function seals under the new line, which alone then opens what it sealed.
func TestKeyringSealsUnderTheNewLineWithinMaxAge(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	stored := &material{value: keyA}
	ring, err := secretbox.NewKeyring(keyA, stored.load, 10*time.Minute, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	stored.value = []byte(string(keyB) + "\n" + string(keyA))
	before, _ := ring.Seal(ctx, []byte("whsec_1"), "partner:prt_1")
	if _, err := mustNew(t, keyA).Open(before, "partner:prt_1"); err != nil || stored.loads != 0 {
		t.Errorf("sealed within MaxAge: not under the material held (%v, %d loads)", err, stored.loads)
	}
	now = now.Add(10 * time.Minute)
	after, _ := ring.Seal(ctx, []byte("whsec_1"), "partner:prt_1")
	if got, err := mustNew(t, keyB).Open(after, "partner:prt_1"); err != nil || string(got) != "whsec_1" {
		t.Errorf("sealed after MaxAge, under the new line alone: %q, %v", got, err)
	}
}

// A load that fails keeps the material held, and the failure is in the error of the secret that
// did not open; a Keyring without a loader never loads; a nil Keyring has no key.
func TestKeyringFailures(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	stored := &material{err: errors.New("AccessDeniedException")}
	ring, err := secretbox.NewKeyring(keyA, stored.load, time.Hour, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	underB, _ := mustNew(t, keyB).Seal([]byte("s"), "c")
	if _, err := ring.Open(ctx, underB, "c"); err == nil || !strings.Contains(err.Error(), "AccessDeniedException") {
		t.Errorf("Open with a failing load = %v, want the load's failure named", err)
	}
	underA, _ := mustNew(t, keyA).Seal([]byte("s"), "c")
	if got, err := ring.Open(ctx, underA, "c"); err != nil || string(got) != "s" {
		t.Errorf("the material held, after a failed load: %q, %v", got, err)
	}
	fixed, err := secretbox.NewKeyring(keyA, nil, 0, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fixed.Open(ctx, underB, "c"); err == nil {
		t.Error("a Keyring without a loader opened a secret of another key")
	}
	var none *secretbox.Keyring
	if _, err := none.Seal(ctx, []byte("s"), "c"); err == nil {
		t.Error("a nil Keyring sealed")
	}
	if _, err := none.Open(ctx, underA, "c"); err == nil {
		t.Error("a nil Keyring opened")
	}
	if _, err := secretbox.NewKeyring([]byte("short"), nil, 0, time.Now); err == nil {
		t.Error("a Keyring took a short key material")
	}
}
