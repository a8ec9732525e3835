package console

import (
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// profileInTestMode is GET /v1/users/me?mode=test: the day's allowance of test operations.
const profileInTestMode = `{"id": "usr_1", "email": "dev@example.com", "plan": "free", "credits": 0,
	"livemode": false, "testMode": {"mode": "test", "livemode": false, "dailyQuota": 100, "usedToday": 1,
	"remainingToday": 99, "resetsAt": "2026-11-29T00:00:00Z"}}`

var (
	liveUser = &session{Role: "user", Mode: "live"}
	testUser = &session{Role: "user", Mode: "test"}
)

// In test mode the overview and the billing page show the day's test allowance, not a balance.
func TestTestModeShowsTheAllowance(t *testing.T) {
	me := answer[identity.Profile](t, profileInTestMode)
	for _, page := range []struct {
		name string
		data any
	}{{"overview", overviewPage{Me: me}}, {"billing", billingPage{Me: me}}} {
		t.Run(page.name, func(t *testing.T) {
			html := render(t, page.name, testUser, page.data)
			for _, want := range []string{"dev@example.com", "Test operations used today</dt><dd>1 of 100",
				"Left today</dt><dd>99", "2026-11-29 00:00:00 UTC"} {
				if !strings.Contains(html, want) {
					t.Errorf("the page lacks %q:\n%s", want, html)
				}
			}
			if strings.Contains(html, "Credit balance") {
				t.Error("the page shows a live balance in test mode")
			}
		})
	}
}

// The overview's chart counts the credits each day used, from the ledger's debits within the
// window, newest first.
func TestOverviewChartsTheLedger(t *testing.T) {
	start := time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC)
	page := answer[ledger](t, `{"data": [
		{"id": "cr_4", "amount": -3, "reason": "extraction", "createdAt": "2026-11-29T01:00:00Z"},
		{"id": "cr_3", "amount": -2, "reason": "extraction", "createdAt": "2026-11-29T00:10:00Z"},
		{"id": "cr_2", "amount": 1000, "reason": "grant", "createdAt": "2026-11-20T00:00:00Z"},
		{"id": "cr_1", "amount": -7, "reason": "extraction", "createdAt": "2026-10-30T23:59:00Z"}],
		"nextCursor": null}`)
	p := usage(page.Data, start)
	p.Me = answer[identity.Profile](t, `{"id": "usr_1", "email": "dev@example.com", "plan": "starter",
		"credits": 995}`)
	if p.Total != 5 || p.Most != 5 || p.Days[29].Used != 5 || p.Days[29].Height != 100 {
		t.Errorf("usage = total %d, most %d, last day %+v: want the 5 of the last day only", p.Total, p.Most,
			p.Days[29])
	}
	html := render(t, "overview", liveUser, p)
	for _, want := range []string{"Credit balance</dt><dd>995", "5 credits used in 30 days",
		"<title>2026-11-29: 5</title>", "<td>2026-10-31</td><td>0</td>"} {
		if !strings.Contains(html, want) {
			t.Errorf("the overview lacks %q:\n%s", want, html)
		}
	}
}

// The live billing page lists the invoices, a link to pay the unpaid, and the ledger.
func TestBillingPage(t *testing.T) {
	entries := answer[ledger](t, `{"data": [{"id": "cr_1", "amount": -1, "reason": "extraction",
		"reference": "ext_1", "createdAt": "2026-11-28T09:00:00Z"}], "nextCursor": "c2"}`)
	p := billingPage{
		Me: answer[identity.Profile](t, `{"id": "usr_1", "email": "dev@example.com", "plan": "starter",
			"credits": 41}`),
		Invoices: answer[[]identity.Invoice](t, `[
			{"reference": "INV-2", "plan": "starter", "credits": 1000, "amount": 4900, "currency": "XOF",
				"status": "open", "paymentUrl": "https://pay.example/INV-2", "issuedAt": "2026-11-01T00:00:00Z",
				"periodStart": "2026-11-01T00:00:00Z", "periodEnd": "2026-12-01T00:00:00Z"},
			{"reference": "INV-1", "plan": "starter", "credits": 1000, "amount": 4900, "currency": "XOF",
				"status": "paid", "paymentUrl": "https://pay.example/INV-1", "issuedAt": "2026-10-01T00:00:00Z",
				"paidAt": "2026-10-02T10:00:00Z", "periodStart": "2026-10-01T00:00:00Z",
				"periodEnd": "2026-11-01T00:00:00Z"}]`),
		Ledger: newListPage(getRequest("/console/billing"), entries.Data, entries.NextCursor),
	}
	html := render(t, "billing", liveUser, p)
	for _, want := range []string{"Credit balance</dt><dd>41", "4900 XOF", `href="https://pay.example/INV-2"`,
		"2026-10-02 10:00:00 UTC", "ext_1", `class="num">-1</td>`, `href="/console/billing?cursor=c2" rel="next"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the billing page lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "Pay invoice INV-1") {
		t.Error("a paid invoice has a payment link")
	}
}
