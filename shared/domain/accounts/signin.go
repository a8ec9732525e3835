package accounts

import (
	"context"
	"strconv"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
	"golang.org/x/crypto/bcrypt"
)

// Failed logins are counted per address (the account, or the address that has none: an unknown
// address is throttled exactly like a customer's, so a lockout tells no one who is a customer).
// After freeLoginFailures consecutive failures, each further failure locks the address for
// firstLockout, doubled at each failure, up to maxLockout. During a lockout every attempt is
// refused before the password is checked, a correct one too, so an attacker learns nothing; the
// refused attempts are not counted. A correct password ends the count, and so does a reset by mail.
//
// Each attempt is counted as a failure before its password is checked, by one conditional write
// (LoginGuard.ReserveLogin), and the outcome is recorded after: so however many attempts arrive at
// once, at most freeLoginFailures are checked against the password, then one per lockout. An
// attempt past the free ones holds the address for firstLockout while it runs, so that attempts
// racing it are refused; a process that dies mid-attempt leaves the attempt counted as a failure.
const (
	freeLoginFailures = 5
	firstLockout      = 30 * time.Second
	maxLockout        = 15 * time.Minute
	// failuresKept is how long a count lasts after its last failure (the item's TTL).
	failuresKept = 24 * time.Hour
)

// LoginFailures is the count of consecutive failed logins of an address, the attempts in progress
// counted as failures.
type LoginFailures struct {
	Count int
	Last  time.Time // the latest attempt counted
	// Until is when an address past its free failures may try again: the end of its lockout, or
	// of the hold of an attempt in progress.
	Until time.Time
}

// LockedUntil is when the address may try again: the zero time when it is not locked.
func (f LoginFailures) LockedUntil() time.Time {
	if f.Count < freeLoginFailures {
		return time.Time{}
	}
	lock := maxLockout
	if n := f.Count - freeLoginFailures; n < 16 {
		lock = min(firstLockout<<n, maxLockout)
	}
	return f.Last.Add(lock)
}

// LoginGuard counts login attempts per address, each before its password is checked.
type LoginGuard interface {
	// ReserveLogin counts one attempt of an address as a failure, in one conditional write: when
	// the address has fewer than free failures, or its Until has passed at now, the count goes up
	// by one, Last becomes now and Until becomes hold, and it returns the count as it is afterwards
	// and true; otherwise it writes nothing and returns the count as it is and false. The count is
	// kept until expires.
	ReserveLogin(
		ctx context.Context,
		subject string,
		free int,
		now, hold, expires time.Time,
	) (LoginFailures, bool, error)
	// LockLogin sets an address's Until to until, unless it is later already; nil when the address
	// has no count (a correct password ended it meanwhile).
	LockLogin(ctx context.Context, subject string, until time.Time) error
	// ClearLoginFailures ends an address's count; nil when it had none.
	ClearLoginFailures(ctx context.Context, subject string) error
}

// Session is one login: the JWT it issued carries its ID, and works while the session is stored.
// Signing out deletes it.
type Session struct {
	ID        string
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
	// TokenHash is the hash (access.HashKey) of the session's token: a function that does not hold
	// the signing secret accepts the token by it (access.Authenticator).
	TokenHash string
}

// Sessions keeps login sessions.
type Sessions interface {
	// CreateSession stores a session of a user whose password hash is still passwordHash, in one
	// transaction: Conflict when the password changed since it was checked, so a login racing a
	// password change cannot outlive it.
	CreateSession(ctx context.Context, s Session, passwordHash string) error
	// Sessions lists a user's sessions, newest first.
	Sessions(ctx context.Context, userID string) ([]Session, error)
	// DeleteSession signs one of a user's sessions out; NotFound when the user has no such session.
	DeleteSession(ctx context.Context, userID, sessionID string) error
	// DeleteSessions signs out every session of a user stored when it is called.
	DeleteSessions(ctx context.Context, userID string) error
}

// Login is what a successful login returns.
type Login struct {
	Token     string
	ExpiresAt time.Time
	SessionID string
}

// loginSubject is the key of an address's failure count: a hash, so that the addresses of people
// who are not customers are not stored in the clear.
func loginSubject(email string) string { return access.HashKey("login:" + email) }

