package accounts_test

import (
	"context"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// present authenticates key presented from addr and counts it against its rate limit, as the API
// would.
func present(a *access.Authenticator, key, addr string) (access.Principal, error) {
	ctx := context.Background()
	p, err := a.Authenticate(ctx, access.Credential{APIKey: key}, netip.MustParseAddr(addr))
	if err != nil {
		return access.Principal{}, err
	}
	return p, a.Admit(ctx, p)
}

// A user's key is shown once, in full, and stored only as its hash; presented, it acts as its
// user, in its own mode only (a test key never sees live resources, nor a live key test ones), at
// the user's plan's rate limit.
func TestCreateUserKeyPowers(t *testing.T) {
	ctx := context.Background()
	store, c := newMemStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	svc, _ := newFullService(store, &fakeMailer{}, c)
	auth := keyAuthenticator(store, c)
	for _, tt := range []struct {
		mode   string
		prefix string
		live   bool
	}{{access.ModeLive, "sk_live_", true}, {access.ModeTest, "sk_test_", false}} {
		t.Run(tt.mode, func(t *testing.T) {
			k, err := svc.CreateUserKey(
				ctx,
				"usr_1",
				accounts.KeyRequest{Name: "  ci " + tt.mode + "  ", Mode: tt.mode},
			)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(k.Secret, tt.prefix) {
				t.Errorf("secret %q, want prefix %s", k.Secret, tt.prefix)
			}
			rec := store.key(k.Record.ID)
			if rec.Hash != access.HashKey(k.Secret) || strings.Contains(rec.Hash, k.Secret) {
				t.Errorf("stored hash %q is not the secret's hash", rec.Hash)
			}
			if rec.OwnerID != "usr_1" || rec.Role != access.RoleUser || rec.Mode != tt.mode ||
				rec.Name != "ci "+tt.mode ||
				rec.Prefix != tt.prefix || rec.Last4 != k.Secret[len(k.Secret)-4:] || rec.Plan != "free" ||
				!rec.CreatedAt.Equal(t0) {
				t.Errorf("stored key %+v", rec)
			}
			p, err := present(auth, k.Secret, "203.0.113.9")
			if err != nil {
				t.Fatalf("presenting the new key: %v", err)
			}
			if p.Role != access.RoleUser || p.UserID != "usr_1" || p.KeyID != rec.ID || p.Live != tt.live ||
				p.RateLimit != 60 {
				t.Errorf("principal %+v, want usr_1's %s key", p, tt.mode)
			}
			if !p.Sees(tt.live) || p.Sees(!tt.live) {
				t.Errorf("a %s key sees live %v, test %v; want its own mode only", tt.mode, p.Sees(true), p.Sees(false))
			}
		})
	}
}

// A key limited to addresses keeps its allow-list (a request from no listed address is refused:
// the address checks themselves are access's); a key given an end works until then, not after.
func TestUserKeyLimits(t *testing.T) {
	ctx := context.Background()
	store, c := newMemStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	svc, _ := newFullService(store, &fakeMailer{}, c)
	auth := keyAuthenticator(store, c)
	office := []netip.Prefix{netip.MustParsePrefix("198.51.100.0/24")}
	listed, err := svc.CreateUserKey(
		ctx,
		"usr_1",
		accounts.KeyRequest{Name: "office", Mode: access.ModeLive, AllowedIPs: office},
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := store.key(listed.Record.ID).AllowedIPs; !slices.Equal(got, office) {
		t.Errorf("stored allow-list %v, want %v", got, office)
	}
	if _, err := present(auth, listed.Secret, "203.0.113.9"); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("from an address not listed: %v, want unauthorized", err)
	}

	ends := time.Date(2026, 3, 8, 12, 0, 0, 0, time.FixedZone("WAT", 3600))
	k, err := svc.CreateUserKey(
		ctx,
		"usr_1",
		accounts.KeyRequest{Name: "a week", Mode: access.ModeLive, ExpiresAt: &ends},
	)
	if err != nil {
		t.Fatal(err)
	}
	if got := store.key(k.Record.ID).ExpiresAt; got == nil || !got.Equal(ends) || got.Location() != time.UTC {
		t.Errorf("stored expiry %v, want %v in UTC", got, ends)
	}
	c.t = ends.Add(-time.Second)
	if _, err := present(auth, k.Secret, "203.0.113.9"); err != nil {
		t.Errorf("a second before it expires: %v", err)
	}
	c.t = ends
	if _, err := present(auth, k.Secret, "203.0.113.9"); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("at its expiry: %v, want unauthorized", err)
	}
}

