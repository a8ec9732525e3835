package lambdarun_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/wiring/lambdarun"
)

// hangingStore is a DynamoDB endpoint that never answers, as moto paused (SIGSTOP) did in the
// fault campaign: each request is held until its client gives up. The clients are built by
// awsclient.New, as every function's are.
func hangingStore(t *testing.T) *dynamodb.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // read whole, so that the server sees the client leave
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	t.Setenv("AWS_ENDPOINT_URL", srv.URL)
	t.Setenv("AWS_REGION", "eu-west-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "123456789012")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_PROFILE", "")
	clients, err := awsclient.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return clients.DynamoDB
}

// writer is an endpoint that writes an item with the request's context, as every store call of
// the product is made.
func writer(db *dynamodb.Client) http.Handler {
	return httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{}, []httpapi.Route{{
		Pattern: "PUT /v1/things/{id}",
		Handler: func(w http.ResponseWriter, r *http.Request) error {
			_, err := db.PutItem(r.Context(), &dynamodb.PutItemInput{
				TableName: aws.String("t"),
				Item:      map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: r.PathValue("id")}},
			})
			if err != nil {
				return err
			}
			w.WriteHeader(http.StatusNoContent)
			return nil
		},
	}})
}

// putEvent is API Gateway's event of PUT /v1/things/7, received at the given time.
func putEvent(received time.Time) events.APIGatewayV2HTTPRequest {
	return events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "PUT /v1/things/{id}", RawPath: "/v1/things/7",
		Headers:        map[string]string{"idempotency-key": "k1"},
		PathParameters: map[string]string{"id": "7"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey: "PUT /v1/things/{id}", Stage: "$default", TimeEpoch: received.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "PUT", Path: "/v1/things/7"},
		},
	}
}

// outOfTime checks that resp is the answer to a request that ran out of time: a 503 problem with
// Retry-After, telling the client to retry with the same Idempotency-Key, never a 500 claiming a
// failure of a write that may have landed.
func outOfTime(t *testing.T, resp events.APIGatewayV2HTTPResponse) {
	t.Helper()
	var p httpapi.Problem
	_ = json.Unmarshal([]byte(resp.Body), &p)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Headers["Retry-After"] == "" ||
		!strings.HasSuffix(p.Type, "/errors/unavailable") || !strings.Contains(p.Detail, "same Idempotency-Key") {
		t.Errorf("answered %d, Retry-After %q, %s; want a 503 unavailable problem with Retry-After",
			resp.StatusCode, resp.Headers["Retry-After"], resp.Body)
	}
}

// Under Lambda, a request whose store hangs is answered by the handler itself before the function's
// timeout: a 503 problem with Retry-After, rather than the 500 of a deadline reached (which Lambda
// would not even send: the function is frozen at its timeout, and API Gateway answers 500).
func TestAStoreThatHangsIsAnswered503BeforeTheFunctionTimesOut(t *testing.T) {
	h := writer(hangingStore(t))
	const timeout = 2 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), timeout) // Lambda's context: the function's deadline
	defer cancel()
	start := time.Now()
	resp, err := lambdarun.NewAdapter(h).ProxyWithContext(ctx, putEvent(start))
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	outOfTime(t, resp)
	// The margin of a 2 s function is 0.5 s: the answer comes at 1.5 s, well before the freeze at 2.
	if took >= timeout-timeout/8 {
		t.Errorf("answered after %s: the function times out at %s", took, timeout)
	}
}

// API Gateway gives up 29 s after it received the request (the event's timeEpoch), however long the
// function's own timeout: the handler answers before that too.
func TestAStoreThatHangsIsAnswered503BeforeTheGatewayGivesUp(t *testing.T) {
	h := writer(hangingStore(t))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a function of 60 s
	defer cancel()
	start := time.Now()
	received := start.Add(-lambdarun.GatewayTimeout + 2*time.Second) // 27 s ago: 2 s left
	resp, err := lambdarun.NewAdapter(h).ProxyWithContext(ctx, putEvent(received))
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	outOfTime(t, resp)
	if took >= 2*time.Second-250*time.Millisecond {
		t.Errorf("answered after %s: API Gateway answers 503 itself 2 s after the start", took)
	}
}

// blocked is a handler that heeds no deadline, as a CPU-bound one (a reading, a model) does: it
// answers only when the test ends. deadline receives the deadline of its request's context.
func blocked(t *testing.T, deadline chan<- time.Time) http.Handler {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d, _ := r.Context().Deadline()
		deadline <- d
		<-release
		w.WriteHeader(http.StatusNoContent)
	})
}

