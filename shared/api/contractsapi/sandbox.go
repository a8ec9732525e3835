package contractsapi

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"time"

	"github.com/trustline/platform/shared/adapters/coreinsurance"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Sandbox serves the checkout page of the sandbox payment gateway: Pay, Cancel or Fail, each of
// which sends the signed notification a real gateway would send, then sends the browser to the
// partner's returnUrl (paid) or cancelUrl. A form POST of outcome=paid|cancelled|failed does the same.
// It also serves the documents the core insurance simulator links to once a contract is issued.
type Sandbox struct {
	Gateway   payment.Sandbox
	Contracts ContractReader
	Client    *http.Client
	Now       func() time.Time
}

// ContractReader reads contract requests.
type ContractReader interface {
	// Contract returns a request by reference; NotFound when there is none.
	Contract(ctx context.Context, reference string) (contracts.Contract, error)
}

// Routes are the checkout page's routes.
func (s Sandbox) Routes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "GET /sandbox/pay/{paymentId}", Handler: s.page},
		{Pattern: "POST /sandbox/pay/{paymentId}", Handler: s.decide},
		{Pattern: "GET /sandbox/documents/{reference}/{document}", Handler: s.document},
	}
}

const checkout = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
.amount{font-size:2rem;font-weight:600}form{display:inline}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem;border-radius:.4rem;border:1px solid #888;cursor:pointer}
.pay{background:#0a7d32;color:#fff;border-color:#0a7d32}.note{color:#666;font-size:.9rem}</style></head>
<body><p class="note">Sandbox payment gateway: no money moves.</p>
<h1>%[5]s</h1><p>Reference <strong>%[1]s</strong></p><p class="amount">%[2]s %[3]s</p>
%[4]s
</body></html>`

func (s Sandbox) page(w http.ResponseWriter, r *http.Request) error {
	l, err := s.Gateway.Store.Link(r.Context(), r.PathValue("paymentId"))
	if err != nil {
		return err
	}
	actions := `<form method="post"><button class="pay" name="outcome" value="paid">Pay</button></form>
<form method="post"><button name="outcome" value="cancelled">Cancel</button></form>
<form method="post"><button name="outcome" value="failed">Fail</button></form>`
	status := http.StatusOK
	switch {
	case l.Outcome != "":
		actions = "<p>This payment is closed: " + html.EscapeString(l.Outcome) + ".</p>"
	case !s.now().Before(l.ExpiresAt):
		status, actions = http.StatusGone,
			"<p>This payment link has expired: the request is PAYMENT_FAILED and can no longer be paid. Ask for a new one.</p>"
	}
	purpose := cmp.Or(l.Purpose, "Payment") // links made before purposes were stored
	body := fmt.Sprintf(checkout, html.EscapeString(l.Reference), fmt.Sprint(l.Amount), html.EscapeString(l.Currency),
		actions, html.EscapeString(purpose))
	// Its forms post to the page itself, which then redirects to the partner's returnUrl or
	// cancelUrl: a form-action directive would block that redirect in Chromium.
	httpapi.WritePage(w, status, "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'", body)
	return nil
}

// document serves a simulated contract's certificate or brown card, through the very link the
// issuance gave (its token and expiry), until it expires: the documents carry the insured's codes
// and a traveller's passport number.
func (s Sandbox) document(w http.ResponseWriter, r *http.Request) error {
	c, err := s.Contracts.Contract(r.Context(), r.PathValue("reference"))
	if err != nil {
		return err
	}
	if err := coreinsurance.OpenDocument(c, r.PathValue("document"), r.URL.RawQuery, s.now()); err != nil {
		return err
	}
	pdf, err := coreinsurance.Document(c, r.PathValue("document"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `inline; filename="`+c.Reference+"-"+r.PathValue("document")+`"`)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(pdf)
	return nil
}

var outcomes = map[string]string{"paid": payment.Succeeded, "cancelled": payment.Cancelled, "failed": payment.Failed}

func (s Sandbox) decide(w http.ResponseWriter, r *http.Request) error {
	outcome := r.PostFormValue("outcome")
	typ, ok := outcomes[outcome]
	if !ok {
		return &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "Choose an outcome.",
			InvalidParams: []string{"outcome: paid, cancelled or failed"},
		}
	}
	ctx := r.Context()
	l, err := s.Gateway.Store.Link(ctx, r.PathValue("paymentId"))
	if err != nil {
		return err
	}
	if !s.now().Before(l.ExpiresAt) {
		return fault.New(fault.Gone, "This payment link has expired.")
	}
	if err := s.Gateway.Store.DecideLink(ctx, l.ID, outcome); err != nil {
		return err
	}
	// The event ID is derived from the link and outcome, so pressing the same button again after a
	// failed notification sends the same event, which the receiver applies once.
	body, _ := json.Marshal(payment.Notification{EventID: "evt_" + l.ID + "_" + outcome, Type: typ, PaymentID: l.ID,
		Reference: l.Reference, Amount: l.Amount, Currency: l.Currency, OccurredAt: s.now().UTC()})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.NotifyURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Webhook-Signature", payment.Sign(s.Gateway.SigningKey, body))
	// A notification not answered, or answered 5xx (a receiver that ran out of time answers 503),
	// may have been applied all the same: the payer is told so, never that it failed.
	const unconfirmed = "The payment notification was not confirmed; it may have been applied. " +
		"Press the button again: the same notification is applied once."
	resp, err := s.Client.Do(req)
	if err != nil {
		return &fault.Error{Kind: fault.Upstream, Detail: unconfirmed, Err: err}
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		detail := "The payment notification was refused; press the button again."
		if resp.StatusCode >= 500 {
			detail = unconfirmed
		}
		return &fault.Error{
			Kind:       fault.Upstream,
			Detail:     detail,
			Extensions: map[string]any{"provider": "payment-notification", "upstreamStatus": resp.StatusCode},
		}
	}
	target := l.CancelURL
	if outcome == "paid" {
		target = l.ReturnURL
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
	return nil
}

func (s Sandbox) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}
