package access

import (
	"net/http"
	"strconv"

	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/httpapi"
)

// Rule decides whether a principal may call a route; it returns a Forbidden fault when not.
type Rule func(Principal) error

// HandlerFunc is an endpoint that knows its caller; like httpapi.HandlerFunc, it returns the error
// to answer.
type HandlerFunc func(w http.ResponseWriter, r *http.Request, p Principal) error

// Require authenticates the request, applies the rule, and calls h with the principal. Failures
// are problems: 401 for the credential, 403 for the rule, 429 for the rate limit.
func (a *Authenticator) Require(rule Rule, h HandlerFunc) httpapi.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, err := a.Authenticate(r)
		if err == nil {
			err = rule(p)
		}
		if err != nil {
			return err
		}
		return h(w, r, p)
	}
}

// Users admits identity API users (JWT or sk_ key).
func Users(p Principal) error {
	if p.Role != RoleUser {
		return fault.New(fault.Forbidden, "This endpoint belongs to the identity API: use a user token or an sk_ key.")
	}
	return nil
}

// UserSessions admits users logged in with a JWT: managing keys needs a console session, so a
// leaked key cannot mint more keys.
func UserSessions(p Principal) error {
	if err := Users(p); err != nil {
		return err
	}
	if !p.Session() {
		return fault.New(fault.Forbidden, "API keys are managed with a login token (POST /v1/auth/login), not with an API key.")
	}
	return nil
}

// adminPartnerRoutes are the routes on which an administrator acts on a named partner; a 403 on a
// partner's own route points there, so it names only routes that exist.
const adminPartnerRoutes = "GET /api/v1/admin/partners/{partnerId}/keys, POST /api/v1/admin/partners/{partnerId}/keys/rotate, " +
	"PATCH /api/v1/partners/{partnerId}/webhook, and the contract routes with partnerId in the body"

// Partners admits partners (pk_ key, or a back-office user bound to a partner).
func Partners(p Principal) error { return PartnersInsteadOf(adminPartnerRoutes)(p) }

// PartnersInsteadOf admits partners, and tells an administrator which route does the same for a
// named partner.
func PartnersInsteadOf(adminRoute string) Rule {
	return func(p Principal) error {
		if p.Role != RolePartner {
			return fault.Newf(fault.Forbidden, "This endpoint is the partner's own space: call it with the partner's key. Administrators use %s.", adminRoute)
		}
		return nil
	}
}

// PartnersOrAdmins admits partners and administrators.
func PartnersOrAdmins(p Principal) error {
	if p.Role != RolePartner && p.Role != RoleAdmin {
		return fault.New(fault.Forbidden, "This endpoint needs a partner or administrator credential.")
	}
	return nil
}

// Admins admits administrators only.
func Admins(p Principal) error {
	if p.Role != RoleAdmin {
		return fault.New(fault.Forbidden, "This endpoint is for administrators only.")
	}
	return nil
}

// AdminsInsteadOf admits administrators, and tells a partner which route is theirs.
func AdminsInsteadOf(partnerRoute string) Rule {
	return func(p Principal) error {
		if p.Role == RolePartner {
			return fault.Newf(fault.Forbidden, "This route is for administrators; partners use %s.", partnerRoute)
		}
		return Admins(p)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// PartnerOf picks the partner a route acts on.
type PartnerOf func(r *http.Request, p Principal) string

// OwnPartner is the caller's own partner (/api/v1/partners/me/...).
func OwnPartner(_ *http.Request, p Principal) string { return p.PartnerID }

// PartnerInPath is the partner named by the {partnerId} path value (administrators' routes).
func PartnerInPath(r *http.Request, _ Principal) string { return r.PathValue("partnerId") }

// Throttle limits a route that takes no credential (login, registration, handoff creation) by the
// caller's address: perMinute requests per address and route in each minute, then 429 with
// Retry-After. Guessing passwords or flooding mailboxes from one address stops there.
func (a *Authenticator) Throttle(route string, perMinute int, h httpapi.HandlerFunc) httpapi.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		n, err := a.hit(r.Context(), "ip#"+route+"#"+httpapi.SourceIP(r).String())
		if err == nil {
			err = a.limit(Principal{RateLimit: perMinute}, n)
		}
		if err != nil {
			return err
		}
		return h(w, r)
	}
}

// PerOwner limits a costly route to perMinute calls per owner (user or partner, across all its keys
// and tokens) in each minute, on top of the owner's request rate limit: 429 with Retry-After.
func (a *Authenticator) PerOwner(route string, perMinute int, h HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p Principal) error {
		n, err := a.hit(r.Context(), route+"#"+p.owner())
		if err == nil {
			err = a.limit(Principal{RateLimit: perMinute}, n)
		}
		if err != nil {
			return err
		}
		return h(w, r, p)
	}
}
