package accounts

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/mail"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

const (
	minPassword       = 10
	maxPassword       = 72 // bcrypt's limit
	verificationValid = 48 * time.Hour
)

// bcryptCost is the cost of the password hashes: a variable only so that this package's tests hash
// at bcrypt's lowest (export_test.go), where the race detector makes cost 11 take minutes.
var bcryptCost = 11

// dummyHash is compared against when no user has the address, so that a login takes as long for an
// unknown address as for a wrong password. Made on first use, not at cold start.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("not a password of anyone"), bcryptCost)
	return h
})

// Register creates an unverified user and mails a verification link. It does not tell who is a
// customer: for an address that has an account the answer has the same shape (a new-looking user,
// unverified), and the mail goes to that address instead: a fresh verification link when the
// account is unverified, a note that an account exists when it is verified. An unverified account
// past its 48 hours is replaced.
func (s *Service) Register(ctx context.Context, email, password string) (User, error) {
	email, err := normalEmail(email)
	var invalid []string
	if err != nil {
		invalid = append(invalid, badEmail)
	}
	if n := len(password); n < minPassword || n > maxPassword {
		invalid = append(invalid, fmt.Sprintf("password: must be %d to %d bytes long", minPassword, maxPassword))
	}
	if len(invalid) > 0 {
		return User{}, &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The registration is incomplete.",
			InvalidParams: invalid,
		}
	}
	u, err := s.newUser(email, password, access.RoleUser, "")
	if err != nil {
		return User{}, err
	}
	expires := u.CreatedAt.Add(verificationValid)
	u.ExpiresAt = &expires
	err = s.Store.CreateUser(ctx, u)
	if fault.Is(err, fault.Conflict) {
		return s.registerTaken(ctx, u)
	}
	if err != nil {
		return User{}, err
	}
	return u, s.sendVerification(ctx, u)
}

// registerTaken answers a registration of an address that has an account as if it were new.
func (s *Service) registerTaken(ctx context.Context, u User) (User, error) {
	existing, err := s.Store.UserByEmail(ctx, u.Email)
	if err != nil {
		return User{}, err
	}
	switch {
	case !existing.Verified && existing.Expired(s.now()):
		if err := s.Store.ReplaceUser(ctx, existing, u); err != nil {
			return User{}, err
		}
		return u, s.sendVerification(ctx, u)
	case !existing.Verified:
		err = s.sendVerification(ctx, existing)
	default:
		err = s.Mailer.Send(ctx, Mail{To: existing.Email, Subject: "You already have an account",
			Text: "Someone asked to create an account with this address, which already has one. If it was you, sign in at " +
				s.BaseURL + "/console/login with your password (or reset it at " + s.BaseURL +
				"/console/forgot). If it was not, you can ignore this mail: nothing was changed.\n"})
	}
	// The caller sees what a new registration shows: an unverified user with an ID of its own.
	return User{ID: s.newID("usr"), Email: u.Email, Plan: u.Plan, CreatedAt: u.CreatedAt, ExpiresAt: u.ExpiresAt}, err
}

// ResendVerification mails a new verification link to an unverified account's address. It answers
// the same whether or not the address has an account, and does the same work: one look-up, one
// token stored (one no mail carries when there is nothing to verify), one mail (for a verified
// address, a note that it is confirmed; for an address with no account waiting, a note saying so),
// so neither its answer nor its time tells who is a customer.
func (s *Service) ResendVerification(ctx context.Context, email string) error {
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
	known := err == nil && !u.Expired(s.now())
	waiting := known && !u.Verified
	token := rand.Text()
	userID := ""
	if waiting {
		userID = u.ID
	}
	if err := s.Store.SaveVerification(ctx, access.HashKey(token), userID, s.now().Add(verificationValid)); err != nil {
		return err
	}
	switch {
	case waiting:
		return s.Mailer.Send(ctx, s.verificationMail(u.Email, token))
	case known:
		return s.Mailer.Send(ctx, Mail{To: email, Subject: "Your address is confirmed",
			Text: "Someone asked for a new confirmation link for this address, which is confirmed already: you can sign in at " +
				s.BaseURL + "/console/login. If it was not you, you can ignore this mail.\n"})
	default:
		return s.Mailer.Send(ctx, Mail{To: email, Subject: "Confirm your e-mail address",
			Text: "Someone asked for a new confirmation link for this address, but no account with it is waiting for confirmation " +
				"(an account not confirmed within 48 hours is deleted). To create one, register at " + s.BaseURL +
				"/console/register. If it was not you, you can ignore this mail.\n"})
	}
}

