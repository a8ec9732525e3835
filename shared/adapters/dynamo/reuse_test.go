package dynamo

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/verification"
)

// The reuse index keeps each document's first holder, face embedding included, per account: a
// second Remember leaves the first, and another account's index is its own.
func TestReuseIndexKeepsTheFirstHolder(t *testing.T) {
	ctx := context.Background()
	repo := NewReuseRepo(newTable(t))
	until := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	face := []float32{0.6, -0.8, 0, 1e-7}
	if err := repo.Remember(ctx, "usr_a", "k1", "ver_1", verification.Holder{Key: "h1", Face: face}, until); err != nil {
		t.Fatal(err)
	}
	if err := repo.Remember(ctx, "usr_a", "k1", "ver_2", verification.Holder{Key: "h2"}, until); err != nil {
		t.Fatalf("a second holder is no error: %v", err)
	}
	id, h, found, err := repo.First(ctx, "usr_a", "k1")
	if err != nil || !found || id != "ver_1" || h.Key != "h1" || !slices.Equal(h.Face, face) {
		t.Errorf("First = %s %+v %v %v, want ver_1 with h1 and its face", id, h, found, err)
	}
	if err := repo.Remember(ctx, "usr_a", "k2", "ver_3", verification.Holder{Key: "h3"}, until); err != nil {
		t.Fatal(err)
	}
	if _, h, _, _ := repo.First(ctx, "usr_a", "k2"); h.Face != nil {
		t.Errorf("a holder without a selfie has a face: %v", h.Face)
	}
	if _, _, found, err := repo.First(ctx, "usr_b", "k1"); found || err != nil {
		t.Errorf("another account finds usr_a's document: %v %v", found, err)
	}
}
