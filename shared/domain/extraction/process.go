package extraction

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// lease is how long a worker holds the extraction it processes: shorter than the queue's visibility
// timeout (180 s).
const lease = 150 * time.Second

// Process runs one job. A duplicate job, or one whose extraction another worker holds, does
// nothing. An unreadable document fails the extraction and refunds it; any other error is
// returned so that the queue delivers the job again.
func (s *Service) Process(ctx context.Context, id string) error {
	now := s.now()
	e, err := s.Store.ClaimExtraction(ctx, id, now.Add(lease), now)
	if fault.Is(err, fault.Conflict) || fault.Is(err, fault.NotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if killed := e.Attempts - 1 - e.Releases; killed >= MaxKilled || e.Attempts > s.MaxAttempts {
		return s.quarantine(ctx, e, fmt.Sprintf("%d of %d attempts killed (crash or time-out)", killed, e.Attempts-1))
	}
	data, err := s.Blobs.Read(ctx, e.Object.Key, s.MaxBytes)
	if fault.Is(err, fault.NotFound) {
		missing := &Failure{Code: "document_missing", Message: "The document file is no longer stored (retention expired)."}
		return s.done(ctx, e, nil, missing)
	}
	if err != nil {
		return s.retry(ctx, e, err)
	}
	if e.Verification != nil {
		return s.processVerification(ctx, e, data)
	}
	res, err := s.Reader.Read(ctx, data, e.Object.MIME, e.DocumentType)
	if err != nil {
		f := fault.As(err)
		if f.Kind != fault.Invalid {
			return s.retry(ctx, e, err)
		}
		_ = refusals.Note(ctx, s.Refusals, e.OwnerID, err)
		return s.done(ctx, e, qualityOnly(res), &Failure{Code: f.Code, Message: f.Detail})
	}
	return s.done(ctx, e, &res, nil)
}

// done ends the job with its outcome. The outcome's write failing is a temporary error like any
// other: the job goes back to the queue, released, and its next attempt reads the document again.
func (s *Service) done(ctx context.Context, e Extraction, res *Result, fail *Failure) error {
	if err := s.finish(ctx, e, res, fail); err != nil {
		return s.retry(ctx, e, err)
	}
	return nil
}

// MaxKilled is how many attempts of one job may end killed (the worker out of memory or past its
// time-out: neither an outcome nor a temporary error recorded) before the job is quarantined
// rather than delivered again: a document that kills its worker would otherwise do so at every
// delivery of the queue's maxReceiveCount. Two, not one, because the worker reads two documents
// at once, and a crash caused by one kills the other's attempt too.
const MaxKilled = 2

// retry gives the job back to the queue after a temporary error, recording the release so that
// the next attempt does not count this one as killed; on the job's last delivery it quarantines
// the job instead, which the dead-letter queue would otherwise hold until the sweep found it.
func (s *Service) retry(ctx context.Context, e Extraction, cause error) error {
	if e.Attempts >= s.MaxAttempts {
		return s.quarantine(ctx, e, fmt.Sprintf("the last of %d attempts failed: %v", e.Attempts, cause))
	}
	err := s.Store.ReleaseExtraction(context.WithoutCancel(ctx), e.ID, s.now())
	if err != nil && !fault.Is(err, fault.Conflict) {
		return errors.Join(cause, err)
	}
	return cause
}

// quarantine fails a job for good without a reading, refunded (processing_abandoned), and reports
// it: an error log line and the ExtractionQuarantined alarm.
func (s *Service) quarantine(ctx context.Context, e Extraction, why string) error {
	logs.From(ctx).ErrorContext(ctx, "extraction quarantined", "extractionId", e.ID, "ownerId", e.OwnerID,
		"attempts", e.Attempts, "releases", e.Releases, "reason", why, "mime", e.Object.MIME, "size", e.Object.Size)
	_ = refusals.Note(ctx, s.Refusals, e.OwnerID, &fault.Error{Kind: fault.Invalid, Code: "processing_abandoned"})
	if s.Alarms != nil {
		s.Alarms.ExtractionQuarantined(ctx, e.ID)
	}
	abandoned := &Failure{
		Code:    "processing_abandoned",
		Message: "The document could not be processed; its credits were refunded.",
	}
	return s.finish(ctx, e, nil, abandoned)
}

// qualityOnly is a failed reading's result: the image's quality verdict when there is one.
func qualityOnly(res Result) *Result {
	if res.Quality == nil {
		return nil
	}
	return &Result{Quality: res.Quality}
}

// finish records the outcome, refunding a failure, and the event that tells the owner's webhooks,
// in one transaction: a crash or an error before it commits leaves the job to be retried, whole;
// after it, the event is stored and will go out. A Conflict means another worker finished first,
// and stored the event: this one sends nothing.
func (s *Service) finish(ctx context.Context, e Extraction, res *Result, fail *Failure) error {
	now := s.now()
	e.UpdatedAt, e.CompletedAt, e.Result, e.Error = now, &now, res, fail
	e.Status = StatusCompleted
	event, refund := EventCompleted, credits.Movement{}
	if fail != nil {
		e.Status, event, refund = StatusFailed, EventFailed, credits.Refund(e.OwnerID, e.CreditsUsed, e.ID, now)
		e.CreditsUsed = 0
	}
	data := EventData(e)
	if e.Verification != nil {
		event, data = EventVerificationCompleted, verificationEventData(e)
		if fail != nil {
			event = EventVerificationFailed
		}
	}
	err := s.Events.Emit(ctx, e.OwnerID, e.Live, event, e.ID, data, func(ds []webhook.Delivery) error {
		return s.Store.FinishExtraction(ctx, e, refund, ds)
	})
	if fault.Is(err, fault.Conflict) {
		return nil
	}
	return err
}
