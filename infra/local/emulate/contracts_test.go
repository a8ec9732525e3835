package emulate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/sdk/go/webhookverify"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/wiring/config"
)

func autoBody(numImmat string, mutate func(contract map[string]any)) map[string]any {
	c := map[string]any{
		"cliCode":  "CLI-001",
		"cat":      "550",
		"scatCode": "011",
		"carrCode": "ROU",
		"nrg":      "ESS",
		"pfs":      150,
		"nbP":      2,
		"dure":     12,
		"effet":    time.Now().AddDate(0, 0, 1).Format("02/01/2006"),
		"numImmat": numImmat,
		"mqCode":   "YAMA",
		"modele":   "MT-07",
	}
	if mutate != nil {
		mutate(c)
	}
	return map[string]any{
		"returnUrl": "https://partner.example/return",
		"cancelUrl": "https://partner.example/cancel",
		"contract":  c,
	}
}

type created struct {
	Reference      string
	ContractStatus string
	Payment        struct {
		PaymentURL string
		ExpiresAt  time.Time
	}
	Pricing struct {
		Total    int64
		Currency string
	}
}

func create(t *testing.T, c client, partnerKey string, body map[string]any) created {
	t.Helper()
	r := c.do("POST", "/api/v1/partner/contracts/auto/classic", body, key(partnerKey)...)
	expect(t, "create", r, 201, "")
	var out created
	r.json(t, &out)
	return out
}

