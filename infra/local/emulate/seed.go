package emulate

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"fmt"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/reference"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/wiring/app"
)

// Credentials is .local/credentials.json: where the local stack is, and the demo accounts on it.
type Credentials struct {
	BaseURL     string         `json:"baseUrl"`
	AWSEndpoint string         `json:"awsEndpoint"`
	User        DemoUser       `json:"user"`
	Partners    []DemoPartner  `json:"partners"`
	Admin       DemoBackOffice `json:"admin"`
}

// DemoUser is a verified identity API user with credits and an sk_test_ key.
type DemoUser struct {
	ID       string `json:"id"`
	Email    string `json:"email"`
	Password string `json:"password"`
	APIKey   string `json:"apiKey"`
}

// DemoPartner is an insurance partner with its key, and a back-office login (for a partner JWT,
// which key rotation and revocation need).
type DemoPartner struct {
	PartnerID string `json:"partnerId"`
	Name      string `json:"name"`
	APIKey    string `json:"apiKey"`
	Email     string `json:"email,omitempty"`
	Password  string `json:"password,omitempty"`
}

// DemoBackOffice is an administrator: an ak_ key, and a login for a JWT.
type DemoBackOffice struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	APIKey   string `json:"apiKey"`
}

// Demo account values. The passwords are public on purpose: the local stack is a demo.
const (
	demoCredits  = 1000
	demoPassword = "local-demo-password"
)

// Seed writes the reference lists and creates the demo accounts: a verified user with credits and an sk_test_ key, two
// partners with a back-office login each, and an administrator, through the same account operations as the API and
// infra/admin. With Options.DemoSeed, their IDs and keys are those of the last run with that seed.
func (l *Local) Seed(ctx context.Context, awsEndpoint string) (Credentials, error) {
	return l.SeedFrom(ctx, awsEndpoint, Credentials{})
}

// SeedFrom is Seed on a store that may hold the demo accounts already: a restart against the
// emulator of a run that stopped or crashed, last being what that run wrote (.local/credentials.json;
// zero when there is none). Seeding again changes nothing that is there: an account the store has is
// kept as it is, with the key last gives it while that key still authenticates as it, unrevoked and
// without an expiry; the demo user is granted its credits once, while its ledger is empty. Only what
// is missing is made: an account, or a key whose secret is not known (last lost, or its key
// revoked), a partner's by rotation as an operator would. Options.DemoSeed makes the accounts of a
// store that has none of them, so that a fresh store gets the same ones as last run; what is made
// on a store that has some is random, never a seeded value that a fresh run gave to another account.
func (l *Local) SeedFrom(ctx context.Context, awsEndpoint string, last Credentials) (Credentials, error) {
	getenv, err := l.Getenv("AccountsFunction")
	if err != nil {
		return Credentials{}, err
	}
	svc, err := app.AccountsService(ctx, getenv)
	if err != nil {
		return Credentials{}, err
	}
	catalog, err := reference.Load(platform.ReferenceData, "testdata/reference")
	if err != nil {
		return Credentials{}, err
	}
	if _, err := reference.Seed(ctx, dynamo.NewReferenceRepo(dynamo.Store{API: l.options.AWS.DynamoDB,
		Table: getenv("TABLE_NAME")}), catalog); err != nil {
		return Credentials{}, fmt.Errorf("seed reference lists: %w", err)
	}
	s := seeder{svc: svc}
	fresh, err := s.fresh(ctx)
	if err != nil {
		return Credentials{}, err
	}
	if fresh && l.options.DemoSeed != nil {
		svc.Random = seededText(l.options.DemoSeed)
	}
	c := Credentials{BaseURL: l.URL, AWSEndpoint: awsEndpoint}
	if c.User, err = s.user(ctx, demoUserEmail, last.User); err != nil {
		return c, fmt.Errorf("seed user: %w", err)
	}
	for i, name := range demoPartners {
		var lastPartner DemoPartner
		if i < len(last.Partners) {
			lastPartner = last.Partners[i]
		}
		p, err := s.partner(ctx, name, partnerEmail(i), lastPartner)
		if err != nil {
			return c, fmt.Errorf("seed partner: %w", err)
		}
		c.Partners = append(c.Partners, p)
	}
	if c.Admin, err = s.admin(ctx, demoAdminEmail, last.Admin); err != nil {
		return c, fmt.Errorf("seed admin: %w", err)
	}
	return c, nil
}

// The demo accounts' names and addresses.
const (
	demoUserEmail  = "demo@example.com"
	demoAdminEmail = "admin@example.com"
)

var demoPartners = []string{"Demo Partner A", "Demo Partner B"}

func partnerEmail(i int) string { return fmt.Sprintf("ops@partner-%c.example", 'a'+i) }

// seeder makes each demo account unless the store has it.
type seeder struct{ svc *accounts.Service }

