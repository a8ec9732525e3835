package accounts_test

import (
	"context"
	"net/netip"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func TestLockedUntilBacksOff(t *testing.T) {
	for _, tt := range []struct {
		count int
		lock  time.Duration
	}{{0, 0}, {4, 0}, {5, 30 * time.Second}, {6, time.Minute}, {8, 4 * time.Minute}, {9, 8 * time.Minute}, {10,
		15 * time.Minute}, {60, 15 * time.Minute}} {
		got := accounts.LoginFailures{Count: tt.count, Last: t0}.LockedUntil()
		want := t0.Add(tt.lock)
		if tt.lock == 0 {
			want = time.Time{}
		}
		if !got.Equal(want) {
			t.Errorf("%d failures: locked until %v, want %v", tt.count, got, want)
		}
	}
}

// Five wrong passwords lock the address for 30 s, then each failure doubles the lock; during a
// lockout the right password is refused too, before any look-up; an unknown address is locked
// alike; the right password after the lockout ends the count.
func TestLoginLocksOutPerAddress(t *testing.T) {
	ctx := context.Background()
	store, c := newFakeStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	svc := newService(store, &fakeMailer{}, c)
	login := func(email, password string) error {
		_, err := svc.Login(ctx, email, password)
		return err
	}
	for _, email := range []string{"ada@example.com", "nobody@example.com"} {
		for i := range 4 {
			if err := login(email, "wrong password"); !fault.Is(err, fault.Unauthorized) {
				t.Fatalf("%s: failure %d: %v, want unauthorized", email, i+1, err)
			}
		}
		if e := fault.As(login(email, "wrong password")); e.Kind != fault.RateLimited || e.Code != "login_locked" ||
			e.RetryAfter != 30 {
			t.Fatalf("%s: fifth failure: %+v, want locked for 30 s", email, e)
		}
	}
	store.took()
	c.t = t0.Add(29 * time.Second)
	if e := fault.As(login("ada@example.com", "correct horse battery")); e.Kind != fault.RateLimited ||
		e.RetryAfter != 1 {
		t.Fatalf("the right password during the lockout: %+v, want refused with Retry-After 1", e)
	}
	if calls := store.took(); !slices.Equal(calls, []string{"ReserveLogin"}) {
		t.Errorf("a locked login made %v, want only the refused reservation (no user look-up, no password check)",
			calls)
	}
	c.t = t0.Add(30 * time.Second)
	if e := fault.As(login("ada@example.com", "wrong again")); e.Kind != fault.RateLimited || e.RetryAfter != 60 {
		t.Fatalf("a sixth failure: %+v, want locked for 60 s", e)
	}
	c.t = c.t.Add(60 * time.Second)
	if err := login("ada@example.com", "correct horse battery"); err != nil {
		t.Fatalf("the right password after the lockout: %v", err)
	}
	if len(store.failures) != 1 {
		t.Errorf("counts after a success: %v, want only the unknown address's left", store.failures)
	}
}

// Twenty wrong passwords at once on one address: each is counted before its password is checked,
// so at most the free five are checked, the rest refused, and the right password then meets the
// lockout. Read before the check and written after, all twenty were checked, and a right password
// racing them signed in past them. (The right password is not in the race: checked among the free
// five, it would rightly end the count, and the wrong ones after it start a new one.)
func TestLoginAttemptsAreReservedBeforeTheirCheck(t *testing.T) {
	ctx := context.Background()
	store, c := newFakeStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	svc := newService(store, &fakeMailer{}, c)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			<-start
			_, _ = svc.Login(ctx, "ada@example.com", "wrong password")
		})
	}
	close(start)
	wg.Wait()
	checked := 0
	for _, call := range store.took() {
		if call == "UserByEmail" {
			checked++
		}
	}
	if checked > 5 {
		t.Errorf("%d of 20 simultaneous attempts were checked against the password, want at most 5", checked)
	}
	if _, err := svc.Login(ctx, "ada@example.com", "correct horse battery"); !fault.Is(err, fault.RateLimited) {
		t.Errorf("the right password after the race: %v, want the lockout", err)
	}
}

