package liveness

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// Checker judges a selfie (Models does).
type Checker interface {
	Check(ctx context.Context, data []byte) (Result, error)
}

// Files reads a stored selfie: an upload slot's object, or a handoff session's file.
type Files interface {
	// Read returns at most limit bytes from the start of an object; NotFound when absent.
	Read(ctx context.Context, key string, limit int64) ([]byte, error)
}

// UploadKeys finds the object of an upload slot the owner created (NotFound for another's).
type UploadKeys interface {
	Key(ctx context.Context, uploadID, ownerID string) (string, error)
}

// Handoffs gives a handoff session's file to its consumer.
type Handoffs interface {
	File(ctx context.Context, sessionID string, c handoff.Consumer) (handoff.File, error)
}

// TestQuota bounds test-key checks: Use takes n from the owner's daily allowance or fails
// (RateLimited, test_quota_exceeded) taking nothing; Return gives back n that Use took.
type TestQuota interface {
	Use(ctx context.Context, ownerID string, n int) error
	Return(ctx context.Context, ownerID string, n int) error
}

// Refusals bounds an owner's refused and refunded decodings (refusals.Bound).
type Refusals interface {
	// Admit refuses (RateLimited) new work of an owner past the bound, taking nothing.
	Admit(ctx context.Context, ownerID string) error
	// Record counts one refused or refunded decoding; past the bound, it returns the RateLimited
	// fault to answer instead of the refusal.
	Record(ctx context.Context, ownerID string) error
}

// MaxSelfie is the spec's limit on a selfie.
const MaxSelfie = 10 << 20

// Caller is who asks for a check: the owner, whether the credential is live (test keys are not
// charged), and the consume tokens sent for handoff sessions created without a credential.
type Caller struct {
	UserID        string
	Live          bool
	ConsumeTokens []string
}

// Source is the selfie to check: Data sent inline, or one stored before, named by exactly one of
// UploadID and HandoffSessionID.
type Source struct {
	Data             []byte
	UploadID         string
	HandoffSessionID string
}

// Checked is a check's outcome.
type Checked struct {
	ID          string
	Result      Result
	CreditsUsed int
}

// Service runs liveness checks: the choice of source, the charge, the check and the refund.
type Service struct {
	Checker   Checker
	Credits   credits.Ledger // charges and refunds checks
	Files     Files
	Uploads   UploadKeys
	Handoffs  Handoffs
	TestQuota TestQuota
	Refusals  Refusals // nil: no bound on refused and refunded decodings
	Price     int      // credits per check; test keys are not charged
	// MaxPixels bounds the selfies checked (MAX_IMAGE_MEGAPIXELS); zero is imagefile.MaxPixels.
	// The Checker should decode within the same bound.
	MaxPixels int64
}

// Check charges first (so a check is never free for a live key), reads, and refunds a selfie that
// cannot be judged (no face, several faces, not an image). Its errors are faults.
func (s *Service) Check(ctx context.Context, c Caller, src Source) (Checked, error) {
	var res Result
	id, charged, err := s.Charge(ctx, c, src, Job{Prefix: "lv_", Reason: credits.ReasonLiveness, Price: s.Price,
		Run: func(ctx context.Context, selfie []byte) error {
			var err error
			res, err = s.Checker.Check(ctx, selfie)
			return s.Problem(err)
		}})
	if err != nil {
		return Checked{}, err
	}
	return Checked{ID: id, Result: res, CreditsUsed: charged}, nil
}

// Job is work on a selfie that Charge runs under one charge: the liveness check, a face match, or
// both.
type Job struct {
	Prefix string // of the record's id: lv_, fm_
	Reason string // the ledger's
	Price  int    // credits for a live key
	// Images are the other images the work decodes (a document page), held to the same bounds as
	// the selfie before anything is charged.
	Images [][]byte
	// Run does the work; its error (a fault) refunds the charge.
	Run func(ctx context.Context, selfie []byte) error
}

// Charge reads the selfie, refuses images over the bounds and files that are no image, takes the
// test-mode quota or debits the price, runs the job and refunds it when the job fails (and gives
// the test-mode unit back when the job finds no readable image: an answer of 415 takes nothing,
// as it takes nothing when judged before). It returns the record's id and the credits used. Its
// errors are faults. Under an idempotency key the id is the key's and the charge and refund are
// made once (credits.Movement.Once): a run after a crash runs the job again, charged once.
func (s *Service) Charge(ctx context.Context, c Caller, src Source, j Job) (string, int, error) {
	if s.Refusals != nil {
		if err := s.Refusals.Admit(ctx, c.UserID); err != nil {
			return "", 0, err
		}
	}
	data, err := s.selfie(ctx, c, src)
	if err == nil {
		err = s.checkImage(data)
	}
	for _, img := range j.Images {
		if err == nil {
			err = s.checkImage(img)
		}
	}
	if err != nil {
		return "", 0, refusals.Note(ctx, s.Refusals, c.UserID, err)
	}
	id, charged := j.Prefix+strings.ToLower(idempotency.Text(ctx, "check")), 0
	if c.Live {
		charged = j.Price
	} else if err := s.TestQuota.Use(ctx, c.UserID, 1); err != nil {
		return "", 0, err
	}
	if charged > 0 {
		// Under an idempotency key, the check's charge is made once: a run after a crash finds it made
		// (ErrMoved) and goes on as charged.
		err := s.Credits.Move(ctx, once(ctx, credits.Charge(c.UserID, charged, j.Reason, id, time.Time{})))
		if err != nil && !errors.Is(err, credits.ErrMoved) {
			return "", 0, err
		}
	}
	if err := j.Run(ctx, data); err != nil {
		_ = refusals.Note(ctx, s.Refusals, c.UserID, err) // refunded below: counted, and answered as it is
		if !c.Live && fault.Is(err, fault.UnsupportedMedia) {
			if rerr := s.TestQuota.Return(context.WithoutCancel(ctx), c.UserID, 1); rerr != nil {
				logs.From(ctx).ErrorContext(ctx, "test-mode unit not given back", "checkId", id, "error", rerr)
			}
		}
		if charged > 0 {
			refund := once(ctx, credits.Refund(c.UserID, charged, id, time.Time{}))
			if rerr := s.Credits.Move(context.WithoutCancel(ctx), refund); rerr != nil &&
				!errors.Is(rerr, credits.ErrMoved) {
				err = errors.Join(err, rerr)
			}
		}
		return "", 0, err
	}
	return id, charged, nil
}

