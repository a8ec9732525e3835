package accounts_test

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A reset by mail proves the owner holds the mailbox: it ends a lockout of the address at once, and
// the owner is told by mail. A change of password is mailed too.
func TestResetEndsALockoutAndIsMailed(t *testing.T) {
	t.Parallel() // bcrypt at the production cost: seconds under -race
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	for range 5 {
		_, _ = svc.Login(ctx, "ada@example.com", "a wrong guess")
	}
	if _, err := svc.Login(ctx, "ada@example.com", "correct horse battery"); fault.As(err).Code != "login_locked" {
		t.Fatalf("after five failures: %v, want login_locked", err)
	}
	if err := svc.RequestPasswordReset(ctx, "ada@example.com"); err != nil {
		t.Fatal(err)
	}
	token := resetToken.FindStringSubmatch(mailer.sent[len(mailer.sent)-1].Text)[1]
	c.t = t0.Add(time.Second) // well inside the 30 s lockout
	if err := svc.ResetPassword(ctx, token, "a fresh password"); err != nil {
		t.Fatal(err)
	}
	if m := mailer.sent[len(mailer.sent)-1]; m.To != "ada@example.com" || m.Subject != "Your password was reset" {
		t.Errorf("last mail %+v, want the reset notice to the address", m)
	}
	l, err := svc.Login(ctx, "ada@example.com", "a fresh password")
	if err != nil {
		t.Fatalf("login with the new password during the old lockout: %v", err)
	}
	if l.Token == "" || !l.ExpiresAt.Equal(c.t.Add(24*time.Hour)) {
		t.Errorf("login %+v", l)
	}

	if _, err := svc.ChangePassword(ctx, "usr_1", "a fresh password", "another password"); err != nil {
		t.Fatal(err)
	}
	if m := mailer.sent[len(mailer.sent)-1]; m.To != "ada@example.com" || m.Subject != "Your password was changed" {
		t.Errorf("last mail %+v, want the change notice to the address", m)
	}
}

// A reset token is refused when missing, unknown, or its account is gone; a change of password
// needs an account.
func TestPasswordRefusals(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	store.addUser(t, "usr_1", "ada@example.com", "correct horse battery", true)
	if err := svc.ResetPassword(ctx, "", "a fresh password"); !fault.Is(err, fault.Invalid) ||
		fault.As(err).Code == "invalid_token" {
		t.Errorf("no token: %v, want Invalid (token required)", err)
	}
	if err := svc.ResetPassword(ctx, "UNKNOWNTOKEN", "a fresh password"); fault.As(err).Code != "invalid_token" {
		t.Errorf("an unknown token: %v, want invalid_token", err)
	}
	if err := svc.RequestPasswordReset(ctx, "ada@example.com"); err != nil {
		t.Fatal(err)
	}
	token := resetToken.FindStringSubmatch(mailer.sent[len(mailer.sent)-1].Text)[1]
	delete(store.users, "usr_1") // the account is deleted meanwhile
	if err := svc.ResetPassword(ctx, token, "a fresh password"); fault.As(err).Code != "invalid_token" {
		t.Errorf("the token of a deleted account: %v, want invalid_token", err)
	}
	if _, err := svc.ChangePassword(ctx, "usr_1", "correct horse battery", "a fresh password"); !fault.Is(
		err,
		fault.NotFound,
	) {
		t.Errorf("changing a deleted account's password: %v, want NotFound", err)
	}
	if err := svc.RequestPasswordReset(ctx, "not an address"); !fault.Is(err, fault.Invalid) {
		t.Errorf("a reset of no address: %v, want Invalid", err)
	}
	if err := svc.ResendVerification(ctx, "not an address"); !fault.Is(err, fault.Invalid) {
		t.Errorf("a resend to no address: %v, want Invalid", err)
	}
}

// A partner's back-office user logs in as the partner, at the partners' rate limit; an
// administrator at the administrators'.
func TestLoginActsForTheRole(t *testing.T) {
	ctx := context.Background()
	store, c, mailer := newMemStore(), &clock{t0}, &fakeMailer{}
	svc, _ := newFullService(store, mailer, c)
	for _, tt := range []struct {
		role      access.Role
		partnerID string
		limit     int
	}{{access.RolePartner, "prt_1", 1200}, {access.RoleAdmin, "", 300}, {access.RoleUser, "", 60}} {
		u := store.addUser(t, "usr_"+string(tt.role), string(tt.role)+"@example.com", "correct horse battery", true)
		u.Role, u.PartnerID = tt.role, tt.partnerID
		store.users[u.ID] = u
		l, err := svc.Login(ctx, u.Email, "correct horse battery")
		if err != nil {
			t.Fatal(err)
		}
		p, err := svc.Tokens.Verify(l.Token)
		if err != nil || p.Role != tt.role || p.UserID != u.ID || p.PartnerID != tt.partnerID ||
			p.RateLimit != tt.limit ||
			p.SessionID != l.SessionID {
			t.Errorf("%s: principal %+v, %v; want partner %q at %d a minute", tt.role, p, err, tt.partnerID, tt.limit)
		}
	}
}
