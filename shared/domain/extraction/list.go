package extraction

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Filter selects a page of one owner's extractions of one mode, newest first.
type Filter struct {
	Live         bool
	Status       Status // "" for any
	DocumentType string // "" for any
	BatchID      string // "" for any
	// Verifications lists verifications rather than extractions; Decision filters them.
	Verifications bool
	Decision      string
	CreatedAfter  time.Time
	CreatedBefore time.Time
	Limit         int
	Cursor        string
}

// Page is one page of a list and where the next begins ("" after the last).
type Page[T any] struct {
	Items []T
	Next  string
}

// Listings reads the lists of one owner's extractions and batches, one query a page.
type Listings interface {
	// Extractions is a page of the owner's extractions of f's mode, newest first. Invalid when the
	// cursor is not a position of this very list (another owner's, another filter's, forged).
	Extractions(ctx context.Context, ownerID string, f Filter) (Page[Extraction], error)
	// Batches is a page of the owner's batches of one mode, newest first; Invalid for a cursor
	// of another list.
	Batches(ctx context.Context, ownerID string, live bool, limit int, cursor string) (Page[Batch], error)
}

// ListMode is the mode a caller lists: an API key's own; a login session chooses with mode
// ("live" when empty, or "test"). Invalid for any other value, or for a key asking for the other
// mode's list.
func ListMode(c Caller, mode string) (bool, error) {
	switch mode {
	case "", "live", "test":
	default:
		return false, &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The query is invalid.",
			InvalidParams: []string{"mode: live or test"},
		}
	}
	if !c.AnyMode {
		if mode != "" && (mode == "live") != c.Live {
			return false, &fault.Error{Kind: fault.Invalid, Detail: "An API key lists the resources of its own mode.",
				InvalidParams: []string{"mode: this key's mode, or none"}}
		}
		return c.Live, nil
	}
	return mode != "test", nil
}

// CheckFilter refuses a filter value that names nothing (an unknown status or document type).
func CheckFilter(f Filter) error {
	var bad []string
	switch f.Status {
	case "", StatusQueued, StatusProcessing, StatusCompleted, StatusFailed:
	default:
		bad = append(bad, "status: queued, processing, completed or failed")
	}
	if f.DocumentType != "" && !KnownType(f.DocumentType) {
		bad = append(bad, fmt.Sprintf("documentType: one of %s", strings.Join(typeCodes(), ", ")))
	}
	if !f.CreatedAfter.IsZero() && !f.CreatedBefore.IsZero() && !f.CreatedAfter.Before(f.CreatedBefore) {
		bad = append(bad, "createdBefore: after createdAfter")
	}
	if len(bad) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: bad}
	}
	return nil
}

// List is a page of the caller's extractions (f.Live set by ListMode). Records past their
// retention are left out, as reads treat them as gone.
func (s *Service) List(ctx context.Context, c Caller, f Filter) (Page[Extraction], error) {
	if err := CheckFilter(f); err != nil {
		return Page[Extraction]{}, err
	}
	p, err := s.Lists.Extractions(ctx, c.OwnerID, f)
	if err != nil {
		return p, err
	}
	kept := p.Items[:0]
	for _, e := range p.Items {
		if e.OwnerID != c.OwnerID || e.Live != f.Live {
			// Another owner's batch (or the other mode's): the same as an unknown one, and its
			// cursor, which names its items, is not handed out.
			return Page[Extraction]{Items: []Extraction{}}, nil
		}
		if !s.expired(e.ExpiresAt) {
			kept = append(kept, e)
		}
	}
	p.Items = kept
	return p, nil
}

// ListBatches is a page of the caller's batches of one mode.
func (s *Service) ListBatches(ctx context.Context, c Caller, live bool, limit int, cursor string) (Page[Batch], error) {
	p, err := s.Lists.Batches(ctx, c.OwnerID, live, limit, cursor)
	if err != nil {
		return p, err
	}
	kept := p.Items[:0]
	for _, b := range p.Items {
		if s.expired(b.ExpiresAt) {
			continue
		}
		if !b.Counted {
			// Stored before batches kept their counts: derived from its extractions, as a read does.
			_, items, err := s.Store.Batch(ctx, b.ID)
			if err != nil {
				return p, err
			}
			var status Status
			status, b.Completed, b.Failed = BatchStatus(items)
			b.Started, b.Counted = status != StatusQueued, true
		}
		kept = append(kept, b)
	}
	p.Items = kept
	return p, nil
}
