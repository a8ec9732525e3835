package dynamo

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
)

// The records of liveness checks: read back by id, listed by owner and mode newest first (every
// record once to the end), never another owner's or mode's; a cursor serves only its own list.
func TestLivenessRecords(t *testing.T) {
	ctx := context.Background()
	repo := NewLivenessRepo(newTable(t))
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	put := func(id, owner string, live bool, at time.Time, match *liveness.MatchSummary) liveness.Record {
		t.Helper()
		r := liveness.Record{
			ID:          id,
			OwnerID:     owner,
			Live:        live,
			IsLive:      true,
			Confidence:  0.9,
			ScoreSmall:  0.8,
			ScoreLarge:  1,
			AttackType:  "none",
			CreditsUsed: 1,
			FaceMatch:   match,
			CreatedAt:   at,
			ExpiresAt:   at.Add(30 * 24 * time.Hour),
		}
		if err := repo.Put(ctx, r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	var want []string // newest first
	for i := range 5 {
		// Two in the same instant: the id breaks the tie.
		r := put(fmt.Sprintf("lv_%d", i), "usr_a", true, t0.Add(time.Duration(i/2)*time.Second), nil)
		want = append([]string{r.ID}, want...)
	}
	matched := put("lv_match", "usr_a", false, t0, &liveness.MatchSummary{IsMatch: true, Similarity: 0.7})
	put("lv_other", "usr_b", true, t0, nil)

	got, err := repo.Get(ctx, "lv_match")
	if err != nil || got.FaceMatch == nil || *got.FaceMatch != *matched.FaceMatch ||
		!got.CreatedAt.Equal(matched.CreatedAt) ||
		got.OwnerID != "usr_a" ||
		got.Live {
		t.Errorf("Get = %+v, %v; want %+v", got, err, matched)
	}
	if _, err := repo.Get(ctx, "lv_none"); !fault.Is(err, fault.NotFound) {
		t.Errorf("Get unknown = %v, want NotFound", err)
	}
	if err := repo.Put(ctx, liveness.Record{ID: "lv_0", OwnerID: "usr_b", CreatedAt: t0}); !fault.Is(
		err,
		fault.Conflict,
	) {
		t.Errorf("Put over another record = %v, want Conflict", err)
	}

	list := func(owner string, live bool) func(limit int, cursor string) ([]string, string, error) {
		return func(limit int, cursor string) ([]string, string, error) {
			p, err := repo.List(ctx, owner, live, limit, cursor)
			ids := make([]string, len(p.Items))
			for i, r := range p.Items {
				ids[i] = r.ID
			}
			return ids, p.Next, err
		}
	}
	for _, limit := range []int{1, 2, 5, 100} {
		if got := pageAll(t, limit, list("usr_a", true)); !slices.Equal(got, want) {
			t.Errorf("limit %d: %v, want %v", limit, got, want)
		}
	}
	if got := pageAll(t, 1, list("usr_a", false)); !slices.Equal(got, []string{"lv_match"}) {
		t.Errorf("test mode: %v", got)
	}
	if got := pageAll(t, 1, list("usr_b", true)); !slices.Equal(got, []string{"lv_other"}) {
		t.Errorf("another owner: %v", got)
	}

	p, err := repo.List(ctx, "usr_a", true, 1, "")
	if err != nil || p.Next == "" {
		t.Fatalf("first page: %+v, %v", p, err)
	}
	_, err = repo.List(ctx, "usr_b", true, 1, p.Next)
	invalid(t, "another owner's cursor", err)
	_, err = repo.List(ctx, "usr_a", false, 1, p.Next)
	invalid(t, "the other mode's cursor", err)
	_, err = repo.List(ctx, "usr_a", true, 1, "e30")
	invalid(t, "forged cursor", err)
}
