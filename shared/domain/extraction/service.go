package extraction

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
	"github.com/trustline/platform/shared/vision/imagefile"
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

// Webhook events.
const (
	EventCompleted = "extraction.completed"
	EventFailed    = "extraction.failed"
)

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

// Document is one document to extract: a file sent inline, or one uploaded before.
type Document struct {
	Type             string
	ReferenceID      string
	Name             string
	Data             []byte // inline file
	UploadID         string
	HandoffSessionID string // a mobile handoff session's file, consumed by this use
}

// MaxBatch is the largest batch: one transaction holds the batch, its documents and the debit.
const MaxBatch = 50

const (
	lease      = 150 * time.Second // shorter than the queue's visibility timeout (180 s)
	sweepAfter = 3 * time.Minute   // a queued job not started by then is sent again
)

// Submit accepts documents: each is checked, stored, then all are recorded and charged in one
// transaction, then queued (a lost queue message is found by the sweep). A batch is made when
// asBatch is set. Test-mode documents are free but take from the owner's daily test quota, before
// anything is stored.
//
// Under an idempotency key (an attempt in ctx) the ids are the key's (idempotency.Text): a run
// after a crash or a lost answer finds what an earlier run recorded and answers it, charging and
// taking nothing; and since the transaction that charges creates its records only where none
// exists, two runs can never both charge.
func (s *Service) Submit(ctx context.Context, c Caller, docs []Document, asBatch bool) (*Batch, []Extraction, error) {
	if err := s.validate(docs, asBatch); err != nil {
		return nil, nil, err
	}
	if b, items, ok, err := s.submitted(ctx, c, asBatch); ok || err != nil {
		return b, items, err
	}
	if s.Refusals != nil {
		if err := s.Refusals.Admit(ctx, c.OwnerID); err != nil {
			return nil, nil, err
		}
	}
	now := s.now()
	items := make([]Extraction, len(docs))
	var batch *Batch
	if asBatch {
		batch = &Batch{
			ID:        newID(ctx, "bat", "batch"),
			OwnerID:   c.OwnerID,
			Live:      c.Live,
			Total:     len(docs),
			CreatedAt: now,
			ExpiresAt: s.expiry(now),
			Counted:   true,
		}
	}
	price := 0
	if c.Live {
		price = s.Price
	}
	// Every file is checked before any is stored: one refused file refuses the batch, and nothing
	// is kept of it.
	for i, d := range docs {
		obj, err := s.object(ctx, c, d)
		if err != nil {
			return nil, nil, refusals.Note(ctx, s.Refusals, c.OwnerID, err)
		}
		items[i] = Extraction{
			ID:           newID(ctx, "ext", "extraction#"+strconv.Itoa(i)),
			OwnerID:      c.OwnerID,
			Live:         c.Live,
			ReferenceID:  d.ReferenceID,
			DocumentType: d.Type,
			Status:       StatusQueued,
			Object:       obj,
			CreditsUsed:  price,
			CreatedAt:    now,
			UpdatedAt:    now,
			SweepAt:      now.Add(sweepAfter),
			ExpiresAt:    s.expiry(now),
		}
		if batch != nil {
			items[i].BatchID = batch.ID
		}
	}
	if !c.Live {
		if err := s.TestQuota.Use(ctx, c.OwnerID, len(items)); err != nil {
			return nil, nil, err
		}
	}
	for i, d := range docs {
		if d.Data != nil {
			e := &items[i]
			e.Object.Key = uploads.RawKey(c.OwnerID, e.ID)
			if err := s.Blobs.Put(ctx, e.Object.Key, d.Data, e.Object.MIME); err != nil {
				return nil, nil, err
			}
		}
	}
	charge := credits.Charge(c.OwnerID, price*len(items), credits.ReasonExtraction, items[0].ID, now)
	if batch != nil {
		charge.Reason, charge.Reference = credits.ReasonBatch, batch.ID
	}
	if err := s.Store.CreateExtractions(ctx, charge, batch, items); err != nil {
		if fault.Is(err, fault.Conflict) {
			// Another run of the request recorded them meanwhile (one that outlived its lease).
			if b, made, ok, serr := s.submitted(ctx, c, asBatch); ok || serr != nil {
				return b, made, serr
			}
		}
		return nil, nil, err
	}
	for _, e := range items {
		if err := s.Jobs.Send(ctx, Job{ExtractionID: e.ID}.Encode(), now); err != nil {
			logs.From(ctx).
				WarnContext(ctx, "extraction job not queued; the sweep will queue it", "extractionId", e.ID, "error",
					err)
		}
	}
	return batch, items, nil
}

