package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A session is stored only while the password is the one its login checked; signing out deletes
// one or all; failures add up atomically and clear; a reset token works once.
func TestSessionLoginFailureAndResetRepos(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	users, sessions, failures := NewUserRepo(db), NewSessionRepo(db), NewLoginFailureRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := users.CreateUser(ctx, accounts.User{ID: "usr_1", Email: "a@example.com", PasswordHash: "h1",
		Verified: true, Role: access.RoleUser, CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"ses_a", "ses_b"} {
		s := accounts.Session{
			ID:        id,
			UserID:    "usr_1",
			CreatedAt: now.Add(time.Duration(i) * time.Second),
			ExpiresAt: now.Add(time.Hour),
			TokenHash: "hash-" + id,
		}
		if err := sessions.CreateSession(ctx, s, "h1"); err != nil {
			t.Fatal(err)
		}
	}
	conflict(
		t,
		"a session of an older password",
		sessions.CreateSession(
			ctx,
			accounts.Session{ID: "ses_c", UserID: "usr_1", ExpiresAt: now.Add(time.Hour)},
			"h0",
		),
	)
	if list, err := sessions.Sessions(ctx, "usr_1"); err != nil || len(list) != 2 || list[0].ID != "ses_b" {
		t.Fatalf("Sessions = %+v, %v", list, err)
	}
	if err := sessions.DeleteSession(ctx, "usr_1", "ses_a"); err != nil {
		t.Fatal(err)
	}
	if _, err := sessions.SessionActive(ctx, "usr_1", "ses_a"); !fault.Is(err, fault.NotFound) {
		t.Errorf("a signed-out session: %v", err)
	}
	if hash, err := sessions.SessionActive(ctx, "usr_1", "ses_b"); err != nil || hash != "hash-ses_b" {
		t.Errorf("a live session: %q, %v", hash, err)
	}
	if err := sessions.DeleteSessions(ctx, "usr_1"); err != nil {
		t.Fatal(err)
	}
	if _, err := sessions.SessionActive(ctx, "usr_1", "ses_b"); !fault.Is(err, fault.NotFound) {
		t.Errorf("a session after signing out everywhere: %v", err)
	}
	conflict(t, "a password change from a stale hash", users.SetPassword(ctx, "usr_1", "h0", "h2"))
	if err := users.SetPassword(ctx, "usr_1", "h1", "h2"); err != nil {
		t.Fatal(err)
	}

	// Attempts are reserved while the address has fewer than the free failures; past them, one
	// after each lockout, which each reservation holds for its attempt.
	hold := func(at time.Time) time.Time { return at.Add(30 * time.Second) }
	for i := 1; i <= 3; i++ {
		f, ok, err := failures.ReserveLogin(ctx, "subj", 3, now, hold(now), now.Add(time.Hour))
		if err != nil || !ok || f.Count != i || !f.Last.Equal(now) || !f.Until.Equal(hold(now)) {
			t.Fatalf("ReserveLogin %d = %+v, %v, %v", i, f, ok, err)
		}
	}
	if f, ok, err := failures.ReserveLogin(ctx, "subj", 3, now, hold(now), now.Add(time.Hour)); err != nil || ok ||
		f.Count != 3 || !f.Until.Equal(hold(now)) {
		t.Fatalf("a fourth attempt during the hold = %+v, %v, %v; want refused, the count as it was", f, ok, err)
	}
	if err := failures.LockLogin(ctx, "subj", now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := failures.LockLogin(ctx, "subj", now.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	later := now.Add(59 * time.Second)
	if f, ok, _ := failures.ReserveLogin(ctx, "subj", 3, later, hold(later), later.Add(time.Hour)); ok ||
		!f.Until.Equal(now.Add(time.Minute)) {
		t.Fatalf("during the lockout: %+v, %v; want refused until the later lockout", f, ok)
	}
	later = now.Add(time.Minute)
	if f, ok, _ := failures.ReserveLogin(ctx, "subj", 3, later, hold(later), later.Add(time.Hour)); !ok ||
		f.Count != 4 {
		t.Fatalf("after the lockout: %+v, %v; want the fourth attempt reserved", f, ok)
	}
	if err := failures.ClearLoginFailures(ctx, "subj"); err != nil {
		t.Fatal(err)
	}
	if f, ok, err := failures.ReserveLogin(ctx, "subj", 3, later, hold(later), later.Add(time.Hour)); err != nil ||
		!ok || f.Count != 1 {
		t.Errorf("after clearing: %+v, %v, %v; want a new count", f, ok, err)
	}
	if err := failures.LockLogin(ctx, "nobody", now); err != nil {
		t.Errorf("locking an address without a count: %v", err)
	}

	if err := users.SaveReset(ctx, "rh", accounts.Reset{UserID: "usr_1", Stamp: "st",
		ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if r, err := users.ConsumeReset(ctx, "rh", now); err != nil || r.UserID != "usr_1" || r.Stamp != "st" {
		t.Errorf("ConsumeReset = %+v, %v", r, err)
	}
	if _, err := users.ConsumeReset(ctx, "rh", now); !fault.Is(err, fault.NotFound) {
		t.Errorf("a second consumption: %v, want NotFound", err)
	}
}
