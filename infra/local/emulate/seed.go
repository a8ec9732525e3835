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
// partners
// with a back-office login each, and an administrator, through the same account operations as the API and infra/admin.
// With Options.DemoSeed, their IDs and keys are those of the last run with that seed.
func (l *Local) Seed(ctx context.Context, awsEndpoint string) (Credentials, error) {
	getenv, err := l.Getenv("AccountsFunction")
	if err != nil {
		return Credentials{}, err
	}
	svc, err := app.AccountsService(ctx, getenv)
	if err != nil {
		return Credentials{}, err
	}
	if l.options.DemoSeed != nil {
		svc.Random = seededText(l.options.DemoSeed)
	}
	catalog, err := reference.Load(platform.ReferenceData, "testdata/reference")
	if err != nil {
		return Credentials{}, err
	}
	if _, err := reference.Seed(ctx, dynamo.NewReferenceRepo(dynamo.Store{API: l.options.AWS.DynamoDB,
		Table: getenv("TABLE_NAME")}), catalog); err != nil {
		return Credentials{}, fmt.Errorf("seed reference lists: %w", err)
	}
	c := Credentials{BaseURL: l.URL, AWSEndpoint: awsEndpoint}
	if c.User, err = seedUser(ctx, svc, "demo@example.com"); err != nil {
		return c, fmt.Errorf("seed user: %w", err)
	}
	for i, name := range []string{"Demo Partner A", "Demo Partner B"} {
		p, k, err := svc.CreatePartner(ctx, name, 0)
		if err != nil {
			return c, fmt.Errorf("seed partner: %w", err)
		}
		email := fmt.Sprintf("ops@partner-%c.example", 'a'+i)
		if _, err := svc.CreatePartnerUser(ctx, email, demoPassword, p.ID); err != nil {
			return c, fmt.Errorf("seed partner user: %w", err)
		}
		c.Partners = append(
			c.Partners,
			DemoPartner{PartnerID: p.ID, Name: p.Name, APIKey: k.Secret, Email: email, Password: demoPassword},
		)
	}
	_, admin, err := svc.CreateAdmin(ctx, "admin@example.com", demoPassword)
	if err != nil {
		return c, fmt.Errorf("seed admin: %w", err)
	}
	c.Admin = DemoBackOffice{Email: "admin@example.com", Password: demoPassword, APIKey: admin.Secret}
	return c, nil
}

func seedUser(ctx context.Context, svc *accounts.Service, email string) (DemoUser, error) {
	u, err := svc.CreateVerifiedUser(ctx, email, demoPassword)
	if err != nil {
		return DemoUser{}, err
	}
	if err := svc.GrantCredits(ctx, u.ID, demoCredits); err != nil {
		return DemoUser{}, err
	}
	k, err := svc.CreateUserKey(ctx, u.ID, accounts.KeyRequest{Name: "demo", Mode: access.ModeTest})
	if err != nil {
		return DemoUser{}, err
	}
	return DemoUser{ID: u.ID, Email: email, Password: demoPassword, APIKey: k.Secret}, nil
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
