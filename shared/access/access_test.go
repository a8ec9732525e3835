package access_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"

	"github.com/trustline/platform/shared/access"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/httpapi"
)

func FuzzReadCredential(f *testing.F) {
	for _, s := range []string{"", "Bearer x", "bearer sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAA", "Basic abc", "Bearer  a b", "Bearer\tx"} {
		f.Add(s, "sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAA")
	}
	f.Fuzz(func(t *testing.T, authorization, apiKey string) {
		h := http.Header{}
		if authorization != "" {
			h.Set("Authorization", authorization)
		}
		if apiKey != "" {
			h.Set("X-Api-Key", apiKey)
		}
		c, err := access.ReadCredential(h)
		if err != nil {
			if !fault.Is(err, fault.Unauthorized) {
				t.Fatalf("error of kind %v", fault.As(err).Kind)
			}
			if len(apiKey) > 8 && strings.Contains(err.Error(), apiKey) {
				t.Fatal("the error echoes the key")
			}
			return
		}
		if c.APIKey == "" && c.JWT == "" {
			t.Fatal("accepted without a credential")
		}
		if strings.ContainsAny(c.JWT, " \t") {
			t.Fatalf("JWT with white space: %q", c.JWT)
		}
	})
}

func FuzzParseKey(f *testing.F) {
	for _, s := range []string{"sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAA", "pk_sandbox_ZZZZZZZZZZZZZZZZZZZZZZZZZZ", "ak_local_2222222222222222222222222Z", "sk_prod_x", "__", "pk__"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		format, err := access.ParseKey(key)
		if err != nil {
			if len(key) > 8 && strings.Contains(err.Error(), key) {
				t.Fatal("the error echoes the key")
			}
			return
		}
		if !strings.HasPrefix(key, format.Prefix) || len(key) != len(format.Prefix)+26 {
			t.Fatalf("%q parsed as %+v", key, format)
		}
	})
}

func TestNewKeysParseBack(t *testing.T) {
	for _, f := range []access.KeyFormat{access.UserKeyFormat("live"), access.UserKeyFormat("test"),
		access.PartnerKeyFormat("sandbox"), access.PartnerKeyFormat("production"), access.AdminKeyFormat("local")} {
		k := access.NewKey(f)
		got, err := access.ParseKey(k)
		if err != nil || got != f {
			t.Errorf("ParseKey(%q) = %+v, %v; want %+v", k, got, err, f)
		}
		if access.NewKey(f) == k {
			t.Error("two keys alike")
		}
	}
}

// fakeKeys is a KeyStore and RateCounter in memory.
type fakeKeys struct {
	mu      sync.Mutex
	keys    map[string]access.KeyRecord
	touches int
	hits    map[string]int
}

func (f *fakeKeys) KeyByHash(_ context.Context, hash string) (access.KeyRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	k, ok := f.keys[hash]
	if !ok {
		return k, fault.New(fault.NotFound, "no")
	}
	return k, nil
}

func (f *fakeKeys) TouchKey(_ context.Context, hash string, at time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := f.keys[hash]
	k.LastUsedAt = &at
	f.keys[hash] = k
	f.touches++
	return nil
}

func (f *fakeKeys) Hit(_ context.Context, subject string, window, _ time.Time) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hits[subject+window.String()]++
	return f.hits[subject+window.String()], nil
}

func TestRateLimitWindowsAndKeyUse(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 10, 0, time.UTC)
	secret := access.NewKey(access.PartnerKeyFormat("sandbox"))
	store := &fakeKeys{hits: map[string]int{}, keys: map[string]access.KeyRecord{
		access.HashKey(secret): {ID: "key_1", Hash: access.HashKey(secret), Role: access.RolePartner, OwnerID: "prt_1", RateLimit: 2},
	}}
	a := &access.Authenticator{Keys: store, Counter: store, Stage: "sandbox", Now: func() time.Time { return now }}
	call := func() error {
		r := httptest.NewRequest("GET", "/api/v1/partners/me", nil)
		r.Header.Set("X-Api-Key", secret)
		p, err := a.Authenticate(r)
		if err == nil && (p.PartnerID != "prt_1" || p.Role != access.RolePartner) {
			t.Fatalf("principal = %+v", p)
		}
		return err
	}
	for i := range 2 {
		if err := call(); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	err := call()
	if e := fault.As(err); e.Kind != fault.RateLimited || e.RetryAfter != 51 {
		t.Fatalf("third request: %+v, want rate limited with Retry-After 51", e)
	}
	now = now.Add(time.Minute)
	if err := call(); err != nil {
		t.Fatalf("next window: %v", err)
	}
	if store.touches != 2 {
		t.Errorf("lastUsedAt written %d times in two minutes of use, want 2", store.touches)
	}
}

