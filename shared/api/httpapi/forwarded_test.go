package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
)

// A console call's signed browser address is the request's SourceIP; anything else leaves the
// address API Gateway saw: no header, a forged or stale one, one signed for another request or
// with another key, and any header at all where no key is configured.
func TestTrustConsole(t *testing.T) {
	key, other := []byte("console-forwarding-key-0123456789abcdef"), []byte("another-key-0123456789abcdef-01234")
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	browser, console := netip.MustParseAddr("203.0.113.7"), "198.51.100.1"
	signed := SignClient(key, browser, "POST", "/v1/auth/login", now)
	for _, tt := range []struct {
		name, header, method, path string
		key                        []byte
		want                       string
	}{
		{"signed", signed, "POST", "/v1/auth/login", key, browser.String()},
		{"signed 59 s ago", SignClient(key, browser, "POST", "/v1/auth/login", now.Add(-59*time.Second)), "POST",
			"/v1/auth/login", key, browser.String()},
		{"none", "", "POST", "/v1/auth/login", key, console},
		{"stale", SignClient(key, browser, "POST", "/v1/auth/login", now.Add(-2*time.Minute)), "POST",
			"/v1/auth/login", key, console},
		{"another key", SignClient(other, browser, "POST", "/v1/auth/login", now), "POST", "/v1/auth/login", key,
			console},
		{"another path", signed, "POST", "/v1/auth/password/reset-request", key, console},
		{"another method", signed, "GET", "/v1/auth/login", key, console},
		{"another address", "203.0.113.8" + signed[len("203.0.113.7"):], "POST", "/v1/auth/login", key, console},
		{"malformed", "203.0.113.7;x;y", "POST", "/v1/auth/login", key, console},
		{"no key here", signed, "POST", "/v1/auth/login", nil, console},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got netip.Addr
			h := (&Handler{Handler: http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				got = SourceIP(r)
			})}).TrustConsole(tt.key, func() time.Time { return now })
			var ev events.APIGatewayV2HTTPRequest
			ev.RawPath, ev.RequestContext.HTTP.Method, ev.RequestContext.HTTP.Path,
				ev.RequestContext.HTTP.SourceIP = tt.path, tt.method, tt.path, console
			ev.Headers = map[string]string{ClientHeader: tt.header}
			r, err := (&core.RequestAccessorV2{}).EventToRequestWithContext(context.Background(), ev)
			if err != nil {
				t.Fatal(err)
			}
			h.ServeHTTP(httptest.NewRecorder(), r)
			if got.String() != tt.want {
				t.Errorf("SourceIP = %s, want %s", got, tt.want)
			}
		})
	}
}
