package accounts_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/credits/creditstest"
	"github.com/trustline/platform/shared/foundation/fault"
)

// memStore completes fakeStore with the ports the sign-in tests leave out: user creation and
// verification, keys, partners and the credits ledger (creditstest.Memory), keeping the promises
// accounts.Store states (Conflict email_taken for a taken address, limit_reached past the active
// keys a user may hold, NotFound for another owner's key or an unknown record). It is also the
// access.KeyStore of an Authenticator, so a test can present a created key as a caller would.
type memStore struct {
	*fakeStore
	*creditstest.Memory

	km       sync.Mutex
	keys     map[string]access.KeyRecord // by ID
	partners map[string]accounts.Partner
	expiries map[string]time.Time // verification token hash → expiry
}

var (
	_ accounts.Store  = (*memStore)(nil)
	_ access.KeyStore = (*memStore)(nil)
)

func newMemStore() *memStore {
	return &memStore{fakeStore: newFakeStore(), Memory: creditstest.NewMemory(), keys: map[string]access.KeyRecord{},
		partners: map[string]accounts.Partner{}, expiries: map[string]time.Time{}}
}

func (m *memStore) CreateUser(_ context.Context, u accounts.User) error {
	f := m.fakeStore
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("CreateUser")
	for _, other := range f.users {
		if other.Email == u.Email {
			return &fault.Error{Kind: fault.Conflict, Code: "email_taken", Detail: "The address has an account."}
		}
	}
	if _, ok := f.users[u.ID]; ok {
		return fault.New(fault.Conflict, "The user exists.")
	}
	f.users[u.ID] = u
	m.Open(u.ID, u.Credits)
	return nil
}

func (m *memStore) ReplaceUser(_ context.Context, old, u accounts.User) error {
	f := m.fakeStore
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("ReplaceUser")
	stored, ok := f.users[old.ID]
	if !ok || stored.Verified || stored.Email != u.Email {
		return fault.New(fault.Conflict, "The address changed hands.")
	}
	delete(f.users, old.ID)
	f.users[u.ID] = u
	m.Open(u.ID, u.Credits)
	return nil
}

func (m *memStore) SetVerified(_ context.Context, user accounts.User) error {
	f := m.fakeStore
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("SetVerified")
	u, ok := f.users[user.ID]
	if !ok {
		return fault.New(fault.NotFound, "No such user.")
	}
	u.Verified, u.ExpiresAt = true, nil
	f.users[user.ID] = u
	return nil
}

// SaveVerification keeps the token's expiry too, which fakeStore does not.
func (m *memStore) SaveVerification(ctx context.Context, tokenHash, userID string, expires time.Time) error {
	m.km.Lock()
	m.expiries[tokenHash] = expires
	m.km.Unlock()
	return m.fakeStore.SaveVerification(ctx, tokenHash, userID, expires)
}

func (m *memStore) ConsumeVerification(_ context.Context, tokenHash string, now time.Time) (string, error) {
	m.km.Lock()
	expires, known := m.expiries[tokenHash]
	delete(m.expiries, tokenHash)
	m.km.Unlock()
	f := m.fakeStore
	f.mu.Lock()
	defer f.mu.Unlock()
	f.call("ConsumeVerification")
	userID, ok := f.verify[tokenHash]
	delete(f.verify, tokenHash)
	if !ok || !known || !now.Before(expires) {
		return "", fault.New(fault.NotFound, "No such token.")
	}
	return userID, nil
}

func (m *memStore) PutKey(_ context.Context, k access.KeyRecord) error {
	m.km.Lock()
	defer m.km.Unlock()
	if _, ok := m.keys[k.ID]; ok {
		return fault.New(fault.Conflict, "The key exists already.")
	}
	m.keys[k.ID] = k
	return nil
}

func (m *memStore) CreateUserKey(_ context.Context, k access.KeyRecord, maxActive int, now time.Time) error {
	m.km.Lock()
	defer m.km.Unlock()
	active := 0
	for _, o := range m.keys {
		if o.OwnerID == k.OwnerID && o.RevokedAt == nil && (o.ExpiresAt == nil || o.ExpiresAt.After(now)) {
			active++
		}
	}
	if active >= maxActive {
		return &fault.Error{
			Kind:   fault.Conflict,
			Code:   "limit_reached",
			Detail: fmt.Sprintf("A user holds at most %d active keys.", maxActive),
		}
	}
	m.keys[k.ID] = k
	return nil
}

// Keys lists an owner's keys in no particular order, as a query of the table may.
func (m *memStore) Keys(_ context.Context, ownerID string) ([]access.KeyRecord, error) {
	m.km.Lock()
	defer m.km.Unlock()
	var out []access.KeyRecord
	for _, k := range m.keys {
		if k.OwnerID == ownerID {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b access.KeyRecord) int { return a.CreatedAt.Compare(b.CreatedAt) }) // oldest first
	return out, nil
}

