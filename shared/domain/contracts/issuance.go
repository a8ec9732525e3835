package contracts

import (
	"context"
	"errors"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// UpstreamBackoff waits 200 ms after the first failed try, 400 ms after the second: short, since a
// job's tries must fit in the worker's timeout, and the queue brings the job back after that.
func UpstreamBackoff(try int) time.Duration { return time.Duration(try) * 200 * time.Millisecond }

// maxUpstreamTries is how many times one issuance job asks a core system that answers 5xx;
// issuanceLease is how long one job holds a request (longer than the worker's timeout).
const (
	maxUpstreamTries = 3
	issuanceLease    = 2 * time.Minute
)

// Issue issues a paid request: ACTIVE with insurance.contract.issued, or ISSUANCE_FAILED with
// insurance.contract.issuance_failed when the core system refuses. Temporary core failures are
// retried a few times, then left to the queue (the job comes back after its visibility timeout,
// and the sweep re-sends a job that ran out of receives).
func (s *Service) Issue(ctx context.Context, reference string) error {
	c, err := s.Store.Contract(ctx, reference)
	if err != nil {
		return err
	}
	if c.Status != StatusIssuanceInProgress {
		return nil // done already: a duplicate job
	}
	now := s.now()
	if err := s.Store.ClaimIssuance(ctx, reference, now.Add(issuanceLease), now); err != nil {
		if fault.Is(err, fault.Conflict) {
			return nil // another worker is issuing it; if it dies, the lease ends and the job returns
		}
		return err
	}
	var issued Issuance
	for try := 1; ; try++ {
		attempt, err := s.Store.IssuanceAttempt(ctx, reference)
		if err != nil {
			return err
		}
		issued, err = s.Core.Issue(ctx, c, attempt)
		if err == nil {
			break
		}
		if fault.Is(err, fault.Upstream) {
			if try == maxUpstreamTries {
				// Give the request back so that the queue's redelivery, after its visibility
				// timeout, can try again rather than wait out the lease and the sweep.
				return errors.Join(err, s.Store.ReleaseIssuance(ctx, reference))
			}
			if err := sleep(ctx, s.backoff(try)); err != nil {
				// The worker is stopping (its deadline, or a shutdown): give the request back for the
				// queue's redelivery; ctx is done, so the release gets a context of its own.
				return errors.Join(err, s.Store.ReleaseIssuance(context.WithoutCancel(ctx), reference))
			}
			continue
		}
		f := fault.As(err)
		if err := s.finish(ctx, c, StatusIssuanceFailed, Issuance{ErrorCode: f.Code, Error: f.Detail}); err != nil {
			return err
		}
		s.Metrics.IssuanceFailed(ctx, c.Reference)
		return nil
	}
	return s.finish(ctx, c, StatusActive, issued)
}

func (s *Service) finish(ctx context.Context, c Contract, to Status, i Issuance) error {
	now := s.now()
	var body []byte
	var err error
	event := EventIssued
	if to == StatusActive {
		body, err = IssuedPayload(c.Reference, now, i)
	} else {
		event = EventIssuanceFailed
		body, err = IssuanceFailedPayload(c.Reference, now, i.Error)
	}
	if err != nil {
		return err
	}
	d := webhook.Delivery{Scheme: webhook.SchemePartner, OwnerID: c.PartnerID, Event: event, Reference: c.Reference,
		Body: body}
	_, err = s.Webhook.Emit(ctx, []webhook.Delivery{d}, func(ds []webhook.Delivery) error {
		finish := func(c Contract) (Contract, error) { return c.finishIssuance(to, i, now) }
		_, err := s.Store.FinishIssuance(ctx, c, finish, ds[0])
		return err
	})
	return err
}

// ReplayIssuance (administrators) issues an ISSUANCE_FAILED request again; a success sends
// insurance.contract.issued.
func (s *Service) ReplayIssuance(ctx context.Context, reference string) (Contract, error) {
	c, err := s.update(ctx, reference, Contract.replay)
	if err != nil {
		return Contract{}, err
	}
	if err := s.Jobs.Send(ctx, IssuanceJob{Reference: reference}.Encode(), s.now()); err != nil {
		return Contract{}, err
	}
	return c, nil
}

// issuanceSweepAfter is how long a paid request waits for its issuance job before the sweep sends
// another: longer than a job's tries take, so a job still running is not doubled.
const issuanceSweepAfter = 5 * time.Minute

// SweepIssuance (maintenance) sends the issuance job again for paid requests whose job went
// missing (not queued after the payment, or dead-lettered). A duplicate job is harmless: the lease
// and the status let one issue and the others return.
func (s *Service) SweepIssuance(ctx context.Context) error {
	refs, err := s.Store.DueIssuances(ctx, s.now().Add(-issuanceSweepAfter), 100)
	if err != nil {
		return err
	}
	for _, ref := range refs {
		if err := s.Jobs.Send(ctx, IssuanceJob{Reference: ref}.Encode(), s.now()); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) backoff(try int) time.Duration {
	if s.Backoff != nil {
		return s.Backoff(try)
	}
	return UpstreamBackoff(try)
}

// sleep waits d, or returns ctx's error as soon as ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
