package billing_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/billing"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

var t0 = time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)

var plans = map[string]billing.Plan{
	"free":     {Name: "free"},
	"pro":      {Name: "pro", Price: 15000, Currency: "XOF", Credits: 100},
	"business": {Name: "business", Price: 60000, Currency: "XOF", Credits: 500},
	"euro":     {Name: "euro", Price: 2500, Currency: "EUR", Credits: 1},
}

// newBilling is a Service on a memory store holding the given users (on the free plan, no
// credits), a fake gateway and a clock the test moves.
func newBilling(users ...string) (*billing.Service, *memStore, *fakeGateway, *clock) {
	store, gw, c := newMemStore(users...), &fakeGateway{}, &clock{t0}
	return &billing.Service{
		Store:     store,
		Gateway:   gw,
		Plans:     plans,
		NotifyURL: "https://api.example/v1/billing/webhook",
		ReturnURL: "https://api.example/console/billing",
		LinkTTL:   72 * time.Hour,
		Now:       c.now,
	}, store, gw, c
}

func paid(inv billing.Invoice, eventID string) payment.Notification {
	return payment.Notification{
		EventID:    eventID,
		Type:       payment.Succeeded,
		PaymentID:  inv.PaymentID,
		Reference:  inv.Reference,
		Amount:     inv.Amount,
		Currency:   inv.Currency,
		OccurredAt: t0,
	}
}

func notified(inv billing.Invoice, eventID, typ string) payment.Notification {
	n := paid(inv, eventID)
	n.Type = typ
	return n
}

func mustIssue(t *testing.T, svc *billing.Service) {
	t.Helper()
	if err := svc.Issue(context.Background()); err != nil {
		t.Fatalf("Issue: %v", err)
	}
}

// A user put on a paid plan gets, at the next run, one invoice for the period starting when the
// plan was chosen: the plan's price, currency and credits, the period's dates, and a payment link
// the gateway opened for exactly that amount, reference and expiry, which notifies this
// deployment.
func TestIssueInvoicesAPaidPlan(t *testing.T) {
	ctx := context.Background()
	svc, store, gw, c := newBilling("usr_1")
	if err := svc.ChangePlan(ctx, "usr_1", "pro"); err != nil {
		t.Fatal(err)
	}
	c.t = t0.Add(time.Minute)
	mustIssue(t, svc)

	invs := store.stored()
	if len(invs) != 1 {
		t.Fatalf("invoices = %+v, want one", invs)
	}
	inv := invs[0]
	end := time.Date(2026, 4, 10, 9, 0, 0, 0, time.UTC)
	want := billing.Invoice{
		Reference:   billing.Reference("usr_1", t0),
		UserID:      "usr_1",
		Plan:        "pro",
		Amount:      15000,
		Currency:    "XOF",
		Credits:     100,
		Status:      billing.StatusPending,
		PeriodStart: t0,
		PeriodEnd:   end,
		IssuedAt:    c.t,
		PaymentID:   "pay_1",
		PaymentURL:  "https://pay.example/pay_1",
	}
	if !equalInvoice(inv, want) {
		t.Errorf("invoice =\n %+v, want\n %+v", inv, want)
	}
	if inv.Reference != "INV-20260310T090000-usr_1" {
		t.Errorf("reference %q", inv.Reference)
	}
	charges := gw.opened()
	if len(charges) != 1 {
		t.Fatalf("links opened: %d, want 1", len(charges))
	}
	ch := charges[0]
	if ch.Reference != inv.Reference || ch.Amount != 15000 || ch.Currency != "XOF" {
		t.Errorf("charge %+v: not the invoice's reference, amount and currency", ch)
	}
	if ch.NotifyURL != svc.NotifyURL || ch.ReturnURL != svc.ReturnURL ||
		ch.CancelURL != svc.ReturnURL+"?outcome=cancelled" {
		t.Errorf("charge URLs: notify %q, return %q, cancel %q", ch.NotifyURL, ch.ReturnURL, ch.CancelURL)
	}
	for _, words := range []string{"pro plan", "10 March 2026", "10 April 2026", "100 credits"} {
		if !strings.Contains(ch.Purpose, words) {
			t.Errorf("purpose %q does not say %q", ch.Purpose, words)
		}
	}
	if !gw.expires[0].Equal(c.t.Add(72 * time.Hour)) {
		t.Errorf("link expires %v, want the run's time plus LinkTTL", gw.expires[0])
	}
	sub, ok := store.subscription("usr_1")
	if !ok || sub.Plan != "pro" || sub.PendingPlan != "" || !sub.NextPeriod.Equal(end) || store.plan("usr_1") != "pro" {
		t.Errorf(
			"subscription %+v (running %v), plan %q: want pro, next period at the invoice's end",
			sub,
			ok,
			store.plan("usr_1"),
		)
	}
	if got := store.ledger.Balance("usr_1"); got != 0 {
		t.Errorf("balance %d before payment, want 0", got)
	}
}

