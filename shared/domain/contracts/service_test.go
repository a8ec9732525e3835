package contracts_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/contracts/contractstest"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

type countingMetrics struct{ issuanceFailed, paidAfterFailure []string }

func (m *countingMetrics) IssuanceFailed(_ context.Context, ref string) {
	m.issuanceFailed = append(m.issuanceFailed, ref)
}
func (m *countingMetrics) PaidAfterFailure(_ context.Context, ref string) {
	m.paidAfterFailure = append(m.paidAfterFailure, ref)
}

type sentJobs []string

func (j *sentJobs) Send(_ context.Context, body string, _ time.Time) error {
	*j = append(*j, body)
	return nil
}

func request(ref string, status contracts.Status, paid bool) contracts.Contract {
	c := contracts.Contract{
		Reference: ref,
		PartnerID: "prt_1",
		Status:    status,
		Pricing:   contracts.Pricing{Total: 1000, Currency: "XOF"},
		Payment:   payment.Checkout{ID: "pay_" + ref},
	}
	if paid {
		at := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
		c.PaidAt = &at
	}
	return c
}

func TestHandlePayment(t *testing.T) {
	paid := func(ref string) payment.Notification {
		return payment.Notification{
			EventID:    "evt_" + ref,
			Type:       payment.Succeeded,
			PaymentID:  "pay_" + ref,
			Reference:  ref,
			Amount:     1000,
			Currency:   "XOF",
			OccurredAt: time.Now(),
		}
	}
	tests := []struct {
		name          string
		start         contracts.Contract
		event         func(payment.Notification) payment.Notification
		code          string // the refusal's fault code; empty when accepted
		status        contracts.Status
		paymentStatus string
		jobs, alarms  int
	}{
		{
			"paid",
			request("A", contracts.StatusPendingPayment, false),
			nil,
			"",
			contracts.StatusIssuanceInProgress,
			"paid",
			1,
			0,
		},
		{
			"cancelled",
			request("A", contracts.StatusPendingPayment, false),
			func(e payment.Notification) payment.Notification { e.Type = payment.Cancelled; return e },
			"",
			contracts.StatusPaymentFailed,
			"failed",
			0,
			0,
		},
		{"another request's payment", request("A", contracts.StatusPendingPayment, false),
			func(e payment.Notification) payment.Notification { e.PaymentID = "pay_B"; return e },
			"payment_mismatch", contracts.StatusPendingPayment, "pending", 0, 0},
		{"no payment named", request("A", contracts.StatusPendingPayment, false),
			func(e payment.Notification) payment.Notification { e.PaymentID = ""; return e }, "payment_mismatch",
			contracts.StatusPendingPayment, "pending", 0, 0},
		{"another amount", request("A", contracts.StatusPendingPayment, false),
			func(e payment.Notification) payment.Notification { e.Amount = 1; return e }, "amount_mismatch",
			contracts.StatusPendingPayment, "pending", 0, 0},
		{
			"paid after a failure",
			request("A", contracts.StatusPaymentFailed, false),
			nil,
			"",
			contracts.StatusPaymentFailed,
			"paid_after_failure",
			0,
			1,
		},
		{
			"cancelled after a failure",
			request("A", contracts.StatusPaymentFailed, false),
			func(e payment.Notification) payment.Notification { e.Type = payment.Cancelled; return e },
			"",
			contracts.StatusPaymentFailed,
			"failed",
			0,
			0,
		},
		{
			"paid again after a failure",
			request("A", contracts.StatusPaymentFailed, true),
			nil,
			"",
			contracts.StatusPaymentFailed,
			"paid_after_failure",
			0,
			0,
		},
		{"paid when active", request("A", contracts.StatusActive, true), nil, "", contracts.StatusActive, "paid", 0, 0},
		{
			"paid when refunded",
			request("A", contracts.StatusRefunded, true),
			nil,
			"",
			contracts.StatusRefunded,
			"refunded",
			0,
			0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store, metrics, jobs := contractstest.New(tt.start), &countingMetrics{}, &sentJobs{}
			var logged bytes.Buffer
			ctx := logs.With(context.Background(), slog.New(slog.NewJSONHandler(&logged, nil)))
			svc := &contracts.Service{Store: store, Metrics: metrics, Jobs: jobs}
			e := paid("A")
			if tt.event != nil {
				e = tt.event(e)
			}
			err := svc.HandlePayment(ctx, e)
			if tt.code == "" && err != nil {
				t.Fatalf("HandlePayment: %v", err)
			}
			if tt.code != "" && (!fault.Is(err, fault.Invalid) || fault.As(err).Code != tt.code) {
				t.Fatalf("err = %v, want Invalid %s", err, tt.code)
			}
			c, _ := store.Contract(ctx, "A")
			if c.Status != tt.status || c.PaymentStatus() != tt.paymentStatus {
				t.Errorf(
					"request = %s, payment %s; want %s, %s",
					c.Status,
					c.PaymentStatus(),
					tt.status,
					tt.paymentStatus,
				)
			}
			if len(*jobs) != tt.jobs || len(metrics.paidAfterFailure) != tt.alarms {
				t.Errorf(
					"jobs %v, paid-after-failure metrics %v; want %d and %d",
					*jobs,
					metrics.paidAfterFailure,
					tt.jobs,
					tt.alarms,
				)
			}
			if warned := strings.Contains(logged.String(), `"level":"WARN"`) && strings.Contains(logged.String(),
				`"reference":"A"`); warned != (tt.alarms > 0) {
				t.Errorf("WARN log = %v, want %v: %s", warned, tt.alarms > 0, logged.String())
			}
			if tt.code != "" && store.Recorded(e.EventID) {
				t.Error("a refused notification was recorded: the gateway's corrected one would be taken for a replay")
			}
			if tt.alarms > 0 { // the gateway's replay of the same event is counted once
				if err := svc.HandlePayment(ctx, e); err != nil || len(metrics.paidAfterFailure) != 1 {
					t.Errorf("replay: %v, metrics %v", err, metrics.paidAfterFailure)
				}
			}
		})
	}
}

