package extraction

import (
	"context"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Store keeps extractions and batches.
type Store interface {
	// CreateExtractions stores the batch (nil for a single document) and its extractions and
	// makes the charge (none when its Amount is 0), all in one transaction. PaymentRequired with
	// code insufficient_credits when the balance is short; nothing is stored then.
	CreateExtractions(ctx context.Context, charge credits.Movement, b *Batch, items []Extraction) error
	// Extraction returns one; NotFound when unknown.
	Extraction(ctx context.Context, id string) (Extraction, error)
	// Batch returns a batch and its extractions in submission order; NotFound when unknown.
	Batch(ctx context.Context, id string) (Batch, []Extraction, error)
	// ClaimExtraction moves a queued extraction, or a processing one whose lease ended, to
	// processing under a new lease, counting the attempt, and marks its batch, if any, Started.
	// Conflict when it is not claimable.
	ClaimExtraction(ctx context.Context, id string, until, now time.Time) (Extraction, error)
	// ReleaseExtraction ends the lease of a processing extraction whose attempt failed with a
	// temporary error, counting the release. Conflict when it is no longer processing.
	ReleaseExtraction(ctx context.Context, id string, now time.Time) error
	// FinishExtraction stores the final status, result or error of a processing extraction, makes
	// the refund (none when its Amount is 0), stores the webhook deliveries of the event that
	// reports it and counts it in its batch's Completed or Failed, if it has a batch, in one
	// transaction. Conflict, with nothing written, when it is no longer processing.
	FinishExtraction(ctx context.Context, e Extraction, refund credits.Movement, events []webhook.Delivery) error
	// DueExtractions lists unfinished extractions the sweep should look at before the given time.
	DueExtractions(ctx context.Context, before time.Time, limit int) ([]Extraction, error)
	// PostponeExtraction moves an unfinished extraction's next sweep to the given time.
	PostponeExtraction(ctx context.Context, id string, at time.Time) error
}

// Blobs stores document files.
type Blobs interface {
	Put(ctx context.Context, key string, data []byte, contentType string) error
	// Read returns at most limit bytes from the start of an object; NotFound when absent.
	Read(ctx context.Context, key string, limit int64) ([]byte, error)
	// Size returns an object's size; NotFound when absent.
	Size(ctx context.Context, key string) (int64, error)
	// PresignPut returns a URL and the headers a client must send to PUT exactly size bytes of
	// contentType at key before ttl runs out.
	PresignPut(
		ctx context.Context,
		key, contentType string,
		size int64,
		ttl time.Duration,
	) (string, map[string]string, error)
	// PresignView returns a URL that GETs the object at key, served inline as contentType, until
	// ttl runs out.
	PresignView(ctx context.Context, key, contentType string, ttl time.Duration) (string, error)
}

// Reader reads a document file. A fault of kind Invalid means the document cannot be read (the
// extraction fails, for good); any other error is temporary (the job is retried).
type Reader interface {
	Read(ctx context.Context, data []byte, mime, documentType string) (Result, error)
}

// Handoffs gives a mobile handoff session's file to the user who consumes it (NotFound for
// another user's, Forbidden without the consume token a session created without a credential
// needs, Gone when it expired).
type Handoffs interface {
	File(ctx context.Context, sessionID string, c handoff.Consumer) (handoff.File, error)
}

// Uploads finds the owner's upload slots (NotFound for another owner's).
type Uploads interface {
	Get(ctx context.Context, id, ownerID string) (uploads.Slot, error)
}

// Jobs queues extraction jobs.
type Jobs interface {
	Send(ctx context.Context, body string, due time.Time) error
}

// Events writes identity API webhook events with the change they report (the outbox,
// webhook.Service.Emit): commit gets the deliveries to the owner's endpoints of the event's mode
// (live or test) subscribed to it and stores them in the change's own transaction; the dispatcher
// is woken once it has committed. An error means nothing was stored.
type Events interface {
	Emit(
		ctx context.Context,
		ownerID string,
		live bool,
		event, reference string,
		data any,
		commit func([]webhook.Delivery) error,
	) error
}

// TestQuota bounds test-mode work: Use takes n operations from the owner's daily allowance, or
// fails (RateLimited, test_quota_exceeded) taking nothing.
type TestQuota interface {
	Use(ctx context.Context, ownerID string, n int) error
}

// Refusals bounds an owner's refused and refunded decodings (refusals.Bound).
type Refusals interface {
	// Admit refuses (RateLimited) new work of an owner past the bound, taking nothing.
	Admit(ctx context.Context, ownerID string) error
	// Record counts one refused or refunded decoding; past the bound, it returns the RateLimited
	// fault to answer instead of the refusal.
	Record(ctx context.Context, ownerID string) error
}

// Alarms counts what operators are alerted on.
type Alarms interface {
	// ExtractionQuarantined counts a job failed for good without a reading: its attempts ended in
	// crashes or time-outs, or its deliveries ran out.
	ExtractionQuarantined(ctx context.Context, reference string)
}

// Service runs intake, processing and reading of extractions.
type Service struct {
	Store     Store
	Lists     Listings
	Blobs     Blobs
	Jobs      Jobs
	Events    Events
	Reader    Reader
	Handoffs  Handoffs
	Uploads   Uploads
	TestQuota TestQuota
	Alarms    Alarms   // nil: none
	Refusals  Refusals // nil: no bound on refused and refunded decodings

	Retention time.Duration // how long an extraction and its result are kept; 0: for ever
	Price     int           // credits per extraction
	// VerificationPrice is the credits of a verification (its document's reading included).
	VerificationPrice int
	// Verifier decides verifications; nil where none are processed.
	Verifier    Verifier
	MaxBytes    int64 // largest accepted file
	MaxPixels   int64 // largest accepted image (MAX_IMAGE_MEGAPIXELS); zero is imagefile.MaxPixels
	MaxAttempts int   // deliveries of one job before it is failed; the queue's maxReceiveCount
	Now         func() time.Time
}

// Caller is who calls: the owner, and whether the credential is live (test keys are not charged).
// An API key sees the resources of its own mode only; a login session (AnyMode) sees both.
type Caller struct {
	OwnerID string
	Live    bool
	AnyMode bool
	// ConsumeTokens are the X-Consume-Token values sent, for handoff sessions created without a
	// credential.
	ConsumeTokens []string
}

// sees reports whether the caller may see a resource of the given mode.
func (c Caller) sees(live bool) bool { return c.AnyMode || c.Live == live }

// expiry is when a record made at now ends: zero (never) without a retention.
func (s *Service) expiry(now time.Time) time.Time {
	if s.Retention <= 0 {
		return time.Time{}
	}
	return now.Add(s.Retention)
}

// expired reports whether a record is past its retention (records written before retention existed
// have no expiry).
func (s *Service) expired(at time.Time) bool { return !at.IsZero() && !s.now().Before(at) }

func notFound(what, id string, err error) error {
	if err != nil && !fault.Is(err, fault.NotFound) {
		return err
	}
	return fault.Newf(fault.NotFound, "No %s %q.", what, id)
}

// newID is prefix_ and 26 random characters, or under an idempotency key the key's for name
// (idempotency.Text).
func newID(ctx context.Context, prefix, name string) string {
	return prefix + "_" + strings.ToLower(idempotency.Text(ctx, name))
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now().UTC()
}
