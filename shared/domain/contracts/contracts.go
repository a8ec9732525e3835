// Package contracts is the insurance domain: contract requests (auto and travel), their validation
// (formats, reference codes, the power rule), their status machine, and the interfaces of the core
// insurance system and the payment gateway that price, collect and issue them.
package contracts

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/trustline/platform/shared/domain/payment"
)

// Product is the kind of contract.
type Product string

// Products.
const (
	ProductAuto   Product = "auto"
	ProductVoyage Product = "voyage"
)

// Status is a contract request's business status.
type Status string

// Statuses and their transitions:
//
//	(new) → PENDING_PAYMENT → PAYMENT_FAILED                       (cancelled, failed or expired payment; no webhook)
//	        PENDING_PAYMENT → ISSUANCE_IN_PROGRESS → ACTIVE        (insurance.contract.issued)
//	                          ISSUANCE_IN_PROGRESS → ISSUANCE_FAILED (insurance.contract.issuance_failed)
//	        ISSUANCE_FAILED → ACTIVE (admin replay) | REFUNDED (admin refund)
//	                         PAYMENT_FAILED → REFUNDED (admin refund, when paid after the failure)
//
// A payment confirmed after the request failed does not move it (the link is closed, the client may
// have given up): the request stays PAYMENT_FAILED with PaidAt set, which PaymentStatus reports as
// paid_after_failure, until an administrator refunds it.
const (
	StatusPendingPayment     Status = "PENDING_PAYMENT"
	StatusPaymentFailed      Status = "PAYMENT_FAILED"
	StatusIssuanceInProgress Status = "ISSUANCE_IN_PROGRESS"
	StatusActive             Status = "ACTIVE"
	StatusIssuanceFailed     Status = "ISSUANCE_FAILED"
	StatusRefunded           Status = "REFUNDED"
)

// Pricing is the core insurance system's price of a request, in the currency's units.
type Pricing struct {
	NetPremium    int64  `json:"netPremium"`
	Accessories   int64  `json:"accessories"`
	Taxes         int64  `json:"taxes"`
	GuaranteeFund int64  `json:"guaranteeFund"`
	Total         int64  `json:"total"`
	Currency      string `json:"currency"`
}

// valid tells whether every amount is within 0 to MaxAmount and the total is positive.
func (p Pricing) valid() bool {
	for _, v := range []int64{p.NetPremium, p.Accessories, p.Taxes, p.GuaranteeFund, p.Total} {
		if v < 0 || v > MaxAmount {
			return false
		}
	}
	return p.Total > 0
}

// Issuance is what the core system answered when issuing, or why it failed.
type Issuance struct {
	ContractID      string `json:"contractId,omitempty"`
	NumeroPolice    string `json:"numeroPolice,omitempty"`
	NumeroFacture   string `json:"numeroFacture,omitempty"`
	LinkAttestation string `json:"-"`
	LinkCarteBrune  string `json:"-"`
	ErrorCode       string `json:"errorCode,omitempty"`
	Error           string `json:"error,omitempty"`
}

// Contract is a contract request and everything that happened to it.
type Contract struct {
	Reference string
	PartnerID string
	Product   Product
	Status    Status
	ReturnURL string
	CancelURL string
	Data      json.RawMessage // the contract object as the partner sent it
	Subject   string          // registration or passport number: the simulator's magic values
	Pricing   Pricing
	Payment   payment.Checkout
	Issuance  *Issuance
	// IssuanceRun counts the times the request entered ISSUANCE_IN_PROGRESS: 1 after payment, one
	// more for each administrator's replay. Tries within one run share the core's idempotency key.
	IssuanceRun int
	CreatedAt   time.Time
	UpdatedAt   time.Time
	PaidAt      *time.Time
	// History is every step the request went through, oldest first, each appended by the
	// transition that made it (so written with it): a replayed issuance keeps its failure before
	// it, which the status and timestamps alone cannot tell.
	History []Step
}

// Step is one moment of a request's history.
type Step struct {
	What   string // one of the Step constants
	At     time.Time
	Detail string // the policy issued, or the core system's refusal
}

// The steps of a request's history.
const (
	StepRequested        = "requested" // priced, its payment link sent
	StepPaid             = "paid"
	StepPaymentFailed    = "payment_failed"  // the payer cancelled, or the payment was refused
	StepPaymentExpired   = "payment_expired" // the link expired unpaid
	StepPaidAfterFailure = "paid_after_failure"
	StepIssued           = "issued"
	StepIssuanceFailed   = "issuance_failed"
	StepIssuanceReplayed = "issuance_replayed" // by an administrator
	StepRefunded         = "refunded"          // by an administrator
)

