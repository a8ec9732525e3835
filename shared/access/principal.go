package access

import (
	"context"
	"crypto/subtle"
	"net/http"
	"net/netip"
	"time"

	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/logs"
)

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

// KeyRecord is a stored API key: everything but the key itself, of which only the hash is kept.
type KeyRecord struct {
	ID         string
	Hash       string
	Role       Role
	OwnerID    string // user ID for sk_ keys, partner ID for pk_ keys, admin user ID for ak_ keys
	Name       string
	Prefix     string
	Last4      string
	Mode       string // sk_ keys
	Stage      string // pk_ and ak_ keys
	AllowedIPs []netip.Prefix
	RateLimit  int
	CreatedAt  time.Time
	ExpiresAt  *time.Time // set by the caller, or by rotation (end of the grace period)
	RevokedAt  *time.Time
	LastUsedAt *time.Time
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

// Authenticator turns a request's credential into a principal.
type Authenticator struct {
	Keys    KeyStore
	Counter RateCounter
	Tokens  Tokens
	// Sessions tells signed-out JWTs from live ones: one read per request with a JWT. Without it,
	// JWTs are refused.
	Sessions SessionStore
	Stage    string // this deployment's stage: partner and admin keys of another stage are refused
	// Failures throttles source addresses whose credentials fail; nil means no throttle.
	Failures *Failures
	Now      func() time.Time
}

// Authenticate returns the request's principal, after checking the credential (format, stage,
// revocation, expiry, IP allow-list) and counting the request against its owner's rate limit. When
// both an API key and a JWT are sent, both must be valid and the key decides the principal. The
// credential is checked first, so a valid one is served whatever its address did before; a failed
// one from an address whose credentials keep failing answers 429 rather than 401 (see Failures).
func (a *Authenticator) Authenticate(r *http.Request) (Principal, error) {
	source := httpapi.SourceIP(r)
	p, err := a.credential(r, source)
	if err != nil {
		if fault.Is(err, fault.Unauthorized) && Presents(r.Header) {
			// Never before the check: 30 bad keys from an address a partner shares (a NAT, a
			// proxy) would otherwise lock its valid key out of the API.
			if throttled := a.Failures.check(source, a.now()); throttled != nil {
				return Principal{}, throttled
			}
			a.Failures.record(source, a.now())
		}
		return Principal{}, err
	}
	who := []any{"role", string(p.Role), "ownerId", p.owner()}
	if p.KeyID != "" {
		who = append(who, "keyId", p.KeyID)
	}
	httpapi.Identify(r.Context(), who...)
	if p.RateLimit <= 0 {
		return p, nil
	}
	n, err := a.hit(r.Context(), p.owner())
	if err != nil {
		return Principal{}, err
	}
	return p, a.limit(p, n)
}

// owner is the rate-limit subject: the partner for partner keys and back-office tokens, else the
// user, so that every key and token of one owner draws on one budget.
func (p Principal) owner() string {
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

func (a *Authenticator) credential(r *http.Request, source netip.Addr) (Principal, error) {
	cred, err := ReadCredential(r.Header)
	if err != nil {
		return Principal{}, err
	}
	var p Principal
	if cred.JWT != "" {
		if p, err = a.session(r.Context(), cred.JWT); err != nil {
			return Principal{}, err
		}
	}
	if cred.APIKey != "" {
		return a.key(r.Context(), cred.APIKey, source)
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
		return Principal{}, fault.Newf(fault.Unauthorized, "This key belongs to the %s environment, not %s.", f.Stage, a.Stage)
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
	p := Principal{Role: rec.Role, KeyID: rec.ID, KeyExpiresAt: rec.ExpiresAt, RateLimit: rec.RateLimit, Live: rec.Mode != ModeTest}
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

// limit refuses the request when it is over the principal's limit in the current window.
func (a *Authenticator) limit(p Principal, n int) error {
	if p.RateLimit <= 0 || n <= p.RateLimit {
		return nil
	}
	now := a.now()
	retry := int(now.Truncate(time.Minute).Add(time.Minute).Sub(now).Seconds()) + 1
	return &fault.Error{Kind: fault.RateLimited, RetryAfter: retry,
		Detail: "Rate limit of " + itoa(p.RateLimit) + " requests per minute reached; retry after " + itoa(retry) + " s."}
}

func (a *Authenticator) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}
