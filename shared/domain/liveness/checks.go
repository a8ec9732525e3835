package liveness

import (
	"context"
	"errors"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Record is a liveness check kept for its owner to read back and list: the verdict and its
// scores, never the selfie (the image is read, judged and dropped).
type Record struct {
	ID          string
	OwnerID     string
	Live        bool
	IsLive      bool
	Confidence  float64
	ScoreSmall  float64
	ScoreLarge  float64
	AttackType  string
	CreditsUsed int
	// FaceMatch is the face match made in the same check (a document was named), else nil.
	FaceMatch *MatchSummary
	CreatedAt time.Time
	ExpiresAt time.Time // zero: kept for ever
}

// MatchSummary is a face match's verdict as a check's record keeps it.
type MatchSummary struct {
	IsMatch    bool
	Similarity float64
}

// Page is one page of an owner's checks and where the next begins ("" after the last).
type Page struct {
	Items []Record
	Next  string
}

// Records stores the records of checks.
type Records interface {
	// Put stores a new record; Conflict when its id exists.
	Put(ctx context.Context, r Record) error
	// Get returns a record; NotFound when there is none.
	Get(ctx context.Context, id string) (Record, error)
	// List is a page of the owner's records of one mode, newest first; Invalid when the cursor is
	// not a position of this very list (another owner's, the other mode's, forged).
	List(ctx context.Context, ownerID string, live bool, limit int, cursor string) (Page, error)
}

// Checks keeps the record of each check and reads them back. Records are kept as long as
// extractions are (RESULT_RETENTION): the same personal data, a verdict on a person.
type Checks struct {
	Records   Records
	Credits   credits.Ledger // refunds a check whose record cannot be kept
	Retention time.Duration  // 0: for ever
	Now       func() time.Time
}

// Keep stores the record of a check that was made (and charged). When the record cannot be
// stored the check's credits are refunded and the error returned: a caller is not charged for a
// check it will never be able to read back.
func (c *Checks) Keep(ctx context.Context, caller Caller, out Checked, match *MatchSummary) error {
	now := c.now()
	r := Record{
		ID:          out.ID,
		OwnerID:     caller.UserID,
		Live:        caller.Live,
		IsLive:      out.Result.IsLive,
		Confidence:  out.Result.Confidence,
		ScoreSmall:  out.Result.ScoreSmall,
		ScoreLarge:  out.Result.ScoreLarge,
		AttackType:  out.Result.AttackType,
		CreditsUsed: out.CreditsUsed,
		FaceMatch:   match,
		CreatedAt:   now,
	}
	if c.Retention > 0 {
		r.ExpiresAt = now.Add(c.Retention)
	}
	err := c.Records.Put(ctx, r)
	if _, rerun := idempotency.AttemptOf(ctx); rerun && fault.Is(err, fault.Conflict) {
		return nil // an earlier run of the request (under its idempotency key) kept it
	}
	if err != nil && out.CreditsUsed > 0 {
		refund := credits.Refund(caller.UserID, out.CreditsUsed, out.ID, now)
		if _, ok := idempotency.AttemptOf(ctx); ok {
			refund = refund.MadeOnce(idempotency.Started(ctx, now))
		}
		if rerr := c.Credits.Move(context.WithoutCancel(ctx), refund); rerr != nil &&
			!errors.Is(rerr, credits.ErrMoved) {
			err = errors.Join(err, rerr)
		}
	}
	return err
}

// Get returns the caller's check of the caller's mode (a login session's: either); NotFound for
// another owner's, the other mode's, an expired one, or an unknown id.
func (c *Checks) Get(ctx context.Context, ownerID string, live, anyMode bool, id string) (Record, error) {
	r, err := c.Records.Get(ctx, id)
	if err != nil && !fault.Is(err, fault.NotFound) {
		return Record{}, err
	}
	if err != nil || r.OwnerID != ownerID || (!anyMode && r.Live != live) || c.expired(r.ExpiresAt) {
		return Record{}, fault.Newf(fault.NotFound, "No liveness check %q.", id)
	}
	return r, nil
}

// List is a page of the owner's checks of one mode, newest first; the expired ones the table has
// not yet removed are left out.
func (c *Checks) List(ctx context.Context, ownerID string, live bool, limit int, cursor string) (Page, error) {
	p, err := c.Records.List(ctx, ownerID, live, limit, cursor)
	if err != nil {
		return p, err
	}
	kept := p.Items[:0]
	for _, r := range p.Items {
		if !c.expired(r.ExpiresAt) {
			kept = append(kept, r)
		}
	}
	p.Items = kept
	return p, nil
}

func (c *Checks) expired(at time.Time) bool { return !at.IsZero() && !c.now().Before(at) }

func (c *Checks) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now().UTC()
}
