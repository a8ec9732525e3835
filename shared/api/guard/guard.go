package guard

import (
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Guard authenticates the requests of the routes it wraps.
type Guard struct {
	Auth *access.Authenticator
	// Failures throttles source addresses whose credentials fail; nil means no throttle.
	Failures *Failures
}

// HandlerFunc is an endpoint that knows its caller; like httpapi.HandlerFunc, it returns the error
// to answer.
type HandlerFunc func(w http.ResponseWriter, r *http.Request, p access.Principal) error

// Authenticate returns the request's principal, after checking the credential (see
// access.Authenticator.Authenticate) and counting the request against its owner's rate limit. The
// credential is checked first, so a valid one is served whatever its address did before; a failed
// one from an address whose credentials keep failing answers 429 rather than 401 (see Failures).
// The request's log line names the principal, even when its rate limit refuses it.
func (g *Guard) Authenticate(r *http.Request) (access.Principal, error) {
	source := httpapi.SourceIP(r)
	cred, err := ReadCredential(r.Header)
	var p access.Principal
	if err == nil {
		p, err = g.Auth.Authenticate(r.Context(), cred, source)
	}
	if err != nil {
		if fault.Is(err, fault.Unauthorized) && Presents(r.Header) {
			// Never before the check: 30 bad keys from an address a partner shares (a NAT, a
			// proxy) would otherwise lock its valid key out of the API.
			if throttled := g.Failures.check(source, g.now()); throttled != nil {
				return access.Principal{}, throttled
			}
			g.Failures.record(source, g.now())
		}
		return access.Principal{}, err
	}
	who := []any{"role", string(p.Role), "ownerId", p.Owner()}
	if p.KeyID != "" {
		who = append(who, "keyId", p.KeyID)
	}
	httpapi.Identify(r.Context(), who...)
	if err := g.Auth.Admit(r.Context(), p); err != nil {
		return access.Principal{}, err
	}
	return p, nil
}

// Require authenticates the request, applies the rule, and calls h with the principal. Failures
// are problems: 401 for the credential, 403 for the rule, 429 for the rate limit.
func (g *Guard) Require(rule access.Rule, h HandlerFunc) httpapi.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, err := g.Authenticate(r)
		if err == nil {
			err = rule(p)
		}
		if err != nil {
			return err
		}
		return h(w, r, p)
	}
}

// Throttle limits a route that takes no credential (login, registration, handoff creation) by the
// caller's address: perMinute requests per address and route in each minute, then 429 with
// Retry-After. Guessing passwords or flooding mailboxes from one address stops there.
func (g *Guard) Throttle(route string, perMinute int, h httpapi.HandlerFunc) httpapi.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := g.Auth.Limit(r.Context(), "ip#"+route+"#"+httpapi.SourceIP(r).String(), perMinute); err != nil {
			return err
		}
		return h(w, r)
	}
}

// PerOwner limits a costly route to perMinute calls per owner (user or partner, across all its keys
// and tokens) in each minute, on top of the owner's request rate limit: 429 with Retry-After.
func (g *Guard) PerOwner(route string, perMinute int, h HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		if err := g.Auth.Limit(r.Context(), route+"#"+p.Owner(), perMinute); err != nil {
			return err
		}
		return h(w, r, p)
	}
}

// now is the authenticator's clock, so that failures and rate limits share one minute.
func (g *Guard) now() time.Time {
	if g.Auth.Now != nil {
		return g.Auth.Now()
	}
	return time.Now()
}
