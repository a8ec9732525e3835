// Package billingapi provides the HTTP endpoints of billing: the invoice history, the payment
// gateway's notifications about invoices, plan changes by administrators, and the credits ledger
// (Credits, which the accounts function serves).
package billingapi

import (
	"fmt"
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/billing"
	"github.com/trustline/platform/shared/foundation/fault"
)

// API serves the billing endpoints.
type API struct {
	Billing    *billing.Service
	Guard      *guard.Guard
	SigningKey []byte // the payment gateway's notification key
}

// Routes are the billing endpoints.
func (a API) Routes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "GET /v1/billing/invoices", Handler: a.Guard.Require(access.Users, a.invoices)},
		{Pattern: "POST /v1/billing/webhook", Handler: a.webhook},
		{Pattern: "GET /v1/billing/return", Handler: a.returned},
		{Pattern: "POST /v1/admin/users/{userId}/plan", Handler: a.Guard.Require(access.Admins, a.changePlan)},
	}
}

type invoiceView struct {
	Reference   string         `json:"reference"`
	Amount      int64          `json:"amount"`
	Currency    string         `json:"currency"`
	Status      billing.Status `json:"status"`
	PaymentURL  string         `json:"paymentUrl"`
	Plan        string         `json:"plan"`
	Credits     int            `json:"credits"`
	PeriodStart time.Time      `json:"periodStart"`
	PeriodEnd   time.Time      `json:"periodEnd"`
	IssuedAt    time.Time      `json:"issuedAt"`
	PaidAt      *time.Time     `json:"paidAt,omitempty"`
}

// invoices is the caller's history, newest first: the spec's JSON array, one page of it
// (?limit=1..100, default 20; ?status=); the next page's cursor is in X-Next-Cursor and in a Link
// header with rel="next". Invoices are live money: a test key's history is empty (test mode is
// free, so it has no invoices), and never shows the live ones or their payment links.
func (a API) invoices(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	q := r.URL.Query()
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	if invalid != nil {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	if !p.Live {
		httpapi.WriteJSON(w, http.StatusOK, []invoiceView{})
		return nil
	}
	list, next, err := a.Billing.Invoices(r.Context(), p.UserID, billing.Status(q.Get("status")), limit, cursor)
	if err != nil {
		return err
	}
	out := make([]invoiceView, len(list))
	for i, inv := range list {
		out[i] = invoiceView{inv.Reference, inv.Amount, inv.Currency, inv.Status, inv.PaymentURL, inv.Plan, inv.Credits,
			inv.PeriodStart, inv.PeriodEnd, inv.IssuedAt, inv.PaidAt}
	}
	httpapi.NextPage(w, r, next) // the spec's body is a bare array: the cursor is in the headers only
	httpapi.WriteJSON(w, http.StatusOK, out)
	return nil
}

const returnPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>%[1]s</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}</style></head>
<body><h1>%[1]s</h1><p>%[2]s</p></body></html>`

// returned is the page the payer's browser comes back to from the gateway's checkout of an invoice.
// It reads nothing and reflects nothing: the invoice's status is in GET /v1/billing/invoices.
func (a API) returned(w http.ResponseWriter, r *http.Request) error {
	title, text := "Thank you",
		"Your payment is being confirmed by the payment gateway. When it is, the invoice reads paid "+
			"and the period's credits are added to your balance, usually within seconds: see GET /v1/billing/invoices "+
			"and GET /v1/users/me. You can close this page."
	if r.URL.Query().Get("outcome") == "cancelled" {
		title, text = "Payment not made", "Nothing was charged and the invoice is still to pay: its paymentUrl in "+
			"GET /v1/billing/invoices works until it expires. You can close this page."
	}
	httpapi.WritePage(w, http.StatusOK, httpapi.StaticPage, fmt.Sprintf(returnPage, title, text))
	return nil
}

// webhook receives the payment gateway's notification about an invoice, signed like its contract
// notifications: x-webhook-signature, hex HMAC-SHA256 of the raw body with the gateway's key.
func (a API) webhook(w http.ResponseWriter, r *http.Request) error {
	n, err := guard.PaymentNotification(r, a.SigningKey)
	if err != nil {
		return err
	}
	if err := a.Billing.Settle(r.Context(), n); err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]bool{"received": true})
	return nil
}

func (a API) changePlan(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
	var in struct {
		Plan string `json:"plan" maxLength:"64"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := a.Billing.ChangePlan(r.Context(), r.PathValue("userId"), in.Plan); err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, map[string]string{"userId": r.PathValue("userId"), "pendingPlan": in.Plan,
		"effective": "at the next billing period"})
	return nil
}
