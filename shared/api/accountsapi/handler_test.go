package accountsapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// The handlers below refuse before the accounts service is reached (Accounts is nil: reaching it
// would panic, answered 500).
func TestRefusedBeforeTheService(t *testing.T) {
	session := access.Principal{UserID: "usr_1", Role: access.RoleUser}
	var a API
	tests := []struct {
		name, pattern, method, target, body string
		h                                   guard.HandlerFunc
		status                              int
		invalid                             []string
	}{
		{
			"key with bad addresses",
			"POST /v1/api-keys",
			"POST",
			"/v1/api-keys",
			`{"name":"ci","allowedIps":["10.0.0.1","not-an-ip","10.0.0.0/33"]}`,
			a.createKey,
			422,
			[]string{
				"allowedIps[1]: not an IP address or CIDR block",
				"allowedIps[2]: not an IP address or CIDR block",
			},
		},
		{
			// One entry for the whole list, however long: 45,000 entries made a 500 (item size
			// exceeded), 20,000 a key that slowed every list of its owner's keys.
			"key with 45,000 addresses",
			"POST /v1/api-keys",
			"POST",
			"/v1/api-keys",
			`{"name":"ci","mode":"test","allowedIps":[` + strings.Repeat(`"not-an-ip",`, 44999) + `"10.0.0.1"]}`,
			a.createKey,
			422,
			[]string{"allowedIps: at most 50 items (45000 sent)"},
		},
		{
			"key with an unknown field",
			"POST /v1/api-keys",
			"POST",
			"/v1/api-keys",
			`{"name":"ci","scopes":["all"]}`,
			a.createKey,
			400,
			[]string{"scopes: not a field of this request"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httpapi.New(
				slog.New(slog.DiscardHandler),
				httpapi.Bases{Identity: "https://api.example"},
				[]httpapi.Route{
					{
						Pattern: tt.pattern,
						Handler: func(w http.ResponseWriter, r *http.Request) error { return tt.h(w, r, session) },
					}},
			)
			r := httptest.NewRequest(tt.method, tt.target, strings.NewReader(tt.body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			var p httpapi.Problem
			_ = json.Unmarshal(w.Body.Bytes(), &p)
			if w.Code != tt.status || strings.Join(p.InvalidParams, "|") != strings.Join(tt.invalid, "|") {
				t.Errorf("%d %+v, want %d with %v", w.Code, p, tt.status, tt.invalid)
			}
		})
	}
}

func TestParseCIDR(t *testing.T) {
	for in, want := range map[string]string{"10.0.0.1": "10.0.0.1/32", " 10.1.2.3/8 ": "10.0.0.0/8",
		"::ffff:10.0.0.1": "10.0.0.1/32",
		"2001:db8::1":     "2001:db8::1/128", "2001:db8::1/32": "2001:db8::/32"} {
		if p, err := parseCIDR(in); err != nil || p.String() != want {
			t.Errorf("parseCIDR(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for _, bad := range []string{"", "10.0.0.256", "10.0.0.0/33", "host.example"} {
		if _, err := parseCIDR(bad); err == nil {
			t.Errorf("parseCIDR(%q) accepted", bad)
		}
	}
}

// verifications is a store that knows one verification token, of usr_1.
type verifications struct{ accounts.Store }

func (verifications) ConsumeVerification(_ context.Context, hash string, _ time.Time) (string, error) {
	if hash != access.HashKey("vt_good") {
		return "", fault.New(fault.NotFound, "No such token.")
	}
	return "usr_1", nil
}

func (verifications) User(context.Context, string) (accounts.User, error) {
	return accounts.User{ID: "usr_1", Email: "ada@example.com"}, nil
}

func (verifications) SetVerified(context.Context, accounts.User) error { return nil }

// TestVerificationPage: the page of the verification link, confirmed or not, is never framed (it
// sent neither frame-ancestors nor X-Frame-Options), cached or given a Referer.
func TestVerificationPage(t *testing.T) {
	a := API{Accounts: &accounts.Service{Store: verifications{}}}
	for target, status := range map[string]int{
		"/v1/auth/verify-email?token=vt_good": 200,
		"/v1/auth/verify-email?token=vt_bad":  422,
		"/v1/auth/verify-email":               422,
	} {
		srv := httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Identity: "https://api.example"},
			[]httpapi.Route{{Pattern: "GET /v1/auth/verify-email", Handler: a.verifyEmailLink}})
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		h := w.Header()
		if w.Code != status || h.Get("X-Frame-Options") != "DENY" ||
			h.Get("Content-Security-Policy") != httpapi.StaticPage+"; frame-ancestors 'none'" ||
			h.Get("Cache-Control") != "no-store" || h.Get("Referrer-Policy") != "no-referrer" ||
			!strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			t.Errorf("GET %s: %d %v, want %d, a page never framed", target, w.Code, h, status)
		}
	}
}
