// Package payment provides the payment gateway of the local and sandbox stages: payment links to a
// checkout page served by the project, and the signed notifications it sends when the end user pays,
// cancels or fails, exactly as a real gateway would.
package payment

import (
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/textlimit"
)

// Notification types.
const (
	Succeeded = "payment.succeeded"
	Cancelled = "payment.cancelled"
	Failed    = "payment.failed"
)

// Notification is the body of POST /api/v1/webhooks/payment, signed in x-webhook-signature
// (lowercase hex HMAC-SHA256 of the raw body with the payment signing key).
type Notification struct {
	EventID    string    `json:"eventId"    maxLength:"128"`
	Type       string    `json:"type"       maxLength:"32"`
	PaymentID  string    `json:"paymentId"  maxLength:"128"`
	Reference  string    `json:"reference"  maxLength:"128"`
	Amount     int64     `json:"amount"`
	Currency   string    `json:"currency"   maxLength:"3"`
	OccurredAt time.Time `json:"occurredAt"`
}

// Paid reports whether the notification confirms the payment; a cancellation or a failure does not.
func (n Notification) Paid() bool { return n.Type == Succeeded }

// ErrReplayed is what a store returns for a notification whose event it recorded before: nothing
// was written. The gateway's event ids are its own and unique across everything it notifies
// (contract payments and invoices alike), so one record of them serves both.
var ErrReplayed = errors.New("payment: notification event recorded before")

// Match is the rule every receiver applies to a verified notification before it changes anything:
// a signature vouches for the gateway, not for the pairing of a payment with what it pays. The
// notification must name the payment the charge's link was opened for (paymentID, never empty),
// its amount and its currency; else it is refused (Invalid: payment_mismatch or amount_mismatch)
// and, refused, it is not recorded, so the gateway's corrected notification is applied.
func (n Notification) Match(paymentID string, amount int64, currency string) error {
	if n.PaymentID == "" || n.PaymentID != paymentID {
		return &fault.Error{Kind: fault.Invalid, Code: "payment_mismatch",
			Detail: "The notified payment is not the payment of " + n.Reference + "; nothing was changed."}
	}
	if n.Amount != amount || n.Currency != currency {
		return &fault.Error{Kind: fault.Invalid, Code: "amount_mismatch",
			Detail: "The notified amount or currency is not what " + n.Reference + " charges; nothing was changed."}
	}
	return nil
}

// Charge is what a payment link collects, and where its outcome goes.
type Charge struct {
	Reference string
	Amount    int64
	Currency  string
	Purpose   string // what is paid, in words, as the checkout page shows it
	ReturnURL string
	CancelURL string
	NotifyURL string // where the signed notification is posted; empty: the gateway's own NotifyURL
}

