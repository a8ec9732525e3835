package console

import (
	"net/netip"
	"sync"
	"time"
)

// signInsPerMinute is how many sign-in attempts one browser address may make in a minute, the
// API's own figure for POST /v1/auth/login per source address. The API counts the console's
// calls under the console's address, so the console counts each browser's before calling it.
const signInsPerMinute = 20

// throttle counts attempts per address within the current minute, in memory: each Lambda instance
// counts on its own, as the API's failed-authentication throttle does (the API's lockout per
// e-mail address, kept in the table, is the real bound on guessing).
type throttle struct {
	mu     sync.Mutex
	window time.Time
	counts map[netip.Addr]int
}

// allow counts one attempt of ip at now, and reports whether it is within the limit.
func (t *throttle) allow(ip netip.Addr, now time.Time) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if w := now.Truncate(time.Minute); !w.Equal(t.window) || t.counts == nil || len(t.counts) > 100_000 {
		t.window, t.counts = w, map[netip.Addr]int{}
	}
	t.counts[ip]++
	return t.counts[ip] <= signInsPerMinute
}
