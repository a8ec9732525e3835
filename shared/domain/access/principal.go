package access

import "time"

// Principal is who a request acts as.
type Principal struct {
	Role      Role
	UserID    string // the user (JWT, or owner of an sk_ key); empty for partner and admin keys
	PartnerID string // role partner
	KeyID     string // set when authenticated by an API key
	// KeyExpiresAt is the key's expiry, when it has one: what a key creates on its own (a webhook
	// endpoint) lives no longer than the key.
	KeyExpiresAt *time.Time
	Live         bool // false for sk_test_ keys: never charged, resources marked livemode: false
	RateLimit    int  // requests per minute; 0 means unlimited
	// SessionID is the login session of a JWT (its jti): signing out deletes the session, and its
	// tokens answer 401 from then on.
	SessionID string
}

// Owner is the rate-limit subject: the partner for partner keys and back-office tokens, else the
// user, so that every key and token of one owner draws on one budget.
func (p Principal) Owner() string {
	if p.PartnerID != "" {
		return "partner#" + p.PartnerID
	}
	return "user#" + p.UserID
}

// Sees reports whether the principal may see a resource of the given mode: an API key sees its own
// mode only (test and live resources are apart), a login session both.
func (p Principal) Sees(live bool) bool { return p.Session() || p.Live == live }

// Session reports whether the principal is a login session (a JWT) rather than an API key.
func (p Principal) Session() bool { return p.KeyID == "" }
