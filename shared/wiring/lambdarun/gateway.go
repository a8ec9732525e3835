package lambdarun

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
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

// Gateway invokes one function's HTTP handler the way API Gateway does: the request becomes an
// APIGatewayV2HTTPRequest event (binary bodies base64-encoded), the handler runs behind the same
// proxy adapter as under Lambda, and both payloads are held to Lambda's 6 MB limit.
type Gateway struct {
	adapter *Adapter
}

// NewGateway wraps the handler a function's main passes to HTTP.
func NewGateway(h http.Handler) *Gateway {
	return &Gateway{adapter: NewAdapter(h)}
}

// Invoke turns r into an event for routeKey ("GET /v1/items/{id}" or "$default"), invokes the
// handler and writes its response to w. It writes nothing when it returns an error.
func (g *Gateway) Invoke(
	ctx context.Context,
	w http.ResponseWriter,
	r *http.Request,
	routeKey string,
	pathParams map[string]string,
) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxPayload+1))
	if err != nil {
		return fmt.Errorf("read body: %w", err)
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
	resp, err := g.adapter.ProxyWithContext(ctx, ev)
	if err != nil {
		return fmt.Errorf("handler: %w", err)
	}
	if out, _ := json.Marshal(resp); len(out) > MaxPayload {
		return fmt.Errorf("response of %d bytes exceeds the 6 MB Lambda payload limit", len(out))
	}
	return writeResponse(w, resp)
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
	_, err := w.Write(body)
	return err
}
