package dynamo

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A partner is created with its first key in one transaction: again, it is a Conflict and no key
// is added; a key revoked by another owner is not.
func TestPartnerAndKeyRepos(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	partners, keys := NewPartnerRepo(db), NewKeyRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	p := accounts.Partner{ID: "prt_1", Name: "P", Stage: "local", RateLimit: 60, CreatedAt: now}
	k := access.KeyRecord{
		ID:        "key_1",
		Hash:      "hash1",
		Role:      access.RolePartner,
		OwnerID:   "prt_1",
		Name:      "first",
		CreatedAt: now,
		RateLimit: 60,
	}
	if err := partners.CreatePartner(ctx, p, k); err != nil {
		t.Fatal(err)
	}
	k2 := k
	k2.ID, k2.Hash = "key_2", "hash2"
	conflict(t, "the partner again", partners.CreatePartner(ctx, p, k2))
	if _, err := keys.KeyByHash(ctx, "hash2"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("the cancelled transaction stored its key: %v", err)
	}
	if got, err := partners.Partner(ctx, "prt_1"); err != nil || got.Name != "P" {
		t.Errorf("Partner = %+v, %v", got, err)
	}
	if got, err := keys.KeyByHash(ctx, "hash1"); err != nil || got.Role != access.RolePartner ||
		got.OwnerID != "prt_1" {
		t.Errorf("KeyByHash = %+v, %v", got, err)
	}
	if _, err := keys.RevokeKey(ctx, "prt_2", "key_1", now); fault.As(err).Kind != fault.NotFound {
		t.Errorf("another owner's revocation: %v, want NotFound", err)
	}
	if _, err := keys.RevokeKey(ctx, "prt_1", "key_1", now); err != nil {
		t.Fatal(err)
	}
	if list, err := keys.Keys(ctx, "prt_1"); err != nil || len(list) != 1 || list[0].RevokedAt == nil {
		t.Errorf("Keys = %+v, %v", list, err)
	}
}

// The administrators' list of partners: every partner created, newest first, to the end of the
// list at any page size, within the creation bounds; a cursor serves only the bounds that gave it.
func TestPartnerList(t *testing.T) {
	ctx := context.Background()
	partners := NewPartnerRepo(newTable(t))
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	var want []string // newest first
	for i := range 5 {
		p := accounts.Partner{
			ID:        fmt.Sprintf("prt_%d", i),
			Name:      fmt.Sprintf("P%d", i),
			Stage:     "local",
			RateLimit: 60,
			CreatedAt: t0.Add(time.Duration(i) * time.Second),
		}
		k := access.KeyRecord{
			ID:        fmt.Sprintf("key_%d", i),
			Hash:      fmt.Sprintf("hash%d", i),
			Role:      access.RolePartner,
			OwnerID:   p.ID,
			CreatedAt: p.CreatedAt,
		}
		if err := partners.CreatePartner(ctx, p, k); err != nil {
			t.Fatal(err)
		}
		want = append([]string{p.ID}, want...)
	}
	list := func(f accounts.PartnerFilter) func(limit int, cursor string) ([]string, string, error) {
		return func(limit int, cursor string) ([]string, string, error) {
			f.Limit, f.Cursor = limit, cursor
			page, err := partners.ListPartners(ctx, f)
			ids := make([]string, len(page.Items))
			for i, p := range page.Items {
				ids[i] = p.ID
			}
			return ids, page.Next, err
		}
	}
	for _, limit := range []int{1, 2, 5, 100} {
		if got := pageAll(t, limit, list(accounts.PartnerFilter{})); !slices.Equal(got, want) {
			t.Errorf("limit %d: %v, want %v", limit, got, want)
		}
	}
	bounded := accounts.PartnerFilter{CreatedAfter: t0.Add(time.Second), CreatedBefore: t0.Add(3 * time.Second)}
	if got := pageAll(t, 1, list(bounded)); !slices.Equal(got, []string{"prt_2", "prt_1"}) {
		t.Errorf("created within [1 s, 3 s): %v, want [prt_2 prt_1]", got)
	}
	page, err := partners.ListPartners(ctx, accounts.PartnerFilter{Limit: 1})
	if err != nil || len(page.Items) != 1 || page.Items[0].Name != "P4" || page.Items[0].RateLimit != 60 ||
		page.Items[0].Stage != "local" ||
		!page.Items[0].CreatedAt.Equal(t0.Add(4*time.Second)) {
		t.Fatalf("first page = %+v, %v", page, err)
	}
	_, err = partners.ListPartners(
		ctx,
		accounts.PartnerFilter{CreatedBefore: t0.Add(2 * time.Second), Limit: 1, Cursor: page.Next},
	)
	invalid(t, "a cursor past createdBefore", err)
	_, err = partners.ListPartners(ctx, accounts.PartnerFilter{Limit: 1, Cursor: "e30"})
	invalid(t, "a forged cursor", err)
}
