package testmode_test

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/testmode"
	"github.com/trustline/platform/shared/foundation/fault"
)

// counters is an in-memory Counter and Releaser.
type counters map[string]int

func (c counters) Reserve(_ context.Context, subject string, n, max int, _ time.Time) (bool, error) {
	if c[subject]+n > max {
		return false, nil
	}
	c[subject] += n
	return true, nil
}

func (c counters) Count(_ context.Context, subject string) (int, error) { return c[subject], nil }

func (c counters) Release(_ context.Context, subject string, n int) error {
	if c[subject] >= n {
		c[subject] -= n
	}
	return nil
}

// countOnly reserves but gives nothing back.
type countOnly struct{ testmode.Counter }

// TestReturn: operations given back can be taken again, never more than were taken; a counter
// that cannot give back says so.
func TestReturn(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	c := counters{}
	q := testmode.Quota{Counter: c, PerDay: 2, Now: func() time.Time { return now }}
	for range 2 {
		if err := q.Use(ctx, "usr_1", 1); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Use(ctx, "usr_1", 1); !fault.Is(err, fault.RateLimited) {
		t.Fatalf("a third use of 2: %v", err)
	}
	if err := q.Return(ctx, "usr_1", 1); err != nil {
		t.Fatal(err)
	}
	if err := q.Use(ctx, "usr_1", 1); err != nil {
		t.Errorf("the unit given back is not there to take: %v", err)
	}
	if err := q.Return(ctx, "usr_1", 5); err != nil || c["testquota#usr_1#2026-11-23"] != 2 {
		t.Errorf("returning more than taken: %v, counters %v", err, c)
	}
	if err := (testmode.Quota{Counter: countOnly{c}, PerDay: 2}).Return(ctx, "usr_1", 1); err == nil {
		t.Error("a counter that gives nothing back returned a unit")
	}
}
