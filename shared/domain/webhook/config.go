package webhook

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
	"github.com/trustline/platform/shared/foundation/secretbox"
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

// Notifier tells a partner's back office of a change to its webhook.
type Notifier interface {
	PartnerWebhookChanged(ctx context.Context, partnerID string, c PartnerChange) error
}

// Endpoint is one of an identity API user's webhook endpoints. It receives the events of one mode:
// live or test, as the resources it reports on.
type Endpoint struct {
	ID           string
	OwnerID      string
	URL          string
	Events       []string
	Live         bool
	SealedSecret string
	// PreviousSealedSecret is the secret the last rotation replaced; it still signs
	// webhook-signature until PreviousUntil.
	PreviousSealedSecret string
	PreviousUntil        *time.Time
	CreatedAt            time.Time
	// CreatedByKey is the API key that created the endpoint, when a key did: the endpoint is
	// deleted when that key is revoked, and ends at ExpiresAt when the key has an expiry, so that a
	// leaked key cannot leave behind a receiver of the account's data.
	CreatedByKey string
	ExpiresAt    *time.Time
}

// Active reports whether the endpoint still receives events at now.
func (e Endpoint) Active(now time.Time) bool { return e.ExpiresAt == nil || now.Before(*e.ExpiresAt) }

// EndpointRequest is a new endpoint and who asks for it.
type EndpointRequest struct {
	OwnerID      string
	URL          string
	Events       []string
	Live         bool
	KeyID        string     // the API key asking, if any
	KeyExpiresAt *time.Time // that key's expiry, if any
}

// MaxEndpoints is how many webhook endpoints one user may have.
const MaxEndpoints = 10

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

// Identity API events an endpoint can subscribe to.
const (
	EventExtractionCompleted   = "extraction.completed"
	EventExtractionFailed      = "extraction.failed"
	EventVerificationCompleted = "verification.completed"
	EventVerificationFailed    = "verification.failed"
	EventTest                  = "webhook.test"
)

// APIVersion is the apiVersion of identity API payloads.
const APIVersion = "2026-11-01"

