// Package testmode provides the bound on test-mode work: test keys (sk_test_) are free, so each
// account gets a daily quota of test operations, counted across all its test keys.
package testmode

import (
	"context"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Counter reserves units of a bounded counter.
type Counter interface {
	// Reserve adds n to subject's counter if the result stays at or under max, keeping the counter
	// until expires. It reports false, and changes nothing, when it would go over.
	Reserve(ctx context.Context, subject string, n, max int, expires time.Time) (bool, error)
	// Count returns subject's counter: 0 when it has none (nothing reserved, or expired).
	Count(ctx context.Context, subject string) (int, error)
}

// Releaser is a Counter that gives back what it reserved, as Quota.Return needs.
type Releaser interface {
	// Release takes n off subject's counter, never below zero: a counter that holds less (or is
	// gone, its day over) is left as it is, and that is no error.
	Release(ctx context.Context, subject string, n int) error
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
	now, subject, next := q.day(ownerID)
	ok, err := q.Counter.Reserve(ctx, subject, n, q.PerDay, next.Add(24*time.Hour))
	if err != nil || ok {
		return err
	}
	return &fault.Error{
		Kind:       fault.RateLimited,
		Code:       "test_quota_exceeded",
		RetryAfter: int(next.Sub(now).Seconds()) + 1,
		Detail: fmt.Sprintf(
			"Test mode allows %d operations per account and UTC day; this needs %d more. Retry tomorrow, or use a live key.",
			q.PerDay,
			n,
		),
	}
}

// Return gives back n operations that Use took, to the allowance of the current UTC day: for
// work refused for what was sent, before it was done (a liveness selfie that is no readable
// image), as a live key's credits are refunded. Across midnight the new day's count gives the
// unit back if it holds one: never more is given back than was taken. Its Counter must be a
// Releaser.
func (q Quota) Return(ctx context.Context, ownerID string, n int) error {
	r, ok := q.Counter.(Releaser)
	if !ok {
		return fmt.Errorf("testmode: the counter %T gives nothing back", q.Counter)
	}
	_, counter, _ := q.day(ownerID)
	return r.Release(ctx, counter, n)
}

// Usage is test mode's view of an account's balance: what a test key reads instead of the live
// credits, ledger and invoices, which it never touches. Its JSON is the test view of
// GET /v1/billing/credits and the testMode member of GET /v1/users/me.
type Usage struct {
	Mode           string    `json:"mode"`     // always "test"
	Livemode       bool      `json:"livemode"` // always false
	DailyQuota     int       `json:"dailyQuota"`
	UsedToday      int       `json:"usedToday"`
	RemainingToday int       `json:"remainingToday"`
	ResetsAt       time.Time `json:"resetsAt"` // the next midnight UTC
}

// Usage reads the owner's allowance of the current UTC day, taking nothing.
func (q Quota) Usage(ctx context.Context, ownerID string) (Usage, error) {
	_, subject, next := q.day(ownerID)
	used, err := q.Counter.Count(ctx, subject)
	if err != nil {
		return Usage{}, err
	}
	used = min(used, q.PerDay)
	return Usage{
		Mode:           "test",
		DailyQuota:     q.PerDay,
		UsedToday:      used,
		RemainingToday: q.PerDay - used,
		ResetsAt:       next,
	}, nil
}

// day is the current time, the owner's counter of the current UTC day, and when that day ends.
func (q Quota) day(ownerID string) (now time.Time, subject string, next time.Time) {
	now = time.Now().UTC()
	if q.Now != nil {
		now = q.Now().UTC()
	}
	day := now.Truncate(24 * time.Hour)
	return now, "testquota#" + ownerID + "#" + day.Format(time.DateOnly), day.Add(24 * time.Hour)
}