// submitted is what an earlier run of this submission (under the same idempotency key) recorded,
// as Submit returns it, and true; false without a key or when nothing was recorded.
func (s *Service) submitted(ctx context.Context, c Caller, asBatch bool) (*Batch, []Extraction, bool, error) {
	if _, ok := idempotency.AttemptOf(ctx); !ok {
		return nil, nil, false, nil
	}
	var b *Batch
	var items []Extraction
	if asBatch {
		batch, made, err := s.Store.Batch(ctx, newID(ctx, "bat", "batch"))
		if fault.Is(err, fault.NotFound) {
			return nil, nil, false, nil
		}
		if err != nil {
			return nil, nil, false, err
		}
		b, items = &batch, made
	} else {
		e, err := s.Store.Extraction(ctx, newID(ctx, "ext", "extraction#0"))
		if fault.Is(err, fault.NotFound) {
			return nil, nil, false, nil
		}
		if err != nil {
			return nil, nil, false, err
		}
		items = []Extraction{e}
	}
	if len(items) == 0 || items[0].OwnerID != c.OwnerID {
		return nil, nil, false, fmt.Errorf("extraction: the ids of the key are another submission's")
	}
	return b, items, true, nil
}

func (s *Service) validate(docs []Document, asBatch bool) error {
	switch {
	case len(docs) == 0 && asBatch:
		// The same answer as a batch over MaxBatch: the count is out of range.
		return &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        fmt.Sprintf("A batch holds 1 to %d documents.", MaxBatch),
			InvalidParams: []string{fmt.Sprintf("documents: no documents, at least 1 and at most %d", MaxBatch)},
		}
	case len(docs) == 0:
		return fault.New(fault.BadRequest, "No document: send a file, or an uploadId.")
	case !asBatch && len(docs) > 1:
		return fault.New(fault.BadRequest, "One document per extraction: use POST /v1/batches for several.")
	case len(docs) > MaxBatch:
		return &fault.Error{
			Kind:   fault.Invalid,
			Code:   "validation_failed",
			Detail: fmt.Sprintf("A batch holds 1 to %d documents.", MaxBatch),
			InvalidParams: []string{
				fmt.Sprintf("documents: %d documents, at least 1 and at most %d", len(docs), MaxBatch),
			},
		}
	}
	var problems []string
	for i, d := range docs {
		field := func(f string) string {
			if asBatch {
				return fmt.Sprintf("documents[%d].%s", i, f)
			}
			return f
		}
		switch {
		case d.Type == "":
			problems = append(problems, field("documentType")+": required")
		case !KnownType(d.Type):
			problems = append(
				problems,
				fmt.Sprintf("%s: %q is not one of %s", field("documentType"), d.Type, strings.Join(typeCodes(), ", ")),
			)
		}
		if sources := btoi(d.Data != nil) + btoi(d.UploadID != "") + btoi(d.HandoffSessionID != ""); sources != 1 {
			problems = append(problems, field("file")+": send exactly one of a file, an uploadId or a handoffSessionId")
		}
		if len(d.ReferenceID) > 128 {
			problems = append(problems, field("referenceId")+": at most 128 characters")
		}
	}
	if len(problems) > 0 {
		return &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "The documents are not valid.",
			InvalidParams: problems,
		}
	}
	return nil
}

// object checks a document's file (size, type by content, the image's dimensions and depth by its
// header) and describes it.
func (s *Service) object(ctx context.Context, c Caller, d Document) (Object, error) {
	if d.Data != nil {
		if int64(len(d.Data)) > s.MaxBytes {
			return Object{}, tooLarge(s.MaxBytes)
		}
		mime, err := sniffed(d.Data)
		if err != nil {
			return Object{}, err
		}
		if err := s.checkImage(ctx, d.Data, "", int64(len(d.Data))); err != nil {
			return Object{}, err
		}
		return Object{MIME: mime, Size: int64(len(d.Data)), Name: d.Name}, nil
	}
	if d.HandoffSessionID != "" {
		f, err := s.Handoffs.File(ctx, d.HandoffSessionID, handoff.Consumer{UserID: c.OwnerID, Tokens: c.ConsumeTokens})
		if err != nil {
			return Object{}, err
		}
		if f.Size > s.MaxBytes {
			return Object{}, tooLarge(s.MaxBytes)
		}
		if !slices.Contains(AcceptedMIME, f.MIME) {
			return Object{}, fault.Newf(
				fault.UnsupportedMedia,
				"The handoff file is %s: extraction reads JPEG, PNG, WebP or PDF.",
				f.MIME,
			)
		}
		head, err := s.Blobs.Read(ctx, f.Key, headBytes)
		if err != nil {
			return Object{}, err
		}
		if err := s.checkImage(ctx, head, f.Key, f.Size); err != nil {
			return Object{}, err
		}
		return Object{Key: f.Key, MIME: f.MIME, Size: f.Size, Name: f.Name}, nil
	}
	u, err := s.Uploads.Get(ctx, d.UploadID, c.OwnerID)
	if err != nil {
		return Object{}, err
	}
	size, err := s.Blobs.Size(ctx, u.Key)
	if fault.Is(err, fault.NotFound) {
		return Object{}, fault.Newf(
			fault.Conflict,
			"Nothing was uploaded to %s yet: PUT the file to its uploadUrl first.",
			u.ID,
		)
	}
	if err != nil {
		return Object{}, err
	}
	if size > s.MaxBytes {
		return Object{}, tooLarge(s.MaxBytes)
	}
	head, err := s.Blobs.Read(ctx, u.Key, headBytes)
	if err != nil {
		return Object{}, err
	}
	mime, err := sniffed(head)
	if err != nil {
		return Object{}, err
	}
	if err := s.checkImage(ctx, head, u.Key, size); err != nil {
		return Object{}, err
	}
	return Object{Key: u.Key, MIME: mime, Size: size, Name: u.Name}, nil
}

