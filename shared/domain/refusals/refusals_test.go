package refusals_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/refusals"
	"github.com/trustline/platform/shared/foundation/fault"
)

// counter is a bounded counter in memory, as RateRepo's conditional UpdateItem keeps it.
type counter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *counter) Reserve(_ context.Context, subject string, n, max int, _ time.Time) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[subject]+n > max {
		return false, nil
	}
	c.n[subject] += n
	return true, nil
}

func (c *counter) Count(_ context.Context, subject string) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[subject], nil
}

// TestBound: an owner's refusals are counted up to the bound within a clock hour; past it Record
// and Admit answer 429 decode_refusals_exceeded with Retry-After to the hour's end; another owner,
// and the next hour, are not held; concurrent refusals never count past the bound.
func TestBound(t *testing.T) {
	now := time.Date(2026, 11, 28, 10, 45, 0, 0, time.UTC)
	c := &counter{n: map[string]int{}}
	b := refusals.Bound{Counter: c, PerHour: 3, Now: func() time.Time { return now }}
	ctx := context.Background()
	for i := range 3 {
		if err := b.Admit(ctx, "u1"); err != nil {
			t.Fatalf("admit %d: %v", i, err)
		}
		if err := b.Record(ctx, "u1"); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
	}
	for name, err := range map[string]error{"record": b.Record(ctx, "u1"), "admit": b.Admit(ctx, "u1")} {
		f := fault.As(err)
		if f.Kind != fault.RateLimited || f.Code != "decode_refusals_exceeded" || f.RetryAfter != 15*60+1 {
			t.Errorf("%s past the bound: %+v, want 429 decode_refusals_exceeded, Retry-After 901", name, f)
		}
	}
	if err := b.Admit(ctx, "u2"); err != nil {
		t.Errorf("another owner: %v", err)
	}
	now = now.Add(15 * time.Minute)
	if err := b.Admit(ctx, "u1"); err != nil {
		t.Errorf("the next hour: %v", err)
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() { _ = b.Record(ctx, "u3") })
	}
	wg.Wait()
	if n, _ := c.Count(ctx, "decoderefusals#u3#2026-11-28T11"); n != 3 {
		t.Errorf("20 concurrent refusals counted %d, want the bound, 3", n)
	}
	if err := (refusals.Bound{}).Admit(ctx, "u1"); err != nil {
		t.Errorf("no counter: %v", err)
	}
}

func TestCounts(t *testing.T) {
	tests := []struct {
		err  error
		want bool
	}{
		{&fault.Error{Kind: fault.Invalid, Code: "image_too_costly"}, true},
		{&fault.Error{Kind: fault.TooLarge, Code: "image_too_large"}, true},
		{&fault.Error{Kind: fault.Invalid, Code: "unreadable_file"}, true},
		{&fault.Error{Kind: fault.Invalid, Code: "processing_abandoned"}, true},
		{fault.New(fault.UnsupportedMedia, "not an image"), true},
		{&fault.Error{Kind: fault.Invalid, Code: "mrz_not_found"}, false},
		{&fault.Error{Kind: fault.Invalid, Code: "no_face_detected"}, false},
		{fault.New(fault.TooLarge, "The selfie is over 10 MB."), false},
		{errors.New("engine crashed"), false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := refusals.Counts(tt.err); got != tt.want {
			t.Errorf("Counts(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}
