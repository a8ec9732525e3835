// Package accounts provides users (registration, e-mail verification, login), their API keys, and
// insurance partners with their rotating keys. It knows no storage and no HTTP: Store and Mailer are
// satisfied by the dynamo and mail adapters, and by test fakes.
package accounts

import (
	"context"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/idempotency"
)

// User is an account of the identity API or a back-office user of the partner API.
type User struct {
	ID           string
	Email        string
	PasswordHash string
	Verified     bool
	Role         access.Role // user, or partner / admin for back-office users
	PartnerID    string      // role partner
	Plan         string
	Credits      int
	CreatedAt    time.Time
	// ExpiresAt ends an account whose address was never verified: it and its address are deleted,
	// and the address is free to register again. Nil once verified.
	ExpiresAt *time.Time
}

// Expired reports whether an unverified account has run out its time.
func (u User) Expired(now time.Time) bool { return u.ExpiresAt != nil && !now.Before(*u.ExpiresAt) }

// Partner is an insurance distribution partner.
type Partner struct {
	ID        string
	Name      string
	Stage     string // the environment its keys belong to
	RateLimit int    // requests per minute of its keys
	CreatedAt time.Time
	// Contact is the partner's back-office address (its first back-office user's): where changes
	// to its webhook are mailed. Empty until a back-office user exists.
	Contact string
}

// PartnerFilter selects a page of the partners: created at or after CreatedAfter and before
// CreatedBefore (either zero for no bound), Limit at most, from Cursor (a previous page's Next).
type PartnerFilter struct {
	CreatedAfter, CreatedBefore time.Time
	Limit                       int
	Cursor                      string
}

// PartnerPage is one page of partners, newest first; Next is the cursor of the next page, "" after
// the last.
type PartnerPage struct {
	Items []Partner
	Next  string
}

// Store keeps accounts: one port per kind of record, each with a repository of its own. Methods
// return fault kinds: NotFound for what does not exist (for this owner), Conflict for a taken
// e-mail address.
type Store interface {
	Users
	credits.Ledger
	Keys
	Partners
	Sessions
	LoginGuard
}

// Users keeps users, their addresses and their verification tokens.
type Users interface {
	// CreateUser stores a user and reserves its address; Conflict (email_taken) when the address
	// belongs to another user.
	CreateUser(ctx context.Context, u User) error
	// ReplaceUser deletes an unverified user and gives its address to u, in one transaction;
	// Conflict when old was verified or its address moved meanwhile.
	ReplaceUser(ctx context.Context, old, u User) error
	User(ctx context.Context, id string) (User, error)
	UserByEmail(ctx context.Context, email string) (User, error)
	// SetVerified marks u's address verified (u as read: its ID and address); the account then no
	// longer expires. NotFound when u or its address is no longer there.
	SetVerified(ctx context.Context, u User) error

	SaveVerification(ctx context.Context, tokenHash, userID string, expires time.Time) error
	// ConsumeVerification deletes the token and returns its user ID; NotFound when unknown or expired.
	ConsumeVerification(ctx context.Context, tokenHash string, now time.Time) (string, error)

	// SetPassword replaces a user's password hash if it is still oldHash; Conflict otherwise.
	SetPassword(ctx context.Context, userID, oldHash, newHash string) error
	// SaveReset stores a password-reset token's hash until the token expires.
	SaveReset(ctx context.Context, tokenHash string, r Reset) error
	// ConsumeReset deletes the token and returns its record; NotFound when unknown, used or expired.
	ConsumeReset(ctx context.Context, tokenHash string, now time.Time) (Reset, error)
}

// Keys keeps API keys.
type Keys interface {
	PutKey(ctx context.Context, k access.KeyRecord) error
	// CreateUserKey stores a user's new key if the user holds fewer than maxActive keys active
	// at now, counted and written as one; Conflict (limit_reached) otherwise.
	CreateUserKey(ctx context.Context, k access.KeyRecord, maxActive int, now time.Time) error
	Keys(ctx context.Context, ownerID string) ([]access.KeyRecord, error)
	// RevokeKey revokes one of an owner's keys and returns it; NotFound when the owner has no such key.
	RevokeKey(ctx context.Context, ownerID, keyID string, at time.Time) (access.KeyRecord, error)
	// RotateKey stores k and sets the expiry of every key in old, in one transaction.
	RotateKey(ctx context.Context, k access.KeyRecord, old []access.KeyRecord, expires time.Time) error
}

