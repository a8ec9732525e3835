package access

import (
	"errors"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Tokens issues and verifies the JWTs of POST /v1/auth/login (HS256).
type Tokens struct {
	Secret []byte
	Issuer string
	TTL    time.Duration
	Now    func() time.Time
}

type claims struct {
	Role      Role   `json:"role"`
	PartnerID string `json:"partnerId,omitempty"`
	RateLimit int    `json:"rl,omitempty"`
	jwt.RegisteredClaims
}

// Issue returns a signed token for a user principal and its expiry. The token carries the
// principal's SessionID (jti), by which it is signed out.
func (t Tokens) Issue(p Principal) (string, time.Time, error) {
	now := t.now()
	exp := now.Add(t.TTL)
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims{
		Role: p.Role, PartnerID: p.PartnerID, RateLimit: p.RateLimit,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject: p.UserID, Issuer: t.Issuer, ID: p.SessionID,
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
		},
	})
	s, err := tok.SignedString(t.Secret)
	return s, exp.UTC(), err
}

// Verify checks signature, algorithm, issuer, expiry and the presence of a session ID; whether the
// session is still signed in is the Authenticator's to check. Every failure is Unauthorized. Without
// the signing secret it refuses every token: see claimsOf for the one way a function without it
// reads a token.
func (t Tokens) Verify(token string) (Principal, error) {
	if len(t.Secret) == 0 {
		return Principal{}, fault.New(fault.Unauthorized, "The token is invalid.")
	}
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.Secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(t.Issuer), jwt.WithExpirationRequired(), jwt.WithTimeFunc(t.now))
	return principalOf(c, err)
}

// claimsOf reads a token's claims and checks issuer and expiry, not the signature: for a function
// that does not hold the signing secret (the reference lists), whose Authenticator then accepts
// the token only if it is, byte for byte, the one its session stored the hash of at login. Holding
// the secret would let such a function mint any login, an administrator's included.
func (t Tokens) claimsOf(token string) (Principal, error) {
	var c claims
	_, _, err := jwt.NewParser().ParseUnverified(token, &c)
	if err == nil {
		err = jwt.NewValidator(jwt.WithIssuer(t.Issuer), jwt.WithExpirationRequired(), jwt.WithTimeFunc(t.now)).
			Validate(c)
	}
	return principalOf(c, err)
}

// principalOf is the principal of a token's claims, once parsed (err is the parser's).
func principalOf(c claims, err error) (Principal, error) {
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return Principal{}, fault.New(fault.Unauthorized, "The token has expired; log in again.")
	case err != nil:
		return Principal{}, fault.New(fault.Unauthorized, "The token is invalid.")
	}
	if c.ID == "" || c.Subject == "" {
		// Tokens issued before sessions existed cannot be signed out: they are refused.
		return Principal{}, fault.New(fault.Unauthorized, "The token has no session; log in again.")
	}
	switch c.Role {
	case RoleUser, RoleAdmin:
	case RolePartner:
		if c.PartnerID == "" {
			return Principal{}, fault.New(fault.Unauthorized, "The token is invalid.")
		}
	default:
		return Principal{}, fault.New(fault.Unauthorized, "The token is invalid.")
	}
	return Principal{
		Role:      c.Role,
		UserID:    c.Subject,
		PartnerID: c.PartnerID,
		Live:      true,
		RateLimit: c.RateLimit,
		SessionID: c.ID,
	}, nil
}

func (t Tokens) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}
