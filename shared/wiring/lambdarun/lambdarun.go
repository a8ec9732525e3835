// Package lambdarun starts HTTP, SQS and schedule handlers under the Lambda runtime, and lets the
// local runner invoke an HTTP handler exactly as API Gateway (HTTP API, payload v2) and Lambda do.
// It is the only package besides the mains that imports the lambda runtime and the proxy adapter.
package lambdarun

import (
	"context"
	"net/http"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/trustline/platform/shared/adapters/queue"
)

// ScheduleHandler handles one EventBridge scheduled event.
type ScheduleHandler func(ctx context.Context, e events.EventBridgeEvent) error

// HTTP serves h behind API Gateway's HTTP API (payload v2). It returns only if the runtime fails.
func HTTP(ctx context.Context, h http.Handler) error {
	lambda.StartWithOptions(NewAdapter(h).ProxyWithContext, lambda.WithContext(ctx))
	return nil
}

// SQS serves an SQS event source mapping with ReportBatchItemFailures.
func SQS(ctx context.Context, h queue.BatchHandler) error {
	lambda.StartWithOptions(h, lambda.WithContext(ctx))
	return nil
}

// Schedule serves an EventBridge schedule.
func Schedule(ctx context.Context, h ScheduleHandler) error {
	lambda.StartWithOptions(h, lambda.WithContext(ctx))
	return nil
}
