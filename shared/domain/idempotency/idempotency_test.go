package idempotency_test

import (
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