// pay presses a button of the sandbox checkout, as the end user's browser does.
func pay(t *testing.T, paymentURL, outcome string) *http.Response {
	t.Helper()
	page, err := http.Get(paymentURL)
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(page.Body)
	page.Body.Close()
	// Every link says what it collects: an insurance request or a subscription period.
	if page.StatusCode != 200 || !strings.Contains(string(html), `value="paid"`) ||
		strings.Contains(string(html), "<h1>Payment</h1>") {
		t.Fatalf("checkout page: %d %s", page.StatusCode, html)
	}
	noRedirect := &http.Client{
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	resp, err := noRedirect.PostForm(paymentURL, url.Values{"outcome": {outcome}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func status(t *testing.T, c client, partnerKey, reference string) map[string]any {
	t.Helper()
	r := c.do("GET", "/api/v1/partner/contracts/requests/"+reference, nil, key(partnerKey)...)
	expect(t, "status", r, 200, "")
	var v map[string]any
	r.json(t, &v)
	return v
}

func TestContractFlow(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := webhookStack(t)
	const hookSecret = "contract-webhook-secret-0123"
	partner := newPartner(t, c, creds.Admin.APIKey)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	configure(t, c, partner.APIKey, rc.URL, hookSecret)
	signingKey := secret(t, local, config.PaymentSigningKey)

	t.Run("paid: issued webhook, ACTIVE", func(t *testing.T) {
		ct := create(t, c, partner.APIKey, autoBody("DK-1234-AB", nil))
		if ct.ContractStatus != "PENDING_PAYMENT" || !strings.Contains(ct.Payment.PaymentURL, "/sandbox/pay/pay_") ||
			ct.Pricing.Total <= 0 ||
			ct.Pricing.Currency != "XOF" {
			t.Fatalf("created = %+v", ct)
		}
		resp := pay(t, ct.Payment.PaymentURL, "paid")
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "https://partner.example/return" {
			t.Fatalf("after paying: %d → %s", resp.StatusCode, resp.Header.Get("Location"))
		}
		waitFor(t, 15*time.Second, "the issued webhook", func() bool { return len(rc.got()) >= 1 })
		got := rc.got()[0]
		if err := webhookverify.Insurance([]byte(hookSecret), got.body,
			got.header.Get("x-insurance-signature")); err != nil {
			t.Errorf("signature over the raw bytes: %v", err)
		}
		var ev struct {
			Event, Reference, PaymentStatus string
			Data                            struct{ ContractID, NumeroPolice, Status string }
		}
		_ = json.Unmarshal(got.body, &ev)
		if ev.Event != "insurance.contract.issued" || ev.Reference != ct.Reference || ev.PaymentStatus != "COMPLETED" ||
			ev.Data.Status != "ACTIVE" ||
			ev.Data.NumeroPolice == "" {
			t.Errorf("webhook = %s", got.body)
		}
		if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "ACTIVE" || s["issuance"] == nil ||
			s["paidAt"] == nil {
			t.Errorf("status = %v", s)
		}

		// The same notification again, and a late cancellation: nothing moves, no new webhook.
		note, _ := json.Marshal(
			payment.Notification{
				EventID:    "evt_replayed_" + ct.Reference,
				Type:       payment.Cancelled,
				PaymentID:  paymentID(ct),
				Reference:  ct.Reference,
				Amount:     ct.Pricing.Total,
				Currency:   "XOF",
				OccurredAt: time.Now(),
			},
		)
		for range 2 {
			r := c.do(
				"POST",
				"/api/v1/webhooks/payment",
				json.RawMessage(note),
				"X-Webhook-Signature",
				payment.Sign(signingKey, note),
			)
			expect(t, "late notification", r, 200, "")
		}
		if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "ACTIVE" {
			t.Errorf("a late cancellation moved the contract: %v", s["contractStatus"])
		}
		r := c.do(
			"POST",
			"/api/v1/webhooks/payment",
			json.RawMessage(note),
			"X-Webhook-Signature",
			strings.Repeat("0", 64),
		)
		expect(t, "bad signature", r, 401, "unauthorized")
		expect(t, "no signature", c.do("POST", "/api/v1/webhooks/payment", json.RawMessage(note)), 401, "unauthorized")
	})

	t.Run("FAIL-: issuance_failed webhook, ISSUANCE_FAILED", func(t *testing.T) {
		before := len(rc.got())
		ct := create(t, c, partner.APIKey, autoBody("FAIL-777", nil))
		pay(t, ct.Payment.PaymentURL, "paid")
		waitFor(t, 15*time.Second, "the issuance_failed webhook", func() bool { return len(rc.got()) > before })
		got := rc.got()[before]
		if got.header.Get("x-insurance-event") != "insurance.contract.issuance_failed" ||
			!bytes.Contains(got.body, []byte(`"issuanceStatus":"FAILED"`)) {
			t.Errorf("webhook = %v %s", got.header, got.body)
		}
		s := status(t, c, partner.APIKey, ct.Reference)
		issuance, _ := s["issuance"].(map[string]any)
		if s["contractStatus"] != "ISSUANCE_FAILED" || issuance["errorCode"] != "CORE_REFUSED" {
			t.Errorf("status = %v", s)
		}
	})

	t.Run("FLAKY-: issued after two upstream failures", func(t *testing.T) {
		ct := create(t, c, partner.APIKey, autoBody("FLAKY-42", nil))
		pay(t, ct.Payment.PaymentURL, "paid")
		waitFor(
			t,
			15*time.Second,
			"ACTIVE",
			func() bool { return status(t, c, partner.APIKey, ct.Reference)["contractStatus"] == "ACTIVE" },
		)
	})

	t.Run("cancelled: PAYMENT_FAILED, no webhook", func(t *testing.T) {
		before := len(rc.got())
		ct := create(t, c, partner.APIKey, autoBody("DK-5555-CC", nil))
		resp := pay(t, ct.Payment.PaymentURL, "cancelled")
		if resp.Header.Get("Location") != "https://partner.example/cancel" {
			t.Errorf("cancel redirect = %s", resp.Header.Get("Location"))
		}
		if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PAYMENT_FAILED" {
			t.Errorf("status = %v", s["contractStatus"])
		}
		// A delivery is stored with the state change it tells of: none is, for this one.
		if h := deliveries(t, c, partner.APIKey, "?reference="+ct.Reference); len(h) != 0 {
			t.Errorf("deliveries for a cancelled payment: %+v", h)
		}
		time.Sleep(1500 * time.Millisecond) // and none is sent by another path
		for _, r := range rc.got()[before:] {
			if strings.Contains(string(r.body), ct.Reference) {
				t.Errorf("a webhook was sent for a cancelled payment: %s", r.body)
			}
		}
	})

	t.Run("another partner cannot read it", func(t *testing.T) {
		ct := create(t, c, partner.APIKey, autoBody("DK-9999-ZZ", nil))
		other := newPartner(t, c, creds.Admin.APIKey)
		expect(
			t,
			"other partner",
			c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(other.APIKey)...),
			404,
			"not_found",
		)
		expect(
			t,
			"unknown",
			c.do("GET", "/api/v1/partner/contracts/requests/AUT-00000000-NOPE", nil, key(partner.APIKey)...),
			404,
			"not_found",
		)
		expect(
			t,
			"admin",
			c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(creds.Admin.APIKey)...),
			200,
			"",
		)
	})
}

func TestContractValidationAndIdempotency(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := webhookStack(t)
	partner := creds.Partners[0]
	cases := map[string]struct {
		body  map[string]any
		field string
	}{
		"power rule 011": {
			autoBody("X", func(m map[string]any) { m["pfs"] = 125 }),
			"contract.pfs: must be greater than 125",
		},
		"power rule 010": {
			autoBody("X", func(m map[string]any) { m["scatCode"], m["carrCode"], m["pfs"] = "010", "SCO", 150 }),
			"contract.pfs: must be at most 125",
		},
		"unknown brand": {autoBody("X", func(m map[string]any) { m["mqCode"] = "NOPE" }), "contract.mqCode"},
		"past date": {
			autoBody("X", func(m map[string]any) { m["effet"] = "01/01/2020" }),
			"contract.effet: must not be in the past",
		},
		"bad date": {
			autoBody("X", func(m map[string]any) { m["effet"] = "2030-01-01" }),
			"contract.effet: must be a date dd/mm/yyyy",
		},
		"missing field": {
			autoBody("X", func(m map[string]any) { delete(m, "numImmat") }),
			"contract.numImmat: required",
		},
		"http returnUrl": {
			func() map[string]any { b := autoBody("X", nil); b["returnUrl"] = "http://partner.example/r"; return b }(),
			"returnUrl: must be an absolute https URL",
		},
		"private cancel": {
			func() map[string]any { b := autoBody("X", nil); b["cancelUrl"] = "https://10.0.0.1/c"; return b }(),
			"cancelUrl: must name a public host",
		},
		// Every string is bounded before it costs a price quote or a payment link (a 300 KB
		// numImmat once answered 500 after both were made).
		"300 KB numImmat": {autoBody(strings.Repeat("X", 300<<10), nil), "contract.numImmat: at most 32 characters"},
		"long modele": {
			autoBody("X", func(m map[string]any) { m["modele"] = strings.Repeat("M", 65) }),
			"contract.modele: at most 64 characters",
		},
		"long returnUrl": {func() map[string]any {
			b := autoBody("X", nil)
			b["returnUrl"] = "https://partner.example/" + strings.Repeat("r", 2048)
			return b
		}(), "returnUrl: at most 2048 characters"},
	}
	links := len(tableItems(t, local, "PAYMENT#"))
	for name, tc := range cases {
		r := c.do("POST", "/api/v1/partner/contracts/auto/classic", tc.body, key(partner.APIKey)...)
		expect(t, name, r, 422, "validation_failed")
		if !strings.Contains(strings.Join(r.problem.InvalidParams, "|"), tc.field) {
			t.Errorf("%s: invalidParams = %v, want %q", name, r.problem.InvalidParams, tc.field)
		}
	}
	if after := len(tableItems(t, local, "PAYMENT#")); after != links {
		t.Errorf("refused requests opened %d payment links", after-links)
	}
	expect(
		t,
		"malformed JSON",
		c.do("POST", "/api/v1/partner/contracts/auto/classic", json.RawMessage(`{"contract":`), key(partner.APIKey)...),
		400,
		"bad_request",
	)
	req, _ := http.NewRequest("POST", c.base+"/api/v1/partner/contracts/auto/classic", strings.NewReader(`{}`))
	req.Header.Set("X-Api-Key", partner.APIKey)
	req.Header.Set("Content-Type", "text/plain")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 415 {
		t.Errorf("wrong content type: %v %v", resp, err)
	}
	// An administrator may use the partner's route, naming the partner (TestAdminActsAsPartner).
	admin := c.do("POST", "/api/v1/partner/contracts/auto/classic", autoBody("X", nil), key(creds.Admin.APIKey)...)
	expect(t, "partner route by an admin without partnerId", admin, 422, "validation_failed")
	if !strings.HasPrefix(strings.Join(admin.problem.InvalidParams, "|"), "partnerId: ") {
		t.Errorf("invalidParams = %v, want partnerId", admin.problem.InvalidParams)
	}

	body := autoBody("DK-IDEM-01", nil)
	idem := []string{"idempotency-key", "3b7c9a2e-2f4d-4a6b-9a1e-1c2d3e4f5a6b"}
	first := c.do("POST", "/api/v1/partner/contracts/auto/classic", body, append(key(partner.APIKey), idem...)...)
	expect(t, "first", first, 201, "")
	replay := c.do("POST", "/api/v1/partner/contracts/auto/classic", body, append(key(partner.APIKey), idem...)...)
	if replay.status != 201 || replay.header.Get("Idempotent-Replayed") != "true" ||
		string(replay.body) != string(first.body) {
		t.Errorf("replay = %d %s", replay.status, replay.body)
	}
	expect(
		t,
		"same key, other body",
		c.do(
			"POST",
			"/api/v1/partner/contracts/auto/classic",
			autoBody("DK-IDEM-02", nil),
			append(key(partner.APIKey), idem...)...),
		409,
		"idempotency_key_reused",
	)

	voyage := map[string]any{
		"returnUrl": "https://partner.example/r",
		"cancelUrl": "https://partner.example/c",
		"contract": map[string]any{
			"cliCode": "CLI-9", "zn": "SCHENGEN", "duree": 15, "effet": time.Now().AddDate(0, 0,
				3).Format("02/01/2006"), "numPassport": "P1234567",
			"dtDeliv": "01/01/2022", "dtExpir": "01/01/2032", "lieuNais": "Dakar", "lieuDepart": "SN",
			"lieuDest": "FR"},
	}
	r := c.do("POST", "/api/v1/partner/contracts/voyage/classic", voyage, key(partner.APIKey)...)
	expect(t, "travel", r, 201, "")
	var v created
	r.json(t, &v)
	if !strings.HasPrefix(v.Reference, "TRV-") || v.Pricing.Total <= 0 {
		t.Errorf("travel = %s", r.body)
	}
}

func TestContractAdministration(t *testing.T) {
	t.Parallel()
	_, creds, c, _ := webhookStack(t)
	admin := creds.Admin.APIKey
	partner := newPartner(t, c, admin)
	rc := newReceiver(t, func(int) (int, time.Duration) { return 200, 0 })
	configure(t, c, partner.APIKey, rc.URL, "")

	t.Run("partners are sent to their own route", func(t *testing.T) {
		r := c.do("POST", "/api/v1/contracts/auto/classic", autoBody("X", nil), key(partner.APIKey)...)
		expect(t, "partner key", r, 403, "forbidden")
		if !strings.Contains(r.problem.Detail, "/api/v1/partner/contracts/auto/classic") {
			t.Errorf("detail = %q", r.problem.Detail)
		}
		expect(
			t,
			"replay by a partner",
			c.do("POST", "/api/v1/admin/contracts/AUT-x/replay-issuance", nil, key(partner.APIKey)...),
			403,
			"forbidden",
		)
		expect(
			t,
			"refund by a partner",
			c.do("POST", "/api/v1/admin/contracts/AUT-x/refund", nil, key(partner.APIKey)...),
			403,
			"forbidden",
		)
	})

	t.Run("direct creation for a named partner", func(t *testing.T) {
		body := autoBody("DK-DIRECT-1", nil)
		body["partnerId"] = partner.PartnerID
		r := c.do("POST", "/api/v1/contracts/auto/classic", body, key(admin)...)
		expect(t, "direct", r, 201, "")
		var ct created
		r.json(t, &ct)
		expect(
			t,
			"the partner reads it",
			c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(partner.APIKey)...),
			200,
			"",
		)
		body["partnerId"] = "prt_unknown"
		expect(
			t,
			"unknown partner",
			c.do("POST", "/api/v1/contracts/auto/classic", body, key(admin)...),
			404,
			"not_found",
		)
	})

	t.Run("replay of a failed issuance sends issued", func(t *testing.T) {
		ct := create(t, c, partner.APIKey, autoBody("FAIL-REPLAY", nil))
		pay(t, ct.Payment.PaymentURL, "paid")
		waitFor(
			t,
			15*time.Second,
			"ISSUANCE_FAILED",
			func() bool { return status(t, c, partner.APIKey, ct.Reference)["contractStatus"] == "ISSUANCE_FAILED" },
		)
		expect(
			t,
			"replay",
			c.do("POST", "/api/v1/admin/contracts/"+ct.Reference+"/replay-issuance", nil, key(admin)...),
			202,
			"",
		)
		waitFor(
			t,
			15*time.Second,
			"ACTIVE after the replay",
			func() bool { return status(t, c, partner.APIKey, ct.Reference)["contractStatus"] == "ACTIVE" },
		)
		waitFor(t, 10*time.Second, "issuance_failed then issued", func() bool {
			var events []string
			for _, r := range rc.got() {
				if r.header.Get("x-insurance-reference") == ct.Reference {
					events = append(events, r.header.Get("x-insurance-event"))
				}
			}
			return strings.Join(events, ",") == "insurance.contract.issuance_failed,insurance.contract.issued"
		})
		expect(
			t,
			"replay of an active contract",
			c.do("POST", "/api/v1/admin/contracts/"+ct.Reference+"/replay-issuance", nil, key(admin)...),
			409,
			"conflict",
		)
		// The history keeps every step, the failure before the replay included; an administrator's
		// read names the partner (issue 36, item 2).
		wantHistory(t, status(t, c, partner.APIKey, ct.Reference), "requested", "paid", "issuance_failed",
			"issuance_replayed", "issued")
		var read struct{ PartnerID, PartnerName string }
		c.do("GET", "/api/v1/partner/contracts/requests/"+ct.Reference, nil, key(admin)...).json(t, &read)
		if read.PartnerID != partner.PartnerID || read.PartnerName != partner.Name {
			t.Errorf("an administrator's read names partner %q %q, want %q %q", read.PartnerID, read.PartnerName,
				partner.PartnerID, partner.Name)
		}
	})

	t.Run("refund of a failed issuance", func(t *testing.T) {
		ct := create(t, c, partner.APIKey, autoBody("FAIL-REFUND", nil))
		pay(t, ct.Payment.PaymentURL, "paid")
		waitFor(
			t,
			15*time.Second,
			"ISSUANCE_FAILED",
			func() bool { return status(t, c, partner.APIKey, ct.Reference)["contractStatus"] == "ISSUANCE_FAILED" },
		)
		r := c.do("POST", "/api/v1/admin/contracts/"+ct.Reference+"/refund", nil, key(admin)...)
		expect(t, "refund", r, 200, "")
		if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "REFUNDED" {
			t.Errorf("status = %v", s["contractStatus"])
		}
		expect(
			t,
			"refund twice",
			c.do("POST", "/api/v1/admin/contracts/"+ct.Reference+"/refund", nil, key(admin)...),
			409,
			"conflict",
		)
		wantHistory(t, status(t, c, partner.APIKey, ct.Reference), "requested", "paid", "issuance_failed", "refunded")
	})

	t.Run("the administrators' list names each request's partner", func(t *testing.T) {
		var page struct {
			Data []struct{ Reference, PartnerID, PartnerName string }
		}
		c.do("GET", "/api/v1/admin/contracts/requests?partnerId="+partner.PartnerID, nil, key(admin)...).json(t, &page)
		if len(page.Data) == 0 {
			t.Fatal("the partner's requests are not listed")
		}
		for _, k := range page.Data {
			if k.PartnerID != partner.PartnerID || k.PartnerName != partner.Name {
				t.Errorf("%s is listed for %q %q, want %q %q", k.Reference, k.PartnerID, k.PartnerName,
					partner.PartnerID, partner.Name)
			}
		}
		var own struct {
			Data []map[string]any
		}
		c.do("GET", "/api/v1/partner/contracts/requests", nil, key(partner.APIKey)...).json(t, &own)
		if len(own.Data) == 0 || own.Data[0]["partnerName"] != nil {
			t.Errorf("the partner's own list: %v, want its requests without a name", own.Data)
		}
	})
}

