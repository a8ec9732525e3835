// Package idempotencytest is an in-memory idempotency.Store, for unit tests of idempotency keys:
// it keeps the DynamoDB repository's semantics (a key taken once per scope, its record returned to
// later requests, a lapsed or released lease taken over by the same request, an expired key free
// again), without an emulator. RunStoreSuite checks it and the repository against the same
// promises.
package idempotencytest

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
)

// Store is the fake. The zero value is not usable: use New.
type Store struct {
	mu      sync.Mutex
	records map[string]stored
}

var _ idempotency.Store = (*Store)(nil)

type stored struct {
	idempotency.Record
	expires time.Time
}

// New is an empty store.
func New() *Store { return &Store{records: map[string]stored{}} }

func id(scope, key string) string { return scope + "#" + key }

// Begin takes the key as the repository does (idempotency.Store). Times are kept to the
// millisecond, the creation time to the second, as the repository keeps them.
func (s *Store) Begin(
	_ context.Context,
	scope, key string,
	first idempotency.Record,
	now, expires time.Time,
) (idempotency.Record, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.records[id(scope, key)]
	if ok && !ms(old.expires).Before(ms(now)) {
		if old.Done || old.RequestHash != first.RequestHash || !ms(old.LeaseUntil).Before(ms(now)) {
			return clone(old.Record), false, nil
		}
		old.LeaseUntil = ms(first.LeaseUntil)
		s.records[id(scope, key)] = old
		return clone(old.Record), true, nil
	}
	rec := idempotency.Record{
		RequestHash: first.RequestHash,
		Method:      first.Method,
		Path:        first.Path,
		CreatedAt:   first.CreatedAt.Truncate(time.Second),
		Seed:        slices.Clone(first.Seed),
		LeaseUntil:  ms(first.LeaseUntil),
	}
	s.records[id(scope, key)] = stored{Record: rec, expires: expires}
	return clone(rec), true, nil
}

// Finish stores the answer of a begun request, keeping what Begin stored of the request.
func (s *Store) Finish(_ context.Context, scope, key string, a idempotency.Answer) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.records[id(scope, key)]
	a.Body = slices.Clone(a.Body)
	old.Done, old.Answer = true, a
	s.records[id(scope, key)] = old
	return nil
}

// Release ends the lease ending at lease of a record in progress; anything else is left.
func (s *Store) Release(_ context.Context, scope, key string, lease time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.records[id(scope, key)]
	if ok && !old.Done && old.LeaseUntil.Equal(ms(lease)) {
		old.LeaseUntil = time.Time{}
		s.records[id(scope, key)] = old
	}
	return nil
}

// Record is the record of scope and key as stored (false when there is none), for tests to look
// at what the guard stored or to make a record as a run killed mid-request leaves it.
func (s *Store) Record(scope, key string) (idempotency.Record, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.records[id(scope, key)]
	return clone(old.Record), ok
}

// Put stores r as the record of scope and key, expiring at expires, whatever was there.
func (s *Store) Put(scope, key string, r idempotency.Record, expires time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.records[id(scope, key)] = stored{Record: clone(r), expires: expires}
}

// Len is the number of records stored.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.records)
}

func clone(r idempotency.Record) idempotency.Record {
	r.Answer.Body, r.Seed = slices.Clone(r.Answer.Body), slices.Clone(r.Seed)
	return r
}

// ms is t to the millisecond, as the repository stores times; the zero time stays zero.
func ms(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return time.UnixMilli(t.UnixMilli()).UTC()
}
