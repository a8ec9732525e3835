package app

import (
	"context"
	"net"

	"github.com/trustline/platform/shared/access"
	"github.com/trustline/platform/shared/awsclient"
	"github.com/trustline/platform/shared/dynamo"
	"github.com/trustline/platform/shared/idempotency"
	"github.com/trustline/platform/shared/queue"
	"github.com/trustline/platform/shared/secretbox"
	"github.com/trustline/platform/shared/webhook"
	"github.com/trustline/platform/shared/webhookapi"
)

type webhookDeps struct {
	service *webhook.Service
	store   dynamo.Store
	wake    queue.Queue
}

// webhooks builds the delivery engine and the webhook configuration service.
func webhooks(ctx context.Context, d deps) (webhookDeps, error) {
	aws, err := awsclient.New(ctx)
	if err != nil {
		return webhookDeps{}, err
	}
	box, err := secretbox.New(d.cfg.DataEncryptionKey)
	if err != nil {
		return webhookDeps{}, err
	}
	store := dynamo.Store{API: aws.DynamoDB, Table: d.cfg.TableName}
	wake := queue.Queue{API: aws.SQS, URL: d.cfg.WebhookQueueURL}
	guard := webhook.Guard{Resolver: net.DefaultResolver, AllowLoopback: d.cfg.WebhookAllowLoopback}
	svc := &webhook.Service{Config: store, Box: box, Guard: guard}
	svc.Engine = &webhook.Engine{Store: store, Targets: svc, Wake: wake, Guard: guard,
		Schedule: d.cfg.WebhookRetrySchedule, Timeout: d.cfg.WebhookTimeout}
	return webhookDeps{service: svc, store: store, wake: wake}, nil
}

func webhookAPI(ctx context.Context, d deps, auth *access.Authenticator) (webhookapi.API, error) {
	hooks, err := webhooks(ctx, d)
	if err != nil {
		return webhookapi.API{}, err
	}
	return webhookapi.API{Webhooks: hooks.service, Store: hooks.store, Auth: auth,
		Idempotency: idempotency.Keys{Store: hooks.store, Window: d.cfg.IdempotencyWindow}}, nil
}

// Webhooks builds the webhook service and engine for operator tools and tests, with a function's
// settings.
func Webhooks(ctx context.Context, getenv Getenv) (*webhook.Service, error) {
	d, err := load("admin", getenv)
	if err != nil {
		return nil, err
	}
	hooks, err := webhooks(ctx, d)
	return hooks.service, err
}
