package contracts

import (
	"context"
	"errors"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// PaymentOutcome is what applying a payment event did to its request.
type PaymentOutcome int

// Payment outcomes.
const (
	// PaymentUnchanged: an event that arrived too late to move anything (a cancellation of a paid
	// request, a second confirmation); the event is recorded.
	PaymentUnchanged PaymentOutcome = iota
	// PaymentMoved: the request left PENDING_PAYMENT.
	PaymentMoved
	// PaymentAfterFailure: money came in for a PAYMENT_FAILED request, which keeps its status and
	// now shows the payment (PaidAt) for an administrator to refund.
	PaymentAfterFailure
)

// HandlePayment applies a verified notification. A paid request gets its issuance job; the job is
// due in the store in the same write, so a lost queue message is found by the sweep. A signature
// vouches for the gateway, not for the pairing of payment and request: a notification whose
// payment is not the request's own, or whose amount or currency is not its total's, is refused
// and changes nothing (payment.Notification.Match, the rule invoices follow too). Money confirmed
// for a request that had already failed is recorded on it, logged and counted, so that an
// operator refunds it.
func (s *Service) HandlePayment(ctx context.Context, n payment.Notification) error {
	c, err := s.Store.Contract(ctx, n.Reference)
	if err != nil {
		return err
	}
	if err := n.Match(c.Payment.ID, c.Pricing.Total, c.Pricing.Currency); err != nil {
		return err
	}
	var outcome PaymentOutcome
	now := s.now()
	_, err = s.Store.ApplyPayment(ctx, c, n, func(c Contract) (Contract, error) {
		c, outcome = c.applyPayment(n, now)
		return c, nil
	})
	if errors.Is(err, ErrReplayed) {
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case outcome == PaymentAfterFailure:
		logs.From(ctx).
			WarnContext(ctx,
				"payment received for a request that had failed: the client paid and has no contract; refund it",
				"reference", n.Reference, "eventId", n.EventID, "paymentId", n.PaymentID, "amount", n.Amount,
				"currency", c.Pricing.Currency,
				"refund", "POST /api/v1/admin/contracts/"+n.Reference+"/refund")
		s.Metrics.PaidAfterFailure(ctx, n.Reference)
	case outcome == PaymentMoved && n.Paid():
		return s.Jobs.Send(ctx, IssuanceJob{Reference: n.Reference}.Encode(), s.now())
	}
	return nil
}

// Refund (administrators) closes as REFUNDED a request whose client paid and has no contract:
// ISSUANCE_FAILED, or PAYMENT_FAILED with a payment taken after the failure.
func (s *Service) Refund(ctx context.Context, reference string) (Contract, error) {
	return s.update(ctx, reference, Contract.refund)
}

// ExpireLinks moves requests whose payment link expired unpaid to PAYMENT_FAILED (no webhook).
func (s *Service) ExpireLinks(ctx context.Context) error {
	now := s.now()
	expired, err := s.Store.ExpiredLinks(ctx, now, 100)
	if err != nil {
		return err
	}
	for _, c := range expired {
		// Conflict: paid or failed since the index was read.
		expire := func(c Contract) (Contract, error) { return c.expireLink(now) }
		if _, err := s.Store.Update(ctx, c, expire); err != nil && !fault.Is(err, fault.Conflict) {
			return err
		}
	}
	return nil
}

// purpose is what a contract's payment link collects, in words, as the checkout page shows it.
func purpose(c Contract) string {
	if c.Product == ProductVoyage {
		return "Travel insurance, request " + c.Reference
	}
	return "Motor insurance, request " + c.Reference
}
