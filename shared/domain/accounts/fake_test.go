package accounts_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// fakeStore keeps the users, sessions, failure counts and tokens of the sign-in tests in memory,
// and counts the calls of each method. The ports it does not implement (credits, keys, partners)
// panic if reached: the embedded interface is nil.
type fakeStore struct {
	accounts.Store

	mu       sync.Mutex
	users    map[string]accounts.User // by ID
	sessions map[string]accounts.Session
	failures map[string]accounts.LoginFailures
	verify   map[string]string // token hash → user ID
	resets   map[string]accounts.Reset
	calls    []string
}

func newFakeStore() *fakeStore {
	return &fakeStore{users: map[string]accounts.User{}, sessions: map[string]accounts.Session{},
		failures: map[string]accounts.LoginFailures{}, verify: map[string]string{}, resets: map[string]accounts.Reset{}}
}

func (f *fakeStore) call(name string) {
	f.calls = append(f.calls, name)
}

// took returns the calls made since the last took.
func (f *fakeStore) took() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.calls
	f.calls = nil
	return c
}

// addUser stores a user with a cheap hash of password (bcrypt's minimum cost keeps tests quick).
func (f *fakeStore) addUser(t *testing.T, id, email, password string, verified bool) accounts.User {
	t.Helper()
	h, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	u := accounts.User{
		ID:           id,
		Email:        email,
		PasswordHash: string(h),
		Verified:     verified,
		Role:         access.RoleUser,
		Plan:         "free",
	}
	f.users[id] = u
	return u
}

func (f *fakeStore) User(_ context.Context, id string) (accounts.User, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("User")
	u, ok := f.users[id]
	if !ok {
		return u, fault.New(fault.NotFound, "No such user.")
	}
	return u, nil
}

func (f *fakeStore) UserByEmail(_ context.Context, email string) (accounts.User, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("UserByEmail")
	for _, u := range f.users {
		if u.Email == email {
			return u, nil
		}
	}
	return accounts.User{}, fault.New(fault.NotFound, "No such user.")
}

func (f *fakeStore) SetPassword(_ context.Context, userID, oldHash, newHash string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("SetPassword")
	u, ok := f.users[userID]
	if !ok || u.PasswordHash != oldHash {
		return fault.New(fault.Conflict, "changed")
	}
	u.PasswordHash = newHash
	f.users[userID] = u
	return nil
}

func (f *fakeStore) SaveVerification(_ context.Context, tokenHash, userID string, _ time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("SaveVerification")
	f.verify[tokenHash] = userID
	return nil
}

func (f *fakeStore) SaveReset(_ context.Context, tokenHash string, r accounts.Reset) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("SaveReset")
	f.resets[tokenHash] = r
	return nil
}

func (f *fakeStore) ConsumeReset(_ context.Context, tokenHash string, now time.Time) (accounts.Reset, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("ConsumeReset")
	r, ok := f.resets[tokenHash]
	delete(f.resets, tokenHash)
	if !ok || !now.Before(r.ExpiresAt) {
		return r, fault.New(fault.NotFound, "No such token.")
	}
	return r, nil
}

func (f *fakeStore) CreateSession(_ context.Context, s accounts.Session, passwordHash string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("CreateSession")
	if f.users[s.UserID].PasswordHash != passwordHash {
		return fault.New(fault.Conflict, "changed")
	}
	f.sessions[s.ID] = s
	return nil
}

func (f *fakeStore) Sessions(_ context.Context, userID string) ([]accounts.Session, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("Sessions")
	var out []accounts.Session
	for _, s := range f.sessions {
		if s.UserID == userID {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b accounts.Session) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

func (f *fakeStore) SessionActive(_ context.Context, userID, sessionID string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.sessions[sessionID]
	if !ok || s.UserID != userID {
		return "", fault.New(fault.NotFound, "No such session.")
	}
	return s.TokenHash, nil
}

func (f *fakeStore) DeleteSession(_ context.Context, userID, sessionID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("DeleteSession")
	if s, ok := f.sessions[sessionID]; !ok || s.UserID != userID {
		return fault.New(fault.NotFound, "No such session.")
	}
	delete(f.sessions, sessionID)
	return nil
}

func (f *fakeStore) DeleteSessions(_ context.Context, userID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("DeleteSessions")
	for id, s := range f.sessions {
		if s.UserID == userID {
			delete(f.sessions, id)
		}
	}
	return nil
}

func (f *fakeStore) ReserveLogin(
	_ context.Context,
	subject string,
	free int,
	now, hold, _ time.Time,
) (accounts.LoginFailures, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("ReserveLogin")
	c := f.failures[subject]
	if c.Count >= free && now.Before(c.Until) {
		return c, false, nil
	}
	c.Count++
	c.Last, c.Until = now, hold
	f.failures[subject] = c
	return c, true, nil
}

func (f *fakeStore) LockLogin(_ context.Context, subject string, until time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("LockLogin")
	if c, ok := f.failures[subject]; ok && c.Until.Before(until) {
		c.Until = until
		f.failures[subject] = c
	}
	return nil
}

func (f *fakeStore) ClearLoginFailures(_ context.Context, subject string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("ClearLoginFailures")
	delete(f.failures, subject)
	return nil
}

// fakeMailer keeps the mails sent.
type fakeMailer struct {
	mu   sync.Mutex
	sent []accounts.Mail
}

func (m *fakeMailer) Send(_ context.Context, mail accounts.Mail) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, mail)
	return nil
}

// clock is a settable Now.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// newService is a Service on a fake store and mailer, with a clock the test moves.
func newService(store *fakeStore, mailer *fakeMailer, c *clock) *accounts.Service {
	return &accounts.Service{Store: store, Mailer: mailer, BaseURL: "https://api.example", Now: c.now,
		Tokens: access.Tokens{
			Secret: []byte("test-secret-0123456789-0123456789"),
			Issuer: "https://api.example",
			TTL:    24 * time.Hour,
			Now:    c.now,
		}}
}