func equalInvoice(a, b billing.Invoice) bool {
	return a.Reference == b.Reference && a.UserID == b.UserID && a.Plan == b.Plan && a.Amount == b.Amount &&
		a.Currency == b.Currency &&
		a.Credits == b.Credits && a.Status == b.Status && a.PeriodStart.Equal(b.PeriodStart) &&
		a.PeriodEnd.Equal(b.PeriodEnd) &&
		a.IssuedAt.Equal(b.IssuedAt) && a.PaymentID == b.PaymentID && a.PaymentURL == b.PaymentURL &&
		(a.PaidAt == nil) == (b.PaidAt == nil) &&
		(a.PaidAt == nil || a.PaidAt.Equal(*b.PaidAt))
}

// However often it runs, Issue bills each period once: runs within a period open no link and store
// nothing; the next period gets its own invoice, starting where the last ended.
func TestIssueBillsEachPeriodOnce(t *testing.T) {
	for _, tt := range []struct {
		name   string
		period time.Duration
		from   time.Time
		ends   []time.Time
	}{
		{"calendar months", 0, t0, []time.Time{
			time.Date(2026, 4, 10, 9, 0, 0, 0, time.UTC), time.Date(2026, 5, 10, 9, 0, 0, 0, time.UTC), time.Date(2026,
				6, 10, 9, 0, 0, 0, time.UTC)}},
		// A month shorter than the start's day ends on its last day: no month is skipped.
		{"from a month's 31st", 0, time.Date(2026, 1, 31, 9, 0, 0, 0, time.UTC), []time.Time{
			time.Date(2026, 2, 28, 9, 0, 0, 0, time.UTC), time.Date(2026, 3, 28, 9, 0, 0, 0, time.UTC), time.Date(2026,
				4, 28, 9, 0, 0, 0, time.UTC)}},
		{"a fixed period", 30 * 24 * time.Hour, t0, []time.Time{t0.AddDate(0, 0, 30), t0.AddDate(0, 0, 60),
			t0.AddDate(0, 0, 90)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, gw, c := newBilling("usr_1")
			svc.Period = tt.period
			c.t = tt.from
			if err := svc.ChangePlan(ctx, "usr_1", "pro"); err != nil {
				t.Fatal(err)
			}
			start := tt.from
			for i, end := range tt.ends {
				c.t = start.Add(time.Second)
				for range 3 { // the schedule may run the job more than once in a period
					mustIssue(t, svc)
					c.t = c.t.Add(time.Hour)
				}
				invs := store.stored()
				if len(invs) != i+1 || len(gw.opened()) != i+1 {
					t.Fatalf("period %d: %d invoices, %d links; want %d of each", i, len(invs), len(gw.opened()), i+1)
				}
				inv, err := store.Invoice(ctx, billing.Reference("usr_1", start))
				if err != nil {
					t.Fatalf("period %d: %v", i, err)
				}
				if !inv.PeriodStart.Equal(start) || !inv.PeriodEnd.Equal(end) || inv.Amount != 15000 {
					t.Errorf(
						"period %d: %v to %v, amount %d; want %v to %v, 15000",
						i,
						inv.PeriodStart,
						inv.PeriodEnd,
						inv.Amount,
						start,
						end,
					)
				}
				start = end
			}
		})
	}
}

