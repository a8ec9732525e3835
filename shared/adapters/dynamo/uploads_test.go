package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/uploads"
	"github.com/trustline/platform/shared/foundation/fault"
)

// An upload slot is stored once (the same item again is a lost answer's retry; another slot of the
// same id is a Conflict) and read back whole; an unknown one is NotFound.
func TestUploadRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewUploadRepo(newTable(t))
	s := uploads.Slot{
		ID:          "upl_1",
		OwnerID:     "usr_1",
		Key:         "raw/usr_1/upl_1",
		ContentType: "image/png",
		Size:        10,
		Name:        "a.png",
		ExpiresAt:   time.Now().UTC().Truncate(time.Millisecond),
	}
	if err := repo.PutUpload(ctx, s); err != nil {
		t.Fatal(err)
	}
	if err := repo.PutUpload(ctx, s); err != nil {
		t.Errorf("the same slot again: %v", err)
	}
	other := s
	other.OwnerID = "usr_2"
	if err := repo.PutUpload(ctx, other); fault.As(err).Kind != fault.Conflict {
		t.Errorf("another slot of the same id: %v, want Conflict", err)
	}
	if got, err := repo.Upload(ctx, "upl_1"); err != nil || !got.ExpiresAt.Equal(s.ExpiresAt) || got.Key != s.Key ||
		got.Name != s.Name ||
		got.Size != s.Size {
		t.Errorf("Upload = %+v, %v, want %+v", got, err, s)
	}
	if _, err := repo.Upload(ctx, "upl_2"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("an unknown slot: %v, want NotFound", err)
	}
}