func (m *memStore) RevokeKey(_ context.Context, ownerID, keyID string, at time.Time) (access.KeyRecord, error) {
	m.km.Lock()
	defer m.km.Unlock()
	k, ok := m.keys[keyID]
	if !ok || k.OwnerID != ownerID {
		return access.KeyRecord{}, fault.New(fault.NotFound, "No such key.")
	}
	if k.RevokedAt == nil {
		k.RevokedAt = &at
		m.keys[keyID] = k
	}
	return k, nil
}

func (m *memStore) RotateKey(_ context.Context, k access.KeyRecord, old []access.KeyRecord, expires time.Time) error {
	m.km.Lock()
	defer m.km.Unlock()
	for _, o := range old {
		if stored, ok := m.keys[o.ID]; !ok || stored.RevokedAt != nil {
			return fault.New(fault.Conflict, "The keys changed during the rotation; retry.")
		}
	}
	m.keys[k.ID] = k
	for _, o := range old {
		stored := m.keys[o.ID]
		stored.ExpiresAt = &expires
		m.keys[o.ID] = stored
	}
	return nil
}

func (m *memStore) KeyByHash(_ context.Context, hash string) (access.KeyRecord, error) {
	m.km.Lock()
	defer m.km.Unlock()
	for _, k := range m.keys {
		if k.Hash == hash {
			return k, nil
		}
	}
	return access.KeyRecord{}, fault.New(fault.NotFound, "No such key.")
}

func (m *memStore) TouchKey(_ context.Context, hash string, at time.Time) error {
	m.km.Lock()
	defer m.km.Unlock()
	for id, k := range m.keys {
		if k.Hash == hash {
			k.LastUsedAt = &at
			m.keys[id] = k
		}
	}
	return nil
}

func (m *memStore) CreatePartner(_ context.Context, p accounts.Partner, firstKey access.KeyRecord) error {
	m.km.Lock()
	defer m.km.Unlock()
	if _, ok := m.partners[p.ID]; ok {
		return fault.New(fault.Conflict, "The partner exists.")
	}
	m.partners[p.ID] = p
	m.keys[firstKey.ID] = firstKey
	return nil
}

func (m *memStore) Partner(_ context.Context, id string) (accounts.Partner, error) {
	m.km.Lock()
	defer m.km.Unlock()
	p, ok := m.partners[id]
	if !ok {
		return accounts.Partner{}, fault.New(fault.NotFound, "No such partner.")
	}
	return p, nil
}

func (m *memStore) SetPartnerContact(_ context.Context, id, email string) error {
	m.km.Lock()
	defer m.km.Unlock()
	p, ok := m.partners[id]
	if !ok {
		return fault.New(fault.NotFound, "No such partner.")
	}
	if p.Contact == "" {
		p.Contact = email
		m.partners[id] = p
	}
	return nil
}

func (m *memStore) key(id string) access.KeyRecord {
	m.km.Lock()
	defer m.km.Unlock()
	return m.keys[id]
}

func (m *memStore) keyCount() int {
	m.km.Lock()
	defer m.km.Unlock()
	return len(m.keys)
}

// endpointCall is one call to KeyEndpoints.
type endpointCall struct {
	what, ownerID, keyID string
	at                   time.Time
}

// fakeEndpoints records what the service asks to end.
type fakeEndpoints struct {
	mu    sync.Mutex
	calls []endpointCall
}

func (e *fakeEndpoints) DeleteEndpointsOfKey(_ context.Context, ownerID, keyID string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.calls = append(e.calls, endpointCall{what: "delete", ownerID: ownerID, keyID: keyID})
	return nil
}

func (e *fakeEndpoints) EndPartnerConfigsOfKey(_ context.Context, partnerID, keyID string, at time.Time) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.calls = append(e.calls, endpointCall{what: "end", ownerID: partnerID, keyID: keyID, at: at})
	return nil
}

var rateLimits = map[string]int{"free": 60, "pro": 600, "partner": 1200, "admin": 300}

// newFullService is a Service of the sandbox stage on a memStore, recording endpoint calls, with a
// clock the test moves.
func newFullService(store *memStore, mailer *fakeMailer, c *clock) (*accounts.Service, *fakeEndpoints) {
	ends := &fakeEndpoints{}
	svc := newService(store.fakeStore, mailer, c)
	svc.Store, svc.Endpoints, svc.Stage, svc.RateLimits, svc.RotationGrace = store, ends, "sandbox", rateLimits,
		24*time.Hour
	return svc, ends
}

// keyAuthenticator checks API keys against the store, as the sandbox stage's API does.
func keyAuthenticator(store *memStore, c *clock) *access.Authenticator {
	return &access.Authenticator{Keys: store, Sessions: store, Counter: oneHit{}, Stage: "sandbox",
		RateLimits: rateLimits, Now: c.now}
}

// oneHit is a rate counter under which every request is the first of its window.
type oneHit struct{}

func (oneHit) Hit(context.Context, string, time.Time, time.Time) (int, error) { return 1, nil }
