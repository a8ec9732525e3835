package webhook

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// PartnerConfig is a partner's webhook: one URL and an optional secret (sealed when stored), each
// with the API key that set it, when a key did. A field lasts only as long as the key that set it:
// a login's change that leaves a key's field as it was leaves it the key's.
type PartnerConfig struct {
	URL          string
	SealedSecret string
	URLBy        KeyBinding
	SecretBy     KeyBinding
	// Version is the stored configuration's, as read (0: none stored): a change is written only on
	// top of the version it read.
	Version int64
}

// Stands reports whether both fields are still in force at now.
func (c PartnerConfig) Stands(now time.Time) bool {
	return c.URLBy.Stands(now) && c.SecretBy.Stands(now)
}

// KeyBinding is the API key that set a field, when one did (empty for a login session or an
// operator), with the moment that key ends (its expiry, or its revocation or rotation once they
// happen).
type KeyBinding struct {
	KeyID  string
	EndsAt *time.Time
}

// Stands reports whether a field so bound is still in force at now.
func (b KeyBinding) Stands(now time.Time) bool {
	return b.KeyID == "" || b.EndsAt == nil || now.Before(*b.EndsAt)
}

// PartnerChange is one change of a partner's webhook, as recorded: when, by whom, and the
// configuration it made. A configuration made by a key lasts only as long as that key stands.
type PartnerChange struct {
	At     time.Time
	Author Author
	Config PartnerConfig
	// SecretChanged tells that the change set or removed the secret (never shown).
	SecretChanged bool
}

// PartnerRole is Author.Role of a partner's own change (its key or back-office login).
const PartnerRole = "partner"

// Author is who made a change: an API key (by id, with its expiry) or a login session (by user
// id), and its role.
type Author struct {
	Role         string
	KeyID        string     // set when an API key made it
	KeyExpiresAt *time.Time // that key's expiry, if it has one
	UserID       string     // set when a login session made it
}

// PartnerView is what a partner reads of its webhook: never the secret. The key ids name the API
// key that set each field, when a key did: that field ends with the key, until a login restates it.
type PartnerView struct {
	WebhookURL              *string `json:"webhookUrl"`
	WebhookSecretConfigured bool    `json:"webhookSecretConfigured"`
	WebhookURLKeyID         *string `json:"webhookUrlKeyId"`
	WebhookSecretKeyID      *string `json:"webhookSecretKeyId"`
}

// PartnerWebhook reads a partner's webhook configuration.
func (s *Service) PartnerWebhook(ctx context.Context, partnerID string) (PartnerView, error) {
	c, err := s.partnerConfig(ctx, partnerID)
	if err != nil {
		return PartnerView{}, err
	}
	return viewPartner(c), nil
}

// viewPartner is what a partner reads of a configuration: never the secret.
func viewPartner(c PartnerConfig) PartnerView {
	v := PartnerView{WebhookSecretConfigured: c.SealedSecret != ""}
	if c.URL != "" {
		v.WebhookURL = &c.URL
		if c.URLBy.KeyID != "" {
			v.WebhookURLKeyID = &c.URLBy.KeyID
		}
	}
	if c.SealedSecret != "" && c.SecretBy.KeyID != "" {
		v.WebhookSecretKeyID = &c.SecretBy.KeyID
	}
	return v
}

// ErrPartnerConfigMoved is SetPartnerConfig's Conflict when another change landed since the
// configuration was read.
var ErrPartnerConfigMoved = &fault.Error{Kind: fault.Conflict, Code: "changed",
	Detail: "The webhook was changed by another request at the same moment; retry."}

// partnerConfigRounds bounds how often a change reads again after another landed first.
const partnerConfigRounds = 4

// partnerChangesRead is how many recorded changes partnerConfig reads back, at most, to find the
// configuration in force: a key that made more changes than this in a row, then was revoked,
// leaves the partner with no webhook rather than with one of its own.
const partnerChangesRead = 100

// partnerConfig is the partner's webhook in force, field by field: each field as last set by a
// login session, an operator, or a key that still stands. A field set by a key that has since been
// revoked, rotated out or has expired gives way to its value before, so that nothing a leaked key
// set up outlives it, even under a later login's change of the other field. No configuration at
// all is an empty one.
func (dir Directory) partnerConfig(ctx context.Context, partnerID string) (PartnerConfig, error) {
	c, err := dir.Config.PartnerConfig(ctx, partnerID)
	if fault.Is(err, fault.NotFound) {
		return PartnerConfig{}, nil
	}
	now := dir.now()
	if err != nil || c.Stands(now) {
		return c, err
	}
	changes, _, err := dir.Config.PartnerChanges(ctx, partnerID, partnerChangesRead, "")
	if err != nil {
		return PartnerConfig{}, err
	}
	in := PartnerConfig{Version: c.Version}
	urlFound, secretFound := false, false
	for _, ch := range changes {
		if !urlFound && ch.Config.URLBy.Stands(now) {
			in.URL, in.URLBy, urlFound = ch.Config.URL, ch.Config.URLBy, true
		}
		if !secretFound && ch.Config.SecretBy.Stands(now) {
			in.SealedSecret, in.SecretBy, secretFound = ch.Config.SealedSecret, ch.Config.SecretBy, true
		}
	}
	return in, nil
}

