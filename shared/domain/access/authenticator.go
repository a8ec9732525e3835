package access

import (
	"context"
	"crypto/subtle"
	"net/netip"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// Credential is what a caller presents: an API key, a JWT, or both.
type Credential struct {
	APIKey string
	JWT    string
}

// KeyStore finds keys by hash.
type KeyStore interface {
	// KeyByHash returns the key with that hash, or a NotFound fault.
	KeyByHash(ctx context.Context, hash string) (KeyRecord, error)
	// TouchKey records that the key was used at the given time.
	TouchKey(ctx context.Context, hash string, at time.Time) error
}

// SessionStore tells whether a login session is still signed in.
type SessionStore interface {
	// SessionActive returns the hash (HashKey) of the token the session was issued with when the
	// user's session is stored ("" for a session stored without one), NotFound when it was signed
	// out (or never existed).
	SessionActive(ctx context.Context, userID, sessionID string) (tokenHash string, err error)
}

// Authenticator turns a credential into a principal, and counts principals against their rate
// limits.
type Authenticator struct {
	Keys    KeyStore
	Counter RateCounter
	Tokens  Tokens
	// Sessions tells signed-out JWTs from live ones: one read per request with a JWT. Without it,
	// JWTs are refused.
	Sessions SessionStore
	Stage    string // this deployment's stage: partner and admin keys of another stage are refused
	// RateLimits are the requests per minute by plan, and by role for administrators (RATE_LIMITS):
	// an identity key's limit is its owner's plan's, an administrator's key's the role's, read here
	// at each authentication rather than frozen on the key when it was issued.
	RateLimits map[string]int
	Now        func() time.Time
}

// Authenticate returns the principal of a credential presented from source, after checking it
// (format, stage, revocation, expiry, IP allow-list). When both an API key and a JWT are
// presented, both must be valid and the key decides the principal. Every refusal is Unauthorized
// and never contains the credential; a store's failure is returned as it is. It counts nothing:
// Admit does, once the caller has said who asks.
func (a *Authenticator) Authenticate(ctx context.Context, c Credential, source netip.Addr) (Principal, error) {
	if c.APIKey == "" && c.JWT == "" {
		return Principal{}, fault.New(fault.Unauthorized, "Authentication is required.")
	}
	var p Principal
	if c.JWT != "" {
		var err error
		if p, err = a.session(ctx, c.JWT); err != nil {
			return Principal{}, err
		}
	}
	if c.APIKey != "" {
		return a.key(ctx, c.APIKey, source)
	}
	return p, nil
}

// session authenticates a JWT: its signature and expiry, then its session, one DynamoDB read. A
// function without the signing secret (Tokens.Secret empty) checks the token against the hash its
// session stored at login instead of its signature: the same read, and no power to mint tokens.
func (a *Authenticator) session(ctx context.Context, token string) (Principal, error) {
	if a.Sessions == nil {
		return Principal{}, fault.New(fault.Unauthorized, "This route takes an API key (x-api-key), not a login token.")
	}
	verify := a.Tokens.Verify
	signed := len(a.Tokens.Secret) > 0
	if !signed {
		verify = a.Tokens.claimsOf
	}
	p, err := verify(token)
	if err != nil {
		return Principal{}, err
	}
	hash, err := a.Sessions.SessionActive(ctx, p.UserID, p.SessionID)
	if fault.Is(err, fault.NotFound) {
		return Principal{}, fault.New(fault.Unauthorized, "The session has been signed out; log in again.")
	}
	if err != nil {
		return Principal{}, err
	}
	if !signed && (hash == "" || subtle.ConstantTimeCompare([]byte(hash), []byte(HashKey(token))) != 1) {
		return Principal{}, fault.New(fault.Unauthorized, "The token is invalid.")
	}
	return p, nil
}

// key authenticates an API key: one DynamoDB read, and no write for a key that is not valid.
func (a *Authenticator) key(ctx context.Context, key string, source netip.Addr) (Principal, error) {
	f, err := ParseKey(key)
	if err != nil {
		return Principal{}, err
	}
	if f.Stage != "" && f.Stage != a.Stage {
		return Principal{}, fault.Newf(fault.Unauthorized, "This key belongs to the %s environment, not %s.",
			f.Stage, a.Stage)
	}
	hash := HashKey(key)
	rec, err := a.Keys.KeyByHash(ctx, hash)
	if fault.Is(err, fault.NotFound) {
		return Principal{}, fault.New(fault.Unauthorized, "The API key is not valid.")
	}
	if err != nil {
		return Principal{}, err
	}
	now := a.now()
	switch {
	case subtle.ConstantTimeCompare([]byte(rec.Hash), []byte(hash)) != 1:
		return Principal{}, fault.New(fault.Unauthorized, "The API key is not valid.")
	case rec.RevokedAt != nil:
		return Principal{}, fault.New(fault.Unauthorized, "The API key has been revoked.")
	case rec.ExpiresAt != nil && !now.Before(*rec.ExpiresAt):
		return Principal{}, fault.New(fault.Unauthorized, "The API key has expired.")
	case len(rec.AllowedIPs) > 0 && !allowed(rec.AllowedIPs, source):
		return Principal{}, fault.New(fault.Unauthorized, "The API key is not allowed from this address.")
	}
	p := Principal{
		Role:         rec.Role,
		KeyID:        rec.ID,
		KeyExpiresAt: rec.ExpiresAt,
		RateLimit:    a.limitOf(rec),
		Live:         rec.Mode != ModeTest,
	}
	switch rec.Role {
	case RoleUser, RoleAdmin:
		p.UserID = rec.OwnerID
	case RolePartner:
		p.PartnerID = rec.OwnerID
	}
	if rec.LastUsedAt == nil || now.Sub(*rec.LastUsedAt) >= time.Minute {
		// lastUsedAt is kept to the minute: at most one extra write per key per minute.
		if err := a.Keys.TouchKey(ctx, hash, now); err != nil {
			logs.From(ctx).WarnContext(ctx, "recording key use failed", "keyId", rec.ID, "error", err)
		}
	}
	return p, nil
}

func (a *Authenticator) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}