// wantHistory checks a status read's history: the steps in order, each with a time.
func wantHistory(t *testing.T, read map[string]any, steps ...string) {
	t.Helper()
	history, _ := read["history"].([]any)
	var got []string
	for _, h := range history {
		step, _ := h.(map[string]any)
		if at, _ := step["at"].(string); at == "" {
			t.Errorf("step %v has no time", step)
		}
		got = append(got, fmt.Sprint(step["step"]))
	}
	if !slices.Equal(got, steps) {
		t.Errorf("history = %v, want %v", got, steps)
	}
}

// An unpaid link that expires moves its request to PAYMENT_FAILED at the next maintenance run; the
// checkout page then says so. The link keeps its default lifetime: the test moves the stack's clock
// past it, so the run before the expiry may take as long as a loaded machine needs.
func TestExpiredPaymentLinks(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir()})
	creds, err := local.Seed(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	c := client{t: t, base: local.URL}
	maintenance := maintenanceOf(t, local)
	partner := creds.Partners[0]
	ct := create(t, c, partner.APIKey, autoBody("DK-EXPIRE-1", nil))
	if err := maintenance(context.Background(), events.EventBridgeEvent{}); err != nil {
		t.Fatal(err)
	}
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PENDING_PAYMENT" {
		t.Fatalf("expired before its time: %v", s["contractStatus"])
	}
	skip(t, local, ct.Payment.ExpiresAt.Sub(now(t, local))+time.Second)
	if err := maintenance(context.Background(), events.EventBridgeEvent{}); err != nil {
		t.Fatal(err)
	}
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PAYMENT_FAILED" {
		t.Errorf("after expiry: %v", s["contractStatus"])
	}
	// Never paid, the request and its personal data go contracts.UnpaidRetention after it failed.
	purge := func() float64 {
		t.Helper()
		items := tableItems(t, local, "CONTRACT#"+ct.Reference)
		if len(items) != 1 {
			t.Fatalf("%d items of the request", len(items))
		}
		ttl, _ := items[0]["ttl"].(float64)
		return ttl
	}
	if ttl, want := purge(), float64(now(t, local).Add(contracts.UnpaidRetention).Unix()); ttl < want-3600 ||
		ttl > want+3600 {
		t.Errorf("an unpaid request's ttl is %v, want about %v", ttl, want)
	}
	page, err := http.Get(ct.Payment.PaymentURL)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusGone {
		t.Errorf("checkout of an expired link: %d", page.StatusCode)
	}
	// The gateway confirms a payment made as the link expired: the money is recorded, in view.
	late := paidNote(ct, "evt_expired_"+ct.Reference)
	late.OccurredAt = now(t, local) // the gateway's time is the stack's
	expect(t, "paid after expiry", notify(t, c, secret(t, local, config.PaymentSigningKey), late), 200, "")
	if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PAYMENT_FAILED" ||
		paymentStatus(s) != "paid_after_failure" {
		t.Errorf("paid after expiry: %v", s)
	}
	if ttl := purge(); ttl != 0 {
		t.Errorf("a request paid after its failure is still to be purged (ttl %v): the money must be refunded", ttl)
	}
}
