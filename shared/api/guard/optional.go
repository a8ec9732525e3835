package guard

import (
	"net/http"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
)

// Optional serves a route that takes a credential but does not need one (mobile handoff
// creation): a request without any is anonymous and h gets the zero Principal; a request with one
// is authenticated and checked by rule exactly as Require does, so a bad credential is 401 and
// never falls back to anonymous.
func (g *Guard) Optional(rule access.Rule, h HandlerFunc) httpapi.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if !Presents(r.Header) {
			return h(w, r, access.Principal{})
		}
		return g.Require(rule, h)(w, r)
	}
}