// A key request names the key, a mode and, if any, a future expiry and at most MaxAllowedIPs
// addresses; a refused request stores nothing.
func TestCreateUserKeyRefusals(t *testing.T) {
	ctx := context.Background()
	store, c := newMemStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	svc, _ := newFullService(store, &fakeMailer{}, c)
	past, now := t0.Add(-time.Minute), t0
	for _, tt := range []struct {
		name    string
		user    string
		req     accounts.KeyRequest
		kind    fault.Kind
		invalid []string
	}{
		{"no name", "usr_1", accounts.KeyRequest{Name: "   ", Mode: "live"}, fault.Invalid,
			[]string{"name: required, at most 100 characters"}},
		{"a long name", "usr_1", accounts.KeyRequest{Name: strings.Repeat("n", 101), Mode: "live"}, fault.Invalid,
			[]string{"name: required, at most 100 characters"}},
		{"no mode", "usr_1", accounts.KeyRequest{Name: "ci"}, fault.Invalid, []string{"mode: must be live or test"}},
		{"another mode", "usr_1", accounts.KeyRequest{Name: "ci", Mode: "LIVE"}, fault.Invalid,
			[]string{"mode: must be live or test"}},
		{"an expiry past", "usr_1", accounts.KeyRequest{Name: "ci", Mode: "test", ExpiresAt: &past}, fault.Invalid,
			[]string{"expiresAt: must be in the future"}},
		{"an expiry now", "usr_1", accounts.KeyRequest{Name: "ci", Mode: "test", ExpiresAt: &now}, fault.Invalid,
			[]string{"expiresAt: must be in the future"}},
		{"everything wrong", "usr_1", accounts.KeyRequest{Mode: "prod", ExpiresAt: &past}, fault.Invalid,
			[]string{"name: required, at most 100 characters", "mode: must be live or test",
				"expiresAt: must be in the future"}},
		{"too many addresses", "usr_1", accounts.KeyRequest{Name: "ci", Mode: "test",
			AllowedIPs: make([]netip.Prefix, accounts.MaxAllowedIPs+1)}, fault.Invalid,
			[]string{"allowedIps: at most 50 items (51 sent)"}},
		{"an unknown user", "usr_404", accounts.KeyRequest{Name: "ci", Mode: "live"}, fault.NotFound, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			k, err := svc.CreateUserKey(ctx, tt.user, tt.req)
			e := fault.As(err)
			if e.Kind != tt.kind || !slices.Equal(e.InvalidParams, tt.invalid) {
				t.Errorf("CreateUserKey = %+v, want kind %v with %v", e, tt.kind, tt.invalid)
			}
			if k.Secret != "" || store.keyCount() != 0 {
				t.Errorf("a refused request returned %q and left %d keys", k.Secret, store.keyCount())
			}
		})
	}
}

