package lambdarun

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"
)

// MaxPayload is Lambda's limit on a synchronous invocation's request and response payload.
const MaxPayload = 6 * 1024 * 1024

// MaxFileBody is about the largest body API Gateway base64-encodes (a file, a multipart form)
// that fits in MaxPayload: base64 spends four bytes for three, and the event's headers and the
// form's own parts take a few kilobytes more. Files are about 4.5 MB at most.
const MaxFileBody = MaxPayload / 4 * 3

// Base64Encoded reports whether API Gateway base64-encodes a body of this content type into the
// event, so that it counts four bytes for three against MaxPayload.
func Base64Encoded(contentType string) bool { return !isText(contentType) }

// ErrPayloadTooLarge is returned by Invoke when the request would not fit in a Lambda invocation.
var ErrPayloadTooLarge = errors.New("request exceeds the 6 MB Lambda payload limit")

// Errors of a request body that does not arrive whole, a client's fault: Invoke returns them
// wrapped, with the handler never invoked.
var (
	// ErrBodyTimeout: the body had not arrived within the gateway's BodyTimeout (408).
	ErrBodyTimeout = errors.New("the request body did not arrive in time")
	// ErrBodyIncomplete: the client ended the request before the body its Content-Length promised (400).
	ErrBodyIncomplete = errors.New("the request body ended before its Content-Length")
)

// BodyTimeout is how long the local gateway waits for a request's body once its headers are in:
// a client promising more than it sends is answered 408 then, rather than hold an invocation
// open. 30 s is what the SDKs give a whole request (sdk/python: requests time out after 30 s), and
// carries the 6 MB of the payload limit at 1.6 Mbit/s.
const BodyTimeout = 30 * time.Second

// Gateway invokes one function's HTTP handler the way API Gateway does: the request becomes an
// APIGatewayV2HTTPRequest event (binary bodies base64-encoded), the handler runs behind the same
// proxy adapter as under Lambda, both payloads are held to Lambda's 6 MB limit, and the
// invocation to the function's timeout and the gateway's.
type Gateway struct {
	adapter *Adapter
	// Timeout is the function's (its template Timeout): the handler's context ends then, as
	// Lambda's does, and Invoke returns ErrFunctionTimeout if it has not answered. 0: no limit but
	// the gateway's.
	Timeout time.Duration
	// IntegrationTimeout is API Gateway's (0: GatewayTimeout), counted from the invocation: Invoke
	// returns ErrIntegrationTimeout if the handler has not answered by then.
	IntegrationTimeout time.Duration
	// BodyTimeout bounds the wait for the request's body (0: BodyTimeout).
	BodyTimeout time.Duration
}

// NewGateway wraps the handler a function's main passes to HTTP.
func NewGateway(h http.Handler) *Gateway {
	return &Gateway{adapter: NewAdapter(h)}
}

// Invoke turns r into an event for routeKey ("GET /v1/items/{id}" or "$default"), invokes the
// handler and writes its response to w. It writes nothing when it returns an error but, for a body
// that did not arrive whole, Connection: close.
//
// The invocation is the function's, not the client's: a client that goes away does not end it,
// as it does not end a Lambda invocation (which writes what it writes and answers no one). It ends
// at the function's timeout or the gateway's, whichever comes first, with ErrFunctionTimeout or
// ErrIntegrationTimeout; the handler's own context ends a margin before (Adapter), so that a
// handler that heeds it answers before either.
func (g *Gateway) Invoke(
	ctx context.Context,
	w http.ResponseWriter,
	r *http.Request,
	routeKey string,
	pathParams map[string]string,
) error {
	body, err := g.readBody(w, r)
	if err != nil {
		return err
	}
	if len(body) > MaxPayload {
		return ErrPayloadTooLarge
	}
	ev := requestEvent(r, routeKey, pathParams, body)
	payload, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	if len(payload) > MaxPayload {
		return ErrPayloadTooLarge
	}
	resp, err := g.invoke(ctx, ev)
	if err != nil {
		return err
	}
	if out, _ := json.Marshal(resp); len(out) > MaxPayload {
		return fmt.Errorf("response of %d bytes exceeds the 6 MB Lambda payload limit", len(out))
	}
	return writeResponse(w, resp)
}

// readBody reads r's body, up to one byte over MaxPayload, within the BodyTimeout (when w lets its
// connection's read deadline be set: a server's does, a recorder's does not). A body that does not
// arrive whole ends its connection with the answer: what is left of it cannot be told from a next
// request, and the server would otherwise wait for it before answering.
func (g *Gateway) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	wait := cmp.Or(g.BodyTimeout, BodyTimeout)
	rc := http.NewResponseController(w)
	deadline := rc.SetReadDeadline(time.Now().Add(wait)) == nil
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxPayload+1))
	if err == nil {
		if deadline {
			_ = rc.SetReadDeadline(time.Time{})
		}
		return body, nil
	}
	w.Header().Set("Connection", "close")
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, fmt.Errorf("%w: %d bytes in %s, of %d promised", ErrBodyTimeout, len(body), wait, r.ContentLength)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, fmt.Errorf("%w: %d bytes of %d", ErrBodyIncomplete, len(body), r.ContentLength)
	}
	return nil, fmt.Errorf("read body: %w", err)
}