func TestRoleRules(t *testing.T) {
	partner := access.Principal{Role: access.RolePartner, PartnerID: "prt_1"}
	admin := access.Principal{Role: access.RoleAdmin, UserID: "usr_a"}
	user := access.Principal{Role: access.RoleUser, UserID: "usr_u"}
	directRoute := access.AdminsInsteadOf("/api/v1/partner/contracts/auto/classic")
	tests := []struct {
		name  string
		rule  access.Rule
		p     access.Principal
		allow bool
		says  string
	}{
		{"partner on the direct admin route", directRoute, partner, false, "partners use /api/v1/partner/contracts/auto/classic"},
		{"admin on the direct admin route", directRoute, admin, true, ""},
		{"user on the direct admin route", directRoute, user, false, "administrators only"},
		{"partner space for a partner", access.Partners, partner, true, ""},
		{"partner space for an admin", access.Partners, admin, false, "/api/v1/admin/partners/{partnerId}"},
		{"partner route with an admin twin", access.PartnersInsteadOf("PATCH /api/v1/partners/{partnerId}/webhook"), admin, false, "Administrators use PATCH /api/v1/partners/{partnerId}/webhook."},
		{"identity API for a partner", access.Users, partner, false, "identity API"},
		{"key management with a key", access.UserSessions, access.Principal{Role: access.RoleUser, UserID: "u", KeyID: "k"}, false, "login token"},
		{"partners or admins", access.PartnersOrAdmins, user, false, "partner or administrator"},
	}
	for _, tt := range tests {
		err := tt.rule(tt.p)
		if (err == nil) != tt.allow {
			t.Errorf("%s: err = %v, want allowed=%v", tt.name, err, tt.allow)
			continue
		}
		if err != nil && (!fault.Is(err, fault.Forbidden) || !strings.Contains(err.Error(), tt.says)) {
			t.Errorf("%s: %v, want a Forbidden fault saying %q", tt.name, err, tt.says)
		}
	}
}

// Every key of one owner draws on one budget, and a key that is not valid writes nothing: a stream
// of random keys costs reads, not counter writes, and past the failure limit answers 429; a valid
// key from that address is still served.
func TestRateLimitPerOwnerAndFailuresPerAddress(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 10, 0, time.UTC)
	first, second, other := access.NewKey(access.UserKeyFormat("test")), access.NewKey(access.UserKeyFormat("live")), access.NewKey(access.UserKeyFormat("live"))
	store := &fakeKeys{hits: map[string]int{}, keys: map[string]access.KeyRecord{
		access.HashKey(first):  {ID: "key_1", Hash: access.HashKey(first), Role: access.RoleUser, OwnerID: "usr_1", Mode: "test", RateLimit: 3},
		access.HashKey(second): {ID: "key_2", Hash: access.HashKey(second), Role: access.RoleUser, OwnerID: "usr_1", Mode: "live", RateLimit: 3},
		access.HashKey(other):  {ID: "key_3", Hash: access.HashKey(other), Role: access.RoleUser, OwnerID: "usr_2", Mode: "live", RateLimit: 3},
	}}
	a := &access.Authenticator{Keys: store, Counter: store, Stage: "sandbox", Failures: access.NewFailures(5), Now: func() time.Time { return now }}
	call := func(key, from string) error {
		var ev events.APIGatewayV2HTTPRequest
		ev.RawPath, ev.RequestContext.HTTP.Method, ev.RequestContext.HTTP.Path, ev.RequestContext.HTTP.SourceIP = "/v1/users/me", "GET", "/v1/users/me", from
		ev.Headers = map[string]string{"x-api-key": key}
		r, err := (&core.RequestAccessorV2{}).EventToRequestWithContext(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Authenticate(r)
		return err
	}
	for i, k := range []string{first, second, first} {
		if err := call(k, "192.0.2.1"); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	if err := call(second, "192.0.2.1"); !fault.Is(err, fault.RateLimited) {
		t.Fatalf("fourth request of the owner with another key: %v, want rate limited", err)
	}
	hits := len(store.hits)
	for i := range 5 {
		if err := call(access.NewKey(access.UserKeyFormat("live")), "192.0.2.9"); !fault.Is(err, fault.Unauthorized) {
			t.Fatalf("random key %d: %v, want unauthorized", i, err)
		}
	}
	if len(store.hits) != hits {
		t.Errorf("random keys wrote rate counters: %v", store.hits)
	}
	if err := call(access.NewKey(access.UserKeyFormat("live")), "192.0.2.9"); !fault.Is(err, fault.RateLimited) {
		t.Errorf("a sixth random key: %v, want rate limited", err)
	}
	if err := call(other, "192.0.2.9"); err != nil {
		t.Errorf("a valid key from an address past its failure limit: %v, want served (the key is checked first)", err)
	}
	if err := call(access.NewKey(access.UserKeyFormat("live")), "192.0.2.10"); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("another address: %v, want unauthorized (its own count)", err)
	}
	now = now.Add(time.Minute)
	if err := call(first, "192.0.2.9"); err != nil {
		t.Errorf("next minute: %v", err)
	}
}

