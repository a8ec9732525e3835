package lambdarun

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/adapters/queue"
)

// GatewayTimeout is API Gateway's integration timeout: past it the gateway answers the client 503
// itself, whatever the function does later. HTTP APIs allow 30 s, REST APIs 29: 29 holds under both.
const GatewayTimeout = 29 * time.Second

// maxMargin is the most a function keeps of its time to answer once its work has given up: the
// SDK call ending, the problem written, the response posted to the runtime take milliseconds, but
// a function frozen at its deadline answers nothing, and API Gateway then answers 500 or 503 on its
// own, whatever was written.
const maxMargin = time.Second

// margin is what an invocation of remaining time keeps to answer: a quarter, at most maxMargin (so a
// test's 2 s function keeps 0.5 s, a 15 s one 1 s).
func margin(remaining time.Duration) time.Duration {
	return max(0, min(maxMargin, remaining/4))
}

// bound returns ctx ending margin before end, when the invocation must have answered, and carrying
// for the AWS calls made with it (awsclient.WithCallDeadline) half the margin before end: a call
// made once the request's own context has ended (a refund on a detached context) still ends in
// time for the answer.
func bound(ctx context.Context, end time.Time) (context.Context, context.CancelFunc) {
	m := margin(time.Until(end))
	ctx = awsclient.WithCallDeadline(ctx, end.Add(-m/2))
	return context.WithDeadline(ctx, end.Add(-m))
}

// httpEnd is when an HTTP invocation must have answered: at the function's deadline (ctx's, as
// Lambda sets it from the template's Timeout), or at the gateway's, gateway after the request
// reached API Gateway (the event's timeEpoch), whichever comes first. A timeEpoch no waiting gateway
// can have written (a sample event replayed, older than the gateway's timeout), or one ahead of this
// clock, counts from now.
func httpEnd(ctx context.Context, ev events.APIGatewayV2HTTPRequest, gateway time.Duration) time.Time {
	now := time.Now()
	received := now
	if ms := ev.RequestContext.TimeEpoch; ms > 0 {
		if t := time.UnixMilli(ms); t.After(now.Add(-gateway)) && t.Before(now) {
			received = t
		}
	}
	end := received.Add(gateway)
	if d, ok := ctx.Deadline(); ok && d.Before(end) {
		end = d
	}
	return end
}

// Errors of an invocation that did not end in time.
var (
	// ErrFunctionTimeout: the handler ran past its function's timeout, where Lambda ends the
	// invocation ("Task timed out"); API Gateway answers that 500, and an SQS batch is received again.
	ErrFunctionTimeout = errors.New("the function timed out")
	// ErrIntegrationTimeout: the handler had not answered within API Gateway's integration timeout,
	// which answers the client 503.
	ErrIntegrationTimeout = errors.New("the function did not answer within API Gateway's integration timeout")
)

// withinDeadline runs a queue or schedule invocation under ctx ending margin before ctx's own
// deadline (Lambda's), so that its handler reports what it did (the batch's failures) before
// Lambda ends it; without a deadline, as it is.
func withinDeadline[E, R any](h func(context.Context, E) (R, error)) func(context.Context, E) (R, error) {
	return func(ctx context.Context, e E) (R, error) {
		end, ok := ctx.Deadline()
		if !ok {
			return h(ctx, e)
		}
		ctx, cancel := bound(ctx, end)
		defer cancel()
		return h(ctx, e)
	}
}

// limit runs h as Lambda runs a function of this timeout: its context ends at the timeout (and
// margin before it for h itself, withinDeadline), and an invocation still running then is left
// behind with ErrFunctionTimeout, as Lambda freezes it, its effects to come whatever the caller was
// told. A timeout of 0 is no limit.
func limit[E, R any](timeout time.Duration, h func(context.Context, E) (R, error)) func(context.Context, E) (R, error) {
	h = withinDeadline(h)
	if timeout <= 0 {
		return h
	}
	return func(ctx context.Context, e E) (R, error) {
		ctx, cancel := context.WithTimeoutCause(ctx, timeout, ErrFunctionTimeout)
		defer cancel()
		type result struct {
			r   R
			err error
		}
		done := make(chan result, 1)
		go func() {
			r, err := h(ctx, e)
			done <- result{r, err}
		}()
		select {
		case res := <-done:
			return res.r, res.err
		case <-ctx.Done():
			select {
			case res := <-done: // an answer that came as the time ran out
				return res.r, res.err
			default:
			}
			var zero R
			return zero, context.Cause(ctx) // ErrFunctionTimeout, or why the caller gave up
		}
	}
}

// LimitBatch runs h as Lambda runs an SQS function of this timeout (its template Timeout): h's
// context ends a margin before the timeout, and a batch still running at the timeout fails whole
// (ErrFunctionTimeout), every message of it received again after its visibility timeout. For the
// local runner, whose mappings invoke functions as Lambda's do.
func LimitBatch(timeout time.Duration, h queue.BatchHandler) queue.BatchHandler {
	return limit(timeout, h)
}

// LimitSchedule runs h as Lambda runs a scheduled function of this timeout (see LimitBatch).
func LimitSchedule(timeout time.Duration, h ScheduleHandler) ScheduleHandler {
	return wrapSchedule(h, func(run scheduleRun) scheduleRun { return limit(timeout, run) })
}

// scheduleRun is a ScheduleHandler in the form withinDeadline and limit take.
type scheduleRun = func(context.Context, events.EventBridgeEvent) (struct{}, error)

// wrapSchedule applies wrap, made for scheduleRun, to h.
func wrapSchedule(h ScheduleHandler, wrap func(scheduleRun) scheduleRun) ScheduleHandler {
	run := wrap(func(ctx context.Context, e events.EventBridgeEvent) (struct{}, error) { return struct{}{}, h(ctx, e) })
	return func(ctx context.Context, e events.EventBridgeEvent) error {
		_, err := run(ctx, e)
		return err
	}
}
