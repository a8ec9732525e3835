// Package secretbox seals small secrets (webhook signing secrets) before they are stored, with
// AES-256-GCM under a key derived from DATA_ENCRYPTION_KEY, so that a table export or backup does not
// reveal them. DynamoDB's own encryption at rest stays underneath.
package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
)

// Box seals and opens secrets. The zero Box has no key (a function that was not given
// DATA_ENCRYPTION_KEY, as it has no use for it): sealing and opening with it fail.
type Box struct{ aead cipher.AEAD }

var errNoKey = errors.New("secretbox: this function has no DATA_ENCRYPTION_KEY")

// New derives the AES-256 key from a configured secret (at least 32 characters).
func New(secret []byte) (Box, error) {
	if len(secret) < 32 {
		return Box{}, errors.New("secretbox: key material must be at least 32 bytes")
	}
	key := sha256.Sum256(secret)
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return Box{}, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return Box{}, err
	}
	return Box{aead: aead}, nil
}

// Seal encrypts plain; context binds the ciphertext to its owner (e.g. the partner ID), so a sealed
// secret copied onto another record does not open.
func (b Box) Seal(plain []byte, context string) (string, error) {
	if b.aead == nil {
		return "", errNoKey
	}
	nonce := make([]byte, b.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.RawStdEncoding.EncodeToString(b.aead.Seal(nonce, nonce, plain, []byte(context))), nil
}

// Open decrypts what Seal returned for the same context.
func (b Box) Open(sealed, context string) ([]byte, error) {
	if b.aead == nil {
		return nil, errNoKey
	}
	raw, err := base64.RawStdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < b.aead.NonceSize() {
		return nil, errors.New("secretbox: malformed")
	}
	plain, err := b.aead.Open(nil, raw[:b.aead.NonceSize()], raw[b.aead.NonceSize():], []byte(context))
	if err != nil {
		return nil, fmt.Errorf("secretbox: %w", err)
	}
	return plain, nil
}