// fresh reports whether the store has none of the demo accounts.
func (s seeder) fresh(ctx context.Context) (bool, error) {
	emails := []string{demoUserEmail, demoAdminEmail}
	for i := range demoPartners {
		emails = append(emails, partnerEmail(i))
	}
	for _, e := range emails {
		if _, found, err := s.existing(ctx, e); found || err != nil {
			return false, err
		}
	}
	return true, nil
}

// existing is the account of an address, found false when there is none.
func (s seeder) existing(ctx context.Context, email string) (accounts.User, bool, error) {
	u, err := s.svc.UserByEmail(ctx, email)
	if fault.Is(err, fault.NotFound) {
		return accounts.User{}, false, nil
	}
	return u, err == nil, err
}

// key is last, the secret of one of owner's keys, while that key works and keeps working:
// unrevoked and without an expiry (the demo keys have none; one that has is on its way out, by a
// rotation). Otherwise, as when last is not known, it is the secret of a key made by mint.
func (s seeder) key(ctx context.Context, ownerID, last string, mint func() (accounts.NewKey, error)) (string, error) {
	if last != "" {
		keys, err := s.svc.Keys(ctx, ownerID)
		if err != nil {
			return "", err
		}
		for _, k := range keys {
			if k.Hash == access.HashKey(last) && k.RevokedAt == nil && k.ExpiresAt == nil {
				return last, nil
			}
		}
	}
	k, err := mint()
	return k.Secret, err
}

func (s seeder) user(ctx context.Context, email string, last DemoUser) (DemoUser, error) {
	u, found, err := s.existing(ctx, email)
	if err == nil && !found {
		u, err = s.svc.CreateVerifiedUser(ctx, email, demoPassword)
	}
	if err != nil {
		return DemoUser{}, err
	}
	// Granted once: a ledger with an entry has had the grant (or was used), one without has not
	// (a run that stopped between the creation and the grant).
	entries, _, err := s.svc.Store.Entries(ctx, u.ID, 1, "")
	if err != nil {
		return DemoUser{}, err
	}
	if len(entries) == 0 {
		if err := s.svc.GrantCredits(ctx, u.ID, demoCredits); err != nil {
			return DemoUser{}, err
		}
	}
	key, err := s.key(ctx, u.ID, last.APIKey, func() (accounts.NewKey, error) {
		return s.svc.CreateUserKey(ctx, u.ID, accounts.KeyRequest{Name: "demo", Mode: access.ModeTest})
	})
	return DemoUser{ID: u.ID, Email: email, Password: demoPassword, APIKey: key}, err
}

func (s seeder) partner(ctx context.Context, name, email string, last DemoPartner) (DemoPartner, error) {
	ops, found, err := s.existing(ctx, email)
	if err != nil {
		return DemoPartner{}, err
	}
	if !found {
		p, k, err := s.svc.CreatePartner(ctx, name, 0)
		if err != nil {
			return DemoPartner{}, err
		}
		if _, err := s.svc.CreatePartnerUser(ctx, email, demoPassword, p.ID); err != nil {
			return DemoPartner{}, err
		}
		return DemoPartner{PartnerID: p.ID, Name: p.Name, APIKey: k.Secret, Email: email, Password: demoPassword}, nil
	}
	p, err := s.svc.Store.Partner(ctx, ops.PartnerID)
	if err != nil {
		return DemoPartner{}, err
	}
	// A run that stopped between the back-office user and the partner's contact (set if it has none).
	if err := s.svc.Store.SetPartnerContact(ctx, p.ID, ops.Email); err != nil {
		return DemoPartner{}, err
	}
	key, err := s.key(ctx, p.ID, last.APIKey, func() (accounts.NewKey, error) {
		return s.svc.RotatePartnerKey(ctx, p.ID)
	})
	return DemoPartner{PartnerID: p.ID, Name: p.Name, APIKey: key, Email: email, Password: demoPassword}, err
}

func (s seeder) admin(ctx context.Context, email string, last DemoBackOffice) (DemoBackOffice, error) {
	admin, found, err := s.existing(ctx, email)
	if err != nil {
		return DemoBackOffice{}, err
	}
	if !found {
		_, k, err := s.svc.CreateAdmin(ctx, email, demoPassword)
		if err != nil {
			return DemoBackOffice{}, err
		}
		return DemoBackOffice{Email: email, Password: demoPassword, APIKey: k.Secret}, nil
	}
	key, err := s.key(ctx, admin.ID, last.APIKey, func() (accounts.NewKey, error) {
		return s.svc.CreateAdminKey(ctx, admin.ID)
	})
	return DemoBackOffice{Email: email, Password: demoPassword, APIKey: key}, err
}

// seededText is a deterministic stand-in for crypto/rand.Text: the n-th call answers the same 26
// base32 characters (128 bits) for the same seed, so a run that makes the same accounts in the same
// order gets the same IDs and keys as the last.
func seededText(seed []byte) func() string {
	var n uint64
	return func() string {
		n++
		mac := hmac.New(sha256.New, seed)
		_ = binary.Write(mac, binary.BigEndian, n)
		return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(mac.Sum(nil)[:16])
	}
}
