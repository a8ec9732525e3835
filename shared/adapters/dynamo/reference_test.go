package dynamo

import (
	"context"
	"testing"

	"github.com/trustline/platform/shared/domain/reference"
	"github.com/trustline/platform/shared/foundation/fault"
)

// The lists and their version are written and read back; an unknown list is NotFound.
func TestReferenceRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewReferenceRepo(newTable(t))
	if v, err := repo.ReferenceVersion(ctx); v != "" || err != nil {
		t.Fatalf("version of an empty table: %q, %v", v, err)
	}
	c := reference.Catalog{
		Version: "v1",
		Entries: map[string]reference.Entry{"brands": {Body: []byte(`[]`), ETag: `"e1"`}},
	}
	if err := repo.PutReference(ctx, c); err != nil {
		t.Fatal(err)
	}
	if v, err := repo.ReferenceVersion(ctx); v != "v1" || err != nil {
		t.Errorf("version: %q, %v", v, err)
	}
	if e, err := repo.Reference(ctx, "brands"); err != nil || e.ETag != `"e1"` || string(e.Body) != "[]" {
		t.Errorf("brands: %+v, %v", e, err)
	}
	if _, err := repo.Reference(ctx, "models"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("an unknown list: %v, want NotFound", err)
	}
}
