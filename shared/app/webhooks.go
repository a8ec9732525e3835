package app

import (
	"context"
	"net"

	"github.com/trustline/platform/shared/dynamo"
	"github.com/trustline/platform/shared/guard"
	"github.com/trustline/platform/shared/idempotency"
	"github.com/trustline/platform/shared/queue"
	"github.com/trustline/platform/shared/secretbox"
	"github.com/trustline/platform/shared/webhook"
	"github.com/trustline/platform/shared/webhookapi"
)

type webhookDeps struct {
	service *webhook.Service
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
	guard := webhook.Guard{Resolver: net.DefaultResolver, AllowLoopback: d.cfg.WebhookAllowLoopback, Ports: d.cfg.WebhookAllowedPorts}
	svc := &webhook.Service{Config: dynamo.NewWebhookRepo(d.store), Box: box, Guard: guard,
		SecretOverlap: d.cfg.WebhookSecretOverlap, Now: d.now}
	svc.Engine = &webhook.Engine{Store: dynamo.NewDeliveryRepo(d.store), Targets: svc, Wake: wake, Guard: guard,
		Schedule: d.cfg.WebhookRetrySchedule, Timeout: d.cfg.WebhookTimeout, Retention: d.cfg.ResultRetention, Now: d.now}
	return webhookDeps{service: svc, wake: wake}, nil
}

func webhookAPI(d deps, g *guard.Guard) (webhookapi.API, error) {
	hooks, err := webhooks(d)
	if err != nil {
		return webhookapi.API{}, err
	}
	return webhookapi.API{Webhooks: hooks.service, Store: dynamo.NewDeliveryRepo(d.store), Guard: g,
		Idempotency: idempotency.Keys{Store: dynamo.NewIdempotencyRepo(d.store), Window: d.cfg.IdempotencyWindow, Now: d.now}, Partners: dynamo.NewPartnerRepo(d.store)}, nil
}

// Webhooks builds the webhook service and engine for operator tools and tests, with a function's
// settings.
func Webhooks(ctx context.Context, getenv Getenv) (*webhook.Service, error) {
	d, err := loadAWS(ctx, "admin-webhooks", getenv)
	if err != nil {
		return nil, err
	}
	hooks, err := webhooks(d)
	return hooks.service, err
}
