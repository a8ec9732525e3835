package contracts

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Store keeps contract requests. Each state change is a Change decided in this package that the
// Store writes atomically (one conditional write or transaction), with what must happen with it
// (the payment event, the partner's webhook delivery) in the same write.
type Store interface {
	// PutContract stores a new request, PENDING_PAYMENT as Create makes it (the due and status
	// indexes of later statuses are written by the changes that enter them); Conflict when the
	// reference exists.
	PutContract(ctx context.Context, c Contract) error
	// Contract returns a request; NotFound when unknown.
	Contract(ctx context.Context, reference string) (Contract, error)
	// Update applies change to c, the request as the caller read it, and writes the result on
	// condition that the request is still as change saw it (its status, paid or not). When it
	// moved in the meantime, Update reads it again and applies change to that, up to three tries,
	// then Conflict; NotFound when unknown. An error from change is returned as it is, with
	// nothing written; a result equal to c writes nothing, and of a result only what a Change
	// may change is written. Entering ISSUANCE_IN_PROGRESS marks the request due for issuance;
	// leaving a status takes it out of its due index and ends any issuance lease.
	Update(ctx context.Context, c Contract, change Change) (Contract, error)
	// ApplyPayment is Update that records the payment notification's event in the same write,
	// once: an event recorded before writes nothing and returns ErrReplayed. The event is recorded
	// even when change leaves the request as it is.
	ApplyPayment(ctx context.Context, c Contract, n payment.Notification, change Change) (Contract, error)
	// ClaimIssuance leases an ISSUANCE_IN_PROGRESS request to one worker until the given time (a
	// lease is held up to its end, to the millisecond); Conflict when another worker holds the
	// lease or the request is no longer being issued (or unknown).
	ClaimIssuance(ctx context.Context, reference string, until, now time.Time) error
	// ReleaseIssuance ends the lease early, for the next job to claim; NotFound when unknown.
	ReleaseIssuance(ctx context.Context, reference string) error
	// ExpiredLinks lists PENDING_PAYMENT requests whose payment link expired before the given
	// time (to the millisecond), earliest first, ties by reference, as an index shows them
	// (eventually consistent: Update checks each again).
	ExpiredLinks(ctx context.Context, before time.Time, limit int) ([]Contract, error)
	// DueIssuances lists the references of ISSUANCE_IN_PROGRESS requests that entered that status
	// before the given time (to the millisecond; a later change that keeps the status does not
	// move it), oldest first, ties by reference, as an index shows them (eventually consistent).
	DueIssuances(ctx context.Context, before time.Time, limit int) ([]string, error)
	// IssuanceAttempt counts one more issuance attempt of the request, across its runs, and
	// returns its number; NotFound when unknown.
	IssuanceAttempt(ctx context.Context, reference string) (int, error)
	// FinishIssuance is Update that stores the partner's webhook delivery in the same transaction,
	// when the request changes; Conflict, with nothing written, when a delivery of that id exists.
	FinishIssuance(ctx context.Context, c Contract, change Change, d webhook.Delivery) (Contract, error)
}

// Jobs queues issuance jobs.
type Jobs interface {
	Send(ctx context.Context, body string, due time.Time) error
}

// Outbox emits the partner's webhook deliveries with the change they report (webhook.Engine.Emit):
// commit stores them in its transaction, and the dispatcher is woken only once it has committed.
type Outbox interface {
	Emit(ctx context.Context, ds []webhook.Delivery, commit func([]webhook.Delivery) error) ([]webhook.Delivery, error)
}

// Metrics counts the events operators are alerted on.
type Metrics interface {
	// IssuanceFailed counts a paid request left without a contract.
	IssuanceFailed(ctx context.Context, reference string)
	// PaidAfterFailure counts money taken for a request that had failed (cancelled or expired):
	// a client paid and has no contract.
	PaidAfterFailure(ctx context.Context, reference string)
}

// Service runs the contract flow.
type Service struct {
	Metrics Metrics
	Store   Store
	Lists   Listings
	Codes   Codes
	Core    Core
	Gateway Gateway
	Jobs    Jobs
	Webhook Outbox
	LinkTTL time.Duration
	Now     func() time.Time
	// Backoff is how long Issue waits before asking again a core system that answered 5xx, by
	// the number of the try that failed (1, 2, ...); nil is UpstreamBackoff.
	Backoff func(try int) time.Duration
}