func TestRefund(t *testing.T) {
	tests := []struct {
		name  string
		start contracts.Contract
		ok    bool
	}{
		{"issuance failed", request("A", contracts.StatusIssuanceFailed, true), true},
		{"paid after failure", request("A", contracts.StatusPaymentFailed, true), true},
		{"failed, never paid", request("A", contracts.StatusPaymentFailed, false), false},
		{"pending", request("A", contracts.StatusPendingPayment, false), false},
		{"active", request("A", contracts.StatusActive, true), false},
		{"refunded", request("A", contracts.StatusRefunded, true), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := contractstest.New(tt.start)
			svc := &contracts.Service{Store: store}
			c, err := svc.Refund(context.Background(), "A")
			if !tt.ok {
				if !fault.Is(err, fault.Conflict) {
					t.Fatalf("err = %v, want Conflict", err)
				}
				if after, _ := store.Contract(context.Background(), "A"); after.Status != tt.start.Status {
					t.Errorf("a refused refund moved the request to %s", after.Status)
				}
				return
			}
			if err != nil || c.Status != contracts.StatusRefunded || c.PaymentStatus() != contracts.PaymentRefunded {
				t.Fatalf("Refund = %s (%s), %v", c.Status, c.PaymentStatus(), err)
			}
		})
	}
}

type fixedPrice struct{ p contracts.Pricing }

func (f fixedPrice) Price(context.Context, contracts.Contract) (contracts.Pricing, error) {
	return f.p, nil
}
func (fixedPrice) Issue(context.Context, contracts.Contract, int) (contracts.Issuance, error) {
	return contracts.Issuance{}, nil
}

type linkGateway struct{}

func (linkGateway) Open(_ context.Context, _ payment.Charge, expires time.Time) (payment.Checkout, error) {
	return payment.Checkout{ID: "pay_1", URL: "https://pay.example/pay_1", ExpiresAt: expires}, nil
}

type codes struct{}

