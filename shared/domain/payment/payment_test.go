package payment_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

var signingKey = []byte("payment-signing-key-0123456789-abcdef")

const note = `{"eventId":"evt_1","type":"payment.succeeded","paymentId":"pay_1","reference":"AUT-1","amount":100,"currency":"XOF","occurredAt":"2026-11-23T08:00:00Z"}`

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

// links is a payment.Store in memory, one link per reference as the repository keeps them.
type links map[string]payment.Link

func (l links) PutLink(ctx context.Context, k payment.Link) error {
	if _, err := l.LinkOf(ctx, k.Reference); err == nil {
		return fault.New(fault.Conflict, "The reference has a link.")
	}
	l[k.ID] = k
	return nil
}
func (l links) Link(_ context.Context, id string) (payment.Link, error) { return l[id], nil }
func (l links) LinkOf(_ context.Context, reference string) (payment.Link, error) {
	for _, k := range l {
		if k.Reference == reference {
			return k, nil
		}
	}
	return payment.Link{}, fault.New(fault.NotFound, "No link.")
}
func (l links) DecideLink(context.Context, string, string) error { return nil }

// A reference has one link: opening its charge again (a run after a crash) answers the first link;
// another amount for it is refused, and opens nothing.
func TestSandboxOneLinkPerReference(t *testing.T) {
	store := links{}
	s := payment.Sandbox{Store: store, BaseURL: "https://partner.example", Active: true}
	charge := payment.Charge{Reference: "AUT-1", Amount: 100, Currency: "XOF"}
	first, err := s.Open(context.Background(), charge, time.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.Open(context.Background(), charge, time.Now().Add(2*time.Hour))
	if err != nil || again != first {
		t.Errorf("the charge opened again: %+v, %v, want the first link %+v", again, err, first)
	}
	charge.Amount = 200
	if _, err := s.Open(context.Background(), charge, time.Now().Add(time.Hour)); !fault.Is(err, fault.Upstream) {
		t.Errorf("another amount for the reference: %v, want Upstream", err)
	}
	if len(store) != 1 {
		t.Errorf("%d links, want 1", len(store))
	}
}

// A charge without a NotifyURL of its own (a contract's) is notified where the gateway's
// NotifyURL says; one with its own (an invoice's) keeps it.
func TestSandboxNotifyURL(t *testing.T) {
	store := links{}
	s := payment.Sandbox{
		Store:     store,
		BaseURL:   "https://partner.example",
		NotifyURL: "https://partner.example/api/v1/webhooks/payment",
		Active:    true,
	}
	for _, tc := range []struct{ own, want string }{
		{"", "https://partner.example/api/v1/webhooks/payment"},
		{"https://api.example/v1/billing/webhook", "https://api.example/v1/billing/webhook"},
	} {
		out, err := s.Open(
			context.Background(),
			payment.Charge{Reference: "R" + tc.own, Amount: 100, Currency: "XOF", NotifyURL: tc.own},
			time.Now().Add(time.Hour),
		)
		if err != nil {
			t.Fatal(err)
		}
		if got := store[out.ID].NotifyURL; got != tc.want || out.URL != "https://partner.example/sandbox/pay/"+out.ID {
			t.Errorf("charge notifying %q: link %+v notifies %q, want %q", tc.own, out, got, tc.want)
		}
	}
}

// Whatever the body and signature, a notification is accepted only under its exact digest, and
// only with a known type.
func FuzzParseNotification(f *testing.F) {
	sig := payment.Sign(signingKey, []byte(note))
	for _, seed := range []string{sig, strings.ToUpper(sig), "", "00"} {
		f.Add([]byte(note), seed)
	}
	f.Add(
		[]byte(`{"eventId":"e","type":"payment.unknown","reference":"R"}`),
		payment.Sign(signingKey, []byte(`{"eventId":"e","type":"payment.unknown","reference":"R"}`)),
	)
	f.Fuzz(func(t *testing.T, body []byte, signature string) {
		n, err := payment.ParseNotification(body, signature, signingKey)
		if err != nil {
			return
		}
		if signature != payment.Sign(signingKey, body) {
			t.Fatalf("accepted %q for a body whose digest is %s", signature, payment.Sign(signingKey, body))
		}
		if n.Type != payment.Succeeded && n.Type != payment.Cancelled && n.Type != payment.Failed {
			t.Fatalf("accepted type %q", n.Type)
		}
	})
}

// TestAmbiguousKeys: a signed notification whose keys encoding/json and another parser may read
// two ways is malformed; the same notification with its keys once each, in their own case, and
// keys the notification does not know, is read.
func TestAmbiguousKeys(t *testing.T) {
	const rest = `"paymentId":"pay_1","reference":"AUT-1","amount":100,"currency":"XOF"`
	deep := strings.Repeat("[", 40) + strings.Repeat("]", 40)
	for _, tt := range []struct {
		body string
		ok   bool
	}{
		{`{"eventId":"evt_1","type":"payment.succeeded",` + rest + `}`, true},
		{`{"eventId":"evt_1","type":"payment.succeeded",` + rest + `,"extra":{"a":[1,{"b":2}]}}`, true},
		{`{"eventId":"evt_1","type":"payment.failed","type":"payment.succeeded",` + rest + `}`, false},
		{`{"eventId":"evt_1","type":"payment.failed","Type":"payment.succeeded",` + rest + `}`, false},
		{`{"eventId":"evt_1","TYPE":"payment.succeeded",` + rest + `}`, false},
		{`{"EventID":"evt_1","type":"payment.succeeded",` + rest + `}`, false},
		{`{"eventId":"evt_1","type":"payment.succeeded",` + rest + `,"x":{"k":1,"\u212a":2}}`, false},
		{`{"eventId":"evt_1","type":"payment.succeeded",` + rest + `,"x":` + deep + `}`, false},
	} {
		_, err := payment.ParseNotification([]byte(tt.body), payment.Sign(signingKey, []byte(tt.body)), signingKey)
		if (err == nil) != tt.ok {
			t.Errorf("%.120s: %v, want accepted %v", tt.body, err, tt.ok)
		}
	}
}
