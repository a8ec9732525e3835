package accounts_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/foundation/fault"
)

var verifyToken = regexp.MustCompile(`verify\?token=([A-Z2-7]+)`)

// tokenIn returns the verification token a mail carries, "" when it carries none.
func tokenIn(m accounts.Mail) string {
	if got := verifyToken.FindStringSubmatch(m.Text); got != nil {
		return got[1]
	}
	return ""
}

// Registering creates an unverified account of the free plan that ends in 48 hours unless its
// address is confirmed, and mails the address a link; the link confirms it once. Until then the
// account cannot log in.
func TestRegisterThenVerify(t *testing.T) {
	t.Parallel() // bcrypt at the production cost: seconds under -race
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	u, err := svc.Register(ctx, "  Ada.Lovelace@Example.COM ", "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	stored, err := store.User(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Email != "ada.lovelace@example.com" || stored.Verified || stored.Role != access.RoleUser ||
		stored.Plan != accounts.DefaultPlan ||
		stored.ExpiresAt == nil ||
		!stored.ExpiresAt.Equal(t0.Add(48*time.Hour)) ||
		!strings.HasPrefix(u.ID, "usr_") {
		t.Errorf("stored user %+v", stored)
	}
	if stored.PasswordHash == "correct horse battery" ||
		bcrypt.CompareHashAndPassword([]byte(stored.PasswordHash), []byte("correct horse battery")) != nil {
		t.Errorf("the password is not stored as its bcrypt hash")
	}
	if len(mailer.sent) != 1 || mailer.sent[0].To != "ada.lovelace@example.com" || tokenIn(mailer.sent[0]) == "" {
		t.Fatalf("mails %+v, want one verification link to the address", mailer.sent)
	}
	token := tokenIn(mailer.sent[0])
	if !strings.Contains(mailer.sent[0].Text, "https://api.example/console/verify?token="+token) {
		t.Errorf("the link does not point at this deployment: %q", mailer.sent[0].Text)
	}

	if _, err := svc.Login(ctx, "ada.lovelace@example.com", "correct horse battery"); fault.As(
		err,
	).Code != "email_not_verified" ||
		!fault.Is(err, fault.Forbidden) {
		t.Errorf("login before verification: %v, want Forbidden email_not_verified", err)
	}

	c.t = t0.Add(47 * time.Hour)
	got, err := svc.VerifyEmail(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != u.ID || !got.Verified || got.ExpiresAt != nil || got.Expired(t0.Add(1000*time.Hour)) {
		t.Errorf("verified user %+v, want verified for good", got)
	}
	if _, err := svc.VerifyEmail(ctx, token); fault.As(err).Code != "invalid_token" || !fault.Is(err, fault.Invalid) {
		t.Errorf("the link used twice: %v, want Invalid invalid_token", err)
	}
	for _, tok := range []string{"", "NOTATOKEN"} {
		if _, err := svc.VerifyEmail(ctx, tok); !fault.Is(err, fault.Invalid) {
			t.Errorf("VerifyEmail(%q) = %v, want Invalid", tok, err)
		}
	}
}

// A link not used within 48 hours no longer works, and the account it was for, expired, makes way
// for a new registration of its address, with the new password.
func TestRegisterAgainAfterExpiry(t *testing.T) {
	t.Parallel() // bcrypt at the production cost: seconds under -race
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	old, err := svc.Register(ctx, "ada@example.com", "first password 1")
	if err != nil {
		t.Fatal(err)
	}
	oldToken := tokenIn(mailer.sent[0])
	c.t = t0.Add(48 * time.Hour)
	if _, err := svc.VerifyEmail(ctx, oldToken); fault.As(err).Code != "invalid_token" {
		t.Errorf("a link 48 hours old: %v, want invalid_token", err)
	}
	if u, _ := store.User(ctx, old.ID); u.Verified {
		t.Errorf("an expired link verified the account")
	}

	u, err := svc.Register(ctx, "ada@example.com", "second password 2")
	if err != nil {
		t.Fatal(err)
	}
	if u.ID == old.ID {
		t.Errorf("the new account kept the old ID")
	}
	if _, err := store.User(ctx, old.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("the expired account: %v, want it gone", err)
	}
	stored, err := store.UserByEmail(ctx, "ada@example.com")
	if err != nil || stored.ID != u.ID ||
		bcrypt.CompareHashAndPassword([]byte(stored.PasswordHash), []byte("second password 2")) != nil {
		t.Errorf("the address's account %+v, %v: want the new one, with the new password", stored, err)
	}
	if m := mailer.sent[len(mailer.sent)-1]; m.To != "ada@example.com" || tokenIn(m) == "" {
		t.Fatalf("last mail %+v, want a verification link", m)
	}
	if got, err := svc.VerifyEmail(ctx, tokenIn(mailer.sent[len(mailer.sent)-1])); err != nil || got.ID != u.ID {
		t.Errorf("the new link: %+v, %v", got, err)
	}
}

// A link resent near the end of the account's 48 hours outlives it: used after the account
// expired, it answers invalid_token, as any dead link does, and verifies nothing, whether the
// expired account still waits or made way for a new registration of its address.
func TestResentLinkOutlivingItsAccount(t *testing.T) {
	ctx := context.Background()
	for _, replaced := range []bool{false, true} {
		store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
		svc, _ := newFullService(store, mailer, c)
		old, err := svc.Register(ctx, "ada@example.com", "first password 1")
		if err != nil {
			t.Fatal(err)
		}
		c.t = t0.Add(47 * time.Hour)
		if err := svc.ResendVerification(ctx, "ada@example.com"); err != nil {
			t.Fatal(err)
		}
		resent := tokenIn(mailer.sent[len(mailer.sent)-1])
		c.t = t0.Add(49 * time.Hour)
		var fresh accounts.User
		if replaced {
			if fresh, err = svc.Register(ctx, "ada@example.com", "second password 2"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.VerifyEmail(ctx, resent); fault.As(err).Code != "invalid_token" {
			t.Errorf("replaced %v: the resent link after the account expired: %v, want invalid_token", replaced, err)
		}
		if u, err := store.User(ctx, old.ID); err == nil && u.Verified {
			t.Errorf("replaced %v: the expired account was verified", replaced)
		}
		if u, err := store.User(ctx, fresh.ID); replaced && (err != nil || u.Verified) {
			t.Errorf("the new account %+v, %v: want it there, unverified", u, err)
		}
	}
}

// A registration of an address that has an account answers as a new one would (a fresh ID,
// unverified, the free plan, no credits), changes nothing of the account, and tells only the
// address's owner: a verified account gets a note, a waiting one a fresh link to itself.
func TestRegisterTakenAddress(t *testing.T) {
	t.Parallel() // bcrypt at the production cost: seconds under -race
	ctx := context.Background()
	for _, tt := range []struct {
		name     string
		verified bool
		subject  string
	}{
		{"verified", true, "You already have an account"},
		{"waiting", false, "Confirm your e-mail address"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
			svc, _ := newFullService(store, mailer, c)
			existing := store.addUser(t, "usr_ada", "ada@example.com", "the real password", tt.verified)
			if !tt.verified {
				ends := t0.Add(time.Hour)
				existing.ExpiresAt = &ends
				store.users["usr_ada"] = existing
			}
			u, err := svc.Register(ctx, "ADA@example.com", "an attacker's password")
			if err != nil {
				t.Fatal(err)
			}
			if u.ID == "usr_ada" || !strings.HasPrefix(u.ID, "usr_") || u.Email != "ada@example.com" || u.Verified ||
				u.Plan != accounts.DefaultPlan || u.Credits != 0 || u.ExpiresAt == nil {
				t.Errorf("answer %+v: not what a new registration shows", u)
			}
			if len(store.users) != 1 || store.users["usr_ada"] != existing {
				t.Errorf("users %+v, want the existing account unchanged", store.users)
			}
			if len(mailer.sent) != 1 || mailer.sent[0].To != "ada@example.com" || mailer.sent[0].Subject != tt.subject {
				t.Fatalf("mails %+v, want one %q to the address", mailer.sent, tt.subject)
			}
			token := tokenIn(mailer.sent[0])
			if tt.verified != (token == "") {
				t.Fatalf("mail %q: a link for the waiting account only", mailer.sent[0].Text)
			}
			if token != "" {
				if got, err := svc.VerifyEmail(ctx, token); err != nil || got.ID != "usr_ada" {
					t.Errorf("the fresh link verifies %+v, %v; want the existing account", got, err)
				}
			}
		})
	}
}

// A registration needs an address and a password of 10 to 72 bytes; a refused one stores and
// mails nothing.
func TestRegisterRefusals(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	const badEmail, badPassword = "email: must be an e-mail address of at most 254 bytes, 64 before the @",
		"password: must be 10 to 72 bytes long"
	for _, tt := range []struct {
		email, password string
		invalid         []string
	}{
		{"", "correct horse battery", []string{badEmail}},
		{"ada", "correct horse battery", []string{badEmail}},
		{"Ada <ada@example.com>", "correct horse battery", []string{badEmail}},
		{"ada@example.com", "short", []string{badPassword}},
		{"ada@example.com", "123456789", []string{badPassword}},
		{"ada@example.com", strings.Repeat("p", 73), []string{badPassword}},
		{"nope", "", []string{badEmail, badPassword}},
	} {
		_, err := svc.Register(ctx, tt.email, tt.password)
		if e := fault.As(err); e.Kind != fault.Invalid || !slices.Equal(e.InvalidParams, tt.invalid) {
			t.Errorf("Register(%q, %d bytes) = %+v, want Invalid %v", tt.email, len(tt.password), e, tt.invalid)
		}
	}
	if len(store.users) != 0 || len(mailer.sent) != 0 {
		t.Errorf("refused registrations left %d users, %d mails", len(store.users), len(mailer.sent))
	}
}

// An address is at most what RFC 5321 carries (64 octets before the @, 254 in all), and one over it
// is refused before anything is stored or mailed, by every operation that takes an address. A
// 247-character address was stored, and its verification mail then failed in the outbox.
func TestAddressBounds(t *testing.T) {
	ctx := context.Background()
	domain := func(n int) string { // n octets: labels of at most 63, then "example.com"
		var labels []string
		for n -= len("example.com"); n > 0; n -= 64 {
			labels = append(labels, strings.Repeat("d", min(63, n-1)))
		}
		return strings.Join(append(labels, "example.com"), ".")
	}
	longest := strings.Repeat("l", 64) + "@" + domain(254-65)
	if len(longest) != 254 {
		t.Fatalf("the longest address has %d octets", len(longest))
	}
	for name, email := range map[string]string{
		"255 octets":              "l" + longest,
		"65 octets before the @":  strings.Repeat("l", 65) + "@example.com",
		"247 octets, 183 local":   strings.Repeat("l", 183) + "@" + domain(63),
		"a 64-octet domain label": "ada@" + strings.Repeat("d", 64) + ".example.com",
	} {
		t.Run(name, func(t *testing.T) {
			store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
			svc, _ := newFullService(store, mailer, c)
			refused := map[string]error{}
			_, refused["Register"] = svc.Register(ctx, email, "correct horse battery")
			refused["ResendVerification"] = svc.ResendVerification(ctx, email)
			refused["RequestPasswordReset"] = svc.RequestPasswordReset(ctx, email)
			_, refused["CreateVerifiedUser"] = svc.CreateVerifiedUser(ctx, email, "correct horse battery")
			_, _, refused["CreateAdmin"] = svc.CreateAdmin(ctx, email, "correct horse battery")
			for op, err := range refused {
				if !fault.Is(err, fault.Invalid) {
					t.Errorf("%s: %v, want Invalid", op, err)
				}
			}
			if _, err := svc.Login(ctx, email, "correct horse battery"); !fault.Is(err, fault.Unauthorized) {
				t.Errorf("Login: %v, want Unauthorized", err)
			}
			if len(store.calls) != 0 || len(mailer.sent) != 0 {
				t.Errorf("refused operations called the store %v and sent %d mails", store.calls, len(mailer.sent))
			}
		})
	}
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	if _, err := svc.Register(ctx, strings.ToUpper(longest), "correct horse battery"); err != nil {
		t.Fatalf("the longest address RFC 5321 allows: %v", err)
	}
	if len(mailer.sent) != 1 || mailer.sent[0].To != longest {
		t.Errorf("mails %+v, want one to the longest address", mailer.sent)
	}
}

// An operator issues an administrator another ak_ key, which acts as the administrator beside the
// first; no other account gets one.
func TestCreateAdminKey(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	auth := keyAuthenticator(store, c)
	admin, first, err := svc.CreateAdmin(ctx, "ops@example.com", "admin password 1")
	if err != nil {
		t.Fatal(err)
	}
	second, err := svc.CreateAdminKey(ctx, admin.ID)
	if err != nil || !strings.HasPrefix(second.Secret, "ak_sandbox_") || second.Secret == first.Secret {
		t.Fatalf("CreateAdminKey = %q, %v", second.Secret, err)
	}
	for _, k := range []string{first.Secret, second.Secret} {
		if p, err := present(auth, k, "203.0.113.9"); err != nil || p.Role != access.RoleAdmin || p.UserID != admin.ID {
			t.Errorf("key %s acts as %+v, %v", k[:12], p, err)
		}
	}
	u, err := svc.CreateVerifiedUser(ctx, "bob@example.com", "user password 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{u.ID, "usr_unknown"} {
		if _, err := svc.CreateAdminKey(ctx, id); !fault.Is(err, fault.NotFound) {
			t.Errorf("CreateAdminKey(%s) = %v, want NotFound", id, err)
		}
	}
	if keys, _ := store.Keys(ctx, u.ID); len(keys) != 0 {
		t.Errorf("a user was given admin keys %+v", keys)
	}
}

// Operators create verified accounts: an administrator with its first ak_ key of this stage, a
// user with no mail, a partner's back-office user who becomes the partner's contact if it has
// none. What they create can log in at once.
func TestOperatorsCreateVerifiedAccounts(t *testing.T) {
	t.Parallel() // bcrypt at the production cost: seconds under -race
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	auth := keyAuthenticator(store, c)

	admin, key, err := svc.CreateAdmin(ctx, "Ops@Example.com", "admin password 1")
	if err != nil {
		t.Fatal(err)
	}
	if !admin.Verified || admin.Role != access.RoleAdmin || admin.Email != "ops@example.com" || admin.ExpiresAt != nil {
		t.Errorf("admin %+v", admin)
	}
	if !strings.HasPrefix(key.Secret, "ak_sandbox_") || key.Record.OwnerID != admin.ID || key.Record.RateLimit != 300 {
		t.Errorf("admin key %q %+v", key.Secret, key.Record)
	}
	if p, err := present(auth, key.Secret, "203.0.113.9"); err != nil || p.Role != access.RoleAdmin ||
		p.UserID != admin.ID {
		t.Errorf("the admin key acts as %+v, %v", p, err)
	}

	u, err := svc.CreateVerifiedUser(ctx, "bob@example.com", "user password 1")
	if err != nil || !u.Verified || u.Role != access.RoleUser {
		t.Fatalf("CreateVerifiedUser = %+v, %v", u, err)
	}
	if keys, _ := store.Keys(ctx, u.ID); len(keys) != 0 {
		t.Errorf("a verified user was given keys %+v", keys)
	}
	if _, err := svc.Login(ctx, "bob@example.com", "user password 1"); err != nil {
		t.Errorf("the verified user's login: %v", err)
	}

	p, _, err := svc.CreatePartner(ctx, "Assur Plus", 0)
	if err != nil {
		t.Fatal(err)
	}
	first, err := svc.CreatePartnerUser(ctx, "claims@assur.example", "partner password 1", p.ID)
	if err != nil || first.Role != access.RolePartner || first.PartnerID != p.ID || !first.Verified {
		t.Fatalf("CreatePartnerUser = %+v, %v", first, err)
	}
	if _, err := svc.CreatePartnerUser(ctx, "it@assur.example", "partner password 2", p.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.Partner(ctx, p.ID); got.Contact != "claims@assur.example" {
		t.Errorf("partner contact %q, want the first back-office user's address", got.Contact)
	}
	if len(mailer.sent) != 0 {
		t.Errorf("operators' creations mailed %+v", mailer.sent)
	}

	for name, err := range map[string]error{
		"an unknown partner": func() error {
			_, err := svc.CreatePartnerUser(ctx, "x@assur.example", "partner password 3", "prt_unknown")
			return err
		}(),
		"a taken address": func() error {
			_, err := svc.CreateVerifiedUser(ctx, "BOB@example.com", "user password 2")
			return err
		}(),
		"a short password": func() error {
			_, _, err := svc.CreateAdmin(ctx, "ops2@example.com", "short")
			return err
		}(),
		"no address": func() error {
			_, err := svc.CreateVerifiedUser(ctx, "bob", "user password 2")
			return err
		}(),
	} {
		want := map[string]fault.Kind{"an unknown partner": fault.NotFound, "a taken address": fault.Conflict}[name]
		if want == 0 {
			want = fault.Invalid
		}
		if !fault.Is(err, want) {
			t.Errorf("%s: %v, want kind %v", name, err, want)
		}
	}
	if len(store.users) != 4 {
		t.Errorf("%d users after refusals, want the 4 created", len(store.users))
	}
}

// An operator may confirm an address without the mail; the account then logs in.
func TestVerifyUser(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", false)
	u, err := svc.VerifyUser(ctx, " ADA@example.com")
	if err != nil || u.ID != "usr_1" {
		t.Fatalf("VerifyUser = %+v, %v", u, err)
	}
	if got, _ := store.User(ctx, "usr_1"); !got.Verified {
		t.Error("not verified")
	}
	if _, err := svc.VerifyUser(ctx, "nobody@example.com"); !fault.Is(err, fault.NotFound) {
		t.Errorf("an unknown address: %v, want NotFound", err)
	}
	if _, err := svc.UserByEmail(ctx, "not an address"); !fault.Is(err, fault.Invalid) {
		t.Errorf("UserByEmail of no address: %v, want Invalid", err)
	}
}

// Granted credits land on the user's balance with a ledger entry; a grant of nothing or less, or
// to no one, changes nothing.
func TestGrantCredits(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	store.Open("usr_1", 5)
	if err := svc.GrantCredits(ctx, "usr_1", 50); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, -10} {
		if err := svc.GrantCredits(ctx, "usr_1", n); !fault.Is(err, fault.Invalid) {
			t.Errorf("a grant of %d: %v, want Invalid", n, err)
		}
	}
	if err := svc.GrantCredits(ctx, "usr_404", 50); !fault.Is(err, fault.NotFound) {
		t.Errorf("a grant to no one: %v, want NotFound", err)
	}
	if got := store.Balance("usr_1"); got != 55 {
		t.Errorf("balance %d, want 55", got)
	}
	entries := store.Written("usr_1")
	if len(entries) != 1 || entries[0].Amount != 50 || entries[0].Reason != credits.ReasonGrant ||
		!entries[0].At.Equal(t0) {
		t.Errorf("ledger %+v, want one grant of 50 at %v", entries, t0)
	}
}
