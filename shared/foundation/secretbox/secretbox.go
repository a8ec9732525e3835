// Package secretbox seals small secrets (webhook signing secrets) before they are stored, with
// AES-256-GCM under a key derived from DATA_ENCRYPTION_KEY, so that a table export or backup does not
// reveal them. DynamoDB's own encryption at rest stays underneath.
package secretbox

import (
	"bytes"
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
type Box struct{ keys []cipher.AEAD }

var errNoKey = errors.New("secretbox: this function has no DATA_ENCRYPTION_KEY")

// New derives the AES-256 keys from a configured secret: one key material per line (each at least
// 32 bytes), the first sealing, every one opening. Rotating DATA_ENCRYPTION_KEY is putting the new
// material on the first line and keeping the old one below it: secrets sealed under the old one
// still open, those sealed from then on use the new one.
func New(secret []byte) (Box, error) {
	var b Box
	n := 0
	for line := range bytes.Lines(secret) {
		n++
		material := bytes.TrimSpace(line)
		if len(material) == 0 {
			continue
		}
		if len(material) < 32 {
			return Box{}, fmt.Errorf("secretbox: key material must be at least 32 bytes (line %d)", n)
		}
		key := sha256.Sum256(material)
		block, err := aes.NewCipher(key[:])
		if err != nil {
			return Box{}, err
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return Box{}, err
		}
		b.keys = append(b.keys, aead)
	}
	if len(b.keys) == 0 {
		return Box{}, errors.New("secretbox: key material must be at least 32 bytes")
	}
	return b, nil
}

// Seal encrypts plain under the first key; context binds the ciphertext to its owner (e.g. the
// partner ID), so a sealed secret copied onto another record does not open.
func (b Box) Seal(plain []byte, context string) (string, error) {
	if len(b.keys) == 0 {
		return "", errNoKey
	}
	aead := b.keys[0]
	nonce := make([]byte, aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.RawStdEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, []byte(context))), nil
}

// Open decrypts what Seal returned for the same context, under whichever of the keys sealed it.
func (b Box) Open(sealed, context string) ([]byte, error) {
	plain, _, err := b.open(sealed, context)
	return plain, err
}

// Reseal returns sealed as the first key seals it: unchanged (and false) when the first key sealed
// it, sealed anew under the first key (and true) when an older one did. Once every stored secret
// has been resealed, the older key materials can be removed.
func (b Box) Reseal(sealed, context string) (string, bool, error) {
	plain, by, err := b.open(sealed, context)
	if err != nil || by == 0 {
		return sealed, false, err
	}
	resealed, err := b.Seal(plain, context)
	return resealed, err == nil, err
}

// open decrypts sealed and says which key, by its line among the key materials, sealed it.
func (b Box) open(sealed, context string) ([]byte, int, error) {
	if len(b.keys) == 0 {
		return nil, 0, errNoKey
	}
	raw, err := base64.RawStdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < b.keys[0].NonceSize() {
		return nil, 0, errors.New("secretbox: malformed")
	}
	nonce, ciphertext := raw[:b.keys[0].NonceSize()], raw[b.keys[0].NonceSize():]
	for i, aead := range b.keys {
		var plain []byte
		if plain, err = aead.Open(nil, nonce, ciphertext, []byte(context)); err == nil {
			return plain, i, nil
		}
	}
	return nil, 0, fmt.Errorf("secretbox: %w", err)
}
