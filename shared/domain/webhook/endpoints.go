package webhook

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
)

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
	events := slices.Compact(slices.Sorted(slices.Values(req.Events)))
	e := Endpoint{ID: id, OwnerID: req.OwnerID, URL: req.URL, Live: req.Live, Events: events,
		CreatedAt: s.now(), CreatedByKey: req.KeyID, ExpiresAt: req.KeyExpiresAt}
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
	data := map[string]any{"webhookId": e.ID, "message": "This is a test event."}
	body, err := IdentityPayload(EventTest, s.now(), data)
	if err != nil {
		return Delivery{}, err
	}
	return s.Deliveries.Enqueue(ctx, Delivery{Scheme: SchemeIdentity, OwnerID: e.OwnerID, EndpointID: e.ID,
		Event: EventTest, Reference: e.ID, Body: body})
}

// newSecret is whsec_ and 32 random bytes in standard base64, the Standard Webhooks form: the
// official libraries take it as shown and key with the decoded bytes (StandardKey), while
// X-Service-Signature is keyed with the whole string's bytes, as the identity spec says.
func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}
