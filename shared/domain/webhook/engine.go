package webhook

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// DefaultRetrySchedule is the retries of a delivery unless configured otherwise (the setting
// WEBHOOK_RETRY_SCHEDULE, in whose form it is written): 2, 4, 8, 16 and 32 minutes after the first
// attempt, as the partner specification asks.
const DefaultRetrySchedule = "2m,4m,8m,16m,32m"

// Engine enqueues and delivers webhooks.
type Engine struct {
	Store    Store
	Targets  Targets
	Wake     Waker
	Sender   Sender
	Schedule []time.Duration // retry offsets from the first attempt (DefaultRetrySchedule)
	// Timeout bounds an attempt, from resolving its target to the receiver's answer; an attempt is
	// claimed for Timeout and 30 s more.
	Timeout time.Duration
	// Retention is how long a delivery record is kept (0: for ever).
	Retention time.Duration
	Now       func() time.Time
}

// Emit is the one way an event goes out (the outbox). Each of ds becomes a new delivery, due now
// (an id unless it has one, pending, no attempts, kept for Retention like every delivery record: it
// holds the event's body until delivered, and its history after); commit stores them in the same
// transaction as the state change they report, and only once it has committed is the dispatcher
// woken for each. If commit fails nothing was stored, and the caller's retry emits again; if a
// wake-up is lost (the send fails, or the process dies after the commit), the delivery stays
// pending with a due time in the past and Sweep, run by the maintenance schedule, wakes it. A
// delivery can therefore be late by a sweep interval, but never lost, never sent for a change that
// did not commit, and a message without a record cannot exist.
func (e *Engine) Emit(ctx context.Context, ds []Delivery, commit func([]Delivery) error) ([]Delivery, error) {
	now := e.now()
	for i, d := range ds {
		if d.ID == "" {
			d.ID = NewID()
		}
		d.Status, d.CreatedAt, d.NextAt, d.Attempts, d.ExpiresAt = StatusPending, now, now, nil, time.Time{}
		if e.Retention > 0 {
			d.ExpiresAt = now.Add(e.Retention)
		}
		ds[i] = d
	}
	if err := commit(ds); err != nil {
		return nil, err
	}
	log := logs.From(ctx)
	for _, d := range ds {
		if err := e.wake(ctx, d.ID, 1, now); err != nil {
			log.WarnContext(ctx, "webhook wake-up not sent; the sweep will send it", "deliveryId", d.ID, "error", err)
		}
	}
	return ds, nil
}

// Enqueue emits a delivery that is a change of its own (a test event, a redelivery): stored alone,
// then woken.
func (e *Engine) Enqueue(ctx context.Context, d Delivery) (Delivery, error) {
	ds, err := e.Emit(ctx, []Delivery{d}, func(ds []Delivery) error { return e.Store.PutDelivery(ctx, ds[0]) })
	if err != nil {
		return Delivery{}, err
	}
	return ds[0], nil
}

func (e *Engine) wake(ctx context.Context, id string, attempt int, due time.Time) error {
	return e.Wake.Send(ctx, WakeUp{DeliveryID: id, Attempt: attempt}.Encode(), due)
}

// Handle processes one wake-up (read from its message by ParseWakeUp): the dispatcher's work. A
// wake-up for an attempt that is already done or taken is a duplicate and is dropped, so one attempt
// is never POSTed twice; an error leaves the message for the queue to retry. A wake-up that names no
// delivery or no attempt is dropped, as no retry would make it valid.
func (e *Engine) Handle(ctx context.Context, w WakeUp) error {
	log := logs.From(ctx)
	if !w.valid() {
		log.ErrorContext(ctx, "malformed webhook wake-up dropped", "deliveryId", w.DeliveryID, "attempt", w.Attempt)
		return nil
	}
	d, err := e.Store.Delivery(ctx, w.DeliveryID)
	if fault.Is(err, fault.NotFound) {
		log.ErrorContext(ctx, "wake-up for an unknown delivery dropped", "deliveryId", w.DeliveryID)
		return nil
	}
	if err != nil {
		return err
	}
	if d.Status != StatusPending || len(d.Attempts)+1 != w.Attempt {
		return nil // a duplicate, or a wake-up of an attempt already made
	}
	now := e.now()
	if c := d.Claimed; c != nil && c.N == w.Attempt && !now.Before(c.Until) {
		// The attempt started and its outcome was never recorded: the dispatcher stopped during
		// it. Its POST may have reached the receiver, so the history keeps it, as interrupted, and
		// the next attempt follows now.
		cut := Attempt{N: c.N, At: c.At.UTC(), ErrorClass: ErrorInterrupted,
			Error: "interrupted: the dispatcher stopped before the answer was recorded"}
		if err := e.Store.RecordAttempt(ctx, d.ID, cut, StatusPending, now); err != nil {
			if fault.Is(err, fault.Conflict) {
				return nil // another worker recorded it first, and goes on
			}
			return err
		}
		d.Attempts, d.Claimed, w.Attempt = append(d.Attempts, cut), nil, w.Attempt+1
	}
	if d.NextAt.After(now.Add(time.Second)) {
		return e.wake(ctx, d.ID, w.Attempt, d.NextAt) // early (a sweep raced a retry): come back when due
	}
	if err := e.Store.ClaimAttempt(ctx, d.ID, w.Attempt, now.Add(e.Timeout+30*time.Second), now); err != nil {
		if fault.Is(err, fault.Conflict) {
			return nil // another worker is making this attempt
		}
		return err
	}
	a := e.attempt(ctx, d, w.Attempt)
	status, next := StatusPending, time.Time{}
	switch {
	case a.Succeeded():
		status = StatusSucceeded
	case w.Attempt > len(e.Schedule):
		status = StatusFailed
	default:
		// Offsets count from the first attempt as made (its At: after the claim, when the POST
		// starts), as the receiver sees it: never from before a slow claim, which would bring the
		// retries that much early.
		first := a.At
		if len(d.Attempts) > 0 {
			first = d.Attempts[0].At
		}
		next = first.Add(e.Schedule[w.Attempt-1])
	}
	if err := e.Store.RecordAttempt(ctx, d.ID, a, status, next); err != nil {
		return err
	}
	log.InfoContext(ctx, "webhook attempt", "deliveryId", d.ID, "event", d.Event, "attempt", a.N,
		"statusCode", a.StatusCode, "durationMs", a.DurationMs, "error", a.Error, "status", status)
	if status == StatusPending {
		if err := e.wake(ctx, d.ID, w.Attempt+1, next); err != nil {
			log.WarnContext(ctx, "webhook retry wake-up not sent; the sweep will send it", "deliveryId", d.ID,
				"error", err)
		}
	}
	return nil
}

