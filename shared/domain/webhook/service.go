package webhook

import (
	"context"
	"time"
)

// Notifier tells a partner's back office of a change to its webhook.
type Notifier interface {
	PartnerWebhookChanged(ctx context.Context, partnerID string, c PartnerChange) error
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
