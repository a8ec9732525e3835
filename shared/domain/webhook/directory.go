package webhook

import (
	"context"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/secretbox"
)

// ConfigStore keeps webhook configuration. Missing records are NotFound faults.
type ConfigStore interface {
	PartnerConfig(ctx context.Context, partnerID string) (PartnerConfig, error)
	// SetPartnerConfig makes c.Config the partner's webhook, as version c.Config.Version+1, and
	// records the change, in one write conditioned on the stored version being c.Config.Version
	// (ErrPartnerConfigMoved otherwise: another change landed since it was read)
	// that, when a key made the change, also checks that the key is not revoked (Unauthorized
	// when it was).
	SetPartnerConfig(ctx context.Context, partnerID string, c PartnerChange) error
	// PartnerChanges lists a partner's recorded webhook changes, newest first, limit per page.
	PartnerChanges(ctx context.Context, partnerID string, limit int, cursor string) ([]PartnerChange, string, error)
	// CreateEndpoint stores a new endpoint if the owner has fewer than max that are active at
	// now and, when a key asks, that key is not revoked, all in one write; Conflict
	// (limit_reached) over the limit, Unauthorized when the key was revoked meanwhile.
	CreateEndpoint(ctx context.Context, e Endpoint, max int, now time.Time) error
	// RotateEndpointSecret stores e's secrets (SealedSecret, PreviousSealedSecret, PreviousUntil)
	// on condition that the endpoint still has the sealed secret was, as read: NotFound when it is
	// gone (deleted meanwhile), Conflict when another rotation landed first. Nothing else changes.
	RotateEndpointSecret(ctx context.Context, e Endpoint, was string) error
	Endpoint(ctx context.Context, ownerID, id string) (Endpoint, error)
	Endpoints(ctx context.Context, ownerID string) ([]Endpoint, error)
	DeleteEndpoint(ctx context.Context, ownerID, id string) error
	// DeleteEndpointsOfKey removes the owner's endpoints that the given API key created.
	DeleteEndpointsOfKey(ctx context.Context, ownerID, keyID string) error
}

// Directory is the webhook configuration in force, as both the Service (which changes it) and the
// Engine (which sends by it, through Target) read it: a partner's webhook as its keys' standing
// leaves it, a user's endpoints that are still active, and the secrets that sign.
type Directory struct {
	Config ConfigStore
	Keys   *secretbox.Keyring // nil in functions that only publish: they never seal or open a secret
	Now    func() time.Time
}

var _ Targets = Directory{}

// Target resolves the current URL and secret of a delivery's owner: Directory is the engine's
// Targets.
func (dir Directory) Target(ctx context.Context, d Delivery) (Target, error) {
	switch d.Scheme {
	case SchemePartner:
		c, err := dir.partnerConfig(ctx, d.OwnerID)
		if err != nil {
			return Target{}, err
		}
		if c.URL == "" {
			return Target{}, fault.New(fault.NotFound, "The partner has no webhook URL.")
		}
		t := Target{URL: c.URL}
		if c.SealedSecret != "" {
			bind := secretContext(SecretOfPartner, d.OwnerID)
			if t.Secret, err = dir.Keys.Open(ctx, c.SealedSecret, bind); err != nil {
				return Target{}, err
			}
		}
		return t, nil
	case SchemeIdentity:
		e, err := dir.Endpoint(ctx, d.OwnerID, d.EndpointID)
		if err != nil {
			return Target{}, err
		}
		bind := secretContext(SecretOfEndpoint, e.ID)
		secret, err := dir.Keys.Open(ctx, e.SealedSecret, bind)
		if err != nil {
			return Target{}, err
		}
		t := Target{URL: e.URL, Secret: secret}
		if e.PreviousSealedSecret != "" && e.PreviousUntil != nil && dir.now().Before(*e.PreviousUntil) {
			if t.Previous, err = dir.Keys.Open(ctx, e.PreviousSealedSecret, bind); err != nil {
				return Target{}, err
			}
		}
		return t, nil
	}
	return Target{}, fmt.Errorf("webhook: unknown scheme %q", d.Scheme)
}

func (dir Directory) now() time.Time {
	if dir.Now != nil {
		return dir.Now()
	}
	return time.Now()
}