// authenticator checks the JWTs of svc against the store's sessions.
func authenticator(svc *accounts.Service, store *fakeStore) *access.Authenticator {
	return &access.Authenticator{Tokens: svc.Tokens, Sessions: store, Now: svc.Now}
}

func authenticate(a *access.Authenticator, token string) error {
	_, err := a.Authenticate(context.Background(), access.Credential{JWT: token}, netip.Addr{})
	return err
}

// Each login is a session: signing one out ends its token only; signing out everywhere ends all.
func TestSessionsSignOut(t *testing.T) {
	ctx := context.Background()
	store, c := newFakeStore(), &clock{t0}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	svc := newService(store, &fakeMailer{}, c)
	auth := authenticator(svc, store)
	var logins []accounts.Login
	for range 3 {
		l, err := svc.Login(ctx, "ada@example.com", "correct horse battery")
		if err != nil {
			t.Fatal(err)
		}
		logins = append(logins, l)
		c.t = c.t.Add(time.Second)
	}
	if list, _ := svc.Sessions(ctx, "usr_1"); len(list) != 3 || list[0].ID != logins[2].SessionID {
		t.Fatalf("sessions = %+v, want three, newest first", list)
	}
	if err := svc.Logout(ctx, "usr_1", logins[0].SessionID); err != nil {
		t.Fatal(err)
	}
	if err := authenticate(auth, logins[0].Token); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("a signed-out token: %v, want unauthorized", err)
	}
	if err := authenticate(auth, logins[1].Token); err != nil {
		t.Errorf("another session's token after one sign-out: %v", err)
	}
	if err := svc.Logout(ctx, "usr_2", logins[1].SessionID); !fault.Is(err, fault.NotFound) {
		t.Errorf("signing out another user's session: %v, want not found", err)
	}
	if err := svc.LogoutAll(ctx, "usr_1"); err != nil {
		t.Fatal(err)
	}
	for i, l := range logins {
		if err := authenticate(auth, l.Token); !fault.Is(err, fault.Unauthorized) {
			t.Errorf("token %d after signing out everywhere: %v, want unauthorized", i, err)
		}
	}
	noSession, _, _ := svc.Tokens.Issue(access.Principal{Role: access.RoleUser, UserID: "usr_1"})
	if err := authenticate(auth, noSession); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("a token without a session: %v, want unauthorized", err)
	}
}

var resetToken = regexp.MustCompile(`"token": "([A-Z2-7]+)"`)

