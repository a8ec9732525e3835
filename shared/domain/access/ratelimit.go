package access

import (
	"context"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Rate limits: every authenticated request counts against its owner's requests per minute (a
// plan's, an administrator's, or a partner's own), in fixed one-minute windows counted in
// DynamoDB, and past the limit is refused 429 with Retry-After until the window ends.

// RateCounter counts requests in fixed windows.
type RateCounter interface {
	// Hit adds one to subject's counter for the window starting at window, kept until expires,
	// and returns the new count: one write.
	Hit(ctx context.Context, subject string, window, expires time.Time) (int, error)
}

// Admit counts one request of p against its owner's rate limit (one DynamoDB write, none when p
// has no limit) and refuses it with RateLimited, Retry-After set, when the owner is over it.
func (a *Authenticator) Admit(ctx context.Context, p Principal) error {
	if p.RateLimit <= 0 {
		return nil
	}
	return a.Limit(ctx, p.Owner(), p.RateLimit)
}

// Limit counts one request of subject in the current one-minute window (one DynamoDB write) and
// refuses it with RateLimited, Retry-After set, past perMinute requests; perMinute 0 counts
// without limiting.
func (a *Authenticator) Limit(ctx context.Context, subject string, perMinute int) error {
	n, err := a.hit(ctx, subject)
	if err != nil {
		return err
	}
	if perMinute <= 0 || n <= perMinute {
		return nil
	}
	now := a.now()
	retry := int(now.Truncate(time.Minute).Add(time.Minute).Sub(now).Seconds()) + 1
	detail := fmt.Sprintf("Rate limit of %d requests per minute reached; retry after %d s.", perMinute, retry)
	return &fault.Error{Kind: fault.RateLimited, RetryAfter: retry, Detail: detail}
}

// limitOf is a key's requests per minute. An identity key carries its owner's plan (rewritten on
// the owner's keys when the plan changes) and an administrator's key its role, and the limit of
// either is the configuration's for it now: the key item authentication reads anyway says which
// limit applies, so a plan change or a new RATE_LIMITS reaches keys already issued without
// another read per request. A partner's key keeps the partner's own limit, stored with it; a key
// issued before keys carried a plan keeps the limit it was issued with.
func (a *Authenticator) limitOf(rec KeyRecord) int {
	switch {
	case rec.Role == RoleUser && rec.Plan != "":
		return a.RateLimits[rec.Plan]
	case rec.Role == RoleAdmin && a.RateLimits != nil:
		return a.RateLimits[string(RoleAdmin)]
	}
	return rec.RateLimit
}

// hit counts one request of subject in the current one-minute window: one DynamoDB write.
func (a *Authenticator) hit(ctx context.Context, subject string) (int, error) {
	window := a.now().Truncate(time.Minute)
	return a.Counter.Hit(ctx, subject, window, window.Add(2*time.Minute))
}
