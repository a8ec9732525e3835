// Package retryafter reads the Retry-After header that the APIs send with 429 (and a proxy may
// send with 503), shared by the identity and partner clients.
package retryafter

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Parse is how long Retry-After asks to wait, given in seconds (as this platform sends it) or as
// an HTTP date (as RFC 9110 also allows); false when the header is absent or unreadable. A date in
// the past is no wait.
func Parse(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil {
		if s < 0 {
			return 0, false
		}
		return time.Duration(s) * time.Second, true
	}
	at, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(at.Sub(now), 0), true
}
