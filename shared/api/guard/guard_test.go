package guard_test

import (
	"context"
	"github.com/trustline/platform/shared/domain/access/accesstest"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

func FuzzReadCredential(f *testing.F) {
	for _, s := range []string{"", "Bearer x", "bearer sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAA", "Basic abc", "Bearer  a b",
		"Bearer\tx"} {
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
		c, err := guard.ReadCredential(h)
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

// Every key of one owner draws on one budget, and a key that is not valid writes nothing: a stream
// of random keys costs reads, not counter writes, and past the failure limit answers 429; a valid
// key from that address is still served.
func TestRateLimitPerOwnerAndFailuresPerAddress(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 10, 0, time.UTC)
	first, second, other := access.NewKey(
		access.UserKeyFormat("test"),
	), access.NewKey(
		access.UserKeyFormat("live"),
	), access.NewKey(
		access.UserKeyFormat("live"),
	)
	store := accesstest.NewKeys(map[string]access.KeyRecord{
		access.HashKey(first): {
			ID:        "key_1",
			Hash:      access.HashKey(first),
			Role:      access.RoleUser,
			OwnerID:   "usr_1",
			Mode:      "test",
			RateLimit: 3,
		},
		access.HashKey(second): {
			ID:        "key_2",
			Hash:      access.HashKey(second),
			Role:      access.RoleUser,
			OwnerID:   "usr_1",
			Mode:      "live",
			RateLimit: 3,
		},
		access.HashKey(other): {
			ID:        "key_3",
			Hash:      access.HashKey(other),
			Role:      access.RoleUser,
			OwnerID:   "usr_2",
			Mode:      "live",
			RateLimit: 3,
		},
	})
	g := &guard.Guard{
		Auth: &access.Authenticator{
			Keys:    store,
			Counter: store,
			Stage:   "sandbox",
			Now:     func() time.Time { return now },
		},
		Failures: guard.NewFailures(5),
	}
	call := func(key, from string) error {
		var ev events.APIGatewayV2HTTPRequest
		ev.RawPath, ev.RequestContext.HTTP.Method, ev.RequestContext.HTTP.Path,
			ev.RequestContext.HTTP.SourceIP = "/v1/users/me", "GET", "/v1/users/me", from
		ev.Headers = map[string]string{"x-api-key": key}
		r, err := (&core.RequestAccessorV2{}).EventToRequestWithContext(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Authenticate(r)
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
	hits := store.Counters()
	for i := range 5 {
		if err := call(access.NewKey(access.UserKeyFormat("live")), "192.0.2.9"); !fault.Is(err, fault.Unauthorized) {
			t.Fatalf("random key %d: %v, want unauthorized", i, err)
		}
	}
	if store.Counters() != hits {
		t.Errorf("random keys wrote %d rate counters", store.Counters()-hits)
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

// The request's log line says who made it, with which key id and from which address, so a leaked
// key's actions can be traced; it never carries the key.
func TestRequestLogNamesTheCaller(t *testing.T) {
	secret := access.NewKey(access.UserKeyFormat("live"))
	store := accesstest.NewKeys(map[string]access.KeyRecord{
		access.HashKey(secret): {
			ID:      "key_7",
			Hash:    access.HashKey(secret),
			Role:    access.RoleUser,
			OwnerID: "usr_7",
			Mode:    "live",
		},
	})
	g := &guard.Guard{
		Auth:     &access.Authenticator{Keys: store, Counter: store, Stage: "sandbox"},
		Failures: guard.NewFailures(5),
	}
	var logged strings.Builder
	log := slog.New(slog.NewJSONHandler(&logged, nil))
	h := httpapi.New(
		log,
		httpapi.Bases{},
		[]httpapi.Route{{Pattern: "GET /v1/users/me", Handler: g.Require(access.Users,
			func(w http.ResponseWriter, _ *http.Request, _ access.Principal) error {
				w.WriteHeader(http.StatusNoContent)
				return nil
			})}},
	)
	var ev events.APIGatewayV2HTTPRequest
	ev.RawPath, ev.RequestContext.HTTP.Method, ev.RequestContext.HTTP.Path,
		ev.RequestContext.HTTP.SourceIP = "/v1/users/me", "GET", "/v1/users/me", "198.51.100.7"
	ev.Headers = map[string]string{"x-api-key": secret}
	r, err := (&core.RequestAccessorV2{}).EventToRequestWithContext(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	h.ServeHTTP(httptest.NewRecorder(), r)
	line := logged.String()
	for _, want := range []string{`"msg":"request"`, `"keyId":"key_7"`, `"ownerId":"user#usr_7"`, `"role":"user"`,
		`"sourceIp":"198.51.100.7"`} {
		if !strings.Contains(line, want) {
			t.Errorf("the request's log line lacks %s: %s", want, line)
		}
	}
	if strings.Contains(line, secret) || strings.Contains(line, secret[len(secret)-8:]) {
		t.Errorf("the log carries the key: %s", line)
	}
}
