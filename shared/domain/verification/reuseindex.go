package verification

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
)

// ReuseIndex remembers, per account, the first verification of each document (by ReuseKey) and
// its holder (by HolderKey): keyed hashes only, never a number or a name in clear, kept as long
// as verifications are.
type ReuseIndex interface {
	// First returns the first verification of the document under key in the owner's account and
	// its holder's key; found is false when the document was never verified there.
	First(ctx context.Context, ownerID, key string) (verificationID, holder string, found bool, err error)
	// Remember records the verification and holder under key unless another is there already:
	// the first holder stays the reference.
	Remember(ctx context.Context, ownerID, key, verificationID, holder string, until time.Time) error
}

// accountSecret is the account's own key, derived from the service's: a hash of one account's
// index says nothing in another's.
func accountSecret(serviceKey []byte, ownerID string) []byte {
	m := hmac.New(sha256.New, serviceKey)
	m.Write([]byte("reuse-index|" + ownerID))
	return m.Sum(nil)
}

// HolderKey is the keyed hash of a document's holder: the name and birth date the document
// carries (its MRZ's spelling), folded, so that one holder read twice has one key.
func HolderKey(accountSecret []byte, d extraction.ExtractedData) string {
	value := func(f *extraction.Field) string {
		if f == nil {
			return ""
		}
		return strings.Join(strings.Fields(strings.ToUpper(f.Value)), " ")
	}
	m := hmac.New(sha256.New, accountSecret)
	m.Write([]byte("holder|" + value(d.Surname) + "|" + value(d.GivenNames) + "|" + value(d.DateOfBirth)))
	return hex.EncodeToString(m.Sum(nil))
}

// lookUp finds the document's first verification in the account, as Run reads it, and the keys
// to remember this one by; nil when the document has no state and number to look it up by.
func (v Verifier) lookUp(ctx context.Context, in extraction.VerifyInput) (*ReuseLookup, string, string, error) {
	if v.Reuse == nil || len(v.Key) == 0 || in.Result == nil {
		return nil, "", "", nil
	}
	d := in.Result.ExtractedData
	if d.IssuingCountry == nil || d.DocumentNumber == nil {
		return nil, "", "", nil
	}
	secret := accountSecret(v.Key, in.Extraction.OwnerID)
	key := ReuseKey(secret, d.IssuingCountry.Value, d.DocumentNumber.Value)
	if key == "" {
		return nil, "", "", nil
	}
	holder := HolderKey(secret, d)
	first, firstHolder, found, err := v.Reuse.First(ctx, in.Extraction.OwnerID, key)
	if err != nil {
		return nil, "", "", err
	}
	lookup := &ReuseLookup{}
	if found && first != in.Extraction.ID { // a retry of this very verification finds itself
		lookup.Earlier, lookup.SameNameAndBirthDate = first, firstHolder == holder
	}
	return lookup, key, holder, nil
}