// A plan change waits for the end of the period paid for: the next invoice is at the new plan's
// price; a change to the free plan ends the subscription, with no further invoice.
func TestPlanChangeTakesEffectAtTheNextPeriod(t *testing.T) {
	ctx := context.Background()
	svc, store, _, c := newBilling("usr_1")
	if err := svc.ChangePlan(ctx, "usr_1", "pro"); err != nil {
		t.Fatal(err)
	}
	mustIssue(t, svc) // at t0 exactly: the period has not started before now
	if n := len(store.stored()); n != 0 {
		t.Fatalf("%d invoices at the very instant of the change, want 0 (due means started before now)", n)
	}
	c.t = t0.Add(time.Second)
	mustIssue(t, svc)
	second := time.Date(2026, 4, 10, 9, 0, 0, 0, time.UTC)

	c.t = t0.AddDate(0, 0, 5)
	if err := svc.ChangePlan(ctx, "usr_1", "business"); err != nil {
		t.Fatal(err)
	}
	mustIssue(t, svc)
	if invs := store.stored(); len(invs) != 1 || invs[0].Plan != "pro" {
		t.Fatalf("after a mid-period change: %+v, want the pro invoice alone", invs)
	}
	if store.plan("usr_1") != "pro" {
		t.Errorf("plan %q mid-period, want pro until the period ends", store.plan("usr_1"))
	}

	c.t = second.Add(time.Second)
	mustIssue(t, svc)
	inv, err := store.Invoice(ctx, billing.Reference("usr_1", second))
	if err != nil {
		t.Fatal(err)
	}
	if inv.Plan != "business" || inv.Amount != 60000 || inv.Credits != 500 || store.plan("usr_1") != "business" {
		t.Errorf("next period: %+v, plan %q; want business at 60000 for 500 credits", inv, store.plan("usr_1"))
	}

	if err := svc.ChangePlan(ctx, "usr_1", "free"); err != nil {
		t.Fatal(err)
	}
	for _, at := range []time.Time{time.Date(2026, 5, 10, 9, 0, 1, 0, time.UTC), time.Date(2026, 9, 1, 0, 0, 0, 0,
		time.UTC)} {
		c.t = at
		mustIssue(t, svc)
	}
	if n := len(store.stored()); n != 2 {
		t.Errorf("%d invoices after moving to the free plan, want the 2 paid periods only", n)
	}
	if _, running := store.subscription("usr_1"); running || store.plan("usr_1") != "free" {
		t.Errorf("plan %q, subscription running %v; want free and ended", store.plan("usr_1"), running)
	}
}

// A failure to open a payment link bills nothing and keeps the subscription due, so the next run
// issues the invoice, once; one user's failure does not hold back another's invoice.
func TestIssueAfterAGatewayFailure(t *testing.T) {
	ctx := context.Background()
	svc, store, gw, c := newBilling("usr_1", "usr_2")
	for _, u := range []string{"usr_1", "usr_2"} {
		if err := svc.ChangePlan(ctx, u, "pro"); err != nil {
			t.Fatal(err)
		}
	}
	gw.refuse = func(ref string) bool { return strings.HasSuffix(ref, "usr_1") }
	c.t = t0.Add(time.Second)
	err := svc.Issue(ctx)
	if !fault.Is(err, fault.Upstream) {
		t.Errorf("Issue = %v, want the gateway's Upstream error", err)
	}
	invs := store.stored()
	if len(invs) != 1 || invs[0].UserID != "usr_2" {
		t.Fatalf("invoices = %+v, want usr_2's alone", invs)
	}
	if sub, _ := store.subscription("usr_1"); !sub.NextPeriod.Equal(t0) || sub.PendingPlan != "pro" {
		t.Errorf("usr_1's subscription %+v moved on without an invoice", sub)
	}

	gw.refuse = nil
	c.t = c.t.Add(time.Hour)
	mustIssue(t, svc)
	mustIssue(t, svc)
	invs = store.stored()
	if len(invs) != 2 {
		t.Fatalf("invoices = %+v, want one per user", invs)
	}
	if invs[0].UserID != "usr_1" || !invs[0].PeriodStart.Equal(t0) || invs[0].Status != billing.StatusPending {
		t.Errorf("usr_1's invoice %+v, want its first period, pending", invs[0])
	}
}

// A run that stored the invoice but stopped before moving the subscription on is finished by the
// next: the subscription advances and the invoice stored first, with its link, stays as it was.
func TestIssueFinishesAnInterruptedRun(t *testing.T) {
	ctx := context.Background()
	svc, store, _, c := newBilling("usr_1")
	if err := svc.ChangePlan(ctx, "usr_1", "pro"); err != nil {
		t.Fatal(err)
	}
	first := billing.Invoice{
		Reference:   billing.Reference("usr_1", t0),
		UserID:      "usr_1",
		Plan:        "pro",
		Amount:      15000,
		Currency:    "XOF",
		Credits:     100,
		Status:      billing.StatusPending,
		PeriodStart: t0,
		PeriodEnd:   t0.AddDate(0, 1, 0),
		IssuedAt:    t0,
		PaymentID:   "pay_earlier",
		PaymentURL:  "https://pay.example/pay_earlier",
	}
	if err := store.PutInvoice(ctx, first); err != nil {
		t.Fatal(err)
	}
	c.t = t0.Add(time.Second)
	mustIssue(t, svc)
	invs := store.stored()
	if len(invs) != 1 || !equalInvoice(invs[0], first) {
		t.Errorf("invoices = %+v, want the first run's, unchanged", invs)
	}
	if sub, _ := store.subscription("usr_1"); !sub.NextPeriod.Equal(first.PeriodEnd) {
		t.Errorf("next period %v, want %v", sub.NextPeriod, first.PeriodEnd)
	}
}