// A user holds at most MaxActiveKeys active keys; a revoked or expired key frees its place.
func TestUserKeyLimit(t *testing.T) {
	ctx := context.Background()
	store, c := newMemStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	store.addUser(t, "usr_2", "bob@example.com", "correct horse battery", true)
	svc, _ := newFullService(store, &fakeMailer{}, c)
	soon := t0.Add(time.Hour)
	var first accounts.NewKey
	for i := range accounts.MaxActiveKeys {
		req := accounts.KeyRequest{Name: "k", Mode: access.ModeTest}
		if i == 1 {
			req.ExpiresAt = &soon
		}
		k, err := svc.CreateUserKey(ctx, "usr_1", req)
		if err != nil {
			t.Fatalf("key %d: %v", i+1, err)
		}
		if i == 0 {
			first = k
		}
	}
	over := func() error {
		_, err := svc.CreateUserKey(ctx, "usr_1", accounts.KeyRequest{Name: "one more", Mode: access.ModeLive})
		return err
	}
	if e := fault.As(over()); e.Kind != fault.Conflict || e.Code != "limit_reached" {
		t.Fatalf("key %d: %+v, want Conflict limit_reached", accounts.MaxActiveKeys+1, e)
	}
	if n := store.keyCount(); n != accounts.MaxActiveKeys {
		t.Errorf("%d keys stored, want %d", n, accounts.MaxActiveKeys)
	}
	if _, err := svc.CreateUserKey(ctx, "usr_2", accounts.KeyRequest{Name: "other user",
		Mode: access.ModeLive}); err != nil {
		t.Errorf("another user's first key: %v", err)
	}
	if err := svc.RevokeKey(ctx, "usr_1", first.Record.ID); err != nil {
		t.Fatal(err)
	}
	if err := over(); err != nil {
		t.Errorf("after a revocation: %v", err)
	}
	if e := fault.As(over()); e.Code != "limit_reached" {
		t.Errorf("full again: %+v, want limit_reached", e)
	}
	c.t = soon
	if err := over(); err != nil {
		t.Errorf("after a key expired: %v", err)
	}
}

// Revoking a key ends it at once and ends what it set up: a user key's webhook endpoints, a
// partner key's webhook configurations. No one revokes another owner's key.
func TestRevokeKey(t *testing.T) {
	ctx := context.Background()
	store, c := newMemStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	store.addUser(t, "usr_2", "bob@example.com", "correct horse battery", true)
	svc, ends := newFullService(store, &fakeMailer{}, c)
	auth := keyAuthenticator(store, c)
	k, err := svc.CreateUserKey(ctx, "usr_1", accounts.KeyRequest{Name: "ci", Mode: access.ModeLive})
	if err != nil {
		t.Fatal(err)
	}
	keep, err := svc.CreateUserKey(ctx, "usr_1", accounts.KeyRequest{Name: "kept", Mode: access.ModeLive})
	if err != nil {
		t.Fatal(err)
	}

	if err := svc.RevokeKey(ctx, "usr_2", k.Record.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("another user revoking it: %v, want NotFound", err)
	}
	if err := svc.RevokeKey(ctx, "usr_1", "key_unknown"); !fault.Is(err, fault.NotFound) {
		t.Errorf("an unknown key: %v, want NotFound", err)
	}
	if _, err := present(auth, k.Secret, "203.0.113.9"); err != nil || len(ends.calls) != 0 {
		t.Errorf(
			"after refused revocations: key %v, endpoint calls %v; want the key working and nothing ended",
			err,
			ends.calls,
		)
	}

	c.t = t0.Add(time.Hour)
	if err := svc.RevokeKey(ctx, "usr_1", k.Record.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := present(auth, k.Secret, "203.0.113.9"); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("a revoked key: %v, want unauthorized", err)
	}
	if _, err := present(auth, keep.Secret, "203.0.113.9"); err != nil {
		t.Errorf("the user's other key: %v", err)
	}
	if want := []endpointCall{{what: "delete", ownerID: "usr_1", keyID: k.Record.ID}}; !slices.Equal(ends.calls, want) {
		t.Errorf("endpoint calls %+v, want %+v", ends.calls, want)
	}

	p, pk, err := svc.CreatePartner(ctx, "Assur Plus", 0)
	if err != nil {
		t.Fatal(err)
	}
	ends.calls = nil
	if err := svc.RevokeKey(ctx, p.ID, pk.Record.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := present(auth, pk.Secret, "203.0.113.9"); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("a revoked partner key: %v, want unauthorized", err)
	}
	if want := []endpointCall{{what: "end", ownerID: p.ID, keyID: pk.Record.ID, at: c.t}}; !slices.EqualFunc(
		ends.calls,
		want,
		sameCall,
	) {
		t.Errorf("endpoint calls %+v, want %+v", ends.calls, want)
	}
}

