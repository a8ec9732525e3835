package identity

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/trustline/platform/sdk/go/internal/retryafter"
)

// New returns a client of the identity API at baseURL (the stage's address, such as
// http://127.0.0.1:3000 for the local stack) that sends apiKey, an sk_live_ or sk_test_ key, in
// X-API-Key with every request (the apiKey scheme), and a fresh Idempotency-Key with every request
// that creates or charges and was given none (see AutoIdempotencyKeys). A read, or a request with
// a key (sent again with that same key), is sent again after a transport error, a 429, 502, 503 or
// 504, or while its key's first request is in progress, up to three times in all (see Retrying).
// With apiKey "" it sends no credential: pass WithRequestEditorFn(BearerToken(token)) for a login
// token, or nothing for the public operations.
func New(baseURL, apiKey string, opts ...ClientOption) (*ClientWithResponses, error) {
	first := []ClientOption{WithRequestEditorFn(AutoIdempotencyKeys)}
	if apiKey != "" {
		first = append(first, WithRequestEditorFn(APIKey(apiKey)))
	}
	c, err := NewClientWithResponses(baseURL, append(first, opts...)...)
	if err != nil {
		return nil, err
	}
	if cl, ok := c.ClientInterface.(*Client); ok {
		cl.Client = Retrying{Next: cl.Client}
	}
	return c, nil
}

// APIKey sends key in X-API-Key, the apiKey security scheme of openapi/identity.yaml.
func APIKey(key string) RequestEditorFn {
	return func(_ context.Context, r *http.Request) error {
		r.Header.Set("X-API-Key", key)
		return nil
	}
}

// BearerToken sends token as Authorization: Bearer, the bearer security scheme: a login token from
// POST /v1/auth/login (which managing API keys and rotating webhook secrets need), or an API key.
func BearerToken(token string) RequestEditorFn {
	return func(_ context.Context, r *http.Request) error {
		r.Header.Set("Authorization", "Bearer "+token)
		return nil
	}
}

// APIError is an answer other than the one an operation succeeds with: its HTTP status, the RFC
// 9457 problem the API sent (the zero Problem when the body was not one), and for a 429 how long
// Retry-After asks to wait.
type APIError struct {
	StatusCode int
	Problem    Problem
	RetryAfter time.Duration
}

func (e *APIError) Error() string {
	if e.Problem.Detail == "" {
		return fmt.Sprintf("identity: HTTP %d", e.StatusCode)
	}
	msg := fmt.Sprintf("identity: HTTP %d %s: %s", e.StatusCode, e.Kind(), e.Problem.Detail)
	if e.Problem.InvalidParams != nil {
		msg += " (" + strings.Join(*e.Problem.InvalidParams, "; ") + ")"
	}
	if e.Problem.RequestId != "" {
		msg += " [request " + e.Problem.RequestId + "]"
	}
	return msg
}

// Kind is the problem's kind, the last segment of its type: validation_failed, not_found,
// rate_limited, insufficient_credits and the others listed in openapi/identity.yaml.
func (e *APIError) Kind() string {
	return e.Problem.Type[strings.LastIndex(e.Problem.Type, "/")+1:]
}

// check answers nil when resp has the status wanted, else an *APIError made of it and its body.
func check(resp *http.Response, body []byte, want int) error {
	if resp.StatusCode == want {
		return nil
	}
	e := &APIError{StatusCode: resp.StatusCode}
	_ = json.Unmarshal(body, &e.Problem) // a body that is no problem leaves it zero
	e.RetryAfter, _ = retryafter.Parse(resp.Header, time.Now())
	return e
}