// reserveLogin counts an attempt of the address as a failure before its password is checked, or
// refuses it while the address is locked out (RateLimited, with the seconds to wait). It returns
// the count with this attempt.
func (s *Service) reserveLogin(ctx context.Context, subject string) (LoginFailures, error) {
	now := s.now()
	f, ok, err := s.Store.ReserveLogin(ctx, subject, freeLoginFailures, now, now.Add(firstLockout),
		now.Add(failuresKept))
	if err != nil {
		return f, err
	}
	if !ok {
		return f, lockedOut(f.Until.Sub(now))
	}
	return f, nil
}

// loginFailed records a failed attempt, already counted by reserveLogin, and returns the answer:
// wrong, or, when this failure starts a lockout, the lockout (so the caller learns at once how
// long to wait).
func (s *Service) loginFailed(ctx context.Context, subject string, f LoginFailures, wrong error) error {
	until := f.LockedUntil()
	if !f.Last.Before(until) {
		return wrong
	}
	if err := s.Store.LockLogin(ctx, subject, until); err != nil {
		return err
	}
	return lockedOut(until.Sub(s.now()))
}

// lockedOut is the problem of an address locked out for wait, in whole seconds (one at least).
func lockedOut(wait time.Duration) error {
	secs := max(int((wait+time.Second-1)/time.Second), 1)
	detail := "Too many failed logins for this address; retry after " + strconv.Itoa(secs) +
		" s, or reset the password by mail."
	return &fault.Error{Kind: fault.RateLimited, Code: "login_locked", RetryAfter: secs, Detail: detail}
}

// startSession stores a new session of u and issues its token.
func (s *Service) startSession(ctx context.Context, u User) (Login, error) {
	p := access.Principal{
		Role:      u.Role,
		UserID:    u.ID,
		PartnerID: u.PartnerID,
		RateLimit: s.limitOf(u),
		SessionID: s.newID("ses"),
	}
	token, exp, err := s.Tokens.Issue(p)
	if err != nil {
		return Login{}, err
	}
	session := Session{ID: p.SessionID, UserID: u.ID, CreatedAt: s.now(), ExpiresAt: exp,
		TokenHash: access.HashKey(token)}
	err = s.Store.CreateSession(ctx, session, u.PasswordHash)
	if fault.Is(err, fault.Conflict) {
		return Login{}, fault.New(fault.Unauthorized, "The password changed during the login; log in again.")
	}
	if err != nil {
		return Login{}, err
	}
	return Login{Token: token, ExpiresAt: exp, SessionID: p.SessionID}, nil
}

// Sessions lists a user's login sessions, newest first, without those already expired.
func (s *Service) Sessions(ctx context.Context, userID string) ([]Session, error) {
	all, err := s.Store.Sessions(ctx, userID)
	if err != nil {
		return nil, err
	}
	live := all[:0]
	for _, ss := range all {
		if s.now().Before(ss.ExpiresAt) {
			live = append(live, ss)
		}
	}
	return live, nil
}

// Logout signs one session of the user out; its token answers 401 from then on.
func (s *Service) Logout(ctx context.Context, userID, sessionID string) error {
	return s.Store.DeleteSession(ctx, userID, sessionID)
}

// LogoutAll signs out every session of the user (sign out everywhere). API keys are not sessions:
// they stay valid until revoked.
func (s *Service) LogoutAll(ctx context.Context, userID string) error {
	return s.Store.DeleteSessions(ctx, userID)
}

// Login checks the password of a verified user, stores a session and issues its JWT. Failed logins
// are counted per address, with a lockout that grows (see LoginFailures); a locked address is
// refused before its password is checked.
func (s *Service) Login(ctx context.Context, email, password string) (Login, error) {
	wrong := fault.New(fault.Unauthorized, "The e-mail address or the password is wrong.")
	email, err := normalEmail(email)
	if err != nil {
		_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
		return Login{}, wrong
	}
	subject := loginSubject(email)
	attempt, err := s.reserveLogin(ctx, subject)
	if err != nil {
		return Login{}, err
	}
	u, err := s.Store.UserByEmail(ctx, email)
	if fault.Is(err, fault.NotFound) || (err == nil && u.Expired(s.now())) {
		_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
		return Login{}, s.loginFailed(ctx, subject, attempt, wrong)
	}
	if err != nil {
		return Login{}, err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) != nil {
		return Login{}, s.loginFailed(ctx, subject, attempt, wrong)
	}
	if err := s.Store.ClearLoginFailures(ctx, subject); err != nil {
		return Login{}, err
	}
	if !u.Verified {
		return Login{}, &fault.Error{Kind: fault.Forbidden, Code: "email_not_verified",
			Detail: "Confirm your e-mail address with the link we sent before logging in."}
	}
	return s.startSession(ctx, u)
}
