// Package testmode provides the bound on test-mode work: test keys (sk_test_) are free, so each
// account gets a daily quota of test operations, counted across all its test keys.
package testmode

import (
	"context"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/fault"
)

// Counter reserves units of a bounded counter.
type Counter interface {
	// Reserve adds n to subject's counter if the result stays at or under max, keeping the counter
	// until expires. It reports false, and changes nothing, when it would go over.
	Reserve(ctx context.Context, subject string, n, max int, expires time.Time) (bool, error)
}

// Quota is the daily allowance of test operations per account (extractions, batch documents,
// liveness checks), reset at midnight UTC.
type Quota struct {
	Counter Counter
	PerDay  int
	Now     func() time.Time
}

// Use takes n operations from the owner's allowance of the current UTC day, or answers 429
// test_quota_exceeded with Retry-After to the next day, taking nothing.
func (q Quota) Use(ctx context.Context, ownerID string, n int) error {
	now := time.Now().UTC()
	if q.Now != nil {
		now = q.Now().UTC()
	}
	day := now.Truncate(24 * time.Hour)
	next := day.Add(24 * time.Hour)
	ok, err := q.Counter.Reserve(ctx, "testquota#"+ownerID+"#"+day.Format(time.DateOnly), n, q.PerDay, next.Add(24*time.Hour))
	if err != nil || ok {
		return err
	}
	return &fault.Error{Kind: fault.RateLimited, Code: "test_quota_exceeded", RetryAfter: int(next.Sub(now).Seconds()) + 1,
		Detail: fmt.Sprintf("Test mode allows %d operations per account and UTC day; this needs %d more. Retry tomorrow, or use a live key.", q.PerDay, n)}
}
