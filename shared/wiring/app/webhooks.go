package app

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/adapters/webhookhttp"
	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/webhookapi"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/logs"
	"github.com/trustline/platform/shared/foundation/secretbox"
)

type webhookDeps struct {
	service *webhook.Service
	engine  *webhook.Engine
	wake    queue.Queue
}

// dataKeyMaxAge is how long a function holds DATA_ENCRYPTION_KEY before reading it again: after a
// rotation, every function seals under the new line within it (and opens what is sealed under the
// new line at once: see secretbox.Keyring).
const dataKeyMaxAge = 10 * time.Minute

// webhooks builds the delivery engine and the webhook configuration service on d's clients.
func webhooks(d deps) (webhookDeps, error) {
	var keys *secretbox.Keyring // functions without the key only publish: they never seal or open a secret
	if d.cfg.DataEncryptionKey != nil {
		var err error
		if keys, err = secretbox.NewKeyring(d.cfg.DataEncryptionKey, d.dataKey, dataKeyMaxAge, d.now); err != nil {
			return webhookDeps{}, err
		}
	}
	wake := queue.Queue{API: d.aws.SQS, URL: d.cfg.WebhookQueueURL, Now: d.now}
	ssrf := webhookhttp.Guard{
		Resolver:      net.DefaultResolver,
		AllowLoopback: d.cfg.WebhookAllowLoopback,
		Ports:         d.cfg.WebhookAllowedPorts,
	}
	dir := webhook.Directory{Config: dynamo.NewWebhookRepo(d.store), Keys: keys, Now: d.now}
	engine := &webhook.Engine{Store: dynamo.NewDeliveryRepo(d.store), Targets: dir, Wake: wake,
		Sender:   &webhookhttp.Sender{Guard: ssrf, Timeout: d.cfg.WebhookTimeout},
		Schedule: d.cfg.WebhookRetrySchedule, Timeout: d.cfg.WebhookTimeout, Retention: d.cfg.ResultRetention,
		Now: d.now}
	svc := &webhook.Service{Directory: dir, Guard: ssrf, Deliveries: engine, SecretOverlap: d.cfg.WebhookSecretOverlap}
	return webhookDeps{service: svc, engine: engine, wake: wake}, nil
}

// ResealWebhookSecrets seals every stored webhook secret under the first line of
// DATA_ENCRYPTION_KEY (webhook.Reseal), with the settings getenv gives: an operator's command after
// a rotation, run with the operator's credentials (it scans the table, which no function may).
func ResealWebhookSecrets(ctx context.Context, getenv Getenv) (webhook.ResealReport, error) {
	d, err := loadAWS(ctx, "admin-webhooks", getenv)
	if err != nil {
		return webhook.ResealReport{}, err
	}
	if d.cfg.DataEncryptionKey == nil {
		return webhook.ResealReport{}, errors.New("DATA_ENCRYPTION_KEY is not configured")
	}
	box, err := secretbox.New(d.cfg.DataEncryptionKey)
	if err != nil {
		return webhook.ResealReport{}, err
	}
	return webhook.Reseal(ctx, dynamo.NewSealedSecretRepo(d.store, d.aws.DynamoDB), box)
}

// dispatch is the webhook dispatcher's per-message handler. A body that is not a wake-up is
// dropped, logged: no retry would make it readable, and the sweep finds any delivery it was for.
func dispatch(e *webhook.Engine) queue.Handler {
	return func(ctx context.Context, m events.SQSMessage) error {
		w, err := webhook.ParseWakeUp(m.Body)
		if err != nil {
			logs.From(ctx).ErrorContext(ctx, "malformed webhook wake-up dropped", "error", err)
			return nil
		}
		return e.Handle(ctx, w)
	}
}

func webhookAPI(d deps, g *guard.Guard) (webhookapi.API, error) {
	hooks, err := webhooks(d)
	if err != nil {
		return webhookapi.API{}, err
	}
	return webhookapi.API{
		Webhooks:    hooks.service,
		Deliveries:  hooks.engine,
		Store:       dynamo.NewDeliveryRepo(d.store),
		Guard:       g,
		Idempotency: idempotencyOf(d),
		Partners:    dynamo.NewPartnerRepo(d.store),
	}, nil
}

// Webhooks builds the webhook service and delivery engine for operator tools and tests, with a
// function's settings.
func Webhooks(ctx context.Context, getenv Getenv) (*webhook.Service, *webhook.Engine, error) {
	d, err := loadAWS(ctx, "admin-webhooks", getenv)
	if err != nil {
		return nil, nil, err
	}
	hooks, err := webhooks(d)
	return hooks.service, hooks.engine, err
}
