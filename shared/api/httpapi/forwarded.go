package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// ClientHeader carries, on the console's calls to the APIs, the address of the browser the console
// serves, signed with a key only the console and the API hold (CONSOLE_FORWARDING_KEY):
// "<address>;<unix seconds>;<base64url HMAC-SHA256>". The API's per-address limits (sign-in,
// registration, password resets) then count each browser, not the console: without it, twenty
// sign-ins from one attacker refused every console user's for a minute. It is never a client's
// X-Forwarded-For: a value anyone could send would let anyone choose the address they are counted
// under.
const ClientHeader = "X-Console-Client"

// clientHeaderLife is how long a signed address is accepted after it was signed: one console call,
// with room for clocks a little apart.
const clientHeaderLife = time.Minute

// SignClient is the ClientHeader value naming ip for one request (its method and path), at now.
func SignClient(key []byte, ip netip.Addr, method, path string, now time.Time) string {
	at := strconv.FormatInt(now.Unix(), 10)
	return ip.String() + ";" + at + ";" + clientMAC(key, ip.String(), at, method, path)
}

func clientMAC(key []byte, ip, at, method, path string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("console-client\n" + ip + "\n" + at + "\n" + method + " " + path))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

type clientKey struct{}

// TrustConsole makes h take, for a request whose ClientHeader is signed with key for it within the
// last minute, the address it names as the request's SourceIP, and returns h. A header that is
// absent, malformed, stale, forged or signed for another request is ignored: the request keeps the
// address API Gateway saw. Without a key (a function that serves no console call) h is unchanged.
func (h *Handler) TrustConsole(key []byte, now func() time.Time) *Handler {
	if len(key) == 0 {
		return h
	}
	next := h.Handler
	h.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ip, ok := verifyClient(key, r.Header.Get(ClientHeader), r.Method, r.URL.Path, now()); ok {
			r = r.WithContext(context.WithValue(r.Context(), clientKey{}, ip))
		}
		next.ServeHTTP(w, r)
	})
	return h
}

func verifyClient(key []byte, v, method, path string, now time.Time) (netip.Addr, bool) {
	parts := strings.Split(v, ";")
	if len(parts) != 3 || len(v) > 200 {
		return netip.Addr{}, false
	}
	ip, err := netip.ParseAddr(parts[0])
	if err != nil {
		return netip.Addr{}, false
	}
	sec, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		return netip.Addr{}, false
	}
	if age := now.Sub(time.Unix(sec, 0)); age > clientHeaderLife || age < -clientHeaderLife {
		return netip.Addr{}, false
	}
	want := clientMAC(key, parts[0], parts[1], method, path)
	if !hmac.Equal([]byte(parts[2]), []byte(want)) {
		return netip.Addr{}, false
	}
	return ip.Unmap(), true
}