// Checkout is an opened payment link: the page the payer is sent to, until it expires. Contracts
// and invoices alike hold one.
type Checkout struct {
	ID        string    `json:"-"`
	URL       string    `json:"paymentUrl"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Link is a payment link as the sandbox stores it.
type Link struct {
	ID        string
	Reference string
	Amount    int64
	Currency  string
	Purpose   string
	ReturnURL string
	CancelURL string
	NotifyURL string
	ExpiresAt time.Time
	Outcome   string // empty while open
}

// Store keeps payment links. DecideLink fails with Conflict once a link has an outcome.
type Store interface {
	// PutLink stores a new link; Conflict, with nothing stored, when its reference has one.
	PutLink(ctx context.Context, l Link) error
	// Link returns a link; NotFound when unknown.
	Link(ctx context.Context, id string) (Link, error)
	// LinkOf returns the link of a reference; NotFound when it has none.
	LinkOf(ctx context.Context, reference string) (Link, error)
	DecideLink(ctx context.Context, id, outcome string) error
}

// Sandbox is the sandbox gateway.
type Sandbox struct {
	Store      Store
	BaseURL    string // partner API base: links are {BaseURL}/sandbox/pay/{id}
	NotifyURL  string // where charges without a NotifyURL of their own (contract payments) are notified
	SigningKey []byte // signs notifications: only the checkout (the sandbox function) has it
	Active     bool   // a signing key is configured, so notifications can be signed and verified
}

// Open opens a link for any charge. A reference has one link, as a real gateway keeps one
// payment per Idempotency-Key (paymentgateway.Client sends the reference): opening a charge again
// (a run of a request after a crash that had opened it) answers the link opened first, and a
// charge of another amount for the reference is refused.
func (s Sandbox) Open(ctx context.Context, c Charge, expires time.Time) (Checkout, error) {
	if !s.Active {
		return Checkout{}, errNotConfigured()
	}
	l := Link{ID: "pay_" + strings.ToLower(rand.Text()), Reference: c.Reference, Amount: c.Amount, Currency: c.Currency,
		Purpose: c.Purpose, ReturnURL: c.ReturnURL, CancelURL: c.CancelURL, NotifyURL: cmp.Or(c.NotifyURL, s.NotifyURL),
		ExpiresAt: expires.UTC()}
	err := s.Store.PutLink(ctx, l)
	if fault.Is(err, fault.Conflict) {
		if l, err = s.Store.LinkOf(ctx, c.Reference); err == nil && (l.Amount != c.Amount || l.Currency != c.Currency) {
			return Checkout{}, &fault.Error{Kind: fault.Upstream,
				Detail:     "The payment gateway holds another payment for this reference.",
				Extensions: map[string]any{"provider": "payment-gateway", "upstreamStatus": 409}}
		}
	}
	if err != nil {
		return Checkout{}, err
	}
	return Checkout{ID: l.ID, URL: s.BaseURL + "/sandbox/pay/" + l.ID, ExpiresAt: l.ExpiresAt}, nil
}

// Sign is the x-webhook-signature of a notification body.
func Sign(key, body []byte) string { return hex.EncodeToString(hmacSum(key, body)) }

// Verify checks x-webhook-signature in constant time. The signature is exactly the lowercase hex
// digest: 64 characters, nothing before or after.
func Verify(key, body []byte, signature string) bool {
	if len(signature) != hex.EncodedLen(sha256.Size) || strings.ToLower(signature) != signature {
		return false
	}
	got, err := hex.DecodeString(signature)
	return err == nil && len(key) > 0 && hmac.Equal(got, hmacSum(key, body))
}

func hmacSum(key, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return m.Sum(nil)
}

// ParseNotification reads a notification body and checks its signature (the x-webhook-signature
// value) before anything else: a bad or missing signature is Unauthorized, a body that is not a
// notification BadRequest (one with ambiguous keys included, ambiguousKeys), a field longer than
// its maxLength Invalid.
func ParseNotification(body []byte, signature string, key []byte) (Notification, error) {
	if !Verify(key, body, signature) {
		return Notification{}, fault.New(
			fault.Unauthorized,
			"The x-webhook-signature is missing or invalid: it must be exactly the lowercase hex HMAC-SHA256 of the raw body.",
		)
	}
	if ambiguousKeys(body) {
		return Notification{}, fault.New(fault.BadRequest,
			"The notification is malformed: a key appears twice, or in another case than its field's name.")
	}
	var n Notification
	if err := json.Unmarshal(body, &n); err != nil || n.EventID == "" || n.Reference == "" {
		return Notification{}, fault.New(fault.BadRequest, "The notification is malformed.")
	}
	if long := textlimit.Check(&n, ""); len(long) > 0 {
		return Notification{}, &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "A field is longer than its documented maxLength.",
			InvalidParams: long,
		}
	}
	switch n.Type {
	case Succeeded, Cancelled, Failed:
		return n, nil
	}
	return Notification{}, fault.Newf(fault.BadRequest, "Unknown notification type %q.", n.Type)
}