func (codes) Has(string, string, string) bool { return true }

// A price outside 0 to MaxAmount is never put in front of the client: no link, no request.
func TestCreateRefusesPricesOutOfRange(t *testing.T) {
	tests := []struct {
		name    string
		pricing contracts.Pricing
		ok      bool
	}{
		{"ordinary", contracts.Pricing{NetPremium: 16000, Accessories: 2500, Total: 18500, Currency: "XOF"}, true},
		{
			"at the bound",
			contracts.Pricing{NetPremium: contracts.MaxAmount, Total: contracts.MaxAmount, Currency: "XOF"},
			true,
		},
		{"total above the bound", contracts.Pricing{Total: contracts.MaxAmount + 1, Currency: "XOF"}, false},
		{"negative part", contracts.Pricing{Taxes: -1, Total: 100, Currency: "XOF"}, false},
		{"zero total", contracts.Pricing{Currency: "XOF"}, false},
	}
	body := `{"cliCode":"C","cat":"550","scatCode":"011","carrCode":"ROU","nrg":"E","pfs":150,"nbP":2,"dure":12,"effet":"01/01/2099","numImmat":"X","mqCode":"YAMA","modele":"M"}`
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := contractstest.New()
			svc := &contracts.Service{
				Store:   store,
				Codes:   codes{},
				Core:    fixedPrice{tt.pricing},
				Gateway: linkGateway{},
				LinkTTL: time.Minute,
			}
			_, err := svc.Create(
				context.Background(),
				"prt_1",
				contracts.ProductAuto,
				contracts.Request{ReturnURL: "https://partner.example/r",
					CancelURL: "https://partner.example/c", Contract: []byte(body)},
			)
			if tt.ok != (err == nil) || (err != nil && !fault.Is(err, fault.Upstream)) {
				t.Fatalf("err = %v", err)
			}
			if !tt.ok && store.Len() != 0 {
				t.Fatal("a request out of range was stored")
			}
		})
	}
}

// The status read shows an expired link's request PAYMENT_FAILED before the sweep writes it.
func TestGetAppliesLinkExpiry(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name    string
		expires time.Time
		want    contracts.Status
	}{
		{"open", now.Add(time.Second), contracts.StatusPendingPayment},
		{"expired now", now, contracts.StatusPaymentFailed},
		{"expired earlier", now.Add(-time.Hour), contracts.StatusPaymentFailed},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := request("A", contracts.StatusPendingPayment, false)
			c.Payment.ExpiresAt = tt.expires
			store := contractstest.New(c)
			svc := &contracts.Service{Store: store, Now: func() time.Time { return now }}
			got, err := svc.Get(context.Background(), "prt_1", "A")
			if err != nil || got.Status != tt.want {
				t.Fatalf("Get = %v, %v; want %s", got.Status, err, tt.want)
			}
			if stored, _ := store.Contract(context.Background(), "A"); stored.Status != contracts.StatusPendingPayment {
				t.Fatalf("the read wrote %s", stored.Status)
			}
		})
	}
}

// The sweep sends the job again only for requests paid long enough ago that their job went missing:
// not for one paid a moment ago (its job may still be running), nor for one no longer being issued.
func TestSweepIssuance(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	at := func(ref string, status contracts.Status, ago time.Duration) contracts.Contract {
		c := request(ref, status, true)
		c.UpdatedAt = now.Add(-ago)
		return c
	}
	store := contractstest.New(at("LOST", contracts.StatusIssuanceInProgress, 6*time.Minute),
		at("RUNNING", contracts.StatusIssuanceInProgress, time.Minute), at("DONE", contracts.StatusActive, time.Hour))
	jobs := &sentJobs{}
	svc := &contracts.Service{Store: store, Jobs: jobs, Now: func() time.Time { return now }}
	if err := svc.SweepIssuance(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := (contracts.IssuanceJob{Reference: "LOST"}).Encode(); len(*jobs) != 1 || (*jobs)[0] != want {
		t.Fatalf("jobs sent = %q, want [%s]", *jobs, want)
	}
}
