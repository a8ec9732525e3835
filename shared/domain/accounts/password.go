package accounts

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/url"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// resetValid is how long a password-reset link works.
const resetValid = time.Hour

// Reset is a stored password-reset token: its user, and a stamp of the password it may replace, so
// that a token dies with that password (any change or reset makes every older token useless).
// UserID is empty for the token of an address with no confirmed account: stored all the same, so
// that a request does the same work whatever the address, and never mailed.
type Reset struct {
	UserID    string
	Stamp     string
	ExpiresAt time.Time
}

// passwordStamp is what a reset token records of the password it may replace.
func passwordStamp(passwordHash string) string { return access.HashKey("password:" + passwordHash) }

func checkNewPassword(field, password string) error {
	if n := len(password); n < minPassword || n > maxPassword {
		return &fault.Error{Kind: fault.Invalid, Detail: "The new password is not acceptable.",
			InvalidParams: []string{fmt.Sprintf("%s: must be %d to %d bytes long", field, minPassword, maxPassword)}}
	}
	return nil
}

// ChangePassword replaces the password of a logged-in user who knows the current one, signs out
// every session (the caller's included) and returns a new session for the caller. A wrong current
// password counts as a failed login of the address, so a stolen session cannot guess it.
func (s *Service) ChangePassword(ctx context.Context, userID, current, next string) (Login, error) {
	if err := checkNewPassword("newPassword", next); err != nil {
		return Login{}, err
	}
	u, err := s.Store.User(ctx, userID)
	if err != nil {
		return Login{}, err
	}
	subject := loginSubject(u.Email)
	attempt, err := s.reserveLogin(ctx, subject)
	if err != nil {
		return Login{}, err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(current)) != nil {
		return Login{}, s.loginFailed(ctx, subject, attempt, &fault.Error{Kind: fault.Invalid,
			Code: "wrong_password", Detail: "The current password is wrong.",
			InvalidParams: []string{"currentPassword: is not the account's password"}})
	}
	if err := s.Store.ClearLoginFailures(ctx, subject); err != nil {
		return Login{}, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(next), bcryptCost)
	if err != nil {
		return Login{}, err
	}
	if err := s.Store.SetPassword(ctx, u.ID, u.PasswordHash, string(hash)); err != nil {
		if fault.Is(err, fault.Conflict) {
			return Login{}, fault.New(fault.Conflict, "The password was changed meanwhile; log in again.")
		}
		return Login{}, err
	}
	if err := s.Store.DeleteSessions(ctx, u.ID); err != nil {
		return Login{}, err
	}
	u.PasswordHash = string(hash)
	l, err := s.startSession(ctx, u)
	if err != nil {
		return Login{}, err
	}
	return l, s.Mailer.Send(ctx, Mail{To: u.Email, Subject: "Your password was changed",
		Text: "The password of your account was changed, and every session was signed out. If it was not you, reset it now: POST {\"email\": \"" +
			u.Email + "\"} to " + s.BaseURL + "/v1/auth/password/reset-request.\n"})
}

// RequestPasswordReset mails a single-use link (valid one hour) to set a new password, when the
// address has a confirmed account. It does the same work whatever the address: one look-up, one
// token stored (one that no mail carries when there is no account), one mail (for an address with no
// confirmed account, a note saying so), so neither its answer nor its time tells who is a customer.
func (s *Service) RequestPasswordReset(ctx context.Context, email string) error {
	email, err := normalEmail(email)
	if err != nil {
		return &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The e-mail address is not valid.",
			InvalidParams: []string{badEmail},
		}
	}
	u, err := s.Store.UserByEmail(ctx, email)
	if err != nil && !fault.Is(err, fault.NotFound) {
		return err
	}
	eligible := err == nil && u.Verified && !u.Expired(s.now())
	token := rand.Text()
	r := Reset{ExpiresAt: s.now().Add(resetValid)}
	if eligible {
		r.UserID, r.Stamp = u.ID, passwordStamp(u.PasswordHash)
	}
	if err := s.Store.SaveReset(ctx, access.HashKey(token), r); err != nil {
		return err
	}
	if !eligible {
		return s.Mailer.Send(ctx, Mail{To: email, Subject: "Password reset",
			Text: "Someone asked to reset the password of an account with this address, but there is no confirmed account with it. " +
				"If you registered, confirm your address first (POST {\"email\": ...} to " + s.BaseURL +
				"/v1/auth/resend-verification). " +
				"If it was not you, you can ignore this mail.\n"})
	}
	return s.Mailer.Send(ctx, Mail{To: email, Subject: "Reset your password",
		Text: "To set a new password within an hour, open " + s.BaseURL + "/console/reset?token=" + url.QueryEscape(
			token,
		) +
			"\n\nOr POST {\"token\": \"" + token + "\", \"newPassword\": \"...\"} to " + s.BaseURL +
			"/v1/auth/password/reset. The token works once.\n\n" +
			"If you did not ask for this, ignore this mail: your password stays as it is.\n"})
}

// ResetPassword sets a new password with the token of a reset mail: the token works once, for an
// hour, and only while the password is the one it was made for. Every session is signed out, and
// the address's failed-login count ends (the owner proved it holds the mailbox).
func (s *Service) ResetPassword(ctx context.Context, token, next string) error {
	if token == "" {
		return &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The token is missing.",
			InvalidParams: []string{"token: required"},
		}
	}
	if err := checkNewPassword("newPassword", next); err != nil {
		return err
	}
	invalid := &fault.Error{
		Kind:   fault.Invalid,
		Code:   "invalid_token",
		Detail: "The reset token is unknown, used or expired.",
	}
	r, err := s.Store.ConsumeReset(ctx, access.HashKey(token), s.now())
	if fault.Is(err, fault.NotFound) {
		return invalid
	}
	if err != nil {
		return err
	}
	if r.UserID == "" {
		return invalid
	}
	u, err := s.Store.User(ctx, r.UserID)
	if fault.Is(err, fault.NotFound) {
		return invalid
	}
	if err != nil {
		return err
	}
	if passwordStamp(u.PasswordHash) != r.Stamp {
		return invalid
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(next), bcryptCost)
	if err != nil {
		return err
	}
	if err := s.Store.SetPassword(ctx, u.ID, u.PasswordHash, string(hash)); err != nil {
		if fault.Is(err, fault.Conflict) {
			return invalid
		}
		return err
	}
	if err := s.Store.DeleteSessions(ctx, u.ID); err != nil {
		return err
	}
	if err := s.Store.ClearLoginFailures(ctx, loginSubject(u.Email)); err != nil {
		return err
	}
	return s.Mailer.Send(ctx, Mail{To: u.Email, Subject: "Your password was reset",
		Text: "The password of your account was reset with a link we mailed, and every session was signed out.\n"})
}
