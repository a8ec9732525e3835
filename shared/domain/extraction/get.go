package extraction

import (
	"context"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

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
		return DocumentLink{}, fault.Newf(fault.Gone,
			"The document of extraction %q is no longer kept: files are deleted after their retention period.", id)
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
