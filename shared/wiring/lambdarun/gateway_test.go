package lambdarun_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/awslabs/aws-lambda-go-api-proxy/core"

	"github.com/trustline/platform/shared/wiring/lambdarun"
)

// echo answers what the handler saw, as Lambda would have delivered it.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	ctx, _ := core.GetAPIGatewayV2ContextFromContext(r.Context())
	w.Header().Set("X-Source-Ip", ctx.HTTP.SourceIP)
	w.Header().Set("X-Route-Key", ctx.RouteKey)
	w.Header().Set("X-Query", r.URL.Query().Get("q"))
	var cookies []string
	for _, c := range r.Cookies() {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	w.Header().Set("X-Cookie", strings.Join(cookies, "; "))
	w.Header().Set("Content-Type", r.Header.Get("Content-Type"))
	w.WriteHeader(http.StatusAccepted)
	_, _ = w.Write(body)
})

func invoke(t *testing.T, r *http.Request) (*httptest.ResponseRecorder, error) {
	t.Helper()
	w := httptest.NewRecorder()
	err := lambdarun.NewGateway(echo).
		Invoke(context.Background(), w, r, "POST /v1/things/{id}", map[string]string{"id": "7"})
	return w, err
}

func TestGatewayCarriesRequestAsLambdaSeesIt(t *testing.T) {
	binary := []byte{0xff, 0xd8, 0xff, 0x00, 0x01, 0x02} // not valid UTF-8: must travel base64-encoded
	r := httptest.NewRequest("POST", "/v1/things/7?q=a+b", bytes.NewReader(binary))
	r.RemoteAddr = "203.0.113.9:5555"
	r.Header.Set("Content-Type", "image/jpeg")
	r.Header.Set("Cookie", "a=1; b=2")
	w, err := invoke(t, r)
	if err != nil {
		t.Fatal(err)
	}
	if w.Code != http.StatusAccepted || !bytes.Equal(w.Body.Bytes(), binary) {
		t.Errorf("status %d, body %x, want 202 and the bytes sent", w.Code, w.Body.Bytes())
	}
	for header, want := range map[string]string{
		"X-Source-Ip": "203.0.113.9", "X-Route-Key": "POST /v1/things/{id}", "X-Query": "a b", "X-Cookie": "a=1; b=2",
	} {
		if got := w.Header().Get(header); got != want {
			t.Errorf("%s = %q, want %q", header, got, want)
		}
	}
}

func TestGatewayTextBody(t *testing.T) {
	r := httptest.NewRequest("POST", "/v1/things/7", strings.NewReader(`{"a":"é"}`))
	r.Header.Set("Content-Type", "application/json")
	w, err := invoke(t, r)
	if err != nil || w.Body.String() != `{"a":"é"}` {
		t.Errorf("err %v, body %q", err, w.Body.String())
	}
}

func TestGatewayEnforcesLambdaPayloadLimit(t *testing.T) {
	tests := []struct {
		name, contentType string
		size              int
		tooLarge          bool
	}{
		{"text under 6 MB", "text/plain", 6*1024*1024 - 4096, false},
		{"raw over 6 MB", "text/plain", 6*1024*1024 + 1, true},
		// 5 MB of binary is 6.7 MB once base64-encoded into the event.
		{"binary over 6 MB once encoded", "application/pdf", 5 * 1024 * 1024, true},
		{"binary under the limit once encoded", "application/pdf", 4 * 1024 * 1024, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/v1/things/7", bytes.NewReader(bytes.Repeat([]byte("a"), tt.size)))
			r.Header.Set("Content-Type", tt.contentType)
			w, err := invoke(t, r)
			if got := errors.Is(err, lambdarun.ErrPayloadTooLarge); got != tt.tooLarge {
				t.Fatalf("too large = %v (err %v), want %v", got, err, tt.tooLarge)
			}
			if tt.tooLarge && w.Body.Len() != 0 {
				t.Error("a refused request reached the handler")
			}
		})
	}
}

// A function that answers within its timeout is never reported as timed out: its return cancels
// the invocation's context just after the answer is sent, and a gateway that took either as
// ready answered a Task-timed-out 500 for a request that had its answer (seen under load on every
// route of the local stack; here, with more processors than cores, 8 of 20,000 before the fix).
func TestGatewayAnswerIsNeverATimeout(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	g := lambdarun.NewGateway(echo)
	g.Timeout = time.Minute
	const n = 20000
	timedOut := 0
	for range n {
		r := httptest.NewRequest("POST", "/v1/things/7", strings.NewReader("x"))
		if err := g.Invoke(context.Background(), httptest.NewRecorder(), r, "POST /v1/things/{id}",
			map[string]string{"id": "7"}); errors.Is(err, lambdarun.ErrFunctionTimeout) {
			timedOut++
		}
	}
	if timedOut > 0 {
		t.Errorf("%d of %d answered invocations reported as timed out", timedOut, n)
	}
}
