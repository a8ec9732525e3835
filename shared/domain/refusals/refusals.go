// Package refusals provides the bound on each owner's refused and refunded decodings: a file over
// the decoding budget, unreadable, or whose processing was abandoned is refused at intake or
// failed with a refund, and so costs its sender nothing; without a bound, a stream of them would
// spend the service's decoding for free.
package refusals

import (
	"context"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// Counter is a bounded counter per subject.
type Counter interface {
	// Reserve adds n to subject's counter if the result stays at or under max, keeping the counter
	// until expires (one conditional write). It reports false, and changes nothing, when it would
	// go over.
	Reserve(ctx context.Context, subject string, n, max int, expires time.Time) (bool, error)
	// Count returns subject's counter: 0 when it has none.
	Count(ctx context.Context, subject string) (int, error)
}

// DefaultPerHour is the bound's default: an integration whose users send the odd damaged or
// oversized file stays far below it (a batch holds at most 50 files, and one refused file refuses
// the batch: one refusal); a stream of costly files stops after it, each having cost at most a
// rendering's time-out (10 s) or a decoding's budget (0.3 CPU-s of JPEG scans).
const DefaultPerHour = 30

// Bound is the allowance of refused and refunded decodings per owner and clock hour.
type Bound struct {
	Counter Counter // nil: no bound
	PerHour int     // 0: no bound
	Now     func() time.Time
}

// Admit refuses new work of an owner whose refused and refunded decodings of the current hour
// have reached the bound: 429 decode_refusals_exceeded, Retry-After to the hour's end. One read;
// it takes nothing.
func (b Bound) Admit(ctx context.Context, ownerID string) error {
	if b.Counter == nil || b.PerHour <= 0 {
		return nil
	}
	now, subject, next := b.hour(ownerID)
	n, err := b.Counter.Count(ctx, subject)
	if err != nil || n < b.PerHour {
		return err
	}
	return b.exceeded(now, next)
}

// Record counts one refused or refunded decoding of ownerID's: one conditional write, which never
// takes the counter past the bound. When the counter is at the bound already it answers the 429
// that Admit answers, for the caller to send instead of the refusal: the sender learns to stop.
func (b Bound) Record(ctx context.Context, ownerID string) error {
	if b.Counter == nil || b.PerHour <= 0 {
		return nil
	}
	now, subject, next := b.hour(ownerID)
	ok, err := b.Counter.Reserve(ctx, subject, 1, b.PerHour, next.Add(time.Hour))
	if err != nil || ok {
		return err
	}
	return b.exceeded(now, next)
}

func (b Bound) exceeded(now, next time.Time) error {
	return &fault.Error{
		Kind:       fault.RateLimited,
		Code:       "decode_refusals_exceeded",
		RetryAfter: int(next.Sub(now).Seconds()) + 1,
		Detail: fmt.Sprintf("%d files of this account were refused or failed unreadable, over the decoding "+
			"budget or abandoned this hour, the most allowed: check the files sent, and retry after the hour.",
			b.PerHour),
	}
}

// hour is the current time, the owner's counter of the current clock hour (UTC), and when that
// hour ends.
func (b Bound) hour(ownerID string) (now time.Time, subject string, next time.Time) {
	now = time.Now().UTC()
	if b.Now != nil {
		now = b.Now().UTC()
	}
	start := now.Truncate(time.Hour)
	return now, "decoderefusals#" + ownerID + "#" + start.Format("2006-01-02T15"), start.Add(time.Hour)
}

// Recorder counts refused and refunded decodings (Bound.Record).
type Recorder interface {
	Record(ctx context.Context, ownerID string) error
}

// Note counts err against ownerID's bound through r (nil: no bound) when it is a refusal that
// counts (Counts), and returns what to answer: the bound's RateLimited fault once the bound is
// reached, else err. A failure to count is logged, never answered: the refusal stands.
func Note(ctx context.Context, r Recorder, ownerID string, err error) error {
	if r == nil || !Counts(err) {
		return err
	}
	rerr := r.Record(context.WithoutCancel(ctx), ownerID)
	if fault.Is(rerr, fault.RateLimited) {
		return rerr
	}
	if rerr != nil {
		logs.From(ctx).ErrorContext(ctx, "decoding refusal not counted", "ownerId", ownerID, "error", rerr)
	}
	return err
}

// Counts reports whether a fault is a refusal of what was sent as a file to decode: not an image,
// unreadable, over the pixel bound or the decoding budget, or abandoned in processing. A file
// decoded and found wanting (no zone, no face) is not one: its decoding was within the budget.
func Counts(err error) bool {
	if err == nil {
		return false
	}
	f := fault.As(err)
	switch f.Code {
	case "image_too_large", "image_too_costly", "unreadable_file", "processing_abandoned":
		return true
	}
	return f.Kind == fault.UnsupportedMedia
}
