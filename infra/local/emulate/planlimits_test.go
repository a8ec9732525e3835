package emulate

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/wiring/app"
)

// TestPlanLimitsApplyToIssuedKeys: a key counts against the plan its owner is on, not the one it
// was issued on. A key issued on the free plan (5 requests a minute here) has the starter plan's
// 20 once an administrator's upgrade is applied by the invoicing schedule, and 5 again once a
// downgrade is.
func TestPlanLimitsApplyToIssuedKeys(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox,
		"RATE_LIMITS": "free=5,starter=20,business=1200,partner=600,admin=1200",
		"PLANS":       "free=0:0,starter=15000:100", "BILLING_PERIOD": "1h"})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	// The limits count in one-minute windows of the stack's clock: it stands still, and only skip
	// starts a new window, so no burst below straddles two.
	freeze(t, local)
	jwt, live := newLiveUser(t, c, outbox, "upgrade@example.com")
	var me struct{ ID string }
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	invoicing, err := app.BillingService(as(t, local, "MaintenanceFunction"))
	if err != nil {
		t.Fatal(err)
	}
	// burst sends n requests with the key in a new window and returns the plan they saw and how
	// many were refused.
	burst := func(n int) (plan string, refused int) {
		t.Helper()
		skip(t, local, time.Minute)
		for range n {
			r := c.do("GET", "/v1/users/me", nil, key(live)...)
			switch r.status {
			case 200:
				var p struct{ Plan string }
				r.json(t, &p)
				plan = p.Plan
			case 429:
				refused++
			default:
				t.Fatalf("GET /v1/users/me: %d %s", r.status, r.body)
			}
		}
		return plan, refused
	}
	change := func(plan string) {
		t.Helper()
		body := map[string]string{"plan": plan}
		r := c.do("POST", "/v1/admin/users/"+me.ID+"/plan", body, key(creds.Admin.APIKey)...)
		expect(t, "plan change to "+plan, r, 202, "")
	}
	apply := func() {
		t.Helper()
		if err := invoicing.Issue(context.Background()); err != nil {
			t.Fatal(err)
		}
	}

	if plan, refused := burst(8); plan != "free" || refused != 3 {
		t.Fatalf("free plan: 8 requests in a minute saw plan %q, %d refused; want free, 3", plan, refused)
	}
	change("starter")
	skip(t, local, time.Minute) // the subscription's first period starts: the schedule applies the plan
	apply()
	if plan, refused := burst(25); plan != "starter" || refused != 5 {
		t.Errorf("after the upgrade, 25 requests in a minute with the key issued on the free plan saw "+
			"plan %q, %d refused; want starter, 5 (the starter plan's 20)", plan, refused)
	}
	change("free")
	skip(t, local, time.Hour) // the downgrade applies at the next period
	apply()
	if plan, refused := burst(8); plan != "free" || refused != 3 {
		t.Errorf("after the downgrade, 8 requests in a minute saw plan %q, %d refused; want free, 3", plan,
			refused)
	}
}
