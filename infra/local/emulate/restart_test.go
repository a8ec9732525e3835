package emulate

import (
	"context"
	"strings"
	"testing"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/wiring/config"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// A restart against a running emulator (make run EMULATOR=external after a crash) is safe (issue
// 39, item 3): infra/local's TestRestartResumesOnTheSameStore runs it through the runner; these
// tests take its parts one by one.

// TestResourcesOfARestartKeepTheSecrets: creating the stack's resources again, as a restart on
// the same emulator does, keeps every secret's value. It put a new random value into each, so
// every login token, stored webhook secret and payment link of the run before stopped verifying.
func TestResourcesOfARestartKeepTheSecrets(t *testing.T) {
	t.Parallel()
	local := startLocal(t, nil)
	ctx := context.Background()
	before := map[string]string{}
	for _, name := range []string{config.JWTSecret, config.DataEncryptionKey, config.PaymentSigningKey} {
		v, err := local.Secret(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		before[name] = v
	}
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	again, err := samtemplate.NewStack(tmpl, local.Stack.Name, local.Stack.Region, local.Stack.Account,
		map[string]string{"Stage": "local", "PublicBaseUrl": local.URL, "PartnerBaseUrl": local.URL})
	if err != nil {
		t.Fatal(err)
	}
	if err := CreateResources(ctx, awstest.Clients(t), again); err != nil {
		t.Fatalf("creating the resources again: %v", err)
	}
	for name, v := range before {
		if now, err := local.Secret(ctx, name); err != nil || now != v {
			t.Errorf("%s changed (%v)", name, err)
		}
	}
}

// TestSeedingAgainKeepsWhatIsThere: seeding a store that has the demo accounts keeps them, with
// the keys of the last credentials while they work, and grants the credits once; a key whose
// secret is not known (revoked, or the credentials file lost) is made anew, at random; a run that
// stopped between the demo user and its credits gets them at the next.
func TestSeedingAgainKeepsWhatIsThere(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	local.options.DemoSeed = []byte("a demo seed of this checkout, 32+ bytes long")
	ctx := context.Background()
	c := client{t: t, base: local.URL}
	seed := func(last Credentials) Credentials {
		t.Helper()
		creds, err := local.SeedFrom(ctx, "", last)
		if err != nil {
			t.Fatalf("seeding again: %v", err)
		}
		return creds
	}
	first := seed(Credentials{})
	jwt := loginToken(t, c, first.User.Email, first.User.Password)
	credits := func(what string) {
		t.Helper()
		var me struct{ Credits int }
		r := c.do("GET", "/v1/users/me", nil, bearer(jwt)...)
		expect(t, what, r, 200, "")
		if r.json(t, &me); me.Credits != demoCredits {
			t.Errorf("%s: %d credits, want the %d granted once", what, me.Credits, demoCredits)
		}
	}
	works := func(what string, creds Credentials) {
		t.Helper()
		expect(t, what+": user key", c.do("GET", "/v1/billing/credits", nil, key(creds.User.APIKey)...), 200, "")
		for _, p := range creds.Partners {
			expect(t, what+": partner key", c.do("GET", "/api/v1/partners/me", nil, key(p.APIKey)...), 200, "")
		}
		expect(t, what+": admin key", c.do("GET", "/api/v1/admin/partners", nil, key(creds.Admin.APIKey)...), 200, "")
	}

	if again := seed(first); !sameCredentials(again, first) {
		t.Errorf("seeding again changed the credentials:\n%+v\nwant\n%+v", again, first)
	}
	credits("seeded twice")

	// The demo user's key revoked: another, the rest kept.
	var keys struct{ Data []struct{ ID, Last4 string } }
	c.do("GET", "/v1/api-keys", nil, bearer(jwt)...).json(t, &keys)
	for _, k := range keys.Data {
		if strings.HasSuffix(first.User.APIKey, k.Last4) {
			expect(t, "revoke", c.do("DELETE", "/v1/api-keys/"+k.ID, nil, bearer(jwt)...), 204, "")
		}
	}
	revoked := seed(first)
	if revoked.User.APIKey == first.User.APIKey || revoked.Admin != first.Admin ||
		revoked.Partners[0] != first.Partners[0] {
		t.Errorf("after the demo key's revocation: %+v\nwant a new user key and the rest of %+v", revoked, first)
	}
	works("a revoked key made anew", revoked)

	// The credentials lost: the same accounts, every key made anew, none of them a seeded value.
	lost := seed(Credentials{})
	if lost.User.ID != first.User.ID || lost.Partners[1].PartnerID != first.Partners[1].PartnerID {
		t.Errorf("without credentials: %+v\nwant the accounts of %+v", lost, first)
	}
	for _, secret := range []string{lost.User.APIKey, lost.Partners[0].APIKey, lost.Partners[1].APIKey,
		lost.Admin.APIKey} {
		for _, seeded := range []string{first.User.APIKey, first.Partners[0].APIKey, first.Partners[1].APIKey,
			first.Admin.APIKey, first.User.ID, first.Partners[0].PartnerID, first.Partners[1].PartnerID} {
			if tail(secret) == tail(seeded) {
				t.Errorf("a key made on a seeded store, %s, has the seeded value of %s", secret, seeded)
			}
		}
	}
	works("keys made anew", lost)
	credits("seeded four times")

	// A run that stopped after making the demo user, before its credits.
	stopped := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	if _, err := accountsFor(t, stopped).CreateVerifiedUser(ctx, "demo@example.com", demoPassword); err != nil {
		t.Fatal(err)
	}
	resumed, err := stopped.SeedFrom(ctx, "", Credentials{})
	if err != nil {
		t.Fatalf("seeding after a run stopped half-way: %v", err)
	}
	c = client{t: t, base: stopped.URL}
	jwt = loginToken(t, c, resumed.User.Email, resumed.User.Password)
	works("resumed", resumed)
	credits("resumed")
	if again, err := stopped.SeedFrom(ctx, "", resumed); err != nil || !sameCredentials(again, resumed) {
		t.Errorf("seeding the resumed store again: %v\n%+v\nwant\n%+v", err, again, resumed)
	}
	credits("resumed, then seeded again")
}

func sameCredentials(a, b Credentials) bool {
	return a.User == b.User && a.Admin == b.Admin && len(a.Partners) == len(b.Partners) &&
		a.Partners[0] == b.Partners[0] && a.Partners[1] == b.Partners[1]
}

// tail is a key's or an ID's random part, in lower case: what Service.Random gave it.
func tail(s string) string {
	s = strings.ToLower(s)
	return s[strings.LastIndex(s, "_")+1:][:16]
}
