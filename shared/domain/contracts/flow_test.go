package contracts_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/contracts/contractstest"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// scriptedCore prices every request at 1000 XOF and answers issuance attempts from its script, in
// order: "ok", "upstream" (a 5xx: temporary) or "refuse"; past the script, "ok".
type scriptedCore struct {
	script   []string
	attempts []int // the attempt numbers it was asked with
}

func (c *scriptedCore) Price(context.Context, contracts.Contract) (contracts.Pricing, error) {
	return contracts.Pricing{NetPremium: 1000, Total: 1000, Currency: "XOF"}, nil
}

func (c *scriptedCore) Issue(_ context.Context, ct contracts.Contract, attempt int) (contracts.Issuance, error) {
	answer := "ok"
	if n := len(c.attempts); n < len(c.script) {
		answer = c.script[n]
	}
	c.attempts = append(c.attempts, attempt)
	switch answer {
	case "upstream":
		return contracts.Issuance{}, fault.New(fault.Upstream, "core-insurance answered 503")
	case "refuse":
		return contracts.Issuance{}, &fault.Error{
			Kind:   fault.Invalid,
			Code:   "VEHICLE_EXCLUDED",
			Detail: "The vehicle is excluded.",
		}
	}
	return contracts.Issuance{ContractID: "CT-" + ct.Reference, NumeroPolice: "POL-1"}, nil
}

type woken []string

// Send records the delivery a wake-up names: woken is the engine's queue.
func (w *woken) Send(_ context.Context, body string, _ time.Time) error {
	wake, err := webhook.ParseWakeUp(body)
	*w = append(*w, wake.DeliveryID)
	return err
}

// flow is one request's run through the service on the in-memory store, with a clock a step moves.
type flow struct {
	t       *testing.T
	svc     *contracts.Service
	store   *contractstest.Store
	core    *scriptedCore
	jobs    *sentJobs
	metrics *countingMetrics
	now     time.Time
	ref     string
	events  int
}

// step runs one action of the flow: create, pay, cancel, replay-event (the last event again),
// late-pay (paid at the link's expiry), issue, replay, refund, expire (the clock passes the link's
// expiry and the sweep runs).
func (f *flow) step(action string) error {
	ctx := context.Background()
	event := func(paid bool, at time.Time) payment.Notification {
		typ := payment.Cancelled
		if paid {
			typ = payment.Succeeded
		}
		return payment.Notification{
			EventID:    "evt_" + f.ref + "_" + string(rune('0'+f.events)),
			Type:       typ,
			PaymentID:  "pay_" + f.ref,
			Reference:  f.ref,
			Amount:     1000,
			Currency:   "XOF",
			OccurredAt: at,
		}
	}
	switch action {
	case "create":
		c, err := f.svc.Create(
			ctx,
			"prt_1",
			contracts.ProductAuto,
			contracts.Request{ReturnURL: "https://partner.example/r",
				CancelURL: "https://partner.example/c", Contract: []byte(autoContract)},
		)
		f.ref = c.Reference
		return err
	case "pay", "cancel":
		f.events++
		return f.svc.HandlePayment(ctx, event(action == "pay", f.now))
	case "replay-event":
		return f.svc.HandlePayment(ctx, event(true, f.now))
	case "late-pay":
		c, _ := f.store.Contract(ctx, f.ref)
		f.events++
		f.now = c.Payment.ExpiresAt
		return f.svc.HandlePayment(ctx, event(true, f.now))
	case "issue":
		return f.svc.Issue(ctx, f.ref)
	case "replay":
		_, err := f.svc.ReplayIssuance(ctx, f.ref)
		return err
	case "refund":
		_, err := f.svc.Refund(ctx, f.ref)
		return err
	case "expire":
		f.now = f.now.Add(time.Hour)
		return f.svc.ExpireLinks(ctx)
	}
	f.t.Fatalf("no step %q", action)
	return nil
}

const autoContract = `{"cliCode":"C","cat":"550","scatCode":"011","carrCode":"ROU","nrg":"E","pfs":150,"nbP":2,"dure":12,"effet":"01/01/2099","numImmat":"X","mqCode":"YAMA","modele":"M"}`

