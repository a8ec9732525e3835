package dynamo

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A bounded counter gives back what it reserved, never going below zero nor making a counter
// again: the unit a refused liveness check took is there to take once more.
func TestRateRepoRelease(t *testing.T) {
	ctx := context.Background()
	repo := NewRateRepo(newTable(t))
	const day = "testquota#usr_1#2026-11-23"
	expires := time.Now().Add(time.Hour)
	if ok, err := repo.Reserve(ctx, day, 4, 4, expires); !ok || err != nil {
		t.Fatalf("Reserve 4 of 4 = %v, %v", ok, err)
	}
	if err := repo.Release(ctx, day, 1); err != nil {
		t.Fatal(err)
	}
	if ok, err := repo.Reserve(ctx, day, 1, 4, expires); !ok || err != nil {
		t.Errorf("Reserve the unit given back = %v, %v", ok, err)
	}
	if err := repo.Release(ctx, day, 5); err != nil {
		t.Fatal(err)
	}
	if n, err := repo.Count(ctx, day); n != 4 || err != nil {
		t.Errorf("after releasing more than held: %d, %v; want 4", n, err)
	}
	if err := repo.Release(ctx, "testquota#usr_1#2026-11-22", 1); err != nil {
		t.Fatal(err)
	}
	if n, err := repo.Count(ctx, "testquota#usr_1#2026-11-22"); n != 0 || err != nil {
		t.Errorf("a counter that was not there: %d, %v; want 0", n, err)
	}
}

// The bound on an owner's refused decodings holds on the table however many refusals race: each
// is one conditional UpdateItem, and twenty at once against a bound of five count five, then the
// owner's next work is refused.
func TestRefusalBoundRaces(t *testing.T) {
	ctx := context.Background()
	b := refusals.Bound{Counter: NewRateRepo(newTable(t)), PerHour: 5}
	var wg sync.WaitGroup
	var mu sync.Mutex
	refused := 0
	for range 20 {
		wg.Go(func() {
			err := b.Record(ctx, "usr_1")
			if err != nil && !fault.Is(err, fault.RateLimited) {
				t.Error(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				refused++
			}
		})
	}
	wg.Wait()
	if refused != 15 {
		t.Errorf("%d of 20 refusals answered 429, want 15", refused)
	}
	if err := b.Admit(ctx, "usr_1"); !fault.Is(err, fault.RateLimited) {
		t.Errorf("Admit past the bound: %v, want 429", err)
	}
}

// A counter counts per window; the quota reserves up to its bound and no further.
func TestRateRepo(t *testing.T) {
	ctx := context.Background()
	repo := NewRateRepo(newTable(t))
	window := time.Now().Truncate(time.Minute)
	for want := 1; want <= 2; want++ {
		if n, err := repo.Hit(ctx, "prt_1", window, window.Add(2*time.Minute)); n != want || err != nil {
			t.Fatalf("Hit = %d, %v; want %d", n, err, want)
		}
	}
	if ok, err := repo.Reserve(ctx, "testquota#usr_1#2026-11-23", 3, 4, window.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("Reserve 3 of 4 = %v, %v", ok, err)
	}
	if ok, err := repo.Reserve(ctx, "testquota#usr_1#2026-11-23", 2, 4, window.Add(time.Hour)); ok || err != nil {
		t.Errorf("Reserve 2 more of 4 = %v, %v; want refused", ok, err)
	}
}
