package idempotency

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
)

// Lock is one key's protection at rest. A stored response may hold what is shown once (an API
// key's secret, a webhook endpoint's signing secret, a handoff session's consume token), and a
// seed derives such secrets: neither may be readable by whoever reads the table. So a record is
// stored under Name, a one-way function of the scope and the key, and its body and seed are
// sealed (AES-256-GCM) under a key derived from the idempotency key, which only the caller holds:
// a replay brings the key and opens them; the table alone does not.
type Lock struct {
	name  string
	aead  cipher.AEAD
	scope string
}

// LockOf is the lock of key in scope.
func LockOf(scope, key string) Lock {
	mac := hmac.New(sha256.New, []byte(key))
	mac.Write([]byte("trustline idempotency v1\x00" + scope))
	root := mac.Sum(nil)
	derive := func(label string) []byte {
		m := hmac.New(sha256.New, root)
		m.Write([]byte(label))
		return m.Sum(nil)
	}
	block, err := aes.NewCipher(derive("seal"))
	if err != nil {
		panic(err) // a 32-byte key is always a valid AES key
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return Lock{name: base64.RawURLEncoding.EncodeToString(derive("name")[:24]), aead: aead, scope: scope}
}

// Name is what the record is stored under, in place of the key.
func (l Lock) Name() string { return l.name }

// Seal seals plain (nil stays nil).
func (l Lock) Seal(plain []byte) []byte {
	if plain == nil {
		return nil
	}
	nonce := make([]byte, l.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return l.aead.Seal(nonce, nonce, plain, []byte(l.scope))
}

// ErrSealed is Open's error for what this lock did not seal.
var ErrSealed = errors.New("idempotency: a sealed value does not open under its key")

// Open opens what Seal sealed (nil stays nil).
func (l Lock) Open(sealed []byte) ([]byte, error) {
	if sealed == nil {
		return nil, nil
	}
	n := l.aead.NonceSize()
	if len(sealed) < n {
		return nil, ErrSealed
	}
	plain, err := l.aead.Open(nil, sealed[:n], sealed[n:], []byte(l.scope))
	if err != nil {
		return nil, ErrSealed
	}
	return plain, nil
}
