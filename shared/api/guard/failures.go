package guard

import (
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Failures throttles failed authentications by source address, in memory: after PerMinute failures
// in a minute, the address's further failures answer 429 with Retry-After (to the end of the
// minute) rather than 401, so a guessing client is told to stop. It never refuses a valid
// credential: the credential is checked first (a key costs one GetItem by its hash, a JWT none), so
// a partner behind an address that others abuse is still served. Kept in the process rather than in
// the table so that a stream of random keys costs no DynamoDB write each; each Lambda instance
// counts on its own, and a key space of 130 bits makes guessing hopeless anyway.
// A nil *Failures throttles nothing.
type Failures struct {
	PerMinute int

	mu     sync.Mutex
	window time.Time
	counts map[netip.Addr]int
}

// maxTracked bounds the memory one minute of failures can take: past it, the counts of the minute
// start over (a flood from many addresses is the rate limit's and the WAF's job, not this map's).
const maxTracked = 100_000

// FailuresPerMinute is how many failed authentications one source address may make in a minute,
// per function instance, before its requests are refused without a look-up.
const FailuresPerMinute = 30

// NewFailures returns a throttle allowing perMinute failed authentications per address and minute.
func NewFailures(perMinute int) *Failures { return &Failures{PerMinute: perMinute} }

// check refuses an address that failed too often in the current minute.
func (f *Failures) check(ip netip.Addr, now time.Time) error {
	if f == nil || f.PerMinute <= 0 {
		return nil
	}
	f.mu.Lock()
	n := f.countsAt(now)[ip]
	f.mu.Unlock()
	if n < f.PerMinute {
		return nil
	}
	retry := int(now.Truncate(time.Minute).Add(time.Minute).Sub(now).Seconds()) + 1
	return &fault.Error{Kind: fault.RateLimited, RetryAfter: retry,
		Detail: "Too many failed authentications from this address; retry after " + strconv.Itoa(retry) + " s."}
}

// record counts one failed authentication of an address.
func (f *Failures) record(ip netip.Addr, now time.Time) {
	if f == nil || f.PerMinute <= 0 {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	counts := f.countsAt(now)
	if len(counts) >= maxTracked {
		clear(counts)
	}
	counts[ip]++
}

// countsAt returns the counts of now's minute, starting them afresh when the minute changed.
func (f *Failures) countsAt(now time.Time) map[netip.Addr]int {
	if w := now.Truncate(time.Minute); !w.Equal(f.window) || f.counts == nil {
		f.window, f.counts = w, map[netip.Addr]int{}
	}
	return f.counts
}
