package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A store call ended by the request's deadline may have landed (moto committed a
// TransactWriteItems whose caller had given up, and the answer was a 500 claiming failure): the
// answer is a 503 problem with Retry-After telling the client to retry with the same
// Idempotency-Key, and a cancellation the same. An error the domain classified keeps its kind.
func TestARequestOutOfTimeIs503WithRetryAfter(t *testing.T) {
	sdkLike := func(err error) error { // as the SDK and a repository wrap it
		return fmt.Errorf("dynamo: transaction: %w", fmt.Errorf("operation error DynamoDB: TransactWriteItems, %w", err))
	}
	tests := []struct {
		name   string
		err    error
		status int
		kind   string
	}{
		{"deadline exceeded", sdkLike(context.DeadlineExceeded), 503, "unavailable"},
		{"canceled", sdkLike(context.Canceled), 503, "unavailable"},
		{"joined with a refund's failure", errors.Join(sdkLike(context.DeadlineExceeded), errors.New("refund")), 503,
			"unavailable"},
		{"internal, wrapped", &fault.Error{Kind: fault.Internal, Err: sdkLike(context.DeadlineExceeded)}, 503,
			"unavailable"},
		{"classified upstream", &fault.Error{Kind: fault.Upstream, Err: context.DeadlineExceeded}, 502,
			"provider_upstream_error"},
		{"another internal error", errors.New("boom"), 500, "internal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			httpapi.WriteError(w, httptest.NewRequest("POST", "/api/v1/partner/contracts/auto/classic", nil), tt.err)
			var p httpapi.Problem
			if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
				t.Fatal(err)
			}
			if w.Code != tt.status || p.Status != tt.status || !strings.HasSuffix(p.Type, "/errors/"+tt.kind) {
				t.Fatalf("%d %s, want %d %s", w.Code, p.Type, tt.status, tt.kind)
			}
			if tt.status != 503 {
				return
			}
			if w.Header().Get("Retry-After") == "" || !strings.Contains(p.Detail, "same Idempotency-Key") ||
				strings.Contains(p.Detail, "context") {
				t.Errorf("Retry-After %q, detail %q: want a delay and the way to retry, never the cause",
					w.Header().Get("Retry-After"), p.Detail)
			}
		})
	}
}

// The local gateway's answer to a body that did not arrive in time is a 408 problem.
func TestRequestTimeoutIs408(t *testing.T) {
	w := httptest.NewRecorder()
	httpapi.WriteError(w, httptest.NewRequest("POST", "/v1/auth/register", nil),
		fault.New(fault.RequestTimeout, "The request body did not arrive within 30s of its headers."))
	var p httpapi.Problem
	_ = json.Unmarshal(w.Body.Bytes(), &p)
	if w.Code != http.StatusRequestTimeout || !strings.HasSuffix(p.Type, "/errors/request_timeout") {
		t.Errorf("%d %s, want a 408 request_timeout problem", w.Code, p.Type)
	}
}
