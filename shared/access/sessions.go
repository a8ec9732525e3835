package access

import "github.com/trustline/platform/shared/fault"

// PartnerSessions admits partners logged in to the back office (a partner JWT from
// POST /v1/auth/login): minting or revoking keys outlives the credential that asks, so a leaked
// partner key must be able neither to mint its own replacement nor to revoke the real ones.
// Administrators manage a partner's keys on their own routes.
func PartnerSessions(p Principal) error {
	if err := Partners(p); err != nil {
		return err
	}
	if !p.Session() {
		return fault.New(fault.Forbidden, "Partner keys are rotated and revoked from a back-office login (POST /v1/auth/login, then Authorization: Bearer <token>, without the key) "+
			"or by an administrator (/api/v1/admin/partners/{partnerId}/keys/...), not with a partner key.")
	}
	return nil
}

// LoginSessions admits whoever is logged in with a JWT, whatever the role (users, partners'
// back-office users, administrators): signing out and changing a password act on the login, never
// on an API key.
func LoginSessions(p Principal) error {
	if !p.Session() || p.SessionID == "" {
		return fault.New(fault.Forbidden, "This endpoint acts on a login session: call it with the token of POST /v1/auth/login, not with an API key.")
	}
	return nil
}
