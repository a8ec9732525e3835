package access

import "github.com/trustline/platform/shared/foundation/fault"

// Rule decides whether a principal may call a route; it returns a Forbidden fault when not.
type Rule func(Principal) error

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
		return fault.New(
			fault.Forbidden,
			"API keys are managed with a login token (POST /v1/auth/login), not with an API key.",
		)
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
			return fault.Newf(
				fault.Forbidden,
				"This endpoint is the partner's own space: call it with the partner's key. Administrators use %s.",
				adminRoute,
			)
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

// PartnerSessions admits partners logged in to the back office (a partner JWT from
// POST /v1/auth/login): minting or revoking keys outlives the credential that asks, so a leaked
// partner key must be able neither to mint its own replacement nor to revoke the real ones.
// Administrators manage a partner's keys on their own routes.
func PartnerSessions(p Principal) error {
	if err := Partners(p); err != nil {
		return err
	}
	if !p.Session() {
		return fault.New(
			fault.Forbidden,
			"Partner keys are rotated and revoked from a back-office login (POST /v1/auth/login, then Authorization: Bearer <token>, without the key) "+
				"or by an administrator (/api/v1/admin/partners/{partnerId}/keys/...), not with a partner key.",
		)
	}
	return nil
}

// LoginSessions admits whoever is logged in with a JWT, whatever the role (users, partners'
// back-office users, administrators): signing out and changing a password act on the login, never
// on an API key.
func LoginSessions(p Principal) error {
	if !p.Session() || p.SessionID == "" {
		return fault.New(
			fault.Forbidden,
			"This endpoint acts on a login session: call it with the token of POST /v1/auth/login, not with an API key.",
		)
	}
	return nil
}
