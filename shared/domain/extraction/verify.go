package extraction

import (
	"context"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// A verification (POST /v1/verifications) is an extraction of its document that, once read, runs
// the checks a KYC decision needs and stores their verdict in its result: it rides the
// extraction's queue, claims, leases, retries, quarantine, refunds, sweep and retention, and
// tells its outcome with its own events.

// Verification webhook events.
const (
	EventVerificationCompleted = "verification.completed"
	EventVerificationFailed    = "verification.failed"
)

// Verifier decides a verification once its document is read (verification.Verifier).
type Verifier interface {
	// Verify runs the checks on the document's reading and the selfie, and decides. An error is
	// temporary: the job is retried.
	Verify(ctx context.Context, in VerifyInput) (*Verdict, error)
}

// VerifyInput is what a verification's checks read.
type VerifyInput struct {
	Extraction Extraction
	// Document is the document file; Result its reading, nil when it could not be read.
	Document []byte
	Result   *Result
	// Selfie is the selfie file, nil when none was given.
	Selfie []byte
	Now    time.Time
}

// IsVerification reports an id of a verification's record (its prefix).
func IsVerification(id string) bool { return len(id) > 4 && id[:4] == "ver_" }

// Verification is one verification to accept: its document (a file, an upload, a handoff session's
// file, or a completed extraction to reuse), its selfie (nil for none) and what it asks.
type Verification struct {
	Document     Document
	ExtractionID string
	Selfie       *Document
	Request      VerificationRequest
	ReferenceID  string
}

// SubmitVerification accepts a verification: its files are checked and stored, it is recorded and
// charged (VerificationPrice, live keys only) in one transaction, then queued. A test key takes
// one operation from the daily test quota instead. Another owner's or mode's extraction, upload
// or handoff session is NotFound; an extraction not completed yet is a Conflict.
func (s *Service) SubmitVerification(ctx context.Context, c Caller, v Verification) (Extraction, error) {
	id := newID(ctx, "ver", "verification")
	if _, keyed := idempotency.AttemptOf(ctx); keyed {
		// An earlier run of the request under the same idempotency key may have recorded it; without
		// a key the id is new, and there is nothing to read.
		if e, found, err := s.recorded(ctx, c, id); err != nil || found {
			return e, err
		}
	}
	if s.Refusals != nil {
		if err := s.Refusals.Admit(ctx, c.OwnerID); err != nil {
			return Extraction{}, err
		}
	}
	now := s.now()
	e := Extraction{
		ID: id, OwnerID: c.OwnerID, Live: c.Live, ReferenceID: v.ReferenceID, DocumentType: "auto",
		Status: StatusQueued, CreatedAt: now, UpdatedAt: now, SweepAt: now.Add(sweepAfter),
		ExpiresAt: s.expiry(now), Verification: &v.Request,
	}
	if v.Document.Type != "" {
		e.DocumentType = v.Document.Type
	}
	if !KnownType(e.DocumentType) {
		return Extraction{}, &fault.Error{Kind: fault.Invalid, Code: "validation_failed",
			Detail: "Unknown documentType.", InvalidParams: []string{"document.documentType: one of " + fmt.Sprint(typeCodes())}}
	}
	var err error
	if v.ExtractionID != "" {
		src, gerr := s.Get(ctx, c, v.ExtractionID)
		switch {
		case gerr != nil:
			return Extraction{}, gerr
		case IsVerification(src.ID) || src.Live != c.Live:
			return Extraction{}, notFound("extraction", v.ExtractionID, nil)
		case src.Status != StatusCompleted:
			return Extraction{}, fault.Newf(fault.Conflict,
				"Extraction %s is %s: a verification reuses a completed extraction only.", src.ID, src.Status)
		}
		e.Object, e.DocumentType, e.Verification.FromExtraction = src.Object, src.DocumentType, src.ID
	} else if e.Object, err = s.object(ctx, c, v.Document); err != nil {
		return Extraction{}, refusals.Note(ctx, s.Refusals, c.OwnerID, err)
	}
	if v.Selfie != nil {
		obj, err := s.object(ctx, c, *v.Selfie)
		if err != nil {
			return Extraction{}, refusals.Note(ctx, s.Refusals, c.OwnerID, err)
		}
		e.Verification.Selfie = &obj
	}
	if c.Live {
		e.CreditsUsed = s.VerificationPrice
	} else if err := s.TestQuota.Use(ctx, c.OwnerID, 1); err != nil {
		return Extraction{}, err
	}
	if v.Document.Data != nil && v.ExtractionID == "" {
		e.Object.Key = uploads.RawKey(c.OwnerID, e.ID)
		if err := s.Blobs.Put(ctx, e.Object.Key, v.Document.Data, e.Object.MIME); err != nil {
			return Extraction{}, err
		}
	}
	if v.Selfie != nil && v.Selfie.Data != nil {
		e.Verification.Selfie.Key = uploads.RawKey(c.OwnerID, e.ID+"-selfie")
		if err := s.Blobs.Put(ctx, e.Verification.Selfie.Key, v.Selfie.Data, e.Verification.Selfie.MIME); err != nil {
			return Extraction{}, err
		}
	}
	charge := credits.Charge(c.OwnerID, e.CreditsUsed, credits.ReasonVerification, e.ID, now)
	if err := s.Store.CreateExtractions(ctx, charge, nil, []Extraction{e}); err != nil {
		if fault.Is(err, fault.Conflict) {
			// Another run of the request recorded it meanwhile (one that outlived its lease).
			if made, found, _ := s.recorded(ctx, c, id); found {
				return made, nil
			}
		}
		return Extraction{}, err
	}
	if err := s.Jobs.Send(ctx, Job{ExtractionID: e.ID}.Encode(), now); err != nil {
		logs.From(ctx).WarnContext(ctx, "verification job not queued; the sweep will queue it",
			"verificationId", e.ID, "error", err)
	}
	return e, nil
}

// processVerification reads a verification's document (or takes the reading of the extraction it
// reuses), reads its selfie, and stores the verdict with the reading. A document that cannot be
// read is no failure of the verification: its checks are then inconclusive and the decision asks
// for another image.
func (s *Service) processVerification(ctx context.Context, e Extraction, data []byte) error {
	var doc *Result
	if from := e.Verification.FromExtraction; from != "" {
		src, err := s.Store.Extraction(ctx, from)
		switch {
		case err == nil && src.OwnerID == e.OwnerID:
			doc = src.Result
		case err != nil && !fault.Is(err, fault.NotFound):
			return s.retry(ctx, e, err)
		}
	} else {
		res, err := s.Reader.Read(ctx, data, e.Object.MIME, e.DocumentType)
		switch {
		case err == nil:
			doc = &res
		case fault.As(err).Kind != fault.Invalid:
			return s.retry(ctx, e, err)
		default:
			_ = refusals.Note(ctx, s.Refusals, e.OwnerID, err)
		}
	}
	var selfie []byte
	if sel := e.Verification.Selfie; sel != nil {
		var err error
		selfie, err = s.Blobs.Read(ctx, sel.Key, s.MaxBytes)
		if err != nil && !fault.Is(err, fault.NotFound) {
			return s.retry(ctx, e, err)
		}
	}
	verdict, err := s.Verifier.Verify(ctx, VerifyInput{Extraction: e, Document: data, Result: doc, Selfie: selfie,
		Now: s.now()})
	if err != nil {
		return s.retry(ctx, e, err)
	}
	out := Result{}
	if doc != nil {
		out = *doc
	}
	out.Verdict = verdict
	return s.done(ctx, e, &out, nil)
}

// verificationEventData is the data member of a verification event.
func verificationEventData(e Extraction) map[string]any {
	data := map[string]any{"verificationId": e.ID, "status": e.Status, "creditsUsed": e.CreditsUsed}
	if e.Result != nil && e.Result.Verdict != nil {
		data["decision"], data["reasons"] = e.Result.Verdict.Decision, e.Result.Verdict.Reasons
	}
	if e.Error != nil {
		data["error"] = e.Error
	}
	if e.ReferenceID != "" {
		data["referenceId"] = e.ReferenceID
	}
	return data
}