// Paying an invoice grants its plan's credits once, with a ledger entry naming the invoice, however
// often the gateway repeats the news; a failed or cancelled payment grants nothing and leaves the
// invoice payable through the same link; a failure after a payment does not undo it.
func TestSettleGrantsCreditsOnce(t *testing.T) {
	ctx := context.Background()
	issued := func(t *testing.T) (*billing.Service, *memStore, *clock, billing.Invoice) {
		t.Helper()
		svc, store, _, c := newBilling("usr_1")
		if err := svc.ChangePlan(ctx, "usr_1", "pro"); err != nil {
			t.Fatal(err)
		}
		c.t = t0.Add(time.Second)
		mustIssue(t, svc)
		inv, err := store.Invoice(ctx, billing.Reference("usr_1", t0))
		if err != nil {
			t.Fatal(err)
		}
		c.t = t0.Add(time.Hour)
		return svc, store, c, inv
	}
	settle := func(t *testing.T, svc *billing.Service, n payment.Notification) {
		t.Helper()
		if err := svc.Settle(ctx, n); err != nil {
			t.Fatalf("Settle(%s %s) = %v", n.EventID, n.Type, err)
		}
	}
	check := func(t *testing.T, store *memStore, ref string, status billing.Status, balance, entries int) {
		t.Helper()
		inv, err := store.Invoice(ctx, ref)
		if err != nil {
			t.Fatal(err)
		}
		if inv.Status != status || (status == billing.StatusPaid) != (inv.PaidAt != nil) {
			t.Errorf("invoice %s, paid at %v; want %s", inv.Status, inv.PaidAt, status)
		}
		if got := store.ledger.Balance("usr_1"); got != balance {
			t.Errorf("balance %d, want %d", got, balance)
		}
		if got := store.ledger.Written("usr_1"); len(got) != entries {
			t.Errorf("ledger %+v, want %d entries", got, entries)
		}
	}

	t.Run("paid", func(t *testing.T) {
		svc, store, c, inv := issued(t)
		settle(t, svc, paid(inv, "evt_1"))
		check(t, store, inv.Reference, billing.StatusPaid, 100, 1)
		got, _ := store.Invoice(ctx, inv.Reference)
		if !got.PaidAt.Equal(c.t) {
			t.Errorf("paid at %v, want the settlement's time %v", got.PaidAt, c.t)
		}
		e := store.ledger.Written("usr_1")[0]
		if e.Amount != 100 || e.Reason != credits.ReasonInvoice || e.Reference != inv.Reference || !e.At.Equal(c.t) {
			t.Errorf("ledger entry %+v, want +100 for invoice %s at %v", e, inv.Reference, c.t)
		}
	})
	t.Run("the same event replayed", func(t *testing.T) {
		svc, store, _, inv := issued(t)
		for range 3 {
			settle(t, svc, paid(inv, "evt_1"))
		}
		check(t, store, inv.Reference, billing.StatusPaid, 100, 1)
	})
	t.Run("a second paid event for the same payment", func(t *testing.T) {
		svc, store, _, inv := issued(t)
		settle(t, svc, paid(inv, "evt_1"))
		settle(t, svc, paid(inv, "evt_2"))
		check(t, store, inv.Reference, billing.StatusPaid, 100, 1)
	})
	for _, typ := range []string{payment.Failed, payment.Cancelled} {
		t.Run(typ+", then paid", func(t *testing.T) {
			svc, store, _, inv := issued(t)
			settle(t, svc, notified(inv, "evt_1", typ))
			check(t, store, inv.Reference, billing.StatusFailed, 0, 0)
			settle(t, svc, paid(inv, "evt_2"))
			check(t, store, inv.Reference, billing.StatusPaid, 100, 1)
		})
	}
	t.Run("failed after paid", func(t *testing.T) {
		svc, store, _, inv := issued(t)
		settle(t, svc, paid(inv, "evt_1"))
		settle(t, svc, notified(inv, "evt_2", payment.Failed))
		check(t, store, inv.Reference, billing.StatusPaid, 100, 1)
	})
	t.Run("an unknown invoice", func(t *testing.T) {
		svc, store, _, inv := issued(t)
		n := paid(inv, "evt_1")
		n.Reference = "INV-20260310T090000-usr_2"
		if err := svc.Settle(ctx, n); !fault.Is(err, fault.NotFound) {
			t.Errorf("Settle = %v, want NotFound", err)
		}
		check(t, store, inv.Reference, billing.StatusPending, 0, 0)
		settle(t, svc, paid(inv, "evt_1")) // the refused event was not recorded: its id is still free
		check(t, store, inv.Reference, billing.StatusPaid, 100, 1)
	})
	t.Run("a mismatched amount, then the right one", func(t *testing.T) {
		svc, store, _, inv := issued(t)
		n := paid(inv, "evt_1")
		n.Amount = 1500
		if err := svc.Settle(ctx, n); fault.As(err).Code != "amount_mismatch" {
			t.Errorf("Settle = %v, want amount_mismatch", err)
		}
		check(t, store, inv.Reference, billing.StatusPending, 0, 0)
		settle(t, svc, paid(inv, "evt_1"))
		check(t, store, inv.Reference, billing.StatusPaid, 100, 1)
	})
}

