package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/adapters/blobstore"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/api/handoffapi"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/handoff"
)

func handoffsFor(d deps) *handoff.Service {
	return &handoff.Service{
		Store:        dynamo.NewHandoffRepo(d.store),
		Blobs:        blobstore.Store{API: d.aws.S3, Bucket: d.cfg.DocumentsBucket},
		TTL:          d.cfg.HandoffTTL,
		UploadWindow: handoff.UploadWindow,
		MaxBytes:     d.cfg.HandoffMaxBytes,
		DownloadTTL:  handoff.DownloadTTL,
		Now:          d.now,
	}
}

// Handoff serves mobile handoff sessions.
func Handoff(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "handoff", getenv)
	if err != nil {
		return nil, err
	}
	api := handoffapi.API{Handoffs: handoffsFor(d), Guard: newGuard(d), Idempotency: idempotencyOf(d),
		BaseURL: d.cfg.PublicBaseURL}
	return httpapi.New(d.log, d.bases, api.Routes()), nil
}

// HandoffUploads marks sessions ready from S3's object-created events, delivered through SQS.
func HandoffUploads(ctx context.Context, getenv Getenv) (queue.BatchHandler, error) {
	d, err := loadAWS(ctx, "handoff-uploads", getenv)
	if err != nil {
		return nil, err
	}
	svc := handoffsFor(d)
	q := queue.Queue{API: d.aws.SQS, URL: d.cfg.UploadEventsQueueURL, Now: d.now}
	return queue.Batch(d.log, 10, q, func(ctx context.Context, m events.SQSMessage) error {
		var e events.S3Event // S3's own test message on configuration has no Records: nothing to do
		if err := json.Unmarshal([]byte(m.Body), &e); err != nil {
			return fmt.Errorf("malformed S3 event: %w", err)
		}
		for _, r := range e.Records {
			key, err := url.QueryUnescape(r.S3.Object.Key) // S3 event keys are URL-encoded
			if err != nil {
				return fmt.Errorf("S3 event key: %w", err)
			}
			if err := svc.Uploaded(ctx, key); err != nil {
				return err
			}
		}
		return nil
	}), nil
}
