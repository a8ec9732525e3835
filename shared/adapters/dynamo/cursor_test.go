package dynamo

import (
	"encoding/base64"
	"encoding/json"
	"maps"
	"testing"

	"github.com/trustline/platform/shared/foundation/fault"
)

// A cursor is refused (Invalid, a 422 problem) unless it is a position in the caller's own
// listing with every key attribute of that listing: a well-formed cursor that lacks one would
// be refused by DynamoDB as a starting key, a 500.
func TestOwnedCursor(t *testing.T) {
	enc := func(m map[string]string) string {
		b, _ := json.Marshal(m)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	full := map[string]string{
		"pk":     "INVOICE#INV-1",
		"sk":     "INVOICE",
		"gsi1pk": "INVOICES#usr_1",
		"gsi1sk": "2026#INV-1",
	}
	without := func(k string) map[string]string {
		m := maps.Clone(full)
		delete(m, k)
		return m
	}
	with := func(k, v string) map[string]string {
		m := maps.Clone(full)
		m[k] = v
		return m
	}
	if _, err := ownedCursor(enc(full), gsi1Cursor, "gsi1pk", "INVOICES#usr_1"); err != nil {
		t.Fatalf("a page's own cursor: %v", err)
	}
	for name, c := range map[string]string{
		"not base64":        "%%%",
		"not JSON":          base64.RawURLEncoding.EncodeToString([]byte("[1,2]")),
		"the owner alone":   enc(map[string]string{"gsi1pk": "INVOICES#usr_1"}),
		"no pk":             enc(without("pk")),
		"no sk":             enc(without("sk")),
		"no gsi1sk":         enc(without("gsi1sk")),
		"an empty sk":       enc(with("sk", "")),
		"another attribute": enc(with("status", "paid")),
		"another owner":     enc(with("gsi1pk", "INVOICES#usr_2")),
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := ownedCursor(c, gsi1Cursor, "gsi1pk", "INVOICES#usr_1"); fault.As(err) == nil ||
				fault.As(err).Kind != fault.Invalid {
				t.Errorf("ownedCursor = %v, want Invalid", err)
			}
		})
	}
}
