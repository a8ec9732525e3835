package contracts

import (
	"time"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Change is a transition of one request, decided here and applied by the Store atomically: given
// the request as stored, what it becomes, or why it may not change (then nothing is written).
// Only the status, UpdatedAt, PaidAt, Issuance, IssuanceRun and History (one step more) change;
// the rest is the request's own from its creation.
type Change func(Contract) (Contract, error)

// ErrReplayed is what Store.ApplyPayment returns for an event it recorded before: nothing written.
var ErrReplayed = payment.ErrReplayed

// applyPayment is what a verified payment notification does to the request. A request whose link
// expired before the payment occurred is failed first (reads show it failed already), so money
// taken after the expiry is recorded as paid after the failure, not issued.
func (c Contract) applyPayment(n payment.Notification, now time.Time) (Contract, PaymentOutcome) {
	if c.linkExpired(now) && !n.OccurredAt.Before(c.Payment.ExpiresAt) {
		c.Status, c.UpdatedAt = StatusPaymentFailed, now
		c = c.step(StepPaymentExpired, c.Payment.ExpiresAt, "")
	}
	at := n.OccurredAt
	switch {
	case c.Status == StatusPendingPayment && n.Paid():
		c.Status, c.UpdatedAt, c.PaidAt = StatusIssuanceInProgress, at, &at
		c.IssuanceRun++
		return c.step(StepPaid, at, ""), PaymentMoved
	case c.Status == StatusPendingPayment:
		c.Status, c.UpdatedAt = StatusPaymentFailed, at
		return c.step(StepPaymentFailed, at, ""), PaymentMoved
	case n.Paid() && c.Status == StatusPaymentFailed && c.PaidAt == nil:
		// The status stays, so that nothing else (issuance, the expiry sweep) acts on it.
		c.PaidAt, c.UpdatedAt = &at, at
		return c.step(StepPaidAfterFailure, at, ""), PaymentAfterFailure
	}
	return c, PaymentUnchanged // late or out of order: the event is recorded, nothing moves
}

// finishIssuance ends an issuance with the core system's answer: ACTIVE or ISSUANCE_FAILED.
func (c Contract) finishIssuance(to Status, i Issuance, now time.Time) (Contract, error) {
	if c.Status != StatusIssuanceInProgress {
		return c, fault.New(fault.Conflict, "The request is no longer being issued.")
	}
	c.Status, c.Issuance, c.UpdatedAt = to, &i, now
	if to == StatusActive {
		return c.step(StepIssued, now, issuedDetail(&i)), nil
	}
	return c.step(StepIssuanceFailed, now, failedDetail(&i)), nil
}

// replay sends an ISSUANCE_FAILED request back to issuance, as a new run.
func (c Contract) replay(now time.Time) (Contract, error) {
	if c.Status != StatusIssuanceFailed {
		return c, fault.Newf(fault.Conflict, "The request is %s; this needs %s.", c.Status, StatusIssuanceFailed)
	}
	c.Status, c.UpdatedAt = StatusIssuanceInProgress, now
	c.IssuanceRun++
	return c.step(StepIssuanceReplayed, now, ""), nil
}

// refund closes a request whose client paid and has no contract.
func (c Contract) refund(now time.Time) (Contract, error) {
	if !c.Refundable() {
		return c, fault.Newf(
			fault.Conflict,
			"The request is %s: refunds are for ISSUANCE_FAILED requests and for PAYMENT_FAILED ones paid after the failure (payment.status paid_after_failure).",
			c.Status,
		)
	}
	c.Status, c.UpdatedAt = StatusRefunded, now
	return c.step(StepRefunded, now, ""), nil
}

// expireLink fails a request whose payment link expired unpaid (no webhook). The expiry is the
// due index's, which the sweep read: only the status is checked here.
func (c Contract) expireLink(now time.Time) (Contract, error) {
	if c.Status != StatusPendingPayment {
		return c, fault.Newf(fault.Conflict, "The request is %s; this needs %s.", c.Status, StatusPendingPayment)
	}
	c.Status, c.UpdatedAt = StatusPaymentFailed, now
	return c.step(StepPaymentExpired, now, ""), nil
}
