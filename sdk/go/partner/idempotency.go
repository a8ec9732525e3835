package partner

import (
	"context"
	"net/http"
	"regexp"

	"github.com/trustline/platform/sdk/go/internal/idempotent"
)

// WithIdempotencyKey sends key as the Idempotency-Key of one call: the same key on a retry of the
// same write (same method, path and body) answers the stored response rather than acting twice,
// with idempotent-replayed: true. Keep the key of a write whose answer was lost and send it again.
// The generated Params types' IdempotencyKey field does the same.
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

// idempotentWrites are the operations of openapi/partner.yaml that take an Idempotency-Key: the
// contract creations, the webhook configuration, the redelivery and recovery of deliveries, the
// creation of partners and the rotation of their keys. They match the end of the path, so that a
// base URL with a path prefix works too.
var idempotentWrites = []struct {
	method string
	path   *regexp.Regexp
}{
	{http.MethodPost, regexp.MustCompile(`/api/v1/partner/contracts/(auto|voyage)/classic$`)},
	{http.MethodPost, regexp.MustCompile(`/api/v1/contracts/auto/classic$`)},
	{http.MethodPatch, regexp.MustCompile(`/api/v1/partners/[^/]+/webhook$`)},
	{http.MethodPost, regexp.MustCompile(`/api/v1/partners/me/webhook/deliveries/[^/]+/redeliver$`)},
	{http.MethodPost, regexp.MustCompile(`/api/v1/partners/me/webhook/recover$`)},
	{http.MethodPost, regexp.MustCompile(`/api/v1/admin/partners$`)},
	{http.MethodPost, regexp.MustCompile(`/api/v1/(partners/me|admin/partners/[^/]+)/keys/rotate$`)},
}

// AutoIdempotencyKeys gives a write that takes an Idempotency-Key and has none (neither from its
// Params nor from WithIdempotencyKey) a fresh one, a key per call, which the client's own retries
// (Retrying) send again: a network error or a time-out then leaves no doubt on the server's side.
// A caller who retries a call itself, across processes say, keeps a key of its own
// (NewIdempotencyKey) and passes it on each try. New installs it.
func AutoIdempotencyKeys(_ context.Context, r *http.Request) error {
	idempotent.Auto(r, func(method, path string) bool {
		for _, w := range idempotentWrites {
			if method == w.method && w.path.MatchString(path) {
				return true
			}
		}
		return false
	})
	return nil
}
