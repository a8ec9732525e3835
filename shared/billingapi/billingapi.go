// Package billingapi provides the HTTP endpoints of subscriptions: the invoice history, the payment
// gateway's notifications about invoices, and plan changes by administrators.
package billingapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/trustline/platform/shared/access"
	"github.com/trustline/platform/shared/billing"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/payment"
)

// API serves the billing endpoints.
type API struct {
	Billing    *billing.Service
	Auth       *access.Authenticator
	SigningKey []byte // the payment gateway's notification key
}

// Routes are the billing endpoints.
func (a API) Routes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "GET /v1/billing/invoices", Handler: a.Auth.Require(access.Users, a.invoices)},
		{Pattern: "POST /v1/billing/webhook", Handler: a.webhook},
		{Pattern: "POST /v1/admin/users/{userId}/plan", Handler: a.Auth.Require(access.Admins, a.changePlan)},
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
// header with rel="next".
func (a API) invoices(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	q := r.URL.Query()
	limit := 20
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return &fault.Error{Kind: fault.Invalid, Code: "validation_failed", Detail: "limit is a number from 1 to 100.",
				InvalidParams: []string{"limit: a number from 1 to 100"}}
		}
		limit = n
	}
	list, next, err := a.Billing.Invoices(r.Context(), p.UserID, billing.Status(q.Get("status")), limit, q.Get("cursor"))
	if err != nil {
		return err
	}
	out := make([]invoiceView, len(list))
	for i, inv := range list {
		out[i] = invoiceView{inv.Reference, inv.Amount, inv.Currency, inv.Status, inv.PaymentURL, inv.Plan, inv.Credits,
			inv.PeriodStart, inv.PeriodEnd, inv.IssuedAt, inv.PaidAt}
	}
	if next != "" {
		u := *r.URL
		qs := u.Query()
		qs.Set("cursor", next)
		u.RawQuery = qs.Encode()
		w.Header().Set("X-Next-Cursor", next)
		w.Header().Set("Link", "<"+u.RequestURI()+`>; rel="next"`)
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
	return nil
}

// webhook receives the payment gateway's notification about an invoice, signed like its contract
// notifications: x-webhook-signature, hex HMAC-SHA256 of the raw body with the gateway's key.
func (a API) webhook(w http.ResponseWriter, r *http.Request) error {
	n, err := payment.ReadNotification(r, a.SigningKey)
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
		Plan string `json:"plan"`
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