// PartnerChanges lists the recorded changes of a partner's webhook, newest first.
func (s *Service) PartnerChanges(
	ctx context.Context,
	partnerID string,
	limit int,
	cursor string,
) ([]PartnerChange, string, error) {
	return s.Config.PartnerChanges(ctx, partnerID, limit, cursor)
}

// PartnerUpdate is a PATCH: absent fields stay as they are; an empty webhookSecret removes the
// secret (deliveries are then unsigned).
type PartnerUpdate struct {
	WebhookURL    *string `json:"webhookUrl"    maxLength:"2048"`
	WebhookSecret *string `json:"webhookSecret" maxLength:"256"`
}

const minSecret, maxSecret = 16, 256

// UpdatePartnerWebhook validates and applies a partner's webhook change, made by author, on top of
// the configuration in force. The change is recorded with its author and, when a Notifier is set,
// mailed to the partner; a change made by a key belongs to that key (see partnerConfig).
func (s *Service) UpdatePartnerWebhook(
	ctx context.Context,
	partnerID string,
	author Author,
	u PartnerUpdate,
) (PartnerView, error) {
	if u.WebhookURL == nil && u.WebhookSecret == nil {
		return PartnerView{}, &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "Nothing to change.",
			InvalidParams: []string{"webhookUrl: or webhookSecret: required"},
		}
	}
	// A partner's key owns what it configures; an administrator's change (an operator's act,
	// recorded with its key id) stands as a login's does. A field the change leaves keeps its owner.
	var by KeyBinding
	if author.Role == PartnerRole && author.KeyID != "" {
		by = KeyBinding{KeyID: author.KeyID, EndsAt: author.KeyExpiresAt}
	}
	if u.WebhookURL != nil {
		if err := s.Guard.CheckURL(ctx, "webhookUrl", *u.WebhookURL); err != nil {
			return PartnerView{}, err
		}
	}
	var sealed string
	if u.WebhookSecret != nil {
		switch n := len(*u.WebhookSecret); {
		case n == 0:
		case n < minSecret || n > maxSecret:
			param := fmt.Sprintf("webhookSecret: %d to %d characters, or empty to remove it", minSecret, maxSecret)
			return PartnerView{}, &fault.Error{Kind: fault.Invalid, Detail: "The webhook secret is not allowed.",
				InvalidParams: []string{param}}
		default:
			var err error
			bind := secretContext(SecretOfPartner, partnerID)
			if sealed, err = s.Keys.Seal(ctx, []byte(*u.WebhookSecret), bind); err != nil {
				return PartnerView{}, err
			}
		}
	}
	// The change is applied to the configuration as read, and written only on top of it: of two
	// changes at once (one of the URL, one of the secret), the second reads the first's and keeps
	// it, rather than writing back the field as it was before.
	var c PartnerConfig
	var change PartnerChange
	for round := 0; ; round++ {
		var err error
		if c, err = s.partnerConfig(ctx, partnerID); err != nil {
			return PartnerView{}, err
		}
		if u.WebhookURL != nil {
			c.URL, c.URLBy = *u.WebhookURL, by
		}
		if u.WebhookSecret != nil {
			c.SealedSecret, c.SecretBy = sealed, by
		}
		change = PartnerChange{At: s.now().UTC(), Author: author, Config: c, SecretChanged: u.WebhookSecret != nil}
		err = s.Config.SetPartnerConfig(ctx, partnerID, change)
		if err == nil {
			break
		}
		if !errors.Is(err, ErrPartnerConfigMoved) || round == partnerConfigRounds-1 {
			return PartnerView{}, err
		}
	}
	if s.Notify != nil {
		if err := s.Notify.PartnerWebhookChanged(ctx, partnerID, change); err != nil {
			// The change stands and is listed; a mail that failed is logged, not a failed request.
			logs.From(ctx).ErrorContext(ctx, "partner webhook change not mailed", "partnerId", partnerID, "error", err)
		}
	}
	return viewPartner(c), nil // the configuration just written is the one in force
}
