package extraction

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

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
	log := logs.From(ctx)
	for _, e := range items {
		if err := s.Jobs.Send(ctx, Job{ExtractionID: e.ID}.Encode(), now); err != nil {
			log.WarnContext(ctx, "extraction job not queued; the sweep will queue it", "extractionId", e.ID, "error", err)
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
		e, found, err := s.recorded(ctx, c, newID(ctx, "ext", "extraction#0"))
		if err != nil || !found {
			return nil, nil, false, err
		}
		items = []Extraction{e}
	}
	if len(items) == 0 || items[0].OwnerID != c.OwnerID {
		return nil, nil, false, fmt.Errorf("extraction: the ids of the key are another submission's")
	}
	return b, items, true, nil
}

// recorded is the record an earlier run of the request made under id (the idempotency key's):
// found is false when there is none, and a record of another owner under it is an error.
func (s *Service) recorded(ctx context.Context, c Caller, id string) (e Extraction, found bool, err error) {
	e, err = s.Store.Extraction(ctx, id)
	switch {
	case fault.Is(err, fault.NotFound):
		return Extraction{}, false, nil
	case err != nil:
		return Extraction{}, false, err
	case e.OwnerID != c.OwnerID:
		return Extraction{}, false, fmt.Errorf("extraction: the id of the key is another owner's")
	}
	return e, true, nil
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
			return Object{}, fault.Newf(fault.UnsupportedMedia,
				"The handoff file is %s: extraction reads JPEG, PNG, WebP or PDF.", f.MIME)
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
		return Object{}, fault.Newf(fault.Conflict,
			"Nothing was uploaded to %s yet: PUT the file to its uploadUrl first.", u.ID)
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
