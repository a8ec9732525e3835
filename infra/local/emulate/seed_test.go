package emulate

import (
	"context"
	"testing"
)

// The demo accounts are the same at every run with the same seed (make run keeps one per checkout),
// so .local/credentials.json and scripts keep working; the demo user is created verified, without
// a verification mail.
func TestDemoAccountsAreTheSameFromRunToRun(t *testing.T) {
	t.Parallel()
	seed := []byte("a demo seed of this checkout, 32+ bytes long")
	run := func() (Credentials, client, string) {
		outbox := t.TempDir()
		local := startLocal(t, map[string]string{"MAIL_OUTBOX_DIR": outbox})
		local.options.DemoSeed = seed
		creds, err := local.Seed(context.Background(), "")
		if err != nil {
			t.Fatal(err)
		}
		return creds, client{t: t, base: local.URL}, outbox
	}
	first, _, outbox := run()
	second, c, _ := run()
	if first.User != second.User || first.Admin != second.Admin || len(first.Partners) != 2 ||
		first.Partners[0] != second.Partners[0] || first.Partners[1] != second.Partners[1] {
		t.Fatalf("the demo accounts changed between runs:\n%+v\n%+v", first, second)
	}
	// The keys of the last run's credentials.json work on this one.
	expect(t, "user key", c.do("GET", "/v1/billing/credits", nil, key(first.User.APIKey)...), 200, "")
	expect(t, "partner key", c.do("GET", "/api/v1/partners/me", nil, key(first.Partners[0].APIKey)...), 200, "")
	expect(t, "admin key", c.do("GET", "/api/v1/reference/zones", nil, key(first.Admin.APIKey)...), 200, "")
	if m := mails(t, outbox, first.User.Email); len(m) != 0 {
		t.Errorf("the verified demo user was mailed: %q", m)
	}

	seed = []byte("another checkout's seed, 32+ bytes long")
	other, _, _ := run()
	if other.User.APIKey == first.User.APIKey || other.Partners[0].PartnerID == first.Partners[0].PartnerID {
		t.Error("another seed made the same keys")
	}
}
