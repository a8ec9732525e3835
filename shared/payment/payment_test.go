package payment_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/payment"
)

var signingKey = []byte("payment-signing-key-0123456789-abcdef")

const note = `{"eventId":"evt_1","type":"payment.succeeded","paymentId":"pay_1","reference":"AUT-1","amount":100,"currency":"XOF","occurredAt":"2026-11-23T08:00:00Z"}`

func TestReadNotificationSignature(t *testing.T) {
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
			n, err := payment.ReadNotification(r, signingKey)
			if tt.ok {
				if err != nil || n.PaymentID != "pay_1" {
					t.Fatalf("ReadNotification = %+v, %v", n, err)
				}
				return
			}
			if !fault.Is(err, fault.Unauthorized) {
				t.Fatalf("err = %v, want Unauthorized", err)
			}
		})
	}
}

// Whatever the header says, only the exact digest of the exact body is accepted.
func FuzzVerify(f *testing.F) {
	sig := payment.Sign(signingKey, []byte(note))
	for _, seed := range []string{sig, strings.ToUpper(sig), sig + " ", sig + ",x", "", "00"} {
		f.Add([]byte(note), seed)
	}
	f.Fuzz(func(t *testing.T, body []byte, signature string) {
		if payment.Verify(signingKey, body, signature) && signature != payment.Sign(signingKey, body) {
			t.Fatalf("accepted %q for a body whose digest is %s", signature, payment.Sign(signingKey, body))
		}
	})
}

type links map[string]payment.Link

func (l links) PutLink(_ context.Context, k payment.Link) error         { l[k.ID] = k; return nil }
func (l links) Link(_ context.Context, id string) (payment.Link, error) { return l[id], nil }
func (l links) DecideLink(context.Context, string, string) error        { return nil }

// A charge without a NotifyURL of its own (a contract's) is notified where the gateway's
// NotifyURL says; one with its own (an invoice's) keeps it.
func TestSandboxNotifyURL(t *testing.T) {
	store := links{}
	s := payment.Sandbox{Store: store, BaseURL: "https://partner.example", NotifyURL: "https://partner.example/api/v1/webhooks/payment", Active: true}
	for _, tc := range []struct{ own, want string }{
		{"", "https://partner.example/api/v1/webhooks/payment"},
		{"https://api.example/v1/billing/webhook", "https://api.example/v1/billing/webhook"},
	} {
		out, err := s.Open(context.Background(), payment.Charge{Reference: "R", Amount: 100, Currency: "XOF", NotifyURL: tc.own}, time.Now().Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if got := store[out.ID].NotifyURL; got != tc.want || out.URL != "https://partner.example/sandbox/pay/"+out.ID {
			t.Errorf("charge notifying %q: link %+v notifies %q, want %q", tc.own, out, got, tc.want)
		}
	}
}
