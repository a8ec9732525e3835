package lambdarun_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/wiring/lambdarun"
)

// An event as API Gateway (HTTP API, payload v2) delivers it: repeated headers already joined
// with commas, cookies in their own list.
const commaEvent = `{
  "version": "2.0",
  "routeKey": "GET /api/v1/reference/branches",
  "rawPath": "/api/v1/reference/branches",
  "rawQueryString": "",
  "cookies": ["a=1", "b=2"],
  "headers": {
    "accept": "application/problem+json, application/json;q=0.9",
    "if-none-match": "\"v1\", W/\"v2\"",
    "x-webhook-signature": "abc,def",
    "host": "api.example.com",
    "user-agent": "curl/8.5.0"
  },
  "requestContext": {
    "accountId": "123456789012", "apiId": "abcdef1234", "domainName": "api.example.com",
    "domainPrefix": "api", "requestId": "JKJaXmPLvHcESHA=", "routeKey": "GET /api/v1/reference/branches",
    "stage": "$default", "time": "23/Nov/2026:08:00:00 +0000", "timeEpoch": 1795420800000,
    "http": {"method": "GET", "path": "/api/v1/reference/branches", "protocol": "HTTP/1.1",
      "sourceIp": "203.0.113.10", "userAgent": "curl/8.5.0"}
  },
  "isBase64Encoded": false
}`

func TestAdapterKeepsCommaBearingHeadersWhole(t *testing.T) {
	var ev events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal([]byte(commaEvent), &ev); err != nil {
		t.Fatal(err)
	}
	seen := http.Header{}
	var cookies int
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, k := range []string{"Accept", "If-None-Match", "X-Webhook-Signature"} {
			seen[k] = r.Header.Values(k)
		}
		cookies = len(r.Cookies())
		w.WriteHeader(http.StatusNoContent)
	})
	resp, err := lambdarun.NewAdapter(h).ProxyWithContext(context.Background(), ev)
	if err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("resp %+v, err %v", resp, err)
	}
	for k, v := range ev.Headers {
		k = http.CanonicalHeaderKey(k)
		if got, ok := seen[k]; ok && (len(got) != 1 || got[0] != v) {
			t.Errorf("%s arrived as %q, want the one value %q", k, got, v)
		}
	}
	if cookies != 2 {
		t.Errorf("%d cookies, want 2", cookies)
	}
}

// The local gateway hands repeated header lines over joined, as API Gateway does.
func TestGatewayJoinsRepeatedHeaders(t *testing.T) {
	var got []string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Values("If-None-Match")
		w.WriteHeader(http.StatusNoContent)
	})
	r := httptest.NewRequest("GET", "http://api.example.com/v1/things/7", nil)
	r.Header.Add("If-None-Match", `"v1", "v2"`)
	r.Header.Add("If-None-Match", `"v3"`)
	if err := lambdarun.NewGateway(h).Invoke(context.Background(), discard{}, r, "$default", nil); err != nil {
		t.Fatal(err)
	}
	if want := `"v1", "v2","v3"`; len(got) != 1 || got[0] != want {
		t.Errorf("If-None-Match = %q, want [%q]", got, want)
	}
}

type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}
