package guard_test

import (
	"context"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// fakeKeys is a KeyStore and RateCounter in memory.
type fakeKeys struct {
	mu      sync.Mutex
	keys    map[string]access.KeyRecord
	touches int
	hits    map[string]int
}

func (f *fakeKeys) KeyByHash(_ context.Context, hash string) (access.KeyRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	k, ok := f.keys[hash]
	if !ok {
		return k, fault.New(fault.NotFound, "no")
	}
	return k, nil
}

func (f *fakeKeys) TouchKey(_ context.Context, hash string, at time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := f.keys[hash]
	k.LastUsedAt = &at
	f.keys[hash] = k
	f.touches++
	return nil
}

func (f *fakeKeys) Hit(_ context.Context, subject string, window, _ time.Time) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hits[subject+window.String()]++
	return f.hits[subject+window.String()], nil
}