// headBytes is how much of a stored file intake reads first: enough for the header of any PNG or
// WebP, and of a JPEG after its EXIF, XMP and colour-profile segments.
const headBytes = 256 << 10

// checkImage refuses an image whose header says it is over the pixel limit or 16 bits deep, or
// that would cost more than the decoding budget (imagefile.BudgetFor: memory, a JPEG's scans),
// before anything is stored, charged or queued: the worker decodes under the same budget. head is
// the file or its start; key names the stored file to read whole when its headers run past head
// (a JPEG's scans run to its end). A header that cannot be read passes: the worker fails the file
// as unreadable, with a refund, and a PDF's page is only measured when it is rendered.
func (s *Service) checkImage(ctx context.Context, head []byte, key string, size int64) error {
	h, err := imagefile.ReadHeader(head)
	if errors.Is(err, io.ErrUnexpectedEOF) && key != "" && int64(len(head)) < size {
		if head, err = s.Blobs.Read(ctx, key, s.MaxBytes); err != nil {
			return err
		}
		h, err = imagefile.ReadHeader(head)
	}
	if err != nil && h.Width == 0 {
		return nil
	}
	// A JPEG that ends or breaks after its frame header still says its size, and the scans before
	// the break are scans the decoder would decode: over the budget already, it is refused here.
	if err := h.Check(s.maxPixels()); err != nil {
		return imageRefused(err, fault.TooLarge, s.maxPixels())
	}
	return nil
}

// imageRefused is the problem of an image imagefile refused as too large (image_too_large, of
// the given kind) or too costly to decode (image_too_costly, Invalid: 422 at intake, a failed
// extraction in the worker).
func imageRefused(err error, kind fault.Kind, maxPixels int64) error {
	var ce *imagefile.CostError
	if errors.As(err, &ce) {
		return ImageTooCostly(ce.Reason, maxPixels)
	}
	return ImageTooLarge(kind, maxPixels)
}

// ImageTooCostly is the problem image_too_costly (422) of an image within the pixel bound whose
// decoding would cost more memory or scans than the budget; reason says which.
func ImageTooCostly(reason string, maxPixels int64) error {
	return &fault.Error{Kind: fault.Invalid, Code: "image_too_costly",
		Detail: fmt.Sprintf(
			"The image would cost too much to decode: %s. Send a baseline (not progressive) JPEG, a PNG or a WebP of at most %d megapixels.",
			reason,
			maxPixels/1_000_000,
		)}
}

func (s *Service) maxPixels() int64 { return cmp.Or(s.MaxPixels, imagefile.MaxPixels) }

// ImageTooLarge is the problem image_too_large of an image over maxPixels or 16 bits deep: kind
// TooLarge (413) at intake, Invalid (a failed extraction) when the worker finds it.
func ImageTooLarge(kind fault.Kind, maxPixels int64) error {
	mp := maxPixels / 1_000_000
	return &fault.Error{Kind: kind, Code: "image_too_large",
		Detail: fmt.Sprintf(
			"The image is over %d megapixels or has 16 bits per channel: send an 8-bit JPEG, PNG or WebP of at most %d megapixels.",
			mp,
			mp,
		)}
}

func tooLarge(max int64) error {
	return fault.Newf(
		fault.TooLarge,
		"The file is over %d MB: upload it with POST /v1/uploads, then extract it by uploadId.",
		max>>20,
	)
}

func sniffed(data []byte) (string, error) {
	if mime, ok := imagefile.Sniff(data); ok {
		return mime, nil
	}
	return "", fault.New(
		fault.UnsupportedMedia,
		"The file is not a JPEG, PNG, WebP or PDF document (judged by its content, not its name).",
	)
}

