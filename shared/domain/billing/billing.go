// Package billing is subscriptions of the identity API: plans, one invoice per paid period, its
// payment through the payment gateway, and the credits a paid invoice grants, exactly once.
package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// Plan is a subscription plan.
type Plan struct {
	Name     string
	Price    int64 // per period, in the currency's units; 0 is free (no invoice)
	Currency string
	Credits  int // granted when a period's invoice is paid
}

// Status is an invoice's state:
//
//	pending → paid     (the gateway's paid notification; the period's credits are granted once)
//	pending → failed   (a failed or cancelled payment)
//	failed  → paid     (paid later through the same link)
//
// void is reserved for invoices an operator cancels; nothing sets it yet.
type Status string

// Statuses.
const (
	StatusPending Status = "pending"
	StatusPaid    Status = "paid"
	StatusFailed  Status = "failed"
	StatusVoid    Status = "void"
)

// Invoice is one period of a paid plan.
type Invoice struct {
	Reference   string
	UserID      string
	Plan        string
	Amount      int64
	Currency    string
	Credits     int
	Status      Status
	PeriodStart time.Time
	PeriodEnd   time.Time
	IssuedAt    time.Time
	PaymentID   string
	PaymentURL  string
	PaidAt      *time.Time
}

// LinkLifetime is how long an invoice's payment link stays open.
const LinkLifetime = 7 * 24 * time.Hour

// Grant is the movement of the plan's credits to the user that paying the invoice at at makes.
func (inv Invoice) Grant(at time.Time) credits.Movement {
	return credits.Grant(inv.UserID, inv.Credits, credits.ReasonInvoice, inv.Reference, at)
}

// Subscription is a user's billing position: the plan, a plan change waiting for the next period,
// and when that period starts.
type Subscription struct {
	UserID      string
	Plan        string
	PendingPlan string
	NextPeriod  time.Time
}

// Store keeps subscriptions and invoices.
type Store interface {
	// DueSubscriptions lists subscriptions whose next period starts before the given time.
	DueSubscriptions(ctx context.Context, before time.Time, limit int) ([]Subscription, error)
	// PutInvoice stores a new invoice; Conflict when its period has one already.
	PutInvoice(ctx context.Context, inv Invoice) error
	// AdvanceSubscription applies plan and moves the next period to next; a zero next ends the
	// subscription (a free plan).
	AdvanceSubscription(ctx context.Context, userID, plan string, next time.Time) error
	// SetPendingPlan records a plan change for the next period, starting a subscription at now
	// when the user has none.
	SetPendingPlan(ctx context.Context, userID, plan string, now time.Time) error
	// Invoice returns one; NotFound when unknown.
	Invoice(ctx context.Context, reference string) (Invoice, error)
	// Invoices lists a user's invoices, newest first, of one status when status is set.
	Invoices(ctx context.Context, userID string, status Status, limit int, cursor string) ([]Invoice, string, error)
	// SettleInvoice records the gateway's event n and moves the invoice to paid (granting its
	// credits with their ledger entry) or failed, in the same transaction; it reports false when
	// the invoice was not in a state to move (the event is recorded all the same). An event
	// recorded before writes nothing and returns payment.ErrReplayed.
	SettleInvoice(ctx context.Context, inv Invoice, n payment.Notification, to Status, at time.Time) (bool, error)
}

// Gateway opens payment links.
type Gateway interface {
	Open(ctx context.Context, c payment.Charge, expires time.Time) (payment.Checkout, error)
}

// Service issues and settles invoices.
type Service struct {
	Store   Store
	Gateway Gateway
	Plans   map[string]Plan
	// Period is the length of a billing period; zero means calendar months (UTC).
	Period    time.Duration
	NotifyURL string // POST /v1/billing/webhook of this deployment
	ReturnURL string // where the payer's browser goes after paying
	LinkTTL   time.Duration
	Now       func() time.Time
}