// The contract flow, step by step, on the in-memory store: each case is a request's life, the
// error kind each step must end with, and where the request ends up.
func TestContractFlow(t *testing.T) {
	type step struct {
		do    string
		fails bool
		fail  fault.Kind // the fault the step must return when it fails
	}
	ok := func(actions ...string) []step {
		s := make([]step, len(actions))
		for i, a := range actions {
			s[i] = step{do: a}
		}
		return s
	}
	tests := []struct {
		name          string
		core          []string
		steps         []step
		status        contracts.Status
		paymentStatus string
		webhooks      []string // the partner's deliveries, in order
		jobs          int      // issuance jobs queued
		attempts      []int    // the attempt numbers the core was asked with
		run           int      // IssuanceRun at the end
		alarms        []string // metrics counted: failed, paid-after-failure
	}{
		{name: "created", steps: ok("create"), status: contracts.StatusPendingPayment, paymentStatus: "pending"},
		{
			name:          "paid and issued",
			steps:         ok("create", "pay", "issue"),
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssued},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
		},
		{
			name:          "upstream fails twice, then issues",
			core:          []string{"upstream", "upstream"},
			steps:         ok("create", "pay", "issue"),
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssued},
			jobs:          1,
			attempts:      []int{1, 2, 3},
			run:           1,
		},
		{
			name: "upstream fails every try: the job is left to the queue, which issues later",
			core: []string{"upstream", "upstream", "upstream"},
			steps: []step{
				{do: "create"},
				{do: "pay"},
				{do: "issue", fails: true, fail: fault.Upstream},
				{do: "issue"},
			},
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssued},
			jobs:          1,
			attempts:      []int{1, 2, 3, 4},
			run:           1,
		},
		{
			name:          "a duplicate job does nothing",
			steps:         ok("create", "pay", "issue", "issue"),
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssued},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
		},
		{
			name:          "the core refuses",
			core:          []string{"refuse"},
			steps:         ok("create", "pay", "issue"),
			status:        contracts.StatusIssuanceFailed,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssuanceFailed},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
			alarms:        []string{"failed"},
		},
		{
			name:          "refused, replayed, issued",
			core:          []string{"refuse"},
			steps:         ok("create", "pay", "issue", "replay", "issue"),
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssuanceFailed, contracts.EventIssued},
			jobs:          2,
			attempts:      []int{1, 2},
			run:           2,
			alarms:        []string{"failed"},
		},
		{
			name:          "refused, refunded",
			core:          []string{"refuse"},
			steps:         ok("create", "pay", "issue", "refund"),
			status:        contracts.StatusRefunded,
			paymentStatus: "refunded",
			webhooks:      []string{contracts.EventIssuanceFailed},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
			alarms:        []string{"failed"},
		},
		{
			name: "refunded twice",
			core: []string{"refuse"},
			steps: []step{
				{do: "create"},
				{do: "pay"},
				{do: "issue"},
				{do: "refund"},
				{do: "refund", fails: true, fail: fault.Conflict},
			},
			status:        contracts.StatusRefunded,
			paymentStatus: "refunded",
			webhooks:      []string{contracts.EventIssuanceFailed},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
			alarms:        []string{"failed"},
		},
		{
			name: "no refund of an issued contract",
			steps: []step{
				{do: "create"},
				{do: "pay"},
				{do: "issue"},
				{do: "refund", fails: true, fail: fault.Conflict},
			},
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssued},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
		},
		{
			name: "no replay of an issued contract",
			steps: []step{
				{do: "create"},
				{do: "pay"},
				{do: "issue"},
				{do: "replay", fails: true, fail: fault.Conflict},
			},
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssued},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
		},
		{
			name:          "the gateway replays its event",
			steps:         ok("create", "pay", "replay-event", "issue", "replay-event"),
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssued},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
		},
		{
			name:          "cancelled",
			steps:         ok("create", "cancel"),
			status:        contracts.StatusPaymentFailed,
			paymentStatus: "failed",
		},
		{
			name:          "no refund of a request never paid",
			steps:         []step{{do: "create"}, {do: "cancel"}, {do: "refund", fails: true, fail: fault.Conflict}},
			status:        contracts.StatusPaymentFailed,
			paymentStatus: "failed",
		},
		{
			name:          "the link expires",
			steps:         ok("create", "expire"),
			status:        contracts.StatusPaymentFailed,
			paymentStatus: "failed",
		},
		{
			name:          "paid after the link expired and the sweep ran",
			steps:         ok("create", "expire", "pay"),
			status:        contracts.StatusPaymentFailed,
			paymentStatus: "paid_after_failure",
			alarms:        []string{"paid after failure"},
		},
		{
			name:          "paid at the expiry, before the sweep",
			steps:         ok("create", "late-pay"),
			status:        contracts.StatusPaymentFailed,
			paymentStatus: "paid_after_failure",
			alarms:        []string{"paid after failure"},
		},
		{
			name:          "paid after the expiry, refunded",
			steps:         ok("create", "expire", "pay", "refund"),
			status:        contracts.StatusRefunded,
			paymentStatus: "refunded",
			alarms:        []string{"paid after failure"},
		},
		{
			name:          "the sweep after the payment leaves it paid",
			steps:         ok("create", "pay", "expire", "issue"),
			status:        contracts.StatusActive,
			paymentStatus: "paid",
			webhooks:      []string{contracts.EventIssued},
			jobs:          1,
			attempts:      []int{1},
			run:           1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
			f := &flow{
				t:       t,
				store:   contractstest.New(),
				core:    &scriptedCore{script: tt.core},
				jobs:    &sentJobs{},
				metrics: &countingMetrics{},
				now:     start,
			}
			wake := &woken{}
			// The engine's outbox, with the retention the stack gives delivery records.
			clock := func() time.Time { return f.now }
			outbox := &webhook.Engine{Wake: wake, Retention: 30 * 24 * time.Hour, Now: clock}
			f.svc = &contracts.Service{
				Store:   f.store,
				Codes:   codes{},
				Core:    f.core,
				Gateway: refGateway{},
				Jobs:    f.jobs,
				Webhook: outbox,
				Metrics: f.metrics,
				LinkTTL: 30 * time.Minute,
				Now:     func() time.Time { return f.now },
				Backoff: func(int) time.Duration { return 0 },
			} // the retries without their waits
			for i, s := range tt.steps {
				err := f.step(s.do)
				if !s.fails && err != nil {
					t.Fatalf("step %d (%s): %v", i+1, s.do, err)
				}
				if s.fails && !fault.Is(err, s.fail) {
					t.Fatalf("step %d (%s): %v, want kind %d", i+1, s.do, err, s.fail)
				}
				f.now = f.now.Add(time.Second)
			}
			c, err := f.svc.Get(context.Background(), "prt_1", f.ref)
			if err != nil {
				t.Fatal(err)
			}
			if c.Status != tt.status || c.PaymentStatus() != tt.paymentStatus || c.IssuanceRun != tt.run {
				t.Errorf(
					"request %s, payment %s, run %d; want %s, %s, %d",
					c.Status,
					c.PaymentStatus(),
					c.IssuanceRun,
					tt.status,
					tt.paymentStatus,
					tt.run,
				)
			}
			var events []string
			for _, d := range f.store.Deliveries() {
				events = append(events, d.Event)
				if d.OwnerID != "prt_1" || d.Reference != f.ref || !slices.Contains(*wake, d.ID) {
					t.Errorf("delivery %+v: not the partner's, or the dispatcher was not woken", d)
				}
				if !d.ExpiresAt.After(d.CreatedAt) {
					t.Errorf("delivery %s is kept for ever: partner deliveries expire like identity ones", d.ID)
				}
			}
			if !slices.Equal(events, tt.webhooks) {
				t.Errorf("webhooks %v, want %v", events, tt.webhooks)
			}
			if len(*f.jobs) != tt.jobs || !slices.Equal(f.core.attempts, tt.attempts) {
				t.Errorf("%d jobs, attempts %v; want %d, %v", len(*f.jobs), f.core.attempts, tt.jobs, tt.attempts)
			}
			var alarms []string
			alarms = append(
				alarms,
				strings.Repeat(
					"failed ",
					len(f.metrics.issuanceFailed),
				)+strings.Repeat(
					"paid after failure ",
					len(f.metrics.paidAfterFailure),
				),
			)
			if want := strings.Join(tt.alarms, " "); strings.TrimSpace(alarms[0]) != want {
				t.Errorf("metrics %q, want %q", alarms[0], want)
			}
			if f.store.Leased(f.ref) {
				t.Error("a worker's lease outlived its job")
			}
		})
	}
}

