package access

import (
	"net/http"

	"github.com/trustline/platform/shared/httpapi"
)

// Presents reports whether a request carries a credential at all (X-API-Key or Authorization),
// well-formed or not.
func Presents(h http.Header) bool {
	return len(h.Values("X-Api-Key")) > 0 || len(h.Values("Authorization")) > 0
}

// Optional serves a route that takes a credential but does not need one (mobile handoff
// creation): a request without any is anonymous and h gets the zero Principal; a request with one
// is authenticated and checked by rule exactly as Require does, so a bad credential is 401 and
// never falls back to anonymous.
func (a *Authenticator) Optional(rule Rule, h HandlerFunc) httpapi.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if !Presents(r.Header) {
			return h(w, r, Principal{})
		}
		return a.Require(rule, h)(w, r)
	}
}