// Two invoices paid grant both periods' credits, each once, to the invoice's user only.
func TestSettleCreditsTheInvoicesUser(t *testing.T) {
	ctx := context.Background()
	svc, store, _, c := newBilling("usr_1", "usr_2")
	if err := svc.ChangePlan(ctx, "usr_1", "business"); err != nil {
		t.Fatal(err)
	}
	second := time.Date(2026, 4, 10, 9, 0, 0, 0, time.UTC)
	for i, at := range []time.Time{t0, second} {
		c.t = at.Add(time.Second)
		mustIssue(t, svc)
		inv, err := store.Invoice(ctx, billing.Reference("usr_1", at))
		if err != nil {
			t.Fatal(err)
		}
		if err := svc.Settle(ctx, paid(inv, "evt_"+inv.Reference)); err != nil {
			t.Fatal(err)
		}
		if got := store.ledger.Balance("usr_1"); got != 500*(i+1) {
			t.Errorf("after period %d: balance %d, want %d", i, got, 500*(i+1))
		}
	}
	if got := store.ledger.Balance("usr_2"); got != 0 {
		t.Errorf("another user's balance %d, want 0", got)
	}
}

// A plan is one of the configured ones; an unknown plan or user changes nothing.
func TestChangePlanRefusals(t *testing.T) {
	ctx := context.Background()
	svc, store, _, _ := newBilling("usr_1")
	for _, plan := range []string{"", "platinum", "Pro"} {
		err := svc.ChangePlan(ctx, "usr_1", plan)
		e := fault.As(err)
		if e.Kind != fault.Invalid || e.Code != "validation_failed" ||
			!slices.Equal(e.InvalidParams, []string{"plan: one of the configured plans"}) {
			t.Errorf("ChangePlan(%q) = %+v, want Invalid validation_failed on plan", plan, e)
		}
	}
	if err := svc.ChangePlan(ctx, "usr_404", "pro"); !fault.Is(err, fault.NotFound) {
		t.Errorf("ChangePlan of an unknown user = %v, want NotFound", err)
	}
	if _, running := store.subscription("usr_1"); running || store.plan("usr_1") != "free" {
		t.Errorf("a refused change left plan %q, subscription running %v", store.plan("usr_1"), running)
	}
}

