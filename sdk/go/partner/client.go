package partner

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/trustline/platform/sdk/go/internal/idempotent"
	"github.com/trustline/platform/sdk/go/internal/retryafter"
)

// New returns a client of the partner API at baseURL (the stage's address, such as
// http://127.0.0.1:3000 for the local stack) that sends apiKey, a pk_<stage>_ partner key or an
// ak_<stage>_ administrator key, in x-api-key with every request (the partnerKey scheme), and a
// fresh Idempotency-Key with every write that takes one and was given none (see
// AutoIdempotencyKeys). A read, or a write with a key (sent again with that same key), is sent
// again after a transport error, a 429, 502, 503 or 504, or while its key's first request is in
// progress, up to three times in all (see Retrying). With apiKey "" it sends no credential: pass
// WithRequestEditorFn(BearerToken(token)) for a back-office login token, or nothing for the
// public operations.
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

// Retrying is the Doer New puts in front of the client's own: it sends a read (GET, HEAD), or a
// request carrying an Idempotency-Key (with the same key), again after a transport error, a 429,
// 502, 503 or 504, or a 409 with Retry-After (the key's first request still running), waiting its
// Retry-After (at most MaxWait) or Backoff doubling, up to Attempts in all. A write without a key
// is sent once.
type Retrying = idempotent.Retrying

// APIKey sends key in x-api-key, the partnerKey security scheme of openapi/partner.yaml.
func APIKey(key string) RequestEditorFn {
	return func(_ context.Context, r *http.Request) error {
		r.Header.Set("x-api-key", key)
		return nil
	}
}

// BearerToken sends token as Authorization: Bearer, the bearer security scheme: a back-office
// login token (POST /v1/auth/login of the identity API), or an API key.
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
		return fmt.Sprintf("partner: HTTP %d", e.StatusCode)
	}
	msg := fmt.Sprintf("partner: HTTP %d %s: %s", e.StatusCode, e.Kind(), e.Problem.Detail)
	if e.Problem.InvalidParams != nil {
		msg += " (" + strings.Join(*e.Problem.InvalidParams, "; ") + ")"
	}
	if e.Problem.RequestId != "" {
		msg += " [request " + e.Problem.RequestId + "]"
	}
	return msg
}

// Kind is the problem's kind, the last segment of its type: validation_failed, not_found,
// rate_limited, idempotency_key_reused and the others the API documents.
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
