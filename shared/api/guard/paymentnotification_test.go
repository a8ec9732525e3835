package guard_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

var signingKey = []byte("payment-signing-key-0123456789-abcdef")

const note = `{"eventId":"evt_1","type":"payment.succeeded","paymentId":"pay_1","reference":"AUT-1","amount":100,"currency":"XOF","occurredAt":"2026-11-23T08:00:00Z"}`

func TestPaymentNotificationSignature(t *testing.T) {
	sig := payment.Sign(signingKey, []byte(note))
	tests := []struct {
		name   string
		values []string // x-webhook-signature header values, as the Lambda adapter hands them over:
		// API Gateway joins repeated headers with commas into one value, which arrives whole
		ok bool
	}{
		{"the digest", []string{sig}, true},
		{"missing", nil, false},
		{"empty", []string{""}, false},
		{"a second value after it", []string{sig + ",junk"}, false},
		{"an empty second value", []string{sig + ","}, false},
		{"twice", []string{sig + "," + sig}, false},
		{"uppercase", []string{strings.ToUpper(sig)}, false},
		{"with a trailing space", []string{sig + " "}, false},
		{"with a comma inside", []string{sig + ",junk"}, false},
		{"prefixed", []string{"sha256=" + sig}, false},
		{"one character short", []string{sig[:63]}, false},
		{"one character more", []string{sig + "0"}, false},
		{"of another key", []string{payment.Sign([]byte("another-key-0123456789-0123456789"), []byte(note))}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/v1/webhooks/payment", strings.NewReader(note))
			for _, v := range tt.values {
				r.Header.Add("X-Webhook-Signature", v)
			}
			n, err := guard.PaymentNotification(r, signingKey)
			if tt.ok {
				if err != nil || n.PaymentID != "pay_1" {
					t.Fatalf("PaymentNotification = %+v, %v", n, err)
				}
				return
			}
			if !fault.Is(err, fault.Unauthorized) {
				t.Fatalf("err = %v, want Unauthorized", err)
			}
		})
	}
}