// A user lists their own invoices, newest first, optionally of one status; an unknown status is
// refused before the store is read.
func TestInvoicesList(t *testing.T) {
	ctx := context.Background()
	svc, store, _, c := newBilling("usr_1", "usr_2")
	for _, u := range []string{"usr_1", "usr_2"} {
		if err := svc.ChangePlan(ctx, u, "euro"); err != nil {
			t.Fatal(err)
		}
	}
	starts := []time.Time{
		t0,
		time.Date(2026, 4, 10, 9, 0, 0, 0, time.UTC),
		time.Date(2026, 5, 10, 9, 0, 0, 0, time.UTC),
	}
	for _, at := range starts {
		c.t = at.Add(time.Second)
		mustIssue(t, svc)
	}
	first, _ := store.Invoice(ctx, billing.Reference("usr_1", starts[0]))
	if err := svc.Settle(ctx, paid(first, "evt_1")); err != nil {
		t.Fatal(err)
	}
	refs := func(invs []billing.Invoice) []string {
		var out []string
		for _, inv := range invs {
			out = append(out, inv.Reference)
		}
		return out
	}
	ref := func(i int) string { return billing.Reference("usr_1", starts[i]) }
	for _, tt := range []struct {
		status billing.Status
		want   []string
	}{
		{"", []string{ref(2), ref(1), ref(0)}},
		{billing.StatusPaid, []string{ref(0)}},
		{billing.StatusPending, []string{ref(2), ref(1)}},
		{billing.StatusFailed, nil},
		{billing.StatusVoid, nil},
	} {
		got, next, err := svc.Invoices(ctx, "usr_1", tt.status, 10, "")
		if err != nil || next != "" || !slices.Equal(refs(got), tt.want) {
			t.Errorf("Invoices(%q) = %v, %q, %v; want %v", tt.status, refs(got), next, err, tt.want)
		}
	}
	page, next, err := svc.Invoices(ctx, "usr_1", "", 2, "")
	if err != nil || len(page) != 2 || next == "" {
		t.Fatalf("first page: %v, %q, %v", refs(page), next, err)
	}
	rest, last, err := svc.Invoices(ctx, "usr_1", "", 2, next)
	if err != nil || !slices.Equal(refs(rest), []string{ref(0)}) || last != "" {
		t.Errorf("second page: %v, %q, %v; want the oldest, last", refs(rest), last, err)
	}
	for _, status := range []billing.Status{"PAID", "refunded", "all"} {
		_, _, err := svc.Invoices(ctx, "usr_1", status, 10, "")
		if e := fault.As(err); e.Kind != fault.Invalid || e.Code != "validation_failed" || len(e.InvalidParams) != 1 {
			t.Errorf("Invoices(%q) = %+v, want Invalid validation_failed", status, e)
		}
	}
}

// An invoice's grant is its plan's credits to its user, for the invoice, at the time given.
func TestInvoiceGrant(t *testing.T) {
	inv := billing.Invoice{Reference: "INV-1", UserID: "usr_1", Credits: 100}
	got := inv.Grant(t0)
	want := credits.Movement{UserID: "usr_1", Amount: 100, Reason: credits.ReasonInvoice, Reference: "INV-1", At: t0}
	if got != want {
		t.Errorf("Grant = %+v, want %+v", got, want)
	}
}

// A subscription to a plan no longer configured (PLANS changed under it) is not ended as if it were
// free: the run reports it, naming the plan, and the subscription stays due, billed at the first
// run after the plan is configured again.
func TestIssueReportsAPlanNoLongerConfigured(t *testing.T) {
	ctx := context.Background()
	svc, store, gw, c := newBilling("usr_1")
	if err := svc.ChangePlan(ctx, "usr_1", "pro"); err != nil {
		t.Fatal(err)
	}
	svc.Plans = map[string]billing.Plan{"free": plans["free"]}
	c.t = t0.Add(time.Minute)
	if err := svc.Issue(ctx); err == nil || !strings.Contains(err.Error(), `"pro"`) {
		t.Errorf("Issue = %v, want an error naming the plan", err)
	}
	if sub, running := store.subscription("usr_1"); !running || sub.PendingPlan != "pro" {
		t.Errorf("subscription %+v, running %v: want it due, still for pro", sub, running)
	}
	if n := len(gw.opened()); n != 0 {
		t.Errorf("%d links opened", n)
	}
	svc.Plans = plans
	mustIssue(t, svc)
	if invs := store.stored(); len(invs) != 1 || invs[0].Plan != "pro" || !invs[0].PeriodStart.Equal(t0) {
		t.Errorf("once configured again: %+v, want the pro invoice of the period from t0", invs)
	}
}

// A store failure while listing due subscriptions is returned, and nothing is billed.
func TestIssueReportsAStoreFailure(t *testing.T) {
	svc, _, gw, _ := newBilling("usr_1")
	boom := errors.New("table unavailable")
	svc.Store = failingDue{svc.Store, boom}
	if err := svc.Issue(context.Background()); !errors.Is(err, boom) {
		t.Errorf("Issue = %v, want the store's error", err)
	}
	if n := len(gw.opened()); n != 0 {
		t.Errorf("%d links opened", n)
	}
}

type failingDue struct {
	billing.Store
	err error
}

func (f failingDue) DueSubscriptions(context.Context, time.Time, int) ([]billing.Subscription, error) {
	return nil, f.err
}
