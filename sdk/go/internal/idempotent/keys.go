package idempotent

import (
	"net/http"

	"github.com/google/uuid"
)

// Header is the request header carrying the key.
const Header = "Idempotency-Key"

// NewKey is a fresh key: a random UUID v4, as the APIs ask.
func NewKey() string { return uuid.NewString() }

// Replayed reports whether resp is a stored response answered again for a key already used (the
// idempotent-replayed header).
func Replayed(resp *http.Response) bool {
	return resp != nil && resp.Header.Get("Idempotent-Replayed") == "true"
}

// Auto gives r a fresh key when it has none and takes reports that its operation takes one: a key
// per call, which Retrying sends again on the client's own retries.
func Auto(r *http.Request, takes func(method, path string) bool) {
	if r.Header.Get(Header) == "" && takes(r.Method, r.URL.Path) {
		r.Header.Set(Header, NewKey())
	}
}