// The local gateway holds an invocation to the function's timeout and to API Gateway's, whichever
// comes first, answering for a handler that is still running as API Gateway does; and the handler's
// own context ends before either, so that a handler that heeds it answers first.
func TestGatewayEndsAnInvocationAtTheFirstTimeout(t *testing.T) {
	tests := []struct {
		name              string
		function, gateway time.Duration
		want              error
	}{
		{"the function's timeout first", 300 * time.Millisecond, 5 * time.Second, lambdarun.ErrFunctionTimeout},
		{"the gateway's first", 5 * time.Second, 300 * time.Millisecond, lambdarun.ErrIntegrationTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			deadline := make(chan time.Time, 1)
			g := lambdarun.NewGateway(blocked(t, deadline))
			g.Timeout, g.IntegrationTimeout = tt.function, tt.gateway
			start := time.Now()
			first := start.Add(min(tt.function, tt.gateway))
			err := g.Invoke(context.Background(), httptest.NewRecorder(),
				httptest.NewRequest("GET", "/v1/things/7", nil), "GET /v1/things/{id}", nil)
			took := time.Since(start)
			if !errors.Is(err, tt.want) || took > 2*time.Second {
				t.Errorf("after %s: %v, want %v at %s", took, err, tt.want, min(tt.function, tt.gateway))
			}
			if d := <-deadline; d.IsZero() || !d.Before(first) {
				t.Errorf("the handler's context ends at %v, not before the first timeout (%v)", d, first)
			}
		})
	}
}

// A client that goes away does not end the invocation, as it does not end a Lambda invocation: a
// write the handler began is not cut short by a context the client cancelled (moto committed such a
// write, and the function answered 500 to no one).
func TestGatewayInvocationOutlivesItsClient(t *testing.T) {
	var err error
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(50 * time.Millisecond)
		err = r.Context().Err()
		w.WriteHeader(http.StatusNoContent)
	})
	client, cancel := context.WithCancel(context.Background())
	cancel() // the client has gone
	if ierr := lambdarun.NewGateway(h).Invoke(client, httptest.NewRecorder(),
		httptest.NewRequest("PUT", "/v1/things/7", nil), "PUT /v1/things/{id}", nil); ierr != nil || err != nil {
		t.Errorf("invoke: %v; the handler's context: %v, want neither", ierr, err)
	}
}

// A body that does not arrive whole is the client's fault, answered at once: one that stalls
// within the gateway's BodyTimeout (408), one whose client ends the request before the length it
// promised (400). Neither reaches the handler; the stalled one was held until the client gave up
// (over 150 s in the fault campaign), then logged as a 500.
func TestGatewayReadsTheBodyWithinItsDeadline(t *testing.T) {
	tests := []struct {
		name      string
		halfClose bool // the client ends its side after what it sent
		want      error
	}{
		{"a body that stalls", false, lambdarun.ErrBodyTimeout},
		{"a body cut short", true, lambdarun.ErrBodyIncomplete},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reached := false
			g := lambdarun.NewGateway(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				reached = true
				w.WriteHeader(http.StatusNoContent)
			}))
			g.BodyTimeout = 300 * time.Millisecond
			got := make(chan error, 1)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				err := g.Invoke(r.Context(), w, r, "POST /v1/things", nil)
				got <- err
				w.WriteHeader(http.StatusBadRequest)
			}))
			defer srv.Close()
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			start := time.Now()
			_, _ = io.WriteString(conn, "POST /v1/things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
				"Content-Length: 100\r\n\r\n{\"a\": 1")
			if tt.halfClose {
				_ = conn.(*net.TCPConn).CloseWrite()
			}
			_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer after %s (%v): the gateway waits for a body that never comes", time.Since(start), err)
			}
			resp.Body.Close()
			if err := <-got; !errors.Is(err, tt.want) || reached || resp.StatusCode != http.StatusBadRequest {
				t.Errorf("%v (handler reached: %v, answered %d), want %v", err, reached, resp.StatusCode, tt.want)
			}
			if took := time.Since(start); took > 3*time.Second {
				t.Errorf("answered after %s, the body deadline being %s", took, g.BodyTimeout)
			}
		})
	}
}

// A queue or schedule function is held to its timeout as Lambda holds it: the batch still running
// then fails whole (its messages come back after their visibility timeout), and its handler's context
// ends before, so that one that heeds it reports its failures in time.
func TestLimitBatchEndsABatchAtTheFunctionsTimeout(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	deadlines := make(chan time.Time, 1)
	h := lambdarun.LimitBatch(300*time.Millisecond, func(ctx context.Context, _ events.SQSEvent) (
		events.SQSEventResponse, error,
	) {
		d, _ := ctx.Deadline()
		deadlines <- d
		<-release
		return events.SQSEventResponse{}, nil
	})
	start := time.Now()
	_, err := h(context.Background(), events.SQSEvent{})
	if took := time.Since(start); !errors.Is(err, lambdarun.ErrFunctionTimeout) || took > 2*time.Second {
		t.Errorf("after %s: %v, want ErrFunctionTimeout at 300ms", took, err)
	}
	if deadline := <-deadlines; deadline.IsZero() || !deadline.Before(start.Add(300*time.Millisecond)) {
		t.Errorf("the handler's context ends at %v, not before the timeout", deadline)
	}
}
