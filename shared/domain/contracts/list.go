package contracts

import (
	"context"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Filter selects a page of contract requests, newest first. PartnerID empty is every partner's
// (administrators only): by Status across partners, or, with no Status either, the attention
// queue (Refundable requests: ISSUANCE_FAILED, and PAYMENT_FAILED paid after the failure).
type Filter struct {
	PartnerID    string
	Status       Status  // "" for any
	Product      Product // "" for any
	CreatedAfter time.Time
	Limit        int
	Cursor       string
}

// Page is one page of requests and where the next begins ("" after the last).
type Page struct {
	Items []Contract
	Next  string
}

// Listings reads lists of contract requests, a page at a time.
type Listings interface {
	// Contracts is a page of requests as f selects, newest first. Invalid when the cursor is not
	// a position of this very list (another partner's, another filter's, forged).
	Contracts(ctx context.Context, f Filter) (Page, error)
}

// KnownStatus reports whether s is a status.
func KnownStatus(s Status) bool {
	switch s {
	case StatusPendingPayment,
		StatusPaymentFailed,
		StatusIssuanceInProgress,
		StatusActive,
		StatusIssuanceFailed,
		StatusRefunded:
		return true
	}
	return false
}

// CheckFilter refuses filter values that name nothing.
func CheckFilter(f Filter) error {
	var bad []string
	if f.Status != "" && !KnownStatus(f.Status) {
		bad = append(
			bad,
			"contractStatus: PENDING_PAYMENT, PAYMENT_FAILED, ISSUANCE_IN_PROGRESS, ACTIVE, ISSUANCE_FAILED or REFUNDED",
		)
	}
	if f.Product != "" && f.Product != ProductAuto && f.Product != ProductVoyage {
		bad = append(bad, "product: auto or voyage")
	}
	if len(bad) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: bad}
	}
	return nil
}

// List is a page of requests: a partner's own (f.PartnerID set by the caller's credential), or,
// for an administrator, as f selects. A request whose link expired shows PAYMENT_FAILED, as Get
// shows it, before the sweep writes it (it is listed under PENDING_PAYMENT until then).
func (s *Service) List(ctx context.Context, f Filter) (Page, error) {
	if err := CheckFilter(f); err != nil {
		return Page{}, err
	}
	p, err := s.Lists.Contracts(ctx, f)
	if err != nil {
		return p, err
	}
	for i, c := range p.Items {
		if c.linkExpired(s.now()) {
			p.Items[i].Status, p.Items[i].UpdatedAt = StatusPaymentFailed, c.Payment.ExpiresAt
		}
	}
	return p, nil
}