// once is m as a request under an idempotency key moves credits: once (at the key's first run),
// so that no run after the first charges or refunds again; without a key, m as it is.
func once(ctx context.Context, m credits.Movement) credits.Movement {
	if _, ok := idempotency.AttemptOf(ctx); !ok {
		return m
	}
	return m.MadeOnce(idempotency.Started(ctx, time.Time{}))
}

// selfie reads the image: sent inline, or stored before (larger than the request limit, or taken
// on a phone).
func (s *Service) selfie(ctx context.Context, c Caller, src Source) ([]byte, error) {
	if src.Data != nil {
		return src.Data, nil
	}
	var key string
	switch {
	case (src.UploadID == "") == (src.HandoffSessionID == ""):
		return nil, &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "Name exactly one stored selfie.",
			InvalidParams: []string{"uploadId: send exactly one of uploadId or handoffSessionId"},
		}
	case src.UploadID != "":
		var err error
		if key, err = s.Uploads.Key(ctx, src.UploadID, c.UserID); err != nil {
			return nil, err
		}
	default:
		f, err := s.Handoffs.File(
			ctx,
			src.HandoffSessionID,
			handoff.Consumer{UserID: c.UserID, Tokens: c.ConsumeTokens},
		)
		if err != nil {
			return nil, err
		}
		key = f.Key
	}
	data, err := s.Files.Read(ctx, key, MaxSelfie+1)
	if fault.Is(err, fault.NotFound) {
		return nil, fault.New(fault.Conflict, "Nothing was uploaded there yet.")
	}
	if err == nil && len(data) > MaxSelfie {
		return nil, fault.New(fault.TooLarge, "The selfie is over 10 MB.")
	}
	return data, err
}

// Problem turns the checker's errors (and the decoding errors of DecodeUpright) into what the
// caller can act on; nil stays nil.
func (s *Service) Problem(err error) error {
	switch {
	case errors.Is(err, ErrNoFace):
		return &fault.Error{
			Kind:   fault.Invalid,
			Code:   "no_face_detected",
			Detail: "No face was found: take the selfie again, face to the camera, in good light.",
		}
	case errors.Is(err, ErrMultipleFaces):
		return &fault.Error{
			Kind:   fault.Invalid,
			Code:   "multiple_faces",
			Detail: "More than one face was found: the selfie must show one person.",
		}
	case errors.Is(err, ErrUnsupported), errors.Is(err, ErrCorrupt):
		return fault.New(fault.UnsupportedMedia, "The file is not a readable JPEG, PNG or WebP image.")
	case errors.Is(err, ErrTooLarge):
		return imageRefused(err, s.maxPixels())
	}
	return err
}

// checkImage refuses, before the debit and the test-mode quota, a file that is no JPEG, PNG or
// WebP by its content (415, as the checker would answer), and a selfie whose header says it is
// over the pixel bound or 16 bits deep, or would cost more to decode than the budget the checker
// decodes under (imagefile.BudgetFor: memory, a JPEG's scans). A damaged header is left to the
// checker, whose refusal is refunded; a JPEG that breaks after its frame header is still held to
// what it says before the break.
func (s *Service) checkImage(data []byte) error {
	h, err := imagefile.ReadHeader(data)
	if errors.Is(err, imagefile.ErrUnsupported) || h.MIME != "" && !slices.Contains(readable, h.MIME) {
		return s.Problem(ErrUnsupported)
	}
	if err != nil && h.Width == 0 {
		return nil
	}
	if err := h.Check(s.maxPixels()); err != nil {
		return imageRefused(err, s.maxPixels())
	}
	return nil
}

// imageRefused is the problem of a selfie imagefile refused: image_too_costly (422) when its
// decoding would cost more than the budget, else image_too_large (413).
func imageRefused(err error, maxPixels int64) error {
	var ce *imagefile.CostError
	if errors.As(err, &ce) {
		return &fault.Error{Kind: fault.Invalid, Code: "image_too_costly",
			Detail: fmt.Sprintf(
				"The image would cost too much to decode: %s. Send a baseline (not progressive) JPEG, a PNG or a WebP of at most %d megapixels.",
				ce.Reason,
				maxPixels/1_000_000,
			)}
	}
	return imageTooLarge(maxPixels)
}

// readable are the types the checker reads.
var readable = []string{imagefile.MIMEJPEG, imagefile.MIMEPNG, imagefile.MIMEWebP}

func (s *Service) maxPixels() int64 { return cmp.Or(s.MaxPixels, imagefile.MaxPixels) }

// imageTooLarge is the problem image_too_large.
func imageTooLarge(maxPixels int64) error {
	mp := maxPixels / 1_000_000
	return &fault.Error{Kind: fault.TooLarge, Code: "image_too_large",
		Detail: fmt.Sprintf(
			"The image is over %d megapixels or has 16 bits per channel: send an 8-bit JPEG, PNG or WebP of at most %d megapixels.",
			mp,
			mp,
		)}
}
