package identity

import (
	"context"
	"net/http"
	"regexp"

	"github.com/trustline/platform/sdk/go/internal/idempotent"
)

// WithIdempotencyKey sends key as the Idempotency-Key of one call: the same key on a retry of the
// same request (same method, path and body) answers what the first one made, charged once, rather
// than acting twice. Keep the key of a call whose answer was lost and send it again. The
// generated Params types' IdempotencyKey field does the same.
func WithIdempotencyKey(key string) RequestEditorFn {
	return func(_ context.Context, r *http.Request) error {
		r.Header.Set(idempotent.Header, key)
		return nil
	}
}

// NewIdempotencyKey is a fresh key: a random UUID v4, as the API asks.
func NewIdempotencyKey() string { return idempotent.NewKey() }

// Replayed reports whether resp is a stored response answered again for a key already used
// (the idempotent-replayed header).
func Replayed(resp *http.Response) bool { return idempotent.Replayed(resp) }

// idempotentWrites are the operations of openapi/identity.yaml that take an Idempotency-Key:
// every request that creates or charges. They match the end of the path, so that a base URL with
// a path prefix works too.
var idempotentWrites = regexp.MustCompile(`/v1/(extract/async|batches|uploads|liveness/check|face-match|verifications|` +
	`mobile-handoff/session|api-keys|webhooks|admin/users/[^/]+/credits)$`)

// AutoIdempotencyKeys gives a write that takes an Idempotency-Key and has none (neither from its
// Params nor from WithIdempotencyKey) a fresh one, a key per call, which the client's own retries
// (Retrying) send again: a network error or a time-out then never charges twice. A caller who
// retries a call itself, across processes say, keeps a key of its own (NewIdempotencyKey) and
// passes it on each try. New installs it.
func AutoIdempotencyKeys(_ context.Context, r *http.Request) error {
	idempotent.Auto(r, func(method, path string) bool {
		return method == http.MethodPost && idempotentWrites.MatchString(path)
	})
	return nil
}

// Retrying is the Doer New puts in front of the client's own: it sends a read (GET, HEAD), or a
// request carrying an Idempotency-Key (with the same key), again after a transport error, a 429,
// 502, 503 or 504, or a 409 with Retry-After (the key's first request still running), waiting its
// Retry-After (at most MaxWait) or Backoff doubling, up to Attempts in all. A write without a key
// is sent once.
type Retrying = idempotent.Retrying