func sameCall(a, b endpointCall) bool {
	return a.what == b.what && a.ownerID == b.ownerID && a.keyID == b.keyID && a.at.Equal(b.at)
}

// Keys lists the owner's keys only, newest first.
func TestKeysNewestFirst(t *testing.T) {
	ctx := context.Background()
	store, c := newMemStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	store.addUser(t, "usr_2", "bob@example.com", "correct horse battery", true)
	svc, _ := newFullService(store, &fakeMailer{}, c)
	var ids []string
	for i, user := range []string{"usr_1", "usr_2", "usr_1", "usr_1"} {
		c.t = t0.Add(time.Duration(i) * time.Minute)
		k, err := svc.CreateUserKey(ctx, user, accounts.KeyRequest{Name: "k", Mode: access.ModeLive})
		if err != nil {
			t.Fatal(err)
		}
		if user == "usr_1" {
			ids = append([]string{k.Record.ID}, ids...)
		}
	}
	keys, err := svc.Keys(ctx, "usr_1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, k := range keys {
		got = append(got, k.ID)
	}
	if !slices.Equal(got, ids) {
		t.Errorf("Keys = %v, want %v", got, ids)
	}
}

// A partner is created with a first key of this stage, at the given rate limit or the partners'
// default; that key acts for the partner in this stage only.
func TestCreatePartner(t *testing.T) {
	ctx := context.Background()
	store, c := newMemStore(), &clock{t0}
	svc, _ := newFullService(store, &fakeMailer{}, c)
	auth := keyAuthenticator(store, c)
	for _, tt := range []struct {
		name      string
		rateLimit int
		want      int
	}{{"a default limit", 0, 1200}, {"its own limit", 90, 90}} {
		t.Run(tt.name, func(t *testing.T) {
			p, k, err := svc.CreatePartner(ctx, "  Assur Plus ", tt.rateLimit)
			if err != nil {
				t.Fatal(err)
			}
			stored, err := store.Partner(ctx, p.ID)
			if err != nil || stored.Name != "Assur Plus" || stored.Stage != "sandbox" || stored.RateLimit != tt.want ||
				!strings.HasPrefix(p.ID, "prt_") {
				t.Errorf("stored partner %+v, %v", stored, err)
			}
			if !strings.HasPrefix(k.Secret, "pk_sandbox_") {
				t.Errorf("first key %q, want pk_sandbox_", k.Secret)
			}
			pr, err := present(auth, k.Secret, "203.0.113.9")
			if err != nil || pr.Role != access.RolePartner || pr.PartnerID != p.ID || pr.UserID != "" ||
				pr.RateLimit != tt.want {
				t.Errorf("principal %+v, %v; want partner %s at %d a minute", pr, err, p.ID, tt.want)
			}
			prod := keyAuthenticator(store, c)
			prod.Stage = "production"
			if _, err := present(prod, k.Secret, "203.0.113.9"); !fault.Is(err, fault.Unauthorized) {
				t.Errorf("a sandbox key in production: %v, want unauthorized", err)
			}
		})
	}
	t.Run("refused", func(t *testing.T) {
		before := store.keyCount()
		for _, tt := range []struct {
			name      string
			rateLimit int
			invalid   []string
		}{
			{" ", 0, []string{"name: required, at most 100 characters"}},
			{strings.Repeat("p", 101), 0, []string{"name: required, at most 100 characters"}},
			{"Assur Plus", -1, []string{"rateLimit: must be positive"}},
		} {
			_, k, err := svc.CreatePartner(ctx, tt.name, tt.rateLimit)
			if e := fault.As(err); e.Kind != fault.Invalid || !slices.Equal(e.InvalidParams, tt.invalid) ||
				k.Secret != "" {
				t.Errorf("CreatePartner(%q, %d) = %+v, want Invalid %v", tt.name, tt.rateLimit, e, tt.invalid)
			}
		}
		if store.keyCount() != before {
			t.Errorf("refused partners left keys")
		}
	})
}

