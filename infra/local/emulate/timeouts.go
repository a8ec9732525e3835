package emulate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/wiring/lambdarun"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// Timeouts are the limits the runner holds invocations to: AWS's, unless a test shortens them to
// see them reached without waiting 15 or 29 s.
type Timeouts struct {
	// Function maps a function's template Timeout to the one the runner enforces; nil: the
	// template's, as Lambda does.
	Function func(template time.Duration) time.Duration
	// Gateway is API Gateway's integration timeout; 0: lambdarun.GatewayTimeout (29 s).
	Gateway time.Duration
	// Body bounds the wait for a request's body once its headers are in; 0: lambdarun.BodyTimeout.
	Body time.Duration
}

type timeoutsKey struct{}

// WithTimeouts returns ctx carrying t: Start, given that context, holds every invocation to t
// instead of AWS's limits. The make run runner never sets it.
func WithTimeouts(ctx context.Context, t Timeouts) context.Context {
	return context.WithValue(ctx, timeoutsKey{}, t)
}

func timeoutsOf(ctx context.Context) Timeouts {
	t, _ := ctx.Value(timeoutsKey{}).(Timeouts)
	return t
}

// function is the timeout the runner holds fn to: its template Timeout, as Lambda does, unless
// Function says otherwise.
func (t Timeouts) function(fn samtemplate.Function) time.Duration {
	d := time.Duration(fn.Timeout) * time.Second
	if t.Function != nil {
		return t.Function(d)
	}
	return d
}

// gateway invokes h as API Gateway invokes fn: within fn's timeout and the gateway's, the body read
// within Body.
func (t Timeouts) gateway(fn samtemplate.Function, h http.Handler) *lambdarun.Gateway {
	g := lambdarun.NewGateway(h)
	g.Timeout = t.function(fn)
	g.IntegrationTimeout = t.Gateway
	g.BodyTimeout = t.Body
	return g
}

// invocationProblem answers err, an invocation through g that did not end well, as API Gateway
// does: a body that did not arrive whole is the client's error (408, 400); a Lambda function that
// timed out is 500, and the gateway's own integration timeout 503, both logged, since either means
// a handler that did not heed its context's deadline, which ends before both (lambdarun.Adapter).
// Anything else is an internal error.
func invocationProblem(w http.ResponseWriter, r *http.Request, g *lambdarun.Gateway, err error, log *slog.Logger) {
	ctx := r.Context()
	var answer error
	switch {
	case errors.Is(err, lambdarun.ErrBodyTimeout):
		answer = &fault.Error{Kind: fault.RequestTimeout, Err: err, Detail: fmt.Sprintf(
			"The request body did not arrive within %s of its headers; send it again, whole.",
			cmp.Or(g.BodyTimeout, lambdarun.BodyTimeout))}
	case errors.Is(err, lambdarun.ErrBodyIncomplete):
		answer = &fault.Error{Kind: fault.BadRequest, Err: err,
			Detail: "The request body ended before the length its Content-Length header announced."}
	case errors.Is(err, lambdarun.ErrFunctionTimeout):
		log.ErrorContext(ctx, "invocation failed: Task timed out", "timeout", g.Timeout.String())
		answer = fault.New(fault.Internal, "")
	case errors.Is(err, lambdarun.ErrIntegrationTimeout):
		log.ErrorContext(ctx, "integration timed out",
			"timeout", cmp.Or(g.IntegrationTimeout, lambdarun.GatewayTimeout).String())
		answer = &fault.Error{Kind: fault.Unavailable, Err: err,
			Detail: "The function did not answer within API Gateway's integration timeout."}
	default:
		log.ErrorContext(ctx, "invocation failed", "error", err)
		answer = err
	}
	httpapi.WriteError(w, r, answer)
}