// attempt POSTs the stored body once and reports how it went.
func (e *Engine) attempt(ctx context.Context, d Delivery, n int) (a Attempt) {
	start := e.now()
	a = Attempt{N: n, At: start.UTC()}
	defer func() { a.DurationMs = e.now().Sub(start).Milliseconds() }()
	t, err := e.Targets.Target(ctx, d)
	if err != nil {
		a.ErrorClass, a.Error = ErrorNoTarget, "no webhook target: "+fault.As(err).Detail
		return a
	}
	ctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	status, err := e.Sender.Send(ctx, Request{URL: t.URL, Headers: sign(d, t, start), Body: d.Body})
	if err != nil {
		a.ErrorClass, a.Error = ErrorConnection, "the connection failed"
		if se := (*SendError)(nil); errors.As(err, &se) {
			a.ErrorClass, a.Error = se.Class, se.Detail
		}
		return a
	}
	a.StatusCode = status
	switch {
	case status >= 300 && status < 400:
		a.ErrorClass, a.Error = ErrorHTTPStatus, "redirect not followed"
	case status < 200 || status >= 300:
		a.ErrorClass, a.Error = ErrorHTTPStatus, fmt.Sprintf("answered %d", status)
	}
	return a
}

// Sweep wakes pending deliveries whose wake-up went missing (sent late or not at all): those due
// more than a minute ago. Duplicated wake-ups are harmless (see Handle).
func (e *Engine) Sweep(ctx context.Context) error {
	due, err := e.Store.DueDeliveries(ctx, e.now().Add(-time.Minute), 500)
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range due {
		errs = append(errs, e.wake(ctx, d.ID, len(d.Attempts)+1, e.now()))
	}
	return errors.Join(errs...)
}

// Recover re-queues the FAILED deliveries of one owner's endpoint ("" for a partner's webhook)
// created since the given time: each becomes a new delivery (its redeliveryOf naming the failed
// one) with a fresh schedule, and the failed one is marked, so that recovering twice, or two
// recoveries at once, send each failed delivery again only once. At most limit per call (a call
// is one request's work); more says that others remain, for the next call.
func (e *Engine) Recover(
	ctx context.Context,
	ownerID, endpointID string,
	since time.Time,
	limit int,
) (n int, more bool, err error) {
	failed, more, err := e.Store.FailedSince(ctx, ownerID, endpointID, since, limit)
	if err != nil {
		return 0, false, err
	}
	for _, d := range failed {
		again := Delivery{Scheme: d.Scheme, OwnerID: d.OwnerID, EndpointID: d.EndpointID, Event: d.Event,
			Reference: d.Reference, Body: d.Body, RedeliveryOf: d.ID}
		_, err := e.Emit(ctx, []Delivery{again}, func(ds []Delivery) error {
			return e.Store.RecoverDelivery(ctx, d.ID, ds[0])
		})
		if fault.Is(err, fault.Conflict) {
			continue // recovered meanwhile by another call
		}
		if err != nil {
			return n, more, err
		}
		n++
	}
	return n, more, nil
}

// CodeBodyNotRetained is the Conflict code of Redeliver on a delivered event, whose body is gone.
const CodeBodyNotRetained = "body_not_retained"

// Redeliver starts a new delivery of the same event to the same owner. The delivery must be the
// owner's and of its endpoint endpointID ("" for a partner's webhook, which has none): another
// owner's, or another endpoint's, is NotFound, as an unknown one. A delivery that succeeded has no
// body left to send: Conflict CodeBodyNotRetained, whose extensions name its event and reference,
// so that the caller can be sent to the resource the event reported on.
func (e *Engine) Redeliver(ctx context.Context, ownerID, endpointID, id string) (Delivery, error) {
	d, err := e.Store.Delivery(ctx, id)
	if err != nil {
		return Delivery{}, err
	}
	if d.OwnerID != ownerID || d.EndpointID != endpointID {
		return Delivery{}, fault.New(fault.NotFound, "No such delivery.")
	}
	if len(d.Body) == 0 {
		return Delivery{}, &fault.Error{Kind: fault.Conflict, Code: CodeBodyNotRetained,
			Detail: "This delivery succeeded, and its body, which reports on personal data, was dropped at delivery for privacy: it cannot be sent again. " +
				"Only failed and pending deliveries keep their body.",
			Extensions: map[string]any{"event": d.Event, "reference": d.Reference}}
	}
	return e.Enqueue(ctx, Delivery{Scheme: d.Scheme, OwnerID: d.OwnerID, EndpointID: d.EndpointID, Event: d.Event,
		Reference: d.Reference, Body: d.Body, RedeliveryOf: d.ID})
}

func (e *Engine) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}
