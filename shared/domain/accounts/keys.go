package accounts

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
)

const maxKeyName = 100

// MaxActiveKeys is how many unrevoked, unexpired keys one user may hold: enough for every service
// and environment, few enough that a stolen session cannot scatter keys to persist with.
const MaxActiveKeys = 20

// MaxAllowedIPs bounds a key's allow-list: the list is read by every authentication with the key
// and shown by every list of keys, and one key's 20,000 entries slowed both for its owner. Fifty
// CIDR blocks cover any real estate of addresses.
const MaxAllowedIPs = 50

// CreateUserKey creates an identity API key (sk_live_ or sk_test_) for a user.
func (s *Service) CreateUserKey(ctx context.Context, userID string, req KeyRequest) (NewKey, error) {
	var invalid []string
	req.Name = strings.TrimSpace(req.Name)
	if req.Name == "" || len(req.Name) > maxKeyName {
		invalid = append(invalid, fmt.Sprintf("name: required, at most %d characters", maxKeyName))
	}
	if req.Mode != access.ModeLive && req.Mode != access.ModeTest {
		invalid = append(invalid, "mode: must be live or test")
	}
	if len(req.AllowedIPs) > MaxAllowedIPs {
		invalid = append(invalid, fmt.Sprintf("allowedIps: at most %d items (%d sent)", MaxAllowedIPs,
			len(req.AllowedIPs)))
	}
	if req.ExpiresAt != nil && !req.ExpiresAt.After(s.now()) {
		invalid = append(invalid, "expiresAt: must be in the future")
	}
	if len(invalid) > 0 {
		return NewKey{}, &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The key request is invalid.",
			InvalidParams: invalid,
		}
	}
	u, err := s.Store.User(ctx, userID)
	if err != nil {
		return NewKey{}, err
	}
	k := s.newKeyFor(ctx, access.UserKeyFormat(req.Mode), userID, req.Name, s.limitOf(u))
	if _, ok := idempotency.AttemptOf(ctx); ok {
		keys, err := s.Store.Keys(ctx, userID)
		if err != nil {
			return NewKey{}, err
		}
		if earlier, ok, err := made(ctx, keys, k); ok || err != nil {
			return earlier, err
		}
	}
	if u.Role == access.RoleUser {
		// The plan, not its limit: the Authenticator reads the limit of the plan the owner is on.
		k.Record.Plan = u.Plan
	}
	k.Record.AllowedIPs = req.AllowedIPs
	if req.ExpiresAt != nil {
		exp := req.ExpiresAt.UTC()
		k.Record.ExpiresAt = &exp
	}
	// Counted and written as one: concurrent creations cannot pass MaxActiveKeys together.
	return k, s.Store.CreateUserKey(ctx, k.Record, MaxActiveKeys, s.now())
}

// Keys lists an owner's keys, newest first.
func (s *Service) Keys(ctx context.Context, ownerID string) ([]access.KeyRecord, error) {
	keys, err := s.Store.Keys(ctx, ownerID)
	slices.SortFunc(keys, func(a, b access.KeyRecord) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return keys, err
}

// RevokeKey revokes one of an owner's keys at once and ends what it set up that would outlive it:
// a user's key, the webhook endpoints it created; a partner's key, the webhook configurations it
// made (the one made before them, by a login or a key still valid, is in force again).
func (s *Service) RevokeKey(ctx context.Context, ownerID, keyID string) error {
	now := s.now()
	k, err := s.Store.RevokeKey(ctx, ownerID, keyID, now)
	if err != nil {
		return err
	}
	if k.Role == access.RolePartner {
		return s.Endpoints.EndPartnerConfigsOfKey(ctx, ownerID, keyID, now)
	}
	return s.Endpoints.DeleteEndpointsOfKey(ctx, ownerID, keyID)
}

// CreatePartner creates a partner of this stage and its first key.
func (s *Service) CreatePartner(ctx context.Context, name string, rateLimit int) (Partner, NewKey, error) {
	name = strings.TrimSpace(name)
	var invalid []string
	if name == "" || len(name) > maxKeyName {
		invalid = append(invalid, fmt.Sprintf("name: required, at most %d characters", maxKeyName))
	}
	if rateLimit < 0 {
		invalid = append(invalid, "rateLimit: must be positive")
	}
	if len(invalid) > 0 {
		return Partner{}, NewKey{}, &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The partner is invalid.",
			InvalidParams: invalid,
		}
	}
	if rateLimit == 0 {
		rateLimit = s.RateLimits["partner"]
	}
	p := Partner{ID: s.idFor(ctx, "prt"), Name: name, Stage: s.Stage, RateLimit: rateLimit, CreatedAt: s.now()}
	k := s.newKeyFor(ctx, access.PartnerKeyFormat(s.Stage), p.ID, "initial", rateLimit)
	if _, ok := idempotency.AttemptOf(ctx); ok {
		// An earlier run of the request (under its idempotency key) may have created them.
		stored, err := s.Store.Partner(ctx, p.ID)
		if err == nil {
			keys, err := s.Store.Keys(ctx, p.ID)
			if err != nil {
				return Partner{}, NewKey{}, err
			}
			earlier, ok, err := made(ctx, keys, k)
			if ok || err != nil {
				return stored, earlier, err
			}
		} else if !fault.Is(err, fault.NotFound) {
			return Partner{}, NewKey{}, err
		}
	}
	return p, k, s.Store.CreatePartner(ctx, p, k.Record)
}

// RotatePartnerKey issues a new key; the partner's other active keys keep working for the rotation
// grace period, then expire.
func (s *Service) RotatePartnerKey(ctx context.Context, partnerID string) (NewKey, error) {
	p, err := s.Store.Partner(ctx, partnerID)
	if err != nil {
		return NewKey{}, err
	}
	keys, err := s.Store.Keys(ctx, partnerID)
	if err != nil {
		return NewKey{}, err
	}
	now := s.now()
	k := s.newKeyFor(ctx, access.PartnerKeyFormat(s.Stage), partnerID, "rotated", p.RateLimit)
	k.Record.CreatedAt = now
	if earlier, ok, err := made(ctx, keys, k); ok || err != nil {
		if err != nil {
			return NewKey{}, err
		}
		// An earlier run of the request (under its idempotency key) rotated: the keys it set to
		// expire are those whose expiry is its grace end; what they configured ends with them, which
		// that run may not have recorded before it stopped.
		graceEnd := earlier.Record.CreatedAt.Add(s.RotationGrace)
		for _, o := range keys {
			if o.ID != k.Record.ID && o.RevokedAt == nil && o.ExpiresAt != nil &&
				o.ExpiresAt.Sub(graceEnd).Abs() < time.Second {
				if err := s.Endpoints.EndPartnerConfigsOfKey(ctx, partnerID, o.ID, *o.ExpiresAt); err != nil {
					return NewKey{}, err
				}
			}
		}
		return earlier, nil
	}
	graceEnd := now.Add(s.RotationGrace)
	var old []access.KeyRecord
	for _, k := range keys {
		if k.RevokedAt == nil && (k.ExpiresAt == nil || k.ExpiresAt.After(graceEnd)) {
			old = append(old, k)
		}
	}
	if err := s.Store.RotateKey(ctx, k.Record, old, graceEnd); err != nil {
		return NewKey{}, err
	}
	// What the old keys configured ends with them, at the end of the grace period.
	for _, o := range old {
		if err := s.Endpoints.EndPartnerConfigsOfKey(ctx, partnerID, o.ID, graceEnd); err != nil {
			return NewKey{}, err
		}
	}
	return k, nil
}