// Issue invoices every subscription whose period has started: one invoice per period, however
// often it runs (the period's reference is the invoice's key). Plan changes take effect here.
func (s *Service) Issue(ctx context.Context) error {
	now := s.now()
	due, err := s.Store.DueSubscriptions(ctx, now, 100)
	if err != nil {
		return err
	}
	var errs []error
	for _, sub := range due {
		if err := s.issue(ctx, sub, now); err != nil {
			logs.From(ctx).ErrorContext(ctx, "invoice not issued", "userId", sub.UserID, "error", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (s *Service) issue(ctx context.Context, sub Subscription, now time.Time) error {
	name := sub.Plan
	if sub.PendingPlan != "" {
		name = sub.PendingPlan
	}
	plan, ok := s.Plans[name]
	if !ok {
		// Not ended as if free: the subscription stays due, billed once the plan is configured again.
		return fmt.Errorf("billing: plan %q is not configured (PLANS)", name)
	}
	if plan.Price == 0 {
		return s.Store.AdvanceSubscription(ctx, sub.UserID, name, time.Time{})
	}
	start := sub.NextPeriod
	end := s.next(start)
	inv := Invoice{
		Reference:   Reference(sub.UserID, start),
		UserID:      sub.UserID,
		Plan:        name,
		Amount:      plan.Price,
		Currency:    plan.Currency,
		Credits:     plan.Credits,
		Status:      StatusPending,
		PeriodStart: start,
		PeriodEnd:   end,
		IssuedAt:    now,
	}
	const day = "2 January 2006"
	purpose := fmt.Sprintf("%s plan from %s to %s: %s", name, start.Format(day), end.Format(day),
		credits.Count(plan.Credits))
	link, err := s.Gateway.Open(
		ctx,
		payment.Charge{Reference: inv.Reference, Amount: inv.Amount, Currency: inv.Currency, Purpose: purpose,
			ReturnURL: s.ReturnURL, CancelURL: s.ReturnURL + "?outcome=cancelled", NotifyURL: s.NotifyURL},
		now.Add(s.LinkTTL),
	)
	if err != nil {
		return err
	}
	inv.PaymentID, inv.PaymentURL = link.ID, link.URL
	if err := s.Store.PutInvoice(ctx, inv); err != nil && !fault.Is(err, fault.Conflict) {
		return err // Conflict: a run before this one issued it and stopped short of advancing
	}
	return s.Store.AdvanceSubscription(ctx, sub.UserID, name, end)
}

// Reference is the invoice reference of a user's period, unique by construction.
func Reference(userID string, periodStart time.Time) string {
	return "INV-" + periodStart.UTC().Format("20060102T150405") + "-" + userID
}

// next is the end of the period starting at start: Period later, or the same day of the next
// month, the month's last day when it is shorter (31 January to 28 February: AddDate would
// normalise to 3 March and skip February's invoice).
func (s *Service) next(start time.Time) time.Time {
	if s.Period > 0 {
		return start.Add(s.Period)
	}
	y, m, d := start.Date()
	last := time.Date(y, m+2, 0, 0, 0, 0, 0, start.Location()).Day() // of the next month
	hour, minute, second := start.Clock()
	return time.Date(y, m+1, min(d, last), hour, minute, second, start.Nanosecond(), start.Location())
}

// Settle applies the gateway's verified notification: paid grants the period's credits once, a
// failure or cancellation marks the invoice failed; a replayed event or a late notification
// changes nothing. A notification that is not about the invoice's own payment (its paymentId,
// amount and currency: payment.Notification.Match, as contracts do) is refused and not recorded.
func (s *Service) Settle(ctx context.Context, n payment.Notification) error {
	inv, err := s.Store.Invoice(ctx, n.Reference)
	if err != nil {
		return err
	}
	if err := n.Match(inv.PaymentID, inv.Amount, inv.Currency); err != nil {
		return err
	}
	to := StatusFailed
	if n.Paid() {
		to = StatusPaid
	}
	moved, err := s.Store.SettleInvoice(ctx, inv, n, to, s.now())
	if errors.Is(err, payment.ErrReplayed) {
		logs.From(ctx).
			InfoContext(ctx, "invoice notification replayed", "reference", inv.Reference, "eventId", n.EventID)
		return nil
	}
	if err == nil && !moved {
		logs.From(ctx).
			InfoContext(ctx, "invoice notification changed nothing", "reference", inv.Reference, "status", inv.Status,
				"notified", to)
	}
	return err
}

// ChangePlan records a plan for the user's next period (administrators): a user without a paid
// subscription starts one at once.
func (s *Service) ChangePlan(ctx context.Context, userID, plan string) error {
	if _, ok := s.Plans[plan]; !ok {
		return &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        fmt.Sprintf("Unknown plan %q.", plan),
			InvalidParams: []string{"plan: one of the configured plans"},
		}
	}
	return s.Store.SetPendingPlan(ctx, userID, plan, s.now())
}

// Invoices lists a user's invoices, newest first.
func (s *Service) Invoices(
	ctx context.Context,
	userID string,
	status Status,
	limit int,
	cursor string,
) ([]Invoice, string, error) {
	switch status {
	case "", StatusPending, StatusPaid, StatusFailed, StatusVoid:
	default:
		return nil, "", &fault.Error{Kind: fault.Invalid, Code: "validation_failed", Detail: "Unknown status.",
			InvalidParams: []string{"status: pending, paid, failed or void"}}
	}
	return s.Store.Invoices(ctx, userID, status, limit, cursor)
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now().UTC()
}
