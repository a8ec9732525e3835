package dynamo

import (
	"context"
	"time"

	"github.com/trustline/platform/shared/domain/uploads"
)

// UploadRepo stores upload slots (UPLOAD#).
type UploadRepo struct{ db Store }

var _ uploads.Store = (*UploadRepo)(nil)

// NewUploadRepo returns the repository of upload slots.
func NewUploadRepo(db Store) *UploadRepo { return &UploadRepo{db: db} }

type uploadItem struct {
	PK          string    `dynamodbav:"pk"`
	SK          string    `dynamodbav:"sk"`
	ID          string    `dynamodbav:"id"`
	OwnerID     string    `dynamodbav:"ownerId"`
	Key         string    `dynamodbav:"objectKey"`
	ContentType string    `dynamodbav:"contentType"`
	Size        int64     `dynamodbav:"size"`
	Name        string    `dynamodbav:"name,omitempty"`
	ExpiresAt   time.Time `dynamodbav:"expiresAt"`
	TTL         int64     `dynamodbav:"ttl"`
}

// PutUpload stores an upload slot, kept a week past its URL's expiry.
func (r *UploadRepo) PutUpload(ctx context.Context, u uploads.Slot) error {
	return r.db.putOnce(
		ctx,
		uploadItem{
			PK:          "UPLOAD#" + u.ID,
			SK:          "UPLOAD",
			ID:          u.ID,
			OwnerID:     u.OwnerID,
			Key:         u.Key,
			ContentType: u.ContentType,
			Size:        u.Size,
			Name:        u.Name,
			ExpiresAt:   u.ExpiresAt,
			TTL:         u.ExpiresAt.Add(7 * 24 * time.Hour).Unix(),
		},
		"upload",
	)
}

// Upload reads an upload slot.
func (r *UploadRepo) Upload(ctx context.Context, id string) (uploads.Slot, error) {
	var it uploadItem
	if err := r.db.get(ctx, "UPLOAD#"+id, "UPLOAD", &it, "upload"); err != nil {
		return uploads.Slot{}, err
	}
	return uploads.Slot{
		ID:          it.ID,
		OwnerID:     it.OwnerID,
		Key:         it.Key,
		ContentType: it.ContentType,
		Size:        it.Size,
		Name:        it.Name,
		ExpiresAt:   it.ExpiresAt,
	}, nil
}