func (s *Service) newUser(email, password string, role access.Role, partnerID string) (User, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcryptCost)
	if err != nil {
		return User{}, err
	}
	return User{ID: s.newID("usr"), Email: email, PasswordHash: string(hash), Role: role, PartnerID: partnerID,
		Plan: DefaultPlan, CreatedAt: s.now()}, nil
}

func (s *Service) sendVerification(ctx context.Context, u User) error {
	token := rand.Text()
	if err := s.Store.SaveVerification(ctx, access.HashKey(token), u.ID, s.now().Add(verificationValid)); err != nil {
		return err
	}
	return s.Mailer.Send(ctx, s.verificationMail(u.Email, token))
}

func (s *Service) verificationMail(to, token string) Mail {
	link := s.BaseURL + "/console/verify?token=" + url.QueryEscape(token)
	return Mail{To: to, Subject: "Confirm your e-mail address",
		Text: "Open this link to confirm your address (valid 48 hours):\n\n" + link +
			"\n\nOr POST {\"token\": \"" + token + "\"} to " + s.BaseURL + "/v1/auth/verify-email.\n"}
}

// VerifyEmail marks the user of a verification token verified. The token works once.
func (s *Service) VerifyEmail(ctx context.Context, token string) (User, error) {
	if token == "" {
		return User{}, &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The token is missing.",
			InvalidParams: []string{"token: required"},
		}
	}
	dead := &fault.Error{
		Kind:   fault.Invalid,
		Code:   "invalid_token",
		Detail: "The verification token is unknown, used or expired.",
	}
	userID, err := s.Store.ConsumeVerification(ctx, access.HashKey(token), s.now())
	if fault.Is(err, fault.NotFound) || (err == nil && userID == "") {
		// No user: the token of a resend for an address with nothing to verify, never mailed.
		return User{}, dead
	}
	if err != nil {
		return User{}, err
	}
	// A link resent late in the account's 48 hours outlives the account: once it expired (and
	// perhaps made way for a new registration of its address), its links are dead too.
	u, err := s.Store.User(ctx, userID)
	if fault.Is(err, fault.NotFound) || (err == nil && u.Expired(s.now())) {
		return User{}, dead
	}
	if err != nil {
		return User{}, err
	}
	if err := s.Store.SetVerified(ctx, u); err != nil {
		return User{}, err
	}
	u.Verified, u.ExpiresAt = true, nil // what SetVerified wrote: no second read
	return u, nil
}

// limitOf is the requests a minute of u's credentials: by plan for a user, by role otherwise.
func (s *Service) limitOf(u User) int {
	if u.Role == access.RoleUser {
		return s.RateLimits[u.Plan]
	}
	return s.RateLimits[string(u.Role)]
}

// UserByEmail finds a user by address.
func (s *Service) UserByEmail(ctx context.Context, email string) (User, error) {
	email, err := normalEmail(email)
	if err != nil {
		return User{}, fault.New(fault.Invalid, "not an e-mail address")
	}
	return s.Store.UserByEmail(ctx, email)
}

// What RFC 5321 carries (section 4.5.3.1): 64 octets before the @, and a path of 256 octets with
// its angle brackets, so 254 in all; a domain's labels are 63 octets at most (RFC 1035). An address
// past them reaches no one, and is refused before anything is stored or sent.
const (
	maxEmail      = 254
	maxLocalPart  = 64
	maxDomainPart = 63
)

// badEmail is the invalid parameter of an address refused.
const badEmail = "email: must be an e-mail address of at most 254 bytes, 64 before the @"

func normalEmail(s string) (string, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(s))
	if err != nil || a.Name != "" || !strings.Contains(a.Address, "@") {
		return "", fmt.Errorf("not an address")
	}
	at := strings.LastIndex(a.Address, "@")
	if len(a.Address) > maxEmail || at > maxLocalPart {
		return "", fmt.Errorf("over RFC 5321's bounds")
	}
	for label := range strings.SplitSeq(a.Address[at+1:], ".") {
		if len(label) > maxDomainPart {
			return "", fmt.Errorf("a domain label over 63 octets")
		}
	}
	return strings.ToLower(a.Address), nil
}
