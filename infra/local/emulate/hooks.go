package emulate

import (
	"context"
	"net/http"

	"github.com/aws/aws-lambda-go/events"
	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/wiring/lambdarun"
)

// InvocationHook is called as the local runner invokes a function: for one HTTP request, one batch
// of a queue mapping, or one scheduled run. The context it returns is the invocation's (the
// function's SDK calls carry it), and done is called when the invocation returns. Tests count
// invocations with it and attribute SDK calls to the function that made them.
type InvocationHook func(ctx context.Context, functionID string) (invocation context.Context, done func())

type invocationHookKey struct{}

// WithInvocationHook returns ctx carrying hook: Start, given that context, calls it around every
// invocation of every function. The make run runner never sets one.
func WithInvocationHook(ctx context.Context, hook InvocationHook) context.Context {
	return context.WithValue(ctx, invocationHookKey{}, hook)
}

func hookOf(ctx context.Context) InvocationHook {
	hook, _ := ctx.Value(invocationHookKey{}).(InvocationHook)
	return hook
}

func observeHTTP(ctx context.Context, functionID string, h http.Handler) http.Handler {
	hook := hookOf(ctx)
	if hook == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ictx, done := hook(r.Context(), functionID)
		defer done()
		h.ServeHTTP(w, r.WithContext(ictx))
	})
}

func observeBatch(ctx context.Context, functionID string, h queue.BatchHandler) queue.BatchHandler {
	hook := hookOf(ctx)
	if hook == nil {
		return h
	}
	return func(ctx context.Context, e events.SQSEvent) (events.SQSEventResponse, error) {
		ictx, done := hook(ctx, functionID)
		defer done()
		return h(ictx, e)
	}
}

func observeSchedule(ctx context.Context, functionID string, h lambdarun.ScheduleHandler) lambdarun.ScheduleHandler {
	hook := hookOf(ctx)
	if hook == nil {
		return h
	}
	return func(ctx context.Context, e events.EventBridgeEvent) error {
		ictx, done := hook(ctx, functionID)
		defer done()
		return h(ictx, e)
	}
}
