package lambdarun

import (
	"context"
	"net/http"
	"net/textproto"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
)

// Adapter turns an API Gateway HTTP API (payload v2) event into the request a handler serves, and
// the handler's answer into the response event.
//
// It is the proxy library's own conversion but for one thing: the library splits every header
// not on its short list of singletons at each comma into several values
// (awslabs/aws-lambda-go-api-proxy issues 171 and 178), so an If-None-Match list, an Accept with
// parameters or a signature with a comma reached handlers in pieces and Header.Get saw only the
// first. API Gateway has already joined repeated headers with commas into one value: the handler
// gets that value whole, as net/http would hand it a single header line.
type Adapter struct {
	core.RequestAccessorV2
	handler http.Handler
}

// NewAdapter wraps the handler a function's main passes to HTTP.
func NewAdapter(h http.Handler) *Adapter { return &Adapter{handler: h} }

// ProxyWithContext serves one event. The request's context ends a margin before the function's
// deadline (ctx's, Lambda's) or API Gateway's (GatewayTimeout after the event's timeEpoch),
// whichever comes first: a handler waiting on a store that hangs answers its own problem (503,
// httpapi) while the gateway still waits for it, never a write landing after the client was told
// nothing, or told 503 by the gateway.
func (a *Adapter) ProxyWithContext(
	ctx context.Context,
	ev events.APIGatewayV2HTTPRequest,
) (events.APIGatewayV2HTTPResponse, error) {
	return a.proxy(ctx, ev, GatewayTimeout)
}

// proxy serves one event behind a gateway of this integration timeout.
func (a *Adapter) proxy(
	ctx context.Context,
	ev events.APIGatewayV2HTTPRequest,
	gateway time.Duration,
) (events.APIGatewayV2HTTPResponse, error) {
	ctx, cancel := bound(ctx, httpEnd(ctx, ev, gateway))
	defer cancel()
	r, err := a.EventToRequestWithContext(ctx, ev)
	if err != nil {
		return core.GatewayTimeoutV2(), core.NewLoggedError("Could not convert proxy event to request: %v", err)
	}
	for k, v := range ev.Headers {
		// Cookies travel in the event's own list, which the library has already set.
		if k = textproto.CanonicalMIMEHeaderKey(k); k != "Cookie" {
			r.Header[k] = []string{v}
		}
	}
	w := core.NewProxyResponseWriterV2()
	a.handler.ServeHTTP(w, r)
	resp, err := w.GetProxyResponse()
	if err != nil {
		return core.GatewayTimeoutV2(), core.NewLoggedError("Error while generating proxy response: %v", err)
	}
	return resp, nil
}
