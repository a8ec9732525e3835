package app

import (
	"context"
	"net"

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

// webhooks builds the delivery engine and the webhook configuration service on d's clients.
func webhooks(d deps) (webhookDeps, error) {
	var box secretbox.Box // functions without the key only publish: they never seal or open a secret
	if d.cfg.DataEncryptionKey != nil {
		var err error
		if box, err = secretbox.New(d.cfg.DataEncryptionKey); err != nil {
			return webhookDeps{}, err
		}
	}
	wake := queue.Queue{API: d.aws.SQS, URL: d.cfg.WebhookQueueURL, Now: d.now}
	ssrf := webhookhttp.Guard{
		Resolver:      net.DefaultResolver,
		AllowLoopback: d.cfg.WebhookAllowLoopback,
		Ports:         d.cfg.WebhookAllowedPorts,
	}
	dir := webhook.Directory{Config: dynamo.NewWebhookRepo(d.store), Box: box, Now: d.now}
	engine := &webhook.Engine{Store: dynamo.NewDeliveryRepo(d.store), Targets: dir, Wake: wake,
		Sender:   &webhookhttp.Sender{Guard: ssrf, Timeout: d.cfg.WebhookTimeout},
		Schedule: d.cfg.WebhookRetrySchedule, Timeout: d.cfg.WebhookTimeout, Retention: d.cfg.ResultRetention,
		Now: d.now}
	svc := &webhook.Service{Directory: dir, Guard: ssrf, Deliveries: engine, SecretOverlap: d.cfg.WebhookSecretOverlap}
	return webhookDeps{service: svc, engine: engine, wake: wake}, nil
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
		Webhooks:   hooks.service,
		Deliveries: hooks.engine,
		Store:      dynamo.NewDeliveryRepo(d.store),
		Guard:      g,
		Idempotency: guard.Idempotency{
			Store:  dynamo.NewIdempotencyRepo(d.store),
			Window: d.cfg.IdempotencyWindow,
			Now:    d.now,
		},
		Partners: dynamo.NewPartnerRepo(d.store),
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