// Create validates, prices, opens the payment link and stores the request as PENDING_PAYMENT.
//
// Under an idempotency key (an attempt in ctx) the reference is the key's (idempotency.Text, dated
// by the first run): a run after a crash finds the request an earlier run stored and answers it,
// never a second one; if the earlier run stopped after opening the link, the gateway answers the
// link it opened for the reference (one link per reference), so the request has one link.
func (s *Service) Create(ctx context.Context, partnerID string, product Product, req Request) (Contract, error) {
	now := s.now()
	reference := newReference(ctx, product, idempotency.Started(ctx, now))
	if made, ok, err := s.made(ctx, partnerID, reference); ok || err != nil {
		return made, err
	}
	c, err := Validate(product, req, s.Codes, now.Truncate(24*time.Hour))
	if err != nil {
		return Contract{}, err
	}
	c.Reference = reference
	c.PartnerID, c.Status, c.CreatedAt, c.UpdatedAt = partnerID, StatusPendingPayment, now, now
	c = c.step(StepRequested, now, "")
	if c.Pricing, err = s.Core.Price(ctx, c); err != nil {
		return Contract{}, err
	}
	if !c.Pricing.valid() {
		// The client would be asked to pay it: better no link than a wrong amount.
		return Contract{}, &fault.Error{
			Kind:       fault.Upstream,
			Detail:     "The core insurance system answered a price out of range.",
			Extensions: map[string]any{"provider": "core-insurance", "upstreamStatus": 200},
		}
	}
	charge := payment.Charge{
		Reference: c.Reference,
		Amount:    c.Pricing.Total,
		Currency:  c.Pricing.Currency,
		Purpose:   purpose(c),
		ReturnURL: c.ReturnURL,
		CancelURL: c.CancelURL,
	}
	if c.Payment, err = s.Gateway.Open(ctx, charge, now.Add(s.LinkTTL)); err != nil {
		return Contract{}, err
	}
	err = s.Store.PutContract(ctx, c)
	if fault.Is(err, fault.Conflict) {
		// Another run of the request stored it meanwhile (one that outlived its lease).
		if made, ok, merr := s.made(ctx, partnerID, reference); ok || merr != nil {
			return made, merr
		}
	}
	return c, err
}

// made is the request an earlier run of this one (under the same idempotency key) stored under
// reference, and true; false without a key or when none was stored.
func (s *Service) made(ctx context.Context, partnerID, reference string) (Contract, bool, error) {
	if _, ok := idempotency.AttemptOf(ctx); !ok {
		return Contract{}, false, nil
	}
	c, err := s.Store.Contract(ctx, reference)
	switch {
	case fault.Is(err, fault.NotFound):
		return Contract{}, false, nil
	case err != nil:
		return Contract{}, false, err
	case c.PartnerID != partnerID:
		// 40 bits of the key's seed met another request's reference of the same day.
		return Contract{}, false, fmt.Errorf("contracts: reference %s of the key is another partner's", reference)
	}
	return c, true, nil
}

// newReference is the reconciliation key: product, date, and 40 bits, random or the idempotency
// key's (TRV for travel).
func newReference(ctx context.Context, p Product, at time.Time) string {
	prefix := "AUT"
	if p == ProductVoyage {
		prefix = "TRV"
	}
	return prefix + "-" + at.UTC().Format("20060102") + "-" + strings.ToUpper(idempotency.Text(ctx, "reference")[:8])
}

// Get returns a request to its partner or to an administrator (partnerID empty). Another
// partner's reference is NotFound with the detail of an unknown one, as the identity API answers
// another user's resource: an answer of its own would tell that the reference exists.
func (s *Service) Get(ctx context.Context, partnerID, reference string) (Contract, error) {
	c, err := s.Store.Contract(ctx, reference)
	if err != nil {
		return Contract{}, err
	}
	if partnerID != "" && c.PartnerID != partnerID {
		return Contract{}, fault.New(fault.NotFound, "No such contract request.")
	}
	if c.linkExpired(s.now()) {
		// The sweep writes the expiry within minutes; the partner must not see a request waiting for
		// a payment that can no longer be made in the meantime.
		c.Status, c.UpdatedAt = StatusPaymentFailed, c.Payment.ExpiresAt
	}
	return c, nil
}

// update reads a request and applies one of its transitions at the present time.
func (s *Service) update(
	ctx context.Context,
	reference string,
	transition func(Contract, time.Time) (Contract, error),
) (Contract, error) {
	c, err := s.Store.Contract(ctx, reference)
	if err != nil {
		return Contract{}, err
	}
	now := s.now()
	return s.Store.Update(ctx, c, func(c Contract) (Contract, error) { return transition(c, now) })
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}