// A password change needs the current password and signs out every session; a reset by mail works
// once, dies with the password it was made for, and signs out every session.
func TestPasswordChangeAndReset(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newFakeStore(), &clock{t0}, &fakeMailer{}
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	svc := newService(store, mailer, c)
	auth := authenticator(svc, store)
	first, err := svc.Login(ctx, "ada@example.com", "correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ChangePassword(ctx, "usr_1", "not the password", "a new password 1"); fault.As(
		err,
	).Code != "wrong_password" {
		t.Fatalf("a wrong current password: %v, want wrong_password", err)
	}
	if f := store.failures; len(f) != 1 {
		t.Errorf("a wrong current password is not counted as a failed login: %v", f)
	}
	if _, err := svc.ChangePassword(ctx, "usr_1", "correct horse battery", "short"); !fault.Is(err, fault.Invalid) {
		t.Fatalf("a short new password: %v, want invalid", err)
	}
	second, err := svc.ChangePassword(ctx, "usr_1", "correct horse battery", "a new password 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := authenticate(auth, first.Token); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("the old session after a change: %v, want unauthorized", err)
	}
	if err := authenticate(auth, second.Token); err != nil {
		t.Errorf("the session the change returned: %v", err)
	}
	if _, err := svc.Login(ctx, "ada@example.com", "correct horse battery"); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("the old password after a change: %v", err)
	}

	// Two reset requests: the first used token kills the other (it was made for the old password).
	for range 2 {
		if err := svc.RequestPasswordReset(ctx, "ada@example.com"); err != nil {
			t.Fatal(err)
		}
	}
	var tokens []string
	for _, m := range mailer.sent {
		if got := resetToken.FindStringSubmatch(m.Text); got != nil {
			tokens = append(tokens, got[1])
		}
	}
	if len(tokens) != 2 {
		t.Fatalf("reset tokens mailed: %d, want 2", len(tokens))
	}
	if err := svc.ResetPassword(ctx, tokens[0], "short"); !fault.Is(err, fault.Invalid) ||
		fault.As(err).Code == "invalid_token" {
		t.Errorf("a short password: %v, want invalid (and the token kept)", err)
	}
	if err := svc.ResetPassword(ctx, tokens[0], "reset password 2"); err != nil {
		t.Fatal(err)
	}
	if err := svc.ResetPassword(ctx, tokens[0], "reset password 3"); fault.As(err).Code != "invalid_token" {
		t.Errorf("a token used twice: %v, want invalid_token", err)
	}
	if err := svc.ResetPassword(ctx, tokens[1], "reset password 3"); fault.As(err).Code != "invalid_token" {
		t.Errorf("an older token after a reset: %v, want invalid_token", err)
	}
	if err := authenticate(auth, second.Token); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("a session after a reset: %v, want unauthorized", err)
	}
	if _, err := svc.Login(ctx, "ada@example.com", "reset password 2"); err != nil {
		t.Errorf("login with the reset password: %v", err)
	}

	// An expired token.
	if err := svc.RequestPasswordReset(ctx, "ada@example.com"); err != nil {
		t.Fatal(err)
	}
	last := resetToken.FindStringSubmatch(mailer.sent[len(mailer.sent)-1].Text)[1]
	c.t = c.t.Add(time.Hour)
	if err := svc.ResetPassword(ctx, last, "reset password 4"); fault.As(err).Code != "invalid_token" {
		t.Errorf("a token an hour old: %v, want invalid_token", err)
	}
}

// Resending a verification link and asking for a password reset do the same work whatever the
// address: the same store calls in the same order, and one mail to the address; only what the mail
// says differs, and only its recipient reads it.
func TestMailRequestsDoTheSameWorkWhateverTheAddress(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newFakeStore(), &clock{t0}, &fakeMailer{}
	store.addUser(t, "usr_v", "verified@example.com", "correct horse battery", true)
	store.addUser(t, "usr_u", "waiting@example.com", "correct horse battery", false)
	stale := store.addUser(t, "usr_s", "stale@example.com", "correct horse battery", false)
	past := t0.Add(-time.Hour)
	stale.ExpiresAt = &past
	store.users["usr_s"] = stale
	svc := newService(store, mailer, c)
	addresses := []string{"verified@example.com", "waiting@example.com", "stale@example.com", "nobody@example.com"}
	for name, request := range map[string]func(context.Context, string) error{
		"resend-verification": svc.ResendVerification, "password reset": svc.RequestPasswordReset} {
		var first []string
		for _, email := range addresses {
			store.took()
			sent := len(mailer.sent)
			if err := request(ctx, email); err != nil {
				t.Fatalf("%s for %s: %v", name, email, err)
			}
			calls := store.took()
			if first == nil {
				first = calls
			}
			if !slices.Equal(calls, first) || len(calls) != 2 {
				t.Errorf("%s for %s: store calls %v, for %s %v", name, email, calls, addresses[0], first)
			}
			if len(mailer.sent) != sent+1 || mailer.sent[sent].To != email {
				t.Errorf("%s for %s: %d mails, want one to the address", name, email, len(mailer.sent)-sent)
			}
		}
	}
	var links int
	for _, m := range mailer.sent {
		if strings.Contains(m.Text, "verify?token=") || resetToken.MatchString(m.Text) {
			links++
			if m.To != "waiting@example.com" && m.To != "verified@example.com" {
				t.Errorf("a token mailed to %s", m.To)
			}
		}
	}
	if links != 2 {
		t.Errorf(
			"%d mails carry a token, want the verification link of the waiting address and the reset of the verified one",
			links,
		)
	}
	for hash, id := range store.verify {
		if id != "" && id != "usr_u" {
			t.Errorf("a verification token %s for %s, which has nothing to verify", hash, id)
		}
	}
}
