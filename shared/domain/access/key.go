package access

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Role is what a principal may do.
type Role string

// Roles.
const (
	RoleUser    Role = "user"    // identity API customer
	RolePartner Role = "partner" // insurance partner, bound to one partner
	RoleAdmin   Role = "admin"   // operator
)

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
	// Plan is the owner's plan, on an identity API key (sk_): the Authenticator reads the key's
	// limit from the configuration by it, and the owner's plan changes write it on the owner's keys,
	// so a plan applies to keys already issued.
	Plan string
	// RateLimit is the requests per minute when the key was issued: what a partner's key keeps (the
	// partner's own limit), and what a key issued before keys carried a plan is limited by.
	RateLimit  int
	CreatedAt  time.Time
	ExpiresAt  *time.Time // set by the caller, or by rotation (end of the grace period)
	RevokedAt  *time.Time
	LastUsedAt *time.Time
}

// Key modes of identity API keys.
const (
	ModeLive = "live"
	ModeTest = "test"
)

// secretLen is the length of a key's random part: crypto/rand.Text, 26 base32 characters (130 bits).
const secretLen = 26

// KeyFormat is what a key's readable prefix says about it.
type KeyFormat struct {
	Prefix string // e.g. sk_live_, pk_sandbox_
	Role   Role
	Mode   string // live or test, identity keys only
	Stage  string // deployment stage, partner and admin keys only
}

// NewKey returns a new key with the format's prefix.
func NewKey(f KeyFormat) string { return f.Prefix + rand.Text() }

// UserKeyFormat is the format of identity API keys: sk_live_ or sk_test_.
func UserKeyFormat(mode string) KeyFormat {
	return KeyFormat{Prefix: "sk_" + mode + "_", Role: RoleUser, Mode: mode}
}

// PartnerKeyFormat is the format of partner keys of a stage: pk_sandbox_, pk_production_, pk_local_.
func PartnerKeyFormat(stage string) KeyFormat {
	return KeyFormat{Prefix: "pk_" + stage + "_", Role: RolePartner, Stage: stage}
}

// AdminKeyFormat is the format of operator keys of a stage: ak_sandbox_, ...
func AdminKeyFormat(stage string) KeyFormat {
	return KeyFormat{Prefix: "ak_" + stage + "_", Role: RoleAdmin, Stage: stage}
}

// ParseKey checks a key's shape and tells its format. It never echoes the key in its error.
func ParseKey(key string) (KeyFormat, error) {
	bad := fault.New(fault.Unauthorized, "The API key is malformed.")
	kind, rest, ok := strings.Cut(key, "_")
	if !ok {
		return KeyFormat{}, bad
	}
	scope, secret, ok := strings.Cut(rest, "_")
	if !ok || len(secret) != secretLen || strings.Trim(secret, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != "" {
		return KeyFormat{}, bad
	}
	var f KeyFormat
	switch kind {
	case "sk":
		if scope != ModeLive && scope != ModeTest {
			return KeyFormat{}, bad
		}
		f = UserKeyFormat(scope)
	case "pk", "ak":
		if scope != "local" && scope != "sandbox" && scope != "production" {
			return KeyFormat{}, bad
		}
		f = PartnerKeyFormat(scope)
		if kind == "ak" {
			f = AdminKeyFormat(scope)
		}
	default:
		return KeyFormat{}, bad
	}
	return f, nil
}

// IsKey tells an API key from a JWT, by its prefix: a bearer token may be either.
func IsKey(token string) bool {
	return strings.HasPrefix(token, "sk_") || strings.HasPrefix(token, "pk_") || strings.HasPrefix(token, "ak_")
}

// HashKey is what is stored of a key. Keys carry 130 random bits, so a fast hash is enough: there
// is nothing to brute-force.
func HashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// Last4 is the part of a key shown in listings.
func Last4(key string) string {
	if len(key) < 4 {
		return ""
	}
	return key[len(key)-4:]
}

// Display is how a key is shown after creation: prefix and last four characters.
func Display(prefix, last4 string) string { return fmt.Sprintf("%s…%s", prefix, last4) }
