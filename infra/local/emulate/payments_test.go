package emulate

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/wiring/config"
)

// paymentID is the gateway's id of a request's payment: the sandbox names its checkout after it.
func paymentID(ct created) string { return path.Base(ct.Payment.PaymentURL) }

// notify posts a payment notification as the gateway does, signed with the stack's key; headers,
// when given, are sent instead of the signature.
func notify(t *testing.T, c client, signingKey []byte, n payment.Notification, headers ...string) result {
	t.Helper()
	body, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	if headers == nil {
		headers = []string{"X-Webhook-Signature", payment.Sign(signingKey, body)}
	}
	return c.do("POST", "/api/v1/webhooks/payment", json.RawMessage(body), headers...)
}

func paidNote(ct created, eventID string) payment.Notification {
	return payment.Notification{
		EventID:    eventID,
		Type:       payment.Succeeded,
		PaymentID:  paymentID(ct),
		Reference:  ct.Reference,
		Amount:     ct.Pricing.Total,
		Currency:   ct.Pricing.Currency,
		OccurredAt: time.Now().UTC(),
	}
}

func paymentStatus(s map[string]any) any {
	p, _ := s["payment"].(map[string]any)
	return p["status"]
}

func TestPaymentNotifications(t *testing.T) {
	t.Parallel()
	local, creds, c, _ := webhookStack(t)
	partner, admin := creds.Partners[0], creds.Admin.APIKey
	signingKey := secret(t, local, config.PaymentSigningKey)

	// A signed notification is the gateway's word about one payment: it moves only the request
	// that payment belongs to.
	t.Run("a notification of another payment is refused and changes nothing", func(t *testing.T) {
		ct, other := create(
			t,
			c,
			partner.APIKey,
			autoBody("DK-PAYID-1", nil),
		), create(
			t,
			c,
			partner.APIKey,
			autoBody("DK-PAYID-2", nil),
		)
		n := paidNote(ct, "evt_payid_"+ct.Reference)
		for name, id := range map[string]string{"another request's payment": paymentID(other), "no payment": "",
			"an unknown payment": "pay_unknown"} {
			n.PaymentID = id
			r := notify(t, c, signingKey, n)
			expect(t, name, r, 422, "payment_mismatch")
		}
		for _, ref := range []string{ct.Reference, other.Reference} {
			if s := status(t, c, partner.APIKey, ref); s["contractStatus"] != "PENDING_PAYMENT" || s["paidAt"] != nil {
				t.Errorf("%s after refused notifications: %v", ref, s)
			}
		}
		// The refused event was not recorded: the gateway's corrected notification is applied.
		n.PaymentID = paymentID(ct)
		expect(t, "the right payment", notify(t, c, signingKey, n), 200, "")
		waitFor(
			t,
			15*time.Second,
			"ACTIVE",
			func() bool { return status(t, c, partner.APIKey, ct.Reference)["contractStatus"] == "ACTIVE" },
		)
	})

	t.Run("the signature is exactly the lowercase hex digest", func(t *testing.T) {
		ct := create(t, c, partner.APIKey, autoBody("DK-SIG-1", nil))
		n := paidNote(ct, "evt_sig_"+ct.Reference)
		body, _ := json.Marshal(n)
		sig := payment.Sign(signingKey, body)
		for name, headers := range map[string][]string{
			"trailing junk":  {"X-Webhook-Signature", sig + ",junk"},
			"trailing comma": {"X-Webhook-Signature", sig + ", "},
			"repeated":       {"X-Webhook-Signature", sig + "," + sig},
			"second header":  {"X-Webhook-Signature", sig, "X-Webhook-Signature", "junk"},
			"junk first":     {"X-Webhook-Signature", "junk," + sig},
			"uppercase":      {"X-Webhook-Signature", strings.ToUpper(sig)},
			"prefixed":       {"X-Webhook-Signature", "sha256=" + sig},
			"truncated":      {"X-Webhook-Signature", sig[:62]},
			"an empty value": {"X-Webhook-Signature", ""},
			"another signature": {"X-Webhook-Signature", payment.Sign([]byte("another key of 32 bytes or more!"),
				body)},
		} {
			expect(t, name, notify(t, c, signingKey, n, headers...), 401, "unauthorized")
		}
		if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "PENDING_PAYMENT" {
			t.Fatalf("moved by a refused signature: %v", s["contractStatus"])
		}
		expect(t, "the exact digest", notify(t, c, signingKey, n, "X-Webhook-Signature", sig), 200, "")
	})

	// A gateway may confirm a payment after the request failed (cancelled, or its link expired):
	// the client paid and has no contract, which must never go unseen.
	t.Run("money taken after a cancellation is kept in view and refundable", func(t *testing.T) {
		ct := create(t, c, partner.APIKey, autoBody("DK-LATE-1", nil))
		pay(t, ct.Payment.PaymentURL, "cancelled")
		s := status(t, c, partner.APIKey, ct.Reference)
		if s["contractStatus"] != "PAYMENT_FAILED" || paymentStatus(s) != "failed" {
			t.Fatalf("cancelled = %v", s)
		}
		expect(
			t,
			"no money, nothing to refund",
			c.do("POST", "/api/v1/admin/contracts/"+ct.Reference+"/refund", nil, key(admin)...),
			409,
			"conflict",
		)

		n := paidNote(ct, "evt_late_"+ct.Reference)
		for range 2 { // the second is a replay: answered the same, counted once
			expect(t, "paid after failure", notify(t, c, signingKey, n), 200, "")
		}
		s = status(t, c, partner.APIKey, ct.Reference)
		if s["contractStatus"] != "PAYMENT_FAILED" || paymentStatus(s) != "paid_after_failure" || s["paidAt"] == nil {
			t.Fatalf("after a late payment = %v", s)
		}
		expect(
			t,
			"refund by a partner",
			c.do("POST", "/api/v1/admin/contracts/"+ct.Reference+"/refund", nil, key(partner.APIKey)...),
			403,
			"forbidden",
		)
		r := c.do("POST", "/api/v1/admin/contracts/"+ct.Reference+"/refund", nil, key(admin)...)
		expect(t, "refund", r, 200, "")
		var refunded map[string]any
		r.json(t, &refunded)
		if refunded["contractStatus"] != "REFUNDED" || paymentStatus(refunded) != "refunded" {
			t.Errorf("refunded = %v", refunded)
		}
		if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "REFUNDED" ||
			paymentStatus(s) != "refunded" {
			t.Errorf("status after the refund = %v", s)
		}
		expect(
			t,
			"refund twice",
			c.do("POST", "/api/v1/admin/contracts/"+ct.Reference+"/refund", nil, key(admin)...),
			409,
			"conflict",
		)
		expect(
			t,
			"paid again after the refund",
			notify(t, c, signingKey, paidNote(ct, "evt_later_"+ct.Reference)),
			200,
			"",
		)
		if s := status(t, c, partner.APIKey, ct.Reference); s["contractStatus"] != "REFUNDED" {
			t.Errorf("a notification moved a refunded request: %v", s["contractStatus"])
		}
	})

	t.Run("payment statuses on the way", func(t *testing.T) {
		ct := create(t, c, partner.APIKey, autoBody("DK-PSTATUS-1", nil))
		if s := status(t, c, partner.APIKey, ct.Reference); paymentStatus(s) != "pending" {
			t.Errorf("pending = %v", s["payment"])
		}
		pay(t, ct.Payment.PaymentURL, "paid")
		waitFor(
			t,
			15*time.Second,
			"ACTIVE",
			func() bool { return status(t, c, partner.APIKey, ct.Reference)["contractStatus"] == "ACTIVE" },
		)
		if s := status(t, c, partner.APIKey, ct.Reference); paymentStatus(s) != "paid" {
			t.Errorf("paid = %v", s["payment"])
		}
	})
}

// The sandbox gateway takes payments anyone can make with a click; a real core insurance system
// behind it would issue real contracts for them. Such a stack does not start, and says what to set.
func TestSandboxGatewayWithARealCoreDoesNotStart(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	local, err := StartEphemeral(
		ctx,
		awstest.Clients(t),
		map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(),
			"CORE_INSURANCE_URL": "https://core.insurer.example/v1", "LOG_LEVEL": "error"},
		slog.New(slog.NewTextHandler(io.Discard, nil)),
	)
	if err == nil {
		cancel()
		_ = local.Wait()
		t.Fatal("a stack pairing the sandbox gateway with a real core insurance system started")
	}
	for _, says := range []string{"CORE_INSURANCE_URL", "PAYMENT_GATEWAY_URL"} {
		if !strings.Contains(err.Error(), says) {
			t.Errorf("the refusal does not name %s: %v", says, err)
		}
	}
}
