package access

import (
	"context"
	"crypto/subtle"
	"fmt"
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

// RateCounter counts requests in fixed windows.
type RateCounter interface {
	// Hit adds one to subject's counter for the window starting at window, kept until expires,
	// and returns the new count: one write.
	Hit(ctx context.Context, subject string, window, expires time.Time) (int, error)
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

// Admit counts one request of p against its owner's rate limit (one DynamoDB write, none when p
// has no limit) and refuses it with RateLimited, Retry-After set, when the owner is over it.
func (a *Authenticator) Admit(ctx context.Context, p Principal) error {
	if p.RateLimit <= 0 {
		return nil
	}
	return a.Limit(ctx, p.Owner(), p.RateLimit)
}

// Limit counts one request of subject in the current one-minute window (one DynamoDB write) and
// refuses it with RateLimited, Retry-After set, past perMinute requests; perMinute 0 counts
// without limiting.
func (a *Authenticator) Limit(ctx context.Context, subject string, perMinute int) error {
	n, err := a.hit(ctx, subject)
	if err != nil {
		return err
	}
	if perMinute <= 0 || n <= perMinute {
		return nil
	}
	now := a.now()
	retry := int(now.Truncate(time.Minute).Add(time.Minute).Sub(now).Seconds()) + 1
	detail := fmt.Sprintf("Rate limit of %d requests per minute reached; retry after %d s.", perMinute, retry)
	return &fault.Error{Kind: fault.RateLimited, RetryAfter: retry, Detail: detail}
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

// limitOf is a key's requests per minute. An identity key carries its owner's plan (rewritten on
// the owner's keys when the plan changes) and an administrator's key its role, and the limit of
// either is the configuration's for it now: the key item authentication reads anyway says which
// limit applies, so a plan change or a new RATE_LIMITS reaches keys already issued without
// another read per request. A partner's key keeps the partner's own limit, stored with it; a key
// issued before keys carried a plan keeps the limit it was issued with.
func (a *Authenticator) limitOf(rec KeyRecord) int {
	switch {
	case rec.Role == RoleUser && rec.Plan != "":
		return a.RateLimits[rec.Plan]
	case rec.Role == RoleAdmin && a.RateLimits != nil:
		return a.RateLimits[string(RoleAdmin)]
	}
	return rec.RateLimit
}

func allowed(prefixes []netip.Prefix, ip netip.Addr) bool {
	if !ip.IsValid() {
		return false
	}
	for _, p := range prefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// hit counts one request of subject in the current one-minute window: one DynamoDB write.
func (a *Authenticator) hit(ctx context.Context, subject string) (int, error) {
	window := a.now().Truncate(time.Minute)
	return a.Counter.Hit(ctx, subject, window, window.Add(2*time.Minute))
}

func (a *Authenticator) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}