// Get returns the caller's extraction; another owner's, or one of the other mode, is NotFound, as an
// unknown one.
func (s *Service) Get(ctx context.Context, c Caller, id string) (Extraction, error) {
	e, err := s.Store.Extraction(ctx, id)
	if err != nil || e.OwnerID != c.OwnerID || !c.sees(e.Live) || s.expired(e.ExpiresAt) {
		return Extraction{}, notFound("extraction", id, err)
	}
	return e, nil
}

// DocumentLinkTTL is how long a link to a document file opens it: long enough to show the image,
// short enough that a link copied out of a page soon opens nothing.
const DocumentLinkTTL = 5 * time.Minute

// DocumentLink is a short-lived address of an extraction's document file.
type DocumentLink struct {
	URL         string // a presigned GET, valid until ExpiresAt
	ExpiresAt   time.Time
	ContentType string // the file's type, judged by its content at intake
}

// Document returns a link to the document file of the caller's extraction, valid for
// DocumentLinkTTL. The extraction is found as Get finds it (NotFound for another owner's, the other
// mode's, or one past its retention); Gone when the file is no longer kept (the bucket deletes raw
// files after RawDocumentRetentionDays, a handoff's after a day). The link carries the signer's
// permissions, so it opens only what this function may read.
func (s *Service) Document(ctx context.Context, c Caller, id string) (DocumentLink, error) {
	e, err := s.Get(ctx, c, id)
	if err != nil {
		return DocumentLink{}, err
	}
	if e.Object.Key != "" {
		_, err = s.Blobs.Size(ctx, e.Object.Key)
	}
	if e.Object.Key == "" || fault.Is(err, fault.NotFound) {
		return DocumentLink{}, fault.Newf(
			fault.Gone,
			"The document of extraction %q is no longer kept: files are deleted after their retention period.",
			id,
		)
	}
	if err != nil {
		return DocumentLink{}, err
	}
	expires := s.now().Add(DocumentLinkTTL)
	url, err := s.Blobs.PresignView(ctx, e.Object.Key, e.Object.MIME, DocumentLinkTTL)
	if err != nil {
		return DocumentLink{}, err
	}
	return DocumentLink{URL: url, ExpiresAt: expires, ContentType: e.Object.MIME}, nil
}

// GetBatch returns the caller's batch and its extractions.
func (s *Service) GetBatch(ctx context.Context, c Caller, id string) (Batch, []Extraction, error) {
	b, items, err := s.Store.Batch(ctx, id)
	if err != nil || b.OwnerID != c.OwnerID || !c.sees(b.Live) || s.expired(b.ExpiresAt) {
		return Batch{}, nil, notFound("batch", id, err)
	}
	return b, items, nil
}

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
		return s.done(
			ctx,
			e,
			nil,
			&Failure{Code: "document_missing", Message: "The document file is no longer stored (retention expired)."},
		)
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
	if err := s.Store.ReleaseExtraction(context.WithoutCancel(ctx), e.ID, s.now()); err != nil &&
		!fault.Is(err, fault.Conflict) {
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
	return s.finish(
		ctx,
		e,
		nil,
		&Failure{
			Code:    "processing_abandoned",
			Message: "The document could not be processed; its credits were refunded.",
		},
	)
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

// EventData is the data member of an extraction event.
func EventData(e Extraction) map[string]any {
	data := map[string]any{
		"extractionId": e.ID,
		"status":       e.Status,
		"documentType": e.DocumentType,
		"creditsUsed":  e.CreditsUsed,
	}
	if e.Result != nil {
		data["result"] = e.Result
	}
	if e.Error != nil {
		data["error"] = e.Error
	}
	if e.ReferenceID != "" {
		data["referenceId"] = e.ReferenceID
	}
	if e.BatchID != "" {
		data["batchId"] = e.BatchID
	}
	return data
}

// Sweep queues again the jobs of extractions left queued (a lost message) or abandoned while
// processing (a crashed worker), and fails, with a refund, those that ran out of attempts.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.now()
	due, err := s.Store.DueExtractions(ctx, now, 100)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range due {
		if e.Status == StatusProcessing && e.Attempts >= s.MaxAttempts {
			// Every delivery was used: the job is in the dead-letter queue.
			claimed, err := s.Store.ClaimExtraction(ctx, e.ID, now.Add(lease), now)
			if err == nil {
				err = s.quarantine(ctx, claimed, "every delivery was used: the job is in the dead-letter queue")
			}
			if err != nil && !fault.Is(err, fault.Conflict) {
				errs = append(errs, err)
			}
			continue
		}
		if err := s.Store.PostponeExtraction(ctx, e.ID, now.Add(sweepAfter)); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := s.Jobs.Send(ctx, Job{ExtractionID: e.ID}.Encode(), now); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func typeCodes() []string {
	out := make([]string, len(DocumentTypes))
	for i, t := range DocumentTypes {
		out[i] = t.Code
	}
	return out
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
