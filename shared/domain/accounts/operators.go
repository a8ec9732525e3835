package accounts

import (
	"context"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/foundation/fault"
)

// CreateAdmin creates a verified administrator and its first ak_ key (operators only: infra/admin).
func (s *Service) CreateAdmin(ctx context.Context, email, password string) (User, NewKey, error) {
	return s.createVerified(ctx, email, password, access.RoleAdmin, "")
}

// CreateAdminKey issues another ak_ key of this stage to an administrator (operators only: the
// local runner, when a restart no longer knows the secret of the key it made). NotFound when no
// administrator has the ID.
func (s *Service) CreateAdminKey(ctx context.Context, adminID string) (NewKey, error) {
	u, err := s.Store.User(ctx, adminID)
	if err == nil && u.Role != access.RoleAdmin {
		err = fault.New(fault.NotFound, "No administrator has this ID.")
	}
	if err != nil {
		return NewKey{}, err
	}
	k := s.newKey(access.AdminKeyFormat(s.Stage), u.ID, "admin", s.RateLimits["admin"])
	return k, s.Store.PutKey(ctx, k.Record)
}

// CreateVerifiedUser creates an identity API user whose address is known good (operators only): no
// verification mail is sent.
func (s *Service) CreateVerifiedUser(ctx context.Context, email, password string) (User, error) {
	u, _, err := s.createVerified(ctx, email, password, access.RoleUser, "")
	return u, err
}

// CreatePartnerUser creates a verified back-office user bound to a partner (operators only).
func (s *Service) CreatePartnerUser(ctx context.Context, email, password, partnerID string) (User, error) {
	if _, err := s.Store.Partner(ctx, partnerID); err != nil {
		return User{}, err
	}
	u, _, err := s.createVerified(ctx, email, password, access.RolePartner, partnerID)
	if err != nil {
		return User{}, err
	}
	return u, s.Store.SetPartnerContact(ctx, partnerID, u.Email)
}

// createVerified creates a verified user of role, and an administrator's first key.
func (s *Service) createVerified(
	ctx context.Context,
	email, password string,
	role access.Role,
	partnerID string,
) (User, NewKey, error) {
	email, err := normalEmail(email)
	if err != nil || len(password) < minPassword || len(password) > maxPassword {
		return User{}, NewKey{}, fault.Newf(fault.Invalid,
			"an e-mail address and a password of %d to %d bytes are required", minPassword, maxPassword)
	}
	u, err := s.newUser(email, password, role, partnerID)
	if err != nil {
		return User{}, NewKey{}, err
	}
	u.Verified = true
	if err := s.Store.CreateUser(ctx, u); err != nil {
		return User{}, NewKey{}, err
	}
	if role != access.RoleAdmin {
		return u, NewKey{}, nil
	}
	k := s.newKey(access.AdminKeyFormat(s.Stage), u.ID, "admin", s.RateLimits["admin"])
	return u, k, s.Store.PutKey(ctx, k.Record)
}

// VerifyUser marks a user verified without the mail (operators only).
func (s *Service) VerifyUser(ctx context.Context, email string) (User, error) {
	u, err := s.UserByEmail(ctx, email)
	if err != nil {
		return User{}, err
	}
	if err := s.Store.SetVerified(ctx, u); err != nil {
		return User{}, err
	}
	u.Verified, u.ExpiresAt = true, nil
	return u, nil
}

// GrantCredits adds credits to a user's balance (operators only), recorded in the ledger.
func (s *Service) GrantCredits(ctx context.Context, userID string, n int) error {
	if n <= 0 {
		return fault.New(fault.Invalid, "credits must be positive")
	}
	return s.Store.Move(ctx, credits.Grant(userID, n, credits.ReasonGrant, "", s.now()))
}