// Partners keeps partner accounts.
type Partners interface {
	// CreatePartner stores a partner with its first key, in one transaction.
	CreatePartner(ctx context.Context, p Partner, firstKey access.KeyRecord) error
	Partner(ctx context.Context, id string) (Partner, error)
	// ListPartners is a page of the partners, newest first, created within the filter's bounds;
	// Invalid for a cursor that is not of this list (forged, or given with other bounds).
	ListPartners(ctx context.Context, f PartnerFilter) (PartnerPage, error)
	// SetPartnerContact sets the partner's back-office address if it has none.
	SetPartnerContact(ctx context.Context, id, email string) error
}

// Mail is one message.
type Mail struct {
	To      string
	Subject string
	Text    string
}

// Mailer sends mail.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// SessionLifetime is how long a login token works: a working day; the console signs in again after.
const SessionLifetime = 24 * time.Hour

// Service runs the account operations.
type Service struct {
	Store         Store
	Endpoints     KeyEndpoints
	Mailer        Mailer
	Tokens        access.Tokens
	Stage         string
	BaseURL       string // identity API, for the verification link
	RotationGrace time.Duration
	RateLimits    map[string]int // by plan, and "partner", "admin"
	Now           func() time.Time
	// Random is the source of the random text in IDs and key secrets: crypto/rand.Text when nil.
	// The local demo's seeder sets a seeded one, so its accounts stay the same from run to run.
	Random func() string
}

// KeyEndpoints ends what a key set up that would outlive it: a user's webhook endpoints it
// created, a partner's webhook configurations it made.
type KeyEndpoints interface {
	DeleteEndpointsOfKey(ctx context.Context, ownerID, keyID string) error
	// EndPartnerConfigsOfKey ends at `at` (or earlier, if they end sooner) the partner's webhook
	// configurations that the key made, restoring the one made before them.
	EndPartnerConfigsOfKey(ctx context.Context, partnerID, keyID string, at time.Time) error
}

// DefaultPlan is the plan of a new user.
const DefaultPlan = "free"

// NewKey is a key as returned once at creation: the secret and its record.
type NewKey struct {
	Secret string
	Record access.KeyRecord
}

// KeyRequest is what a user asks for when creating an identity API key.
type KeyRequest struct {
	Name       string
	Mode       string
	AllowedIPs []netip.Prefix
	ExpiresAt  *time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) newKey(f access.KeyFormat, ownerID, name string, rateLimit int) NewKey {
	return s.newKeyFor(context.Background(), f, ownerID, name, rateLimit)
}

// newKeyFor is a new key of f for the owner: random, or under an idempotency key (an attempt in
// ctx) the key's (idempotency.Text), its id and secret the same in every run of the request, so
// that a run after a crash finds the key an earlier run stored (made) and answers its secret.
func (s *Service) newKeyFor(ctx context.Context, f access.KeyFormat, ownerID, name string, rateLimit int) NewKey {
	secret := f.Prefix + s.text(ctx, "key-secret")
	return NewKey{Secret: secret, Record: access.KeyRecord{
		ID: s.idFor(ctx, "key"), Hash: access.HashKey(secret), Role: f.Role, OwnerID: ownerID, Name: name,
		Prefix: f.Prefix, Last4: access.Last4(secret), Mode: f.Mode, Stage: f.Stage,
		RateLimit: rateLimit, CreatedAt: s.now(),
	}}
}

// made is k as an earlier run of this request (under the same idempotency key) stored it, among
// the owner's keys, with its secret, and true; false without a key or when none was stored.
func made(ctx context.Context, keys []access.KeyRecord, k NewKey) (NewKey, bool, error) {
	if _, ok := idempotency.AttemptOf(ctx); !ok {
		return NewKey{}, false, nil
	}
	for _, stored := range keys {
		if stored.ID == k.Record.ID {
			if stored.Hash != k.Record.Hash {
				return NewKey{}, false, fmt.Errorf("accounts: the key id of the idempotency key is another key's")
			}
			return NewKey{Secret: k.Secret, Record: stored}, true, nil
		}
	}
	return NewKey{}, false, nil
}

// text is 26 random characters, or under an idempotency key the key's for name (idempotency.Text);
// Random's when set (tests).
func (s *Service) text(ctx context.Context, name string) string {
	if s.Random != nil {
		return s.Random()
	}
	return idempotency.Text(ctx, name)
}

// newID returns prefix_ and 16 random lowercase characters (80 bits).
func (s *Service) newID(prefix string) string { return s.idFor(context.Background(), prefix) }

// idFor is newID, or under an idempotency key the key's (text).
func (s *Service) idFor(ctx context.Context, prefix string) string {
	return prefix + "_" + strings.ToLower(s.text(ctx, prefix)[:16])
}
