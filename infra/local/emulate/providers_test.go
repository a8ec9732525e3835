package emulate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/wiring/app"
	"github.com/trustline/platform/shared/wiring/config"
)

// fakeProvider is a payment gateway and a core insurance system speaking the protocols of
// paymentgateway.Client and coreinsurance.Client; fail decides, per path and call, to answer an error.
type fakeProvider struct {
	*httptest.Server
	mu    sync.Mutex
	calls []providerCall
	fail  func(path string, n int, body map[string]any) (status int, answer string)
}

type providerCall struct {
	path, auth, idempotencyKey string
	body                       map[string]any
}

func newFakeProvider(t *testing.T, fail func(path string, n int, body map[string]any) (int, string)) *fakeProvider {
	f := &fakeProvider{fail: fail}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		f.mu.Lock()
		n := 0 // calls to this path about this reference
		for _, c := range f.calls {
			if c.path == r.URL.Path && c.body["reference"] == body["reference"] {
				n++
			}
		}
		f.calls = append(
			f.calls,
			providerCall{
				path:           r.URL.Path,
				auth:           r.Header.Get("Authorization"),
				idempotencyKey: r.Header.Get("Idempotency-Key"),
				body:           body,
			},
		)
		f.mu.Unlock()
		if status, answer := f.fail(r.URL.Path, n+1, body); status != 0 {
			w.WriteHeader(status)
			io.WriteString(w, answer)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/payments":
			fmt.Fprintf(
				w,
				`{"id":"gw_%s","url":"https://gateway.example/checkout/gw_%[1]s","expiresAt":%q}`,
				body["reference"],
				body["expiresAt"],
			)
		case "/quotes":
			io.WriteString(
				w,
				`{"netPremium":10000,"accessories":1000,"taxes":1450,"guaranteeFund":200,"total":12650,"currency":"XOF"}`,
			)
		case "/policies":
			fmt.Fprintf(
				w,
				`{"contractId":"CORE-%s","numeroPolice":"P-%[1]s","numeroFacture":"F-%[1]s","linkAttestation":"https://core.example/a","linkCarteBrune":"https://core.example/b"}`,
				body["reference"],
			)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeProvider) callsTo(path string) []providerCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []providerCall
	for _, c := range f.calls {
		if c.path == path {
			out = append(out, c)
		}
	}
	return out
}