func TestSees(t *testing.T) {
	testKey := access.Principal{Role: access.RoleUser, KeyID: "k", Live: false}
	liveKey := access.Principal{Role: access.RoleUser, KeyID: "k", Live: true}
	session := access.Principal{Role: access.RoleUser, Live: true}
	for _, tt := range []struct {
		p          access.Principal
		live, sees bool
	}{{testKey, false, true}, {testKey, true, false}, {liveKey, true, true}, {liveKey, false, false}, {session, true, true}, {session, false, true}} {
		if got := tt.p.Sees(tt.live); got != tt.sees {
			t.Errorf("%+v sees live=%v: %v", tt.p, tt.live, got)
		}
	}
}

// The request's log line says who made it, with which key id and from which address, so a leaked
// key's actions can be traced; it never carries the key.
func TestRequestLogNamesTheCaller(t *testing.T) {
	secret := access.NewKey(access.UserKeyFormat("live"))
	store := &fakeKeys{hits: map[string]int{}, keys: map[string]access.KeyRecord{
		access.HashKey(secret): {ID: "key_7", Hash: access.HashKey(secret), Role: access.RoleUser, OwnerID: "usr_7", Mode: "live"},
	}}
	a := &access.Authenticator{Keys: store, Counter: store, Stage: "sandbox", Failures: access.NewFailures(5)}
	var logged strings.Builder
	log := slog.New(slog.NewJSONHandler(&logged, nil))
	h := httpapi.New(log, httpapi.Bases{}, []httpapi.Route{{Pattern: "GET /v1/users/me", Handler: a.Require(access.Users,
		func(w http.ResponseWriter, _ *http.Request, _ access.Principal) error {
			w.WriteHeader(http.StatusNoContent)
			return nil
		})}})
	var ev events.APIGatewayV2HTTPRequest
	ev.RawPath, ev.RequestContext.HTTP.Method, ev.RequestContext.HTTP.Path, ev.RequestContext.HTTP.SourceIP = "/v1/users/me", "GET", "/v1/users/me", "198.51.100.7"
	ev.Headers = map[string]string{"x-api-key": secret}
	r, err := (&core.RequestAccessorV2{}).EventToRequestWithContext(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	h.ServeHTTP(httptest.NewRecorder(), r)
	line := logged.String()
	for _, want := range []string{`"msg":"request"`, `"keyId":"key_7"`, `"ownerId":"user#usr_7"`, `"role":"user"`, `"sourceIp":"198.51.100.7"`} {
		if !strings.Contains(line, want) {
			t.Errorf("the request's log line lacks %s: %s", want, line)
		}
	}
	if strings.Contains(line, secret) || strings.Contains(line, secret[len(secret)-8:]) {
		t.Errorf("the log carries the key: %s", line)
	}
}

// sessionsByHash is a session store holding one session and the hash of its token.
type sessionsByHash struct{ userID, sessionID, hash string }

func (s sessionsByHash) SessionActive(_ context.Context, userID, sessionID string) (string, error) {
	if userID != s.userID || sessionID != s.sessionID {
		return "", fault.New(fault.NotFound, "no session")
	}
	return s.hash, nil
}

// A function without the signing secret accepts a login token only if it is the very token its
// session stored the hash of: not one re-signed with another secret, not one with a claim changed,
// not one whose session was stored without a hash.
func TestTokenBySessionHash(t *testing.T) {
	issuer := access.Tokens{Secret: []byte("0123456789abcdef0123456789abcdef"), Issuer: "https://api.example", TTL: time.Hour}
	p := access.Principal{Role: access.RolePartner, UserID: "usr_p", PartnerID: "prt_1", SessionID: "ses_1"}
	token, _, err := issuer.Issue(p)
	if err != nil {
		t.Fatal(err)
	}
	forger := issuer
	forger.Secret = []byte("another secret, another secret!!")
	forged, _, _ := forger.Issue(p)
	admin, _, _ := forger.Issue(access.Principal{Role: access.RoleAdmin, UserID: "usr_p", SessionID: "ses_1"})
	stored := sessionsByHash{"usr_p", "ses_1", access.HashKey(token)}
	for _, tc := range []struct {
		name     string
		sessions sessionsByHash
		token    string
		ok       bool
	}{
		{"the session's own token", stored, token, true},
		{"re-signed with another secret", stored, forged, false},
		{"another role, same session", stored, admin, false},
		{"a session stored without a hash", sessionsByHash{"usr_p", "ses_1", ""}, token, false},
		{"signed out", sessionsByHash{"usr_p", "ses_other", access.HashKey(token)}, token, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &access.Authenticator{Tokens: access.Tokens{Issuer: "https://api.example"}, Sessions: tc.sessions}
			r := httptest.NewRequest("GET", "/api/v1/reference/branches", nil)
			r.Header.Set("Authorization", "Bearer "+tc.token)
			got, err := a.Authenticate(r)
			if tc.ok && (err != nil || got.Role != access.RolePartner || got.PartnerID != "prt_1") {
				t.Errorf("= %+v, %v; want the partner", got, err)
			}
			if !tc.ok && !fault.Is(err, fault.Unauthorized) {
				t.Errorf("= %+v, %v; want Unauthorized", got, err)
			}
		})
	}
}
