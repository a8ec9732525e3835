package paymentgateway

import (
	"cmp"
	"context"
	"time"

	"github.com/trustline/platform/shared/adapters/provider"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Client is the payment gateway of a real provider, spoken to over HTTPS:
//
//	POST {PAYMENT_GATEWAY_URL}/payments   Authorization: Bearer {key}   Idempotency-Key: {reference}
//	{"reference", "amount", "currency", "returnUrl", "cancelUrl", "notifyUrl", "expiresAt"}
//	→ 2xx {"id", "url", "expiresAt"}
//
// The gateway then posts signed notifications (payment.Notification, read by guard.PaymentNotification) to
// notifyUrl.
type Client struct {
	Provider  provider.Client
	NotifyURL string // POST /api/v1/webhooks/payment of this deployment: where contract payments go
}

type linkRequest struct {
	Reference string    `json:"reference"`
	Amount    int64     `json:"amount"`
	Currency  string    `json:"currency"`
	ReturnURL string    `json:"returnUrl"`
	CancelURL string    `json:"cancelUrl"`
	NotifyURL string    `json:"notifyUrl"`
	ExpiresAt time.Time `json:"expiresAt"`
}

type linkAnswer struct {
	ID        string    `json:"id"`
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Open opens a payment of any charge.
func (c Client) Open(ctx context.Context, ch payment.Charge, expires time.Time) (payment.Checkout, error) {
	in := linkRequest{Reference: ch.Reference, Amount: ch.Amount, Currency: ch.Currency,
		ReturnURL: ch.ReturnURL, CancelURL: ch.CancelURL, NotifyURL: cmp.Or(ch.NotifyURL, c.NotifyURL),
		ExpiresAt: expires.UTC()}
	var out linkAnswer
	err := c.Provider.Post(ctx, "/payments", ch.Reference, in, &out)
	if r, ok := provider.AsRefusal(err); ok {
		return payment.Checkout{}, &fault.Error{
			Kind:       fault.Upstream,
			Err:        r,
			Detail:     "The payment gateway refused to open the payment.",
			Extensions: map[string]any{"provider": c.Provider.Name, "upstreamStatus": r.Status},
		}
	}
	if err != nil {
		return payment.Checkout{}, err
	}
	if out.ID == "" || out.URL == "" {
		return payment.Checkout{}, &fault.Error{
			Kind:       fault.Upstream,
			Detail:     "The payment gateway answered without a link.",
			Extensions: map[string]any{"provider": c.Provider.Name, "upstreamStatus": 200},
		}
	}
	if out.ExpiresAt.IsZero() {
		out.ExpiresAt = expires.UTC()
	}
	return payment.Checkout{ID: out.ID, URL: out.URL, ExpiresAt: out.ExpiresAt.UTC()}, nil
}
