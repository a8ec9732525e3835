package secretbox

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Keyring is the key material a running function holds through a rotation of DATA_ENCRYPTION_KEY:
// a Box that loads the material again when a secret does not open under the keys it holds (one
// sealed under a newer first line, after a re-seal), and once it has held them for MaxAge, so that
// a function started before a rotation opens what is sealed after it and soon seals under the new
// line itself. It tries a load at most once a minute; a failed load keeps the material it holds.
// A nil *Keyring, like the zero Box, has no key: sealing and opening with it fail.
type Keyring struct {
	load   func(context.Context) ([]byte, error)
	maxAge time.Duration
	now    func() time.Time

	mu       sync.Mutex
	box      Box
	loadedAt time.Time // when box's material was loaded
	tried    time.Time // the last load tried, loaded or not
}

// retryLoad is the least time between two loads of a Keyring's material.
const retryLoad = time.Minute

// NewKeyring holds material (as New reads it) and loads it again with load; a nil load never
// does (the material is set once, as a self-hosted run's DATA_ENCRYPTION_KEY is).
func NewKeyring(
	material []byte,
	load func(context.Context) ([]byte, error),
	maxAge time.Duration,
	now func() time.Time,
) (*Keyring, error) {
	box, err := New(material)
	if err != nil {
		return nil, err
	}
	return &Keyring{load: load, maxAge: maxAge, now: now, box: box, loadedAt: now()}, nil
}

// Seal seals plain, bound to binding as Box.Seal binds it, under the first key material held.
func (k *Keyring) Seal(ctx context.Context, plain []byte, binding string) (string, error) {
	if k == nil {
		return "", errNoKey
	}
	box, _ := k.current(ctx, false)
	return box.Seal(plain, binding)
}

// Open opens sealed under the key materials held (Box.Open) and, when none opens it, under the
// material loaded afresh.
func (k *Keyring) Open(ctx context.Context, sealed, binding string) ([]byte, error) {
	if k == nil {
		return nil, errNoKey
	}
	box, _ := k.current(ctx, false)
	plain, err := box.Open(sealed, binding)
	if err == nil || k.load == nil {
		return plain, err
	}
	box, loadErr := k.current(ctx, true)
	if plain, err = box.Open(sealed, binding); err != nil && loadErr != nil {
		err = errors.Join(err, loadErr)
	}
	return plain, err
}

// current returns the Box to use, after loading the material again when it is older than maxAge
// or the caller found it stale, unless a load was tried less than a minute ago.
func (k *Keyring) current(ctx context.Context, stale bool) (Box, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	now := k.now()
	if k.load == nil || !stale && now.Sub(k.loadedAt) < k.maxAge || now.Sub(k.tried) < retryLoad {
		return k.box, nil
	}
	k.tried = now
	material, err := k.load(ctx)
	if err != nil {
		return k.box, fmt.Errorf("secretbox: loading the key material again: %w", err)
	}
	box, err := New(material)
	if err != nil {
		return k.box, fmt.Errorf("secretbox: the key material loaded again: %w", err)
	}
	k.box, k.loadedAt = box, now
	return box, nil
}