// refGateway opens a link per request, named after it.
type refGateway struct{}

func (refGateway) Open(_ context.Context, c payment.Charge, expires time.Time) (payment.Checkout, error) {
	return payment.Checkout{
		ID:        "pay_" + c.Reference,
		URL:       "https://pay.example/" + c.Reference,
		ExpiresAt: expires,
	}, nil
}

// A transition written while another writer moves the request is applied to what that writer left,
// not over it: here a refund read on an ISSUANCE_FAILED request finds it replayed meanwhile.
func TestTransitionOnAMovedRequest(t *testing.T) {
	failed := request("A", contracts.StatusIssuanceFailed, true)
	store := contractstest.New(failed)
	store.Meddle = func(c *contracts.Contract) {
		if c.Status == contracts.StatusIssuanceFailed {
			c.Status = contracts.StatusIssuanceInProgress // an administrator's replay, between the read and the write
		}
	}
	svc := &contracts.Service{Store: store}
	_, err := svc.Refund(context.Background(), "A")
	if !fault.Is(err, fault.Conflict) || errors.Is(err, contracts.ErrReplayed) {
		t.Fatalf("Refund = %v, want Conflict", err)
	}
	if c, _ := store.Contract(context.Background(), "A"); c.Status != contracts.StatusIssuanceInProgress {
		t.Errorf("status %s: the refund was written over the replay", c.Status)
	}
}