var identityEvents = []string{
	EventExtractionCompleted, EventExtractionFailed, EventVerificationCompleted, EventVerificationFailed, EventTest,
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

// URLChecker admits webhook targets as configured (webhookhttp.Guard: https, public addresses only).
type URLChecker interface {
	// CheckURL returns nil when raw may be a webhook target, and otherwise an Invalid fault whose
	// InvalidParams name field.
	CheckURL(ctx context.Context, field, raw string) error
}

// Outbox starts deliveries (the Engine): what the Service asks of it.
type Outbox interface {
	// Enqueue stores d as a new delivery, due now, and wakes the dispatcher for it; it returns the
	// delivery as stored, or an error when it was not stored.
	Enqueue(ctx context.Context, d Delivery) (Delivery, error)
	// Emit makes ds new deliveries, has commit store them with the change they report, and wakes
	// the dispatcher once it has committed (Engine.Emit).
	Emit(ctx context.Context, ds []Delivery, commit func([]Delivery) error) ([]Delivery, error)
}

// Service configures webhooks (a partner's, a user's endpoints) and publishes identity API events.
// It reads and writes the configuration through its Directory and starts deliveries through
// Deliveries.
type Service struct {
	Directory
	Guard      URLChecker
	Deliveries Outbox
	Notify     Notifier // nil: changes are recorded, not mailed
	// SecretOverlap is how long a rotated-out endpoint secret keeps signing (0: it stops at once).
	SecretOverlap time.Duration
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
			return PartnerView{}, &fault.Error{Kind: fault.Invalid, Detail: "The webhook secret is not allowed.",
				InvalidParams: []string{
					fmt.Sprintf("webhookSecret: %d to %d characters, or empty to remove it", minSecret, maxSecret),
				}}
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

// CreateEndpoint registers a user's endpoint and returns its signing secret, shown this once.
// Conflict (limit_reached) when the owner has MaxEndpoints already.
func (s *Service) CreateEndpoint(ctx context.Context, req EndpointRequest) (Endpoint, string, error) {
	var invalid []string
	if len(req.Events) == 0 {
		invalid = append(invalid, "events: at least one of "+strings.Join(identityEvents, ", "))
	}
	for i, ev := range req.Events {
		if !slices.Contains(identityEvents, ev) {
			invalid = append(invalid, fmt.Sprintf("events[%d]: not one of %s", i, strings.Join(identityEvents, ", ")))
		}
	}
	if err := s.Guard.CheckURL(ctx, "url", req.URL); err != nil {
		invalid = append(invalid, fault.As(err).InvalidParams...)
	}
	if len(invalid) > 0 {
		return Endpoint{}, "", &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The webhook endpoint is invalid.",
			InvalidParams: invalid,
		}
	}
	id := "we_" + strings.ToLower(idempotency.Text(ctx, "endpoint")[:16])
	if e, secret, ok, err := s.registered(ctx, req.OwnerID, id); ok || err != nil {
		return e, secret, err
	}
	e := Endpoint{ID: id, OwnerID: req.OwnerID, URL: req.URL, Live: req.Live,
		Events: slices.Compact(
			slices.Sorted(slices.Values(req.Events)),
		), CreatedAt: s.now(), CreatedByKey: req.KeyID, ExpiresAt: req.KeyExpiresAt}
	secret := newSecret()
	var err error
	if e.SealedSecret, err = s.Keys.Seal(ctx, []byte(secret), secretContext(SecretOfEndpoint, e.ID)); err != nil {
		return Endpoint{}, "", err
	}
	// The count, the limit, the key's standing and the write are one conditional write: concurrent
	// creations cannot pass the limit together, nor outlive a key revoked while they ran.
	return e, secret, s.Config.CreateEndpoint(ctx, e, MaxEndpoints, s.now())
}

// registered is the endpoint id names that an earlier run of this request (under the same
// idempotency key) registered, with its secret, and true; false without a key or when none was
// registered.
func (s *Service) registered(ctx context.Context, ownerID, id string) (Endpoint, string, bool, error) {
	if _, ok := idempotency.AttemptOf(ctx); !ok {
		return Endpoint{}, "", false, nil
	}
	e, err := s.Config.Endpoint(ctx, ownerID, id)
	if fault.Is(err, fault.NotFound) {
		return Endpoint{}, "", false, nil
	}
	if err != nil {
		return Endpoint{}, "", false, err
	}
	secret, err := s.Keys.Open(ctx, e.SealedSecret, secretContext(SecretOfEndpoint, e.ID))
	if err != nil {
		return Endpoint{}, "", false, err
	}
	return e, string(secret), true, nil
}

// Endpoints lists the owner's endpoints that still receive events.
func (dir Directory) Endpoints(ctx context.Context, ownerID string) ([]Endpoint, error) {
	all, err := dir.Config.Endpoints(ctx, ownerID)
	now := dir.now()
	return slices.DeleteFunc(all, func(e Endpoint) bool { return !e.Active(now) }), err
}

// Endpoint returns one of the owner's endpoints; NotFound when unknown or ended.
func (dir Directory) Endpoint(ctx context.Context, ownerID, id string) (Endpoint, error) {
	e, err := dir.Config.Endpoint(ctx, ownerID, id)
	if err == nil && !e.Active(dir.now()) {
		return Endpoint{}, fault.New(fault.NotFound, "No such webhook endpoint.")
	}
	return e, err
}

// RotateSecret gives an endpoint a new secret, shown this once. For SecretOverlap the old one
// still signs webhook-signature (next to the new one), so receivers switch without downtime; the
// API's own X-Service-Signature uses the new one at once. Rotating again within the overlap ends
// the first old secret: only the last one overlaps. The rotation lands only on the endpoint as read:
// one deleted meanwhile is NotFound (a rotation never brings it back), and of concurrent rotations
// one wins and the others are Conflicts, so every secret a rotation returned is one that signs.
func (s *Service) RotateSecret(ctx context.Context, e Endpoint) (Endpoint, string, error) {
	was := e.SealedSecret
	secret := newSecret()
	sealed, err := s.Keys.Seal(ctx, []byte(secret), secretContext(SecretOfEndpoint, e.ID))
	if err != nil {
		return Endpoint{}, "", err
	}
	e.PreviousSealedSecret, e.PreviousUntil = "", nil
	if s.SecretOverlap > 0 {
		until := s.now().Add(s.SecretOverlap).UTC()
		e.PreviousSealedSecret, e.PreviousUntil = e.SealedSecret, &until
	}
	e.SealedSecret = sealed
	err = s.Config.RotateEndpointSecret(ctx, e, was)
	if fault.Is(err, fault.Conflict) {
		err = fault.New(fault.Conflict, "The secret was rotated by another request at the same moment; "+
			"its new secret is the one in force. Rotate again if you need one you have seen.")
	}
	return e, secret, err
}

// SendTest queues a webhook.test event to an endpoint.
func (s *Service) SendTest(ctx context.Context, e Endpoint) (Delivery, error) {
	body, err := IdentityPayload(
		EventTest,
		s.now(),
		map[string]any{"webhookId": e.ID, "message": "This is a test event."},
	)
	if err != nil {
		return Delivery{}, err
	}
	return s.Deliveries.Enqueue(
		ctx,
		Delivery{
			Scheme:     SchemeIdentity,
			OwnerID:    e.OwnerID,
			EndpointID: e.ID,
			Event:      EventTest,
			Reference:  e.ID,
			Body:       body,
		},
	)
}

// Emit writes an identity API event of one mode (live or test) with the change it reports: one
// delivery to each of the owner's endpoints of that mode subscribed to it, all with the same body
// (so the same event id), which commit stores in the change's own transaction (none when no
// endpoint is subscribed); the dispatcher is woken once it has committed. An error means that
// neither the change nor its deliveries were stored.
func (s *Service) Emit(
	ctx context.Context,
	ownerID string,
	live bool,
	event, reference string,
	data any,
	commit func([]Delivery) error,
) error {
	endpoints, err := s.Endpoints(ctx, ownerID)
	if err != nil {
		return err
	}
	body, err := IdentityPayload(event, s.now(), data)
	if err != nil {
		return err
	}
	var ds []Delivery
	for _, e := range endpoints {
		if e.Live == live && slices.Contains(e.Events, event) {
			ds = append(ds, Delivery{Scheme: SchemeIdentity, OwnerID: ownerID, EndpointID: e.ID, Event: event,
				Reference: reference, Body: body})
		}
	}
	_, err = s.Deliveries.Emit(ctx, ds, commit)
	return err
}

// IdentityPayload is the body of an identity API event: {event, apiVersion, id, createdAt, data}.
func IdentityPayload(event string, at time.Time, data any) ([]byte, error) {
	return json.Marshal(struct {
		Event      string `json:"event"`
		APIVersion string `json:"apiVersion"`
		ID         string `json:"id"`
		CreatedAt  string `json:"createdAt"`
		Data       any    `json:"data"`
	}{event, APIVersion, "evt_" + strings.ToLower(rand.Text()), at.UTC().Format(time.RFC3339), data})
}

// newSecret is whsec_ and 32 random bytes in standard base64, the Standard Webhooks form: the
// official libraries take it as shown and key with the decoded bytes (StandardKey), while
// X-Service-Signature is keyed with the whole string's bytes, as the identity spec says.
func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}

func (dir Directory) now() time.Time {
	if dir.Now != nil {
		return dir.Now()
	}
	return time.Now()
}