// step is c with one more step in its history; the history is copied, never shared with the
// request c was made from.
func (c Contract) step(what string, at time.Time, detail string) Contract {
	c.History = append(slices.Clip(c.History), Step{What: what, At: at, Detail: detail})
	return c
}

// Timeline is the request's history; for a request stored before histories were kept, what its
// timestamps say (creation, payment, issuance, last change).
func (c Contract) Timeline() []Step {
	if len(c.History) > 0 {
		return c.History
	}
	steps := []Step{{What: StepRequested, At: c.CreatedAt}}
	if c.PaidAt != nil {
		steps = append(steps, Step{What: StepPaid, At: *c.PaidAt})
	}
	switch c.Status {
	case StatusActive:
		steps = append(steps, Step{What: StepIssued, At: c.UpdatedAt, Detail: issuedDetail(c.Issuance)})
	case StatusIssuanceFailed:
		steps = append(steps, Step{What: StepIssuanceFailed, At: c.UpdatedAt, Detail: failedDetail(c.Issuance)})
	case StatusPaymentFailed:
		if c.PaidAt == nil {
			steps = append(steps, Step{What: StepPaymentFailed, At: c.UpdatedAt})
		}
	case StatusRefunded:
		steps = append(steps, Step{What: StepRefunded, At: c.UpdatedAt})
	}
	return steps
}

func issuedDetail(i *Issuance) string {
	if i == nil || i.NumeroPolice == "" {
		return ""
	}
	return "policy " + i.NumeroPolice
}

func failedDetail(i *Issuance) string {
	if i == nil {
		return ""
	}
	if i.ErrorCode != "" && i.Error != "" {
		return i.ErrorCode + ": " + i.Error
	}
	return i.ErrorCode + i.Error
}

// UnpaidRetention is how long a request that was never paid is kept once it failed (its link
// expired, or the payer cancelled or was refused): long enough for the partner to read the outcome
// and for a late payment to find it, and no longer, since it holds the insured's personal data (a
// registration number, a traveller's passport number) for a sale that did not happen.
const UnpaidRetention = 30 * 24 * time.Hour

// PurgeAt is when the request is deleted: UnpaidRetention after a request that was never paid
// failed; zero for every other, which is kept as the record of a sale (and of money to refund).
func (c Contract) PurgeAt() time.Time {
	if c.Status == StatusPaymentFailed && c.PaidAt == nil {
		return c.UpdatedAt.Add(UnpaidRetention)
	}
	return time.Time{}
}

// Payment statuses, as the status read shows them.
const (
	PaymentPending          = "pending"
	PaymentFailed           = "failed"
	PaymentPaid             = "paid"
	PaymentPaidAfterFailure = "paid_after_failure"
	PaymentRefunded         = "refunded"
)

// PaymentStatus is what became of the request's money.
func (c Contract) PaymentStatus() string {
	switch {
	case c.Status == StatusPendingPayment:
		return PaymentPending
	case c.Status == StatusRefunded:
		return PaymentRefunded
	case c.Status == StatusPaymentFailed && c.PaidAt != nil:
		return PaymentPaidAfterFailure
	case c.Status == StatusPaymentFailed:
		return PaymentFailed
	default:
		return PaymentPaid
	}
}

// linkExpired tells whether the request waits for a payment whose link has expired: it has failed,
// whether or not the sweep has written it yet.
func (c Contract) linkExpired(now time.Time) bool {
	return c.Status == StatusPendingPayment && !c.Payment.ExpiresAt.IsZero() && !now.Before(c.Payment.ExpiresAt)
}

// Refundable tells whether the client paid and has no contract: an administrator may refund it.
func (c Contract) Refundable() bool {
	return c.Status == StatusIssuanceFailed || (c.Status == StatusPaymentFailed && c.PaidAt != nil)
}

// Core is the core insurance system.
type Core interface {
	// Price prices a validated request. Upstream faults name the provider and its status.
	Price(ctx context.Context, c Contract) (Pricing, error)
	// Issue issues a paid contract; attempt counts from 1 across replays. An Upstream fault is
	// temporary (retry); any other error is a refusal, recorded as the issuance failure.
	Issue(ctx context.Context, c Contract, attempt int) (Issuance, error)
}

// Gateway is the payment gateway.
type Gateway interface {
	// Open opens a payment link for the charge (a NotifyURL left empty is the gateway's own, where
	// contract payments go); Upstream faults when the gateway fails,
	// a fault with Code payment_config_missing when payments are not configured.
	Open(ctx context.Context, c payment.Charge, expires time.Time) (payment.Checkout, error)
}
