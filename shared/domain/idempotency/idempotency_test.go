package idempotency_test

import (
	"context"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/idempotency"
)

// One request is one hash however its JSON is written; the method, the path, a value or another
// media type make another request.
func TestHashComparesMeaning(t *testing.T) {
	const json = "application/json"
	first := idempotency.Hash("POST", "/v1/x", json, []byte(`{"a":1,"b":"two"}`))
	for name, same := range map[string]string{
		"spacing and key order": idempotency.Hash("POST", "/v1/x", json, []byte("{ \"b\": \"two\",\n \"a\": 1 }")),
		"a charset parameter":   idempotency.Hash("POST", "/v1/x", json+"; charset=utf-8", []byte(`{"b":"two","a":1}`)),
	} {
		if same != first {
			t.Errorf("%s: another hash", name)
		}
	}
	for name, other := range map[string]string{
		"another value":      idempotency.Hash("POST", "/v1/x", json, []byte(`{"a":2,"b":"two"}`)),
		"a number rewritten": idempotency.Hash("POST", "/v1/x", json, []byte(`{"a":1.0,"b":"two"}`)),
		"another path":       idempotency.Hash("POST", "/v1/y", json, []byte(`{"a":1,"b":"two"}`)),
		"another method":     idempotency.Hash("PATCH", "/v1/x", json, []byte(`{"a":1,"b":"two"}`)),
		"not JSON":           idempotency.Hash("POST", "/v1/x", "text/plain", []byte(`{"a":1,"b":"two"}`)),
	} {
		if other == first {
			t.Errorf("%s: the same hash", name)
		}
	}
}

// Keys are the caller's: a partner's keys are the partner's whoever of its people sends them, a
// user's are the user's.
func TestScope(t *testing.T) {
	if idempotency.Scope(
		access.Principal{UserID: "usr_1", PartnerID: "prt_1"},
	) != idempotency.Scope(
		access.Principal{UserID: "usr_2", PartnerID: "prt_1"},
	) {
		t.Error("two people of one partner have two scopes")
	}
	if idempotency.Scope(access.Principal{UserID: "usr_1"}) == idempotency.Scope(access.Principal{UserID: "usr_2"}) {
		t.Error("two users share a scope")
	}
}

// What a request creates is named the same in every run of it, apart from what other requests
// create; without a key, at random.
func TestText(t *testing.T) {
	ctx := idempotency.WithAttempt(context.Background(), idempotency.Attempt{Seed: []byte("seed-1")})
	again := idempotency.WithAttempt(context.Background(), idempotency.Attempt{Seed: []byte("seed-1")})
	other := idempotency.WithAttempt(context.Background(), idempotency.Attempt{Seed: []byte("seed-2")})
	a := idempotency.Text(ctx, "reference")
	if len(a) != 26 || strings.Trim(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != "" {
		t.Errorf("Text = %q, want 26 base32 characters as rand.Text", a)
	}
	if idempotency.Text(again, "reference") != a {
		t.Error("another run of the request names it otherwise")
	}
	if idempotency.Text(ctx, "secret") == a || idempotency.Text(other, "reference") == a {
		t.Error("another name, or another key, names it the same")
	}
	first, second := idempotency.Text(context.Background(), "reference"), idempotency.Text(context.Background(), "reference")
	if first == second {
		t.Error("without a key, two texts are the same")
	}
}

// A sealed value opens under its key and scope only.
func TestLock(t *testing.T) {
	l := idempotency.LockOf("user#usr_1", "k")
	sealed := l.Seal([]byte("sk_live_x"))
	if got, err := idempotency.LockOf("user#usr_1", "k").Open(sealed); err != nil || string(got) != "sk_live_x" {
		t.Fatalf("Open = %q, %v", got, err)
	}
	for name, other := range map[string]idempotency.Lock{
		"another key":   idempotency.LockOf("user#usr_1", "k2"),
		"another scope": idempotency.LockOf("user#usr_2", "k"),
	} {
		if _, err := other.Open(sealed); err == nil {
			t.Errorf("%s opens it", name)
		}
		if other.Name() == l.Name() {
			t.Errorf("%s has the same name", name)
		}
	}
	if got, err := l.Open(l.Seal(nil)); got != nil || err != nil {
		t.Errorf("nil sealed and opened: %q, %v", got, err)
	}
}
