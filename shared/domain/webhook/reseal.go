package webhook

import (
	"context"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/secretbox"
)

// What a sealed webhook secret belongs to: with the owner's ID, its sealing context, so that a
// secret copied onto another record does not open.
const (
	SecretOfPartner  = "partner"  // a partner's webhook, or one of its recorded changes; ID: the partner's
	SecretOfEndpoint = "endpoint" // a user's endpoint, current or previous secret; ID: the endpoint's
)

// secretContext binds a sealed secret to what it belongs to (SecretOfPartner, SecretOfEndpoint).
func secretContext(of, id string) string { return of + ":" + id }

// SealedSecret is one stored sealed webhook secret, as a re-seal walks them.
type SealedSecret struct {
	Of     string // SecretOfPartner or SecretOfEndpoint
	ID     string // the partner's or the endpoint's ID
	Sealed string
	Ref    string // where the store keeps it, in the store's own terms
}

// SealedSecrets is the store a re-seal walks: every sealed webhook secret there is, across tenants.
// Only an operator's command holds one; no function reads the table whole.
type SealedSecrets interface {
	// EachSealedSecret calls fn with every stored sealed secret, until fn returns an error.
	EachSealedSecret(ctx context.Context, fn func(SealedSecret) error) error
	// ReplaceSealed stores sealed in s's place if s.Sealed is still there; Conflict when it has
	// changed meanwhile (a rotation or a new configuration, sealed under the first key already).
	ReplaceSealed(ctx context.Context, s SealedSecret, sealed string) error
}

// ResealReport is what a re-seal did: the counts of secrets sealed anew under the first key, found
// under it already, changed by their owner meanwhile (and so sealed under it too), and opened by no
// key at all (sealed under a key material no longer configured: their deliveries fail until the
// owner sets a new secret).
type ResealReport struct {
	Resealed         int `json:"resealed"`
	Current          int `json:"current"`
	ChangedMeanwhile int `json:"changedMeanwhile"`
	Unreadable       int `json:"unreadable"`
}

// Reseal seals every stored webhook secret under box's first key material, after a rotation of
// DATA_ENCRYPTION_KEY: once it reports no secret unreadable, the older lines can be removed. It
// changes no secret's value, only the key it is sealed under, and can be run again at any time.
func Reseal(ctx context.Context, store SealedSecrets, box secretbox.Box) (ResealReport, error) {
	var r ResealReport
	err := store.EachSealedSecret(ctx, func(s SealedSecret) error {
		resealed, changed, err := box.Reseal(s.Sealed, secretContext(s.Of, s.ID))
		switch {
		case err != nil:
			r.Unreadable++
			return nil
		case !changed:
			r.Current++
			return nil
		}
		switch err := store.ReplaceSealed(ctx, s, resealed); {
		case fault.Is(err, fault.Conflict):
			r.ChangedMeanwhile++
		case err != nil:
			return err
		default:
			r.Resealed++
		}
		return nil
	})
	return r, err
}
