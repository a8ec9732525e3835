// Package idempotencytest is an in-memory idempotency.Store, for unit tests of idempotency keys:
// it keeps the DynamoDB repository's semantics (a key taken once per scope, its record returned to
// later requests, an expired or abandoned key free again), without an emulator. RunStoreSuite
// checks it and the repository against the same promises.
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
	// Now is the clock that tells expired records; nil is time.Now, as the repository compares
	// with the time of the write.
	Now func() time.Time
}

var _ idempotency.Store = (*Store)(nil)

type stored struct {
	idempotency.Record
	expires time.Time
}

// New is an empty store.
func New() *Store { return &Store{records: map[string]stored{}} }

func id(scope, key string) string { return scope + "#" + key }

// Begin stores first unless a record that has not expired exists, which it returns instead. The
// creation time is kept to the second, as the repository keeps it.
func (s *Store) Begin(
	_ context.Context,
	scope, key string,
	first idempotency.Record,
	expires time.Time,
) (idempotency.Record, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.records[id(scope, key)]; ok && old.expires.Unix() >= s.now().Unix() {
		return clone(old.Record), false, nil
	}
	rec := idempotency.Record{
		RequestHash: first.RequestHash,
		Method:      first.Method,
		Path:        first.Path,
		CreatedAt:   first.CreatedAt.Truncate(time.Second),
	}
	s.records[id(scope, key)] = stored{Record: rec, expires: expires}
	return first, true, nil
}

// Finish stores the response of a begun request, keeping what Begin stored of the request.
func (s *Store) Finish(_ context.Context, scope, key string, r idempotency.Record) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.records[id(scope, key)]
	old.Done, old.Status, old.ContentType, old.Body = true, r.Status, r.ContentType, slices.Clone(r.Body)
	s.records[id(scope, key)] = old
	return nil
}

// Abandon deletes a record.
func (s *Store) Abandon(_ context.Context, scope, key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.records, id(scope, key))
	return nil
}

// Len is the number of records stored.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.records)
}

func clone(r idempotency.Record) idempotency.Record {
	r.Body = slices.Clone(r.Body)
	return r
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}