// worker runs the issuance worker on one job, as the queue would deliver it.
func worker(t *testing.T, local *Local, reference string) events.SQSEventResponse {
	t.Helper()
	getenv, _ := local.Getenv("IssuanceWorkerFunction")
	h, err := app.IssuanceWorker(context.Background(), getenv)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := h(
		context.Background(),
		events.SQSEvent{
			Records: []events.SQSMessage{{MessageId: "m-" + reference, Body: `{"reference":"` + reference + `"}`}},
		},
	)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestExternalProviders runs the contract flow against HTTP providers instead of the sandbox:
// pricing and the link come from them, the gateway's notification issues through the core
// system with one idempotency key across retries, and their failures reach the partner as 502s
// naming the provider.
func TestExternalProviders(t *testing.T) {
	t.Parallel()
	var outage sync.Map // references whose policy calls fail for a long time
	fake := newFakeProvider(t, func(path string, n int, body map[string]any) (int, string) {
		contract, _ := body["contract"].(map[string]any)
		_, down := outage.Load(body["reference"])
		switch {
		case path == "/quotes" && contract["numImmat"] == "REFUSED-1":
			return 422, `{"code":"VEHICLE_TOO_OLD","message":"Vehicles over 30 years are not insured."}`
		case path == "/payments" && strings.HasSuffix(fmt.Sprint(body["returnUrl"]), "/gateway-down"):
			return 500, `oops`
		case path == "/policies" && (n == 1 || down && n <= 3):
			return 503, `busy`
		}
		return 0, ""
	})
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(),
		"PAYMENT_GATEWAY_URL": fake.URL, "PAYMENT_GATEWAY_KEY": "gw-key-123", "CORE_INSURANCE_URL": fake.URL,
		"CORE_INSURANCE_KEY": "core-key-456"})
	creds, err := local.Seed(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	c := client{t: t, base: local.URL}
	partner := creds.Partners[0]

	ct := create(t, c, partner.APIKey, autoBody("DK-2024-PR", nil))
	if ct.Pricing.Total != 12650 || ct.Payment.PaymentURL != "https://gateway.example/checkout/gw_"+ct.Reference {
		t.Fatalf("created = %+v", ct)
	}
	links := fake.callsTo("/payments")
	if len(links) != 1 || links[0].auth != "Bearer gw-key-123" || links[0].idempotencyKey != ct.Reference ||
		links[0].body["amount"] != float64(
			12650,
		) || links[0].body["notifyUrl"] != local.URL+"/api/v1/webhooks/payment" {
		t.Fatalf("payment request = %+v", links)
	}

	// The gateway's signed notification, as it would post it to notifyUrl.
	signingKey := secret(t, local, config.PaymentSigningKey)
	note, _ := json.Marshal(
		payment.Notification{EventID: "evt_" + ct.Reference, Type: payment.Succeeded, PaymentID: "gw_" + ct.Reference,
			Reference: ct.Reference, Amount: 12650, Currency: "XOF", OccurredAt: time.Now()},
	)
	r := c.do(
		"POST",
		"/api/v1/webhooks/payment",
		json.RawMessage(note),
		"X-Webhook-Signature",
		payment.Sign(signingKey, note),
	)
	expect(t, "notification", r, 200, "")
	waitFor(
		t,
		15*time.Second,
		"ACTIVE",
		func() bool { return status(t, c, partner.APIKey, ct.Reference)["contractStatus"] == "ACTIVE" },
	)
	issuance, _ := status(t, c, partner.APIKey, ct.Reference)["issuance"].(map[string]any)
	if issuance["numeroPolice"] != "P-"+ct.Reference || issuance["contractId"] != "CORE-"+ct.Reference {
		t.Errorf("issuance = %v", issuance)
	}
	policies := fake.callsTo("/policies")
	if len(policies) != 2 || policies[0].idempotencyKey != ct.Reference+"-1" ||
		policies[1].idempotencyKey != policies[0].idempotencyKey ||
		policies[0].auth != "Bearer core-key-456" {
		t.Errorf("policy requests (a 503 then a retry with the same key) = %+v", policies)
	}

	// The second link fails at the gateway: 502 naming it, and nothing is stored.
	// A core outage that outlasts one job's tries: the job gives the request back at once, so the
	// queue's next delivery (run here directly rather than after the visibility timeout) issues it.
	long := create(t, c, partner.APIKey, autoBody("DK-2026-PR", nil))
	outage.Store(long.Reference, true)
	note, _ = json.Marshal(
		payment.Notification{
			EventID:    "evt_" + long.Reference,
			Type:       payment.Succeeded,
			PaymentID:  "gw_" + long.Reference,
			Reference:  long.Reference,
			Amount:     12650,
			Currency:   "XOF",
			OccurredAt: time.Now(),
		},
	)
	r = c.do(
		"POST",
		"/api/v1/webhooks/payment",
		json.RawMessage(note),
		"X-Webhook-Signature",
		payment.Sign(signingKey, note),
	)
	expect(t, "notification", r, 200, "")
	waitFor(t, 15*time.Second, "three failed tries", func() bool { return len(fake.callsTo("/policies")) >= 2+3 })
	waitFor(t, 10*time.Second, "the next delivery to issue it (the lease is 2 minutes)", func() bool {
		worker(t, local, long.Reference)
		return status(t, c, partner.APIKey, long.Reference)["contractStatus"] == "ACTIVE"
	})

	down := autoBody("DK-2025-PR", nil)
	down["returnUrl"] = "https://partner.example/gateway-down"
	r = c.do("POST", "/api/v1/partner/contracts/auto/classic", down, key(partner.APIKey)...)
	expect(t, "gateway failure", r, 502, "provider_upstream_error")
	var p struct{ Extensions map[string]any }
	r.json(t, &p)
	if p.Extensions["provider"] != "payment-gateway" || p.Extensions["upstreamStatus"] != float64(500) {
		t.Errorf("extensions = %v", p.Extensions)
	}
	if strings.Contains(string(r.body), "oops") {
		t.Errorf("the upstream body leaked: %s", r.body)
	}

	r = c.do("POST", "/api/v1/partner/contracts/auto/classic", autoBody("REFUSED-1", nil), key(partner.APIKey)...)
	expect(t, "pricing refusal", r, 422, "pricing_refused")
	if !strings.Contains(string(r.body), "30 years") {
		t.Errorf("the refusal does not say why: %s", r.body)
	}
}
