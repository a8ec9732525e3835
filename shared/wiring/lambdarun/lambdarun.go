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
// Each request's context ends a margin before the function's timeout or API Gateway's, whichever
// comes first (Adapter).
func HTTP(ctx context.Context, h http.Handler) error {
	lambda.StartWithOptions(NewAdapter(h).ProxyWithContext, lambda.WithContext(ctx))
	return nil
}

// SQS serves an SQS event source mapping with ReportBatchItemFailures. Each batch's context ends a
// margin before the function's timeout, so that the handler reports its failures before Lambda
// ends it.
func SQS(ctx context.Context, h queue.BatchHandler) error {
	lambda.StartWithOptions(withinDeadline(h), lambda.WithContext(ctx))
	return nil
}

// Schedule serves an EventBridge schedule, each run's context ending a margin before the
// function's timeout.
func Schedule(ctx context.Context, h ScheduleHandler) error {
	lambda.StartWithOptions(wrapSchedule(h, withinDeadline[events.EventBridgeEvent, struct{}]), lambda.WithContext(ctx))
	return nil
}