// invoke runs the handler on ev as Lambda would, and waits for it no longer than the function's
// timeout and the gateway's.
func (g *Gateway) invoke(
	ctx context.Context,
	ev events.APIGatewayV2HTTPRequest,
) (events.APIGatewayV2HTTPResponse, error) {
	gateway := cmp.Or(g.IntegrationTimeout, GatewayTimeout)
	// The invocation's context ends at the function's timeout, or when it returns: not when the
	// gateway gives up, after which a Lambda function runs on to its end.
	ctx, cancel := context.WithoutCancel(ctx), context.CancelFunc(func() {})
	if g.Timeout > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, g.Timeout, ErrFunctionTimeout)
	}
	type result struct {
		resp events.APIGatewayV2HTTPResponse
		err  error
	}
	done := make(chan result, 1)
	go func() {
		defer cancel()
		resp, err := g.adapter.proxy(ctx, ev, gateway)
		if err != nil {
			err = fmt.Errorf("handler: %w", err)
		}
		done <- result{resp, err}
	}()
	integration := time.NewTimer(time.Until(time.UnixMilli(ev.RequestContext.TimeEpoch).Add(gateway)))
	defer integration.Stop()
	select {
	case res := <-done:
		return res.resp, res.err
	case <-integration.C:
		return events.APIGatewayV2HTTPResponse{}, ErrIntegrationTimeout
	case <-ctx.Done():
		// The handler's return cancels ctx too, just after it sends its answer: when both are
		// ready, select may pick either, and an answer that came is never a time-out.
		select {
		case res := <-done:
			return res.resp, res.err
		default:
			return events.APIGatewayV2HTTPResponse{}, ErrFunctionTimeout
		}
	}
}

func requestEvent(
	r *http.Request,
	routeKey string,
	pathParams map[string]string,
	body []byte,
) events.APIGatewayV2HTTPRequest {
	now := time.Now()
	headers := map[string]string{}
	var cookies []string
	for k, vs := range r.Header {
		if strings.EqualFold(k, "Cookie") {
			for _, v := range vs {
				cookies = append(cookies, strings.Split(v, "; ")...)
			}
			continue
		}
		headers[strings.ToLower(k)] = strings.Join(vs, ",")
	}
	if r.Host != "" {
		headers["host"] = r.Host
	}
	query := map[string]string{}
	for k, vs := range r.URL.Query() {
		query[k] = strings.Join(vs, ",")
	}
	sourceIP, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		sourceIP = r.RemoteAddr
	}
	ev := events.APIGatewayV2HTTPRequest{
		Version:               "2.0",
		RouteKey:              routeKey,
		RawPath:               r.URL.EscapedPath(),
		RawQueryString:        r.URL.RawQuery,
		Cookies:               cookies,
		Headers:               headers,
		QueryStringParameters: query,
		PathParameters:        pathParams,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey:     routeKey,
			AccountID:    "000000000000",
			Stage:        "$default",
			RequestID:    strconv.FormatInt(now.UnixNano(), 36),
			APIID:        "local",
			DomainName:   r.Host,
			DomainPrefix: strings.Split(r.Host, ".")[0],
			Time:         now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
			TimeEpoch:    now.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method:    r.Method,
				Path:      r.URL.Path,
				Protocol:  r.Proto,
				SourceIP:  sourceIP,
				UserAgent: r.UserAgent(),
			},
		},
	}
	if len(body) > 0 {
		if isText(r.Header.Get("Content-Type")) {
			ev.Body = string(body)
		} else {
			ev.Body = base64.StdEncoding.EncodeToString(body)
			ev.IsBase64Encoded = true
		}
	}
	return ev
}

// isText mirrors API Gateway: text and JSON-like bodies pass as they are, the rest is base64.
func isText(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "json") || strings.HasSuffix(mt, "xml") ||
		mt == "application/x-www-form-urlencoded" || mt == "application/javascript"
}

func writeResponse(w http.ResponseWriter, resp events.APIGatewayV2HTTPResponse) error {
	for k, v := range resp.Headers {
		w.Header().Set(k, v)
	}
	for k, vs := range resp.MultiValueHeaders {
		w.Header()[http.CanonicalHeaderKey(k)] = vs
	}
	for _, c := range resp.Cookies {
		w.Header().Add("Set-Cookie", c)
	}
	body := []byte(resp.Body)
	if resp.IsBase64Encoded {
		var err error
		if body, err = base64.StdEncoding.DecodeString(resp.Body); err != nil {
			return fmt.Errorf("response body: %w", err)
		}
	}
	w.WriteHeader(resp.StatusCode)
	if len(body) == 0 { // a 204 or 304 allows no body, not even an empty write
		return nil
	}
	_, err := w.Write(body)
	return err
}