// Rotating a partner's key gives a new one at once; the partner's other live keys keep working for
// the grace period and then stop, and what they configured ends with them. A key revoked or ending
// within the grace period keeps its own end.
func TestRotatePartnerKey(t *testing.T) {
	ctx := context.Background()
	store, c := newMemStore(), &clock{t0}
	svc, ends := newFullService(store, &fakeMailer{}, c)
	auth := keyAuthenticator(store, c)
	p, first, err := svc.CreatePartner(ctx, "Assur Plus", 90)
	if err != nil {
		t.Fatal(err)
	}
	// Two more keys: one revoked, one that ends within the coming grace period.
	revokedAt, shortEnd := t0, t0.Add(2*time.Hour)
	revoked := access.KeyRecord{
		ID:        "key_revoked",
		Hash:      "h1",
		Role:      access.RolePartner,
		OwnerID:   p.ID,
		CreatedAt: t0,
		RevokedAt: &revokedAt,
	}
	short := access.KeyRecord{
		ID:        "key_short",
		Hash:      "h2",
		Role:      access.RolePartner,
		OwnerID:   p.ID,
		CreatedAt: t0,
		ExpiresAt: &shortEnd,
	}
	for _, k := range []access.KeyRecord{revoked, short} {
		if err := store.PutKey(ctx, k); err != nil {
			t.Fatal(err)
		}
	}

	c.t = t0.Add(time.Hour)
	ends.calls = nil
	next, err := svc.RotatePartnerKey(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	graceEnd := c.t.Add(24 * time.Hour)
	if !strings.HasPrefix(next.Secret, "pk_sandbox_") || next.Record.RateLimit != 90 || next.Record.OwnerID != p.ID {
		t.Errorf("new key %q %+v, want pk_sandbox_ of %s at 90 a minute", next.Secret, next.Record, p.ID)
	}
	if got := store.key(short.ID).ExpiresAt; !got.Equal(shortEnd) {
		t.Errorf("a key ending within the grace period now ends %v, want %v", got, shortEnd)
	}
	if got := store.key(revoked.ID).ExpiresAt; got != nil && got.Before(graceEnd) {
		t.Errorf("the revoked key was given an end %v", got)
	}
	firstEnd := store.key(first.Record.ID).ExpiresAt
	if firstEnd == nil || !firstEnd.Equal(graceEnd) {
		t.Errorf("the first key ends %v, want the grace end %v", firstEnd, graceEnd)
	}
	if want := []endpointCall{{what: "end", ownerID: p.ID, keyID: first.Record.ID, at: graceEnd}}; !slices.EqualFunc(
		ends.calls,
		want,
		sameCall,
	) {
		t.Errorf("endpoint calls %+v, want %+v", ends.calls, want)
	}
	for _, k := range []accounts.NewKey{first, next} {
		if _, err := present(auth, k.Secret, "203.0.113.9"); err != nil {
			t.Errorf("during the grace period, %s: %v", k.Record.ID, err)
		}
	}
	c.t = graceEnd
	if _, err := present(auth, first.Secret, "203.0.113.9"); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("the old key after the grace period: %v, want unauthorized", err)
	}
	if _, err := present(auth, next.Secret, "203.0.113.9"); err != nil {
		t.Errorf("the new key after the grace period: %v", err)
	}
	if _, err := svc.RotatePartnerKey(ctx, "prt_unknown"); !fault.Is(err, fault.NotFound) {
		t.Errorf("rotating an unknown partner's key: %v, want NotFound", err)
	}
}
