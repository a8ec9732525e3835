package emulate

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/wiring/config"
)

type invoiceJSON struct {
	Reference, Status, PaymentURL, Plan, Currency string
	Amount                                        int64
	Credits                                       int
}

func listInvoices(t *testing.T, c client, cred []string, query string) ([]invoiceJSON, string) {
	t.Helper()
	r := c.do("GET", "/v1/billing/invoices"+query, nil, cred...)
	expect(t, "invoices", r, 200, "")
	var list []invoiceJSON
	r.json(t, &list)
	nextPage(t, r, nil)
	return list, r.header.Get("X-Next-Cursor")
}

// TestSubscriptionInvoices: an admin's plan change starts a subscription; the schedule issues one
// invoice per period however often it runs; a notification of another payment, of none, of
// another amount or currency is refused (422) and changes nothing; an event id applied once is a
// replay whatever its body; paying through the sandbox gateway grants the period's credits once,
// however many times the notification arrives; a bad signature changes nothing; the history pages
// through every invoice once.
func TestSubscriptionInvoices(t *testing.T) {
	t.Parallel()
	outbox := t.TempDir()
	local := startLocal(
		t,
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": outbox, "RATE_LIMITS": unlimited,
			"BILLING_PERIOD": "1h", "PLANS": "free=0:0,starter=15000:100"},
	)
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	jwt, live := newLiveUser(t, c, outbox, "subscriber@example.com")
	cred := key(live)
	var me struct {
		ID, Plan string
		Credits  float64
	}
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	maintenance := maintenanceOf(t, local)
	tick := func() {
		t.Helper()
		if err := maintenance(context.Background(), events.EventBridgeEvent{}); err != nil {
			t.Fatal(err)
		}
	}

	expect(
		t,
		"a user changes plans",
		c.do("POST", "/v1/admin/users/"+me.ID+"/plan", map[string]string{"plan": "starter"}, cred...),
		403,
		"",
	)
	expect(
		t,
		"unknown plan",
		c.do("POST", "/v1/admin/users/"+me.ID+"/plan", map[string]string{"plan": "gold"}, key(creds.Admin.APIKey)...),
		422,
		"validation_failed",
	)
	expect(
		t,
		"plan change",
		c.do(
			"POST",
			"/v1/admin/users/"+me.ID+"/plan",
			map[string]string{"plan": "starter"},
			key(creds.Admin.APIKey)...),
		202,
		"",
	)
	tick()
	tick() // a second run in the same period issues nothing
	list, _ := listInvoices(t, c, cred, "")
	if len(list) != 1 || list[0].Status != "pending" || list[0].Amount != 15000 || list[0].Credits != 100 ||
		!strings.Contains(list[0].PaymentURL, "/sandbox/pay/") {
		t.Fatalf("invoices after the first period = %+v", list)
	}
	first := list[0]

	// A signed notification is the gateway's word about one payment: only the invoice's own, for
	// its amount and currency, moves it; a refused one is not recorded, and an event id applied
	// once is a replay whatever its body says.
	signing := secret(t, local, config.PaymentSigningKey)
	settle := func(name string, n payment.Notification, status int, code string) {
		t.Helper()
		body, _ := json.Marshal(n)
		expect(
			t,
			name,
			c.do(
				"POST",
				"/v1/billing/webhook",
				json.RawMessage(body),
				"X-Webhook-Signature",
				payment.Sign(signing, body),
			),
			status,
			code,
		)
	}
	invoicePayment := path.Base(first.PaymentURL)
	note := func(eventID, typ string) payment.Notification {
		return payment.Notification{EventID: eventID, Type: typ, PaymentID: invoicePayment, Reference: first.Reference,
			Amount: first.Amount, Currency: first.Currency, OccurredAt: time.Now().UTC()}
	}
	for name, tt := range map[string]struct {
		change func(*payment.Notification)
		code   string
	}{
		"a forged paymentId": {func(n *payment.Notification) { n.PaymentID = "pay_forged" }, "payment_mismatch"},
		"no paymentId":       {func(n *payment.Notification) { n.PaymentID = "" }, "payment_mismatch"},
		"another amount":     {func(n *payment.Notification) { n.Amount = 1 }, "amount_mismatch"},
		"another currency":   {func(n *payment.Notification) { n.Currency = "EUR" }, "amount_mismatch"},
	} {
		n := note("evt_forged_"+first.Reference, payment.Succeeded)
		tt.change(&n)
		settle(name, n, 422, tt.code)
	}
	if got := credits(t, c, jwt); got != 0 {
		t.Fatalf("credits after refused notifications = %v, want 0", got)
	}
	if list, _ := listInvoices(t, c, cred, ""); list[0].Status != "pending" {
		t.Fatalf("invoice after refused notifications: %+v", list[0])
	}
	settle("a failed payment", note("evt_failed_"+first.Reference, payment.Failed), 200, "")
	settle("its event id again, now saying paid", note("evt_failed_"+first.Reference, payment.Succeeded), 200, "")
	if list, _ := listInvoices(t, c, cred, ""); list[0].Status != "failed" || credits(t, c, jwt) != 0 {
		t.Fatalf("a replayed event id moved the invoice: %+v, %v credits", list[0], credits(t, c, jwt))
	}

	checkout, err := http.Get(first.PaymentURL)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(checkout.Body)
	checkout.Body.Close()
	if !strings.Contains(string(page), "<h1>starter plan from ") ||
		!strings.Contains(string(page), ": 100 credits</h1>") {
		t.Errorf("the checkout does not say what is paid:\n%s", page)
	}
	resp := pay(t, first.PaymentURL, "paid")
	back, _ := strings.CutPrefix(resp.Header.Get("Location"), local.URL)
	if resp.StatusCode != http.StatusSeeOther || back != "/v1/billing/return" {
		t.Fatalf("checkout: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if r := c.do("GET", back, nil); r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(r.body), "GET /v1/billing/invoices") {
		t.Errorf("the page the payer returns to: %d %s", r.status, r.body)
	}
	c.do("GET", "/v1/users/me", nil, bearer(jwt)...).json(t, &me)
	if me.Credits != 100 || me.Plan != "starter" {
		t.Errorf("after paying: %+v", me)
	}
	// The gateway confirms the payment again, twice, under one event id: nothing more is granted.
	for range 2 {
		settle("a late confirmation and its replay", note("evt_paid_"+first.Reference, payment.Succeeded), 200, "")
	}
	body, _ := json.Marshal(note("evt_unsigned_"+first.Reference, payment.Succeeded))
	expect(
		t,
		"bad signature",
		c.do("POST", "/v1/billing/webhook", json.RawMessage(body), "X-Webhook-Signature", strings.Repeat("ab", 32)),
		401,
		"unauthorized",
	)
	if got := credits(t, c, jwt); got != 100 {
		t.Errorf("credits after three notifications = %v, want 100", got)
	}

	// Two more periods: the test skips the stack's clock past each hour's period.
	for range 2 {
		skip(t, local, time.Hour+time.Second)
		tick()
	}
	seen, cursor := map[string]bool{}, ""
	for pages := 0; ; pages++ {
		page, next := listInvoices(t, c, cred, "?limit=1&cursor="+cursor)
		for _, inv := range page {
			if seen[inv.Reference] {
				t.Errorf("invoice %s listed twice", inv.Reference)
			}
			seen[inv.Reference] = true
		}
		if next == "" || pages > 10 {
			break
		}
		cursor = next
	}
	if len(seen) != 3 {
		t.Errorf("paged through %d invoices, want 3: %v", len(seen), seen)
	}
	pending, _ := listInvoices(t, c, cred, "?status=pending")
	paid, _ := listInvoices(t, c, cred, "?status=paid")
	if len(pending) != 2 || len(paid) != 1 || paid[0].Reference != first.Reference {
		t.Errorf("pending %d, paid %+v", len(pending), paid)
	}
	expect(t, "unknown status", c.do("GET", "/v1/billing/invoices?status=lost", nil, cred...), 422, "validation_failed")
}
