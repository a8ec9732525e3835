package access_test

import (
	"context"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access/accesstest"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

func FuzzParseKey(f *testing.F) {
	for _, s := range []string{"sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAA", "pk_sandbox_ZZZZZZZZZZZZZZZZZZZZZZZZZZ",
		"ak_local_2222222222222222222222222Z", "sk_prod_x", "__", "pk__"} {
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

// authenticate authenticates a credential and admits its principal, as each request is.
func authenticate(a *access.Authenticator, c access.Credential) (access.Principal, error) {
	p, err := a.Authenticate(context.Background(), c, netip.Addr{})
	if err != nil {
		return p, err
	}
	return p, a.Admit(context.Background(), p)
}

func TestRateLimitWindowsAndKeyUse(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 10, 0, time.UTC)
	secret := access.NewKey(access.PartnerKeyFormat("sandbox"))
	store := accesstest.NewKeys(map[string]access.KeyRecord{
		access.HashKey(secret): {
			ID:        "key_1",
			Hash:      access.HashKey(secret),
			Role:      access.RolePartner,
			OwnerID:   "prt_1",
			RateLimit: 2,
		},
	})
	a := &access.Authenticator{Keys: store, Counter: store, Stage: "sandbox", Now: func() time.Time { return now }}
	call := func() error {
		p, err := authenticate(a, access.Credential{APIKey: secret})
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
	if store.Touches() != 2 {
		t.Errorf("lastUsedAt written %d times in two minutes of use, want 2", store.Touches())
	}
}

// A key's limit is read at each authentication: an identity key's from its owner's plan (on the
// key), an administrator's from its role, in the configuration as it is now; a partner's key keeps
// the partner's own limit, and a key stored before keys carried a plan the limit it was issued with.
func TestKeyLimitFollowsPlanAndRole(t *testing.T) {
	limits := map[string]int{"free": 60, "starter": 300, "admin": 1200, "partner": 600}
	for _, tt := range []struct {
		name string
		rec  access.KeyRecord
		want int
	}{
		{"a key issued on free, its owner on starter", access.KeyRecord{Role: access.RoleUser, Plan: "starter",
			RateLimit: 60}, 300},
		{"a plan without a limit: unlimited, as at issue", access.KeyRecord{Role: access.RoleUser,
			Plan: "enterprise", RateLimit: 60}, 0},
		{"a key stored before plans", access.KeyRecord{Role: access.RoleUser, RateLimit: 60}, 60},
		{"an administrator", access.KeyRecord{Role: access.RoleAdmin, RateLimit: 100}, 1200},
		{"a partner with its own limit", access.KeyRecord{Role: access.RolePartner, RateLimit: 45}, 45},
	} {
		t.Run(tt.name, func(t *testing.T) {
			format := access.UserKeyFormat("live")
			switch tt.rec.Role {
			case access.RoleAdmin:
				format = access.AdminKeyFormat("sandbox")
			case access.RolePartner:
				format = access.PartnerKeyFormat("sandbox")
			}
			secret := access.NewKey(format)
			rec := tt.rec
			rec.ID, rec.Hash, rec.OwnerID = "key_1", access.HashKey(secret), "own_1"
			store := accesstest.NewKeys(map[string]access.KeyRecord{rec.Hash: rec})
			a := &access.Authenticator{Keys: store, Counter: store, Stage: "sandbox", RateLimits: limits}
			p, err := a.Authenticate(context.Background(), access.Credential{APIKey: secret}, netip.Addr{})
			if err != nil || p.RateLimit != tt.want {
				t.Errorf("limit %d, %v; want %d", p.RateLimit, err, tt.want)
			}
		})
	}
}

func TestSees(t *testing.T) {
	testKey := access.Principal{Role: access.RoleUser, KeyID: "k", Live: false}
	liveKey := access.Principal{Role: access.RoleUser, KeyID: "k", Live: true}
	session := access.Principal{Role: access.RoleUser, Live: true}
	for _, tt := range []struct {
		p          access.Principal
		live, sees bool
	}{{testKey, false, true}, {testKey, true, false}, {liveKey, true, true}, {liveKey, false, false}, {session, true,
		true}, {session, false, true}} {
		if got := tt.p.Sees(tt.live); got != tt.sees {
			t.Errorf("%+v sees live=%v: %v", tt.p, tt.live, got)
		}
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
	issuer := access.Tokens{
		Secret: []byte("0123456789abcdef0123456789abcdef"),
		Issuer: "https://api.example",
		TTL:    time.Hour,
	}
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
			got, err := a.Authenticate(context.Background(), access.Credential{JWT: tc.token}, netip.Addr{})
			if tc.ok && (err != nil || got.Role != access.RolePartner || got.PartnerID != "prt_1") {
				t.Errorf("= %+v, %v; want the partner", got, err)
			}
			if !tc.ok && !fault.Is(err, fault.Unauthorized) {
				t.Errorf("= %+v, %v; want Unauthorized", got, err)
			}
		})
	}
}
