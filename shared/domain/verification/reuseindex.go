package verification

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/facematch"
)

// ReuseIndex remembers, per account, the first verification of each document (by ReuseKey) and
// its holder: keyed hashes and a face embedding only, never a number, a name or an image, kept as
// long as verifications are.
type ReuseIndex interface {
	// First returns the first verification of the document under key in the owner's account and
	// its holder; found is false when the document was never verified there.
	First(ctx context.Context, ownerID, key string) (verificationID string, holder Holder, found bool, err error)
	// Remember records the verification and holder under key unless another is there already:
	// the first holder stays the reference.
	Remember(ctx context.Context, ownerID, key, verificationID string, holder Holder, until time.Time) error
}

// Holder is who a verification found holding a document: the keyed hash of the name and birth
// date the document carries (HolderKey), and the selfie's face embedding when the verification
// had a selfie whose face was matched (facematch.Result.SelfieEmbedding; nil otherwise).
type Holder struct {
	Key  string
	Face []float32
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

// lookUp finds the document's first verification in the account, as Run reads it, and the key
// and holder to remember this one by: an empty key when the index knows the document already
// (the first holder stays; a retry finds itself), and a nil lookup when the document has no state
// and number to look it up by. fm is the selfie's face match (nil without one): its embedding is
// compared with the first holder's at its threshold.
func (v Verifier) lookUp(ctx context.Context, in extraction.VerifyInput, fm *facematch.Result) (
	*ReuseLookup, string, Holder, error,
) {
	if v.Reuse == nil || len(v.Key) == 0 || in.Result == nil {
		return nil, "", Holder{}, nil
	}
	d := in.Result.ExtractedData
	if d.IssuingCountry == nil || d.DocumentNumber == nil {
		return nil, "", Holder{}, nil
	}
	secret := accountSecret(v.Key, in.Extraction.OwnerID)
	key := ReuseKey(secret, d.IssuingCountry.Value, d.DocumentNumber.Value)
	if key == "" {
		return nil, "", Holder{}, nil
	}
	holder := Holder{Key: HolderKey(secret, d)}
	if fm != nil {
		holder.Face = fm.SelfieEmbedding
	}
	first, firstHolder, found, err := v.Reuse.First(ctx, in.Extraction.OwnerID, key)
	if err != nil {
		return nil, "", Holder{}, err
	}
	lookup := &ReuseLookup{}
	if !found {
		return lookup, key, holder, nil
	}
	if first != in.Extraction.ID { // a retry of this very verification finds itself
		lookup.Earlier, lookup.SameNameAndBirthDate = first, firstHolder.Key == holder.Key
		if len(holder.Face) > 0 && len(firstHolder.Face) == len(holder.Face) {
			lookup.FaceCompared = true
			lookup.SameFace = facematch.Similarity(firstHolder.Face, holder.Face) >= fm.Threshold
		}
	}
	return lookup, "", holder, nil
}
