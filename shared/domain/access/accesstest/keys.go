// Package accesstest holds an in-memory key store for the tests of what authenticates with it
// (access, guard).
package accesstest

import (
	"context"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Keys is an access.KeyStore and access.RateCounter in memory.
type Keys struct {
	mu      sync.Mutex
	keys    map[string]access.KeyRecord
	touches int
	hits    map[string]int
}

// NewKeys is a store holding keys, by the hash of their secret.
func NewKeys(keys map[string]access.KeyRecord) *Keys {
	return &Keys{keys: keys, hits: map[string]int{}}
}

// KeyByHash implements access.KeyStore.
func (f *Keys) KeyByHash(_ context.Context, hash string) (access.KeyRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	k, ok := f.keys[hash]
	if !ok {
		return k, fault.New(fault.NotFound, "no")
	}
	return k, nil
}

// TouchKey implements access.KeyStore.
func (f *Keys) TouchKey(_ context.Context, hash string, at time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := f.keys[hash]
	k.LastUsedAt = &at
	f.keys[hash] = k
	f.touches++
	return nil
}

// Hit implements access.RateCounter.
func (f *Keys) Hit(_ context.Context, subject string, window, _ time.Time) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hits[subject+window.String()]++
	return f.hits[subject+window.String()], nil
}

// Touches is how many times a key's last use was written.
func (f *Keys) Touches() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.touches
}

// Counters is how many rate counters (subject and window) were written.
func (f *Keys) Counters() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.hits)
}
