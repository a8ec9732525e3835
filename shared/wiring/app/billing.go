package app

import (
	"context"
	"net/http"

	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/api/billingapi"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/billing"
)

// billingFor builds the subscription service: invoices are paid through the same gateway as
// contracts (the sandbox one outside production unless a real one is configured), and the gateway
// notifies POST /v1/billing/webhook.
func billingFor(d deps) *billing.Service {
	gateway, _ := providers(d.cfg, sandboxGateway(d), d.now)
	plans := map[string]billing.Plan{}
	for name, p := range d.cfg.Plans {
		plans[name] = billing.Plan{Name: name, Price: p.Price, Currency: d.cfg.PlanCurrency, Credits: p.Credits}
	}
	return &billing.Service{
		Store:     dynamo.NewInvoiceRepo(d.store),
		Gateway:   gateway,
		Plans:     plans,
		Period:    d.cfg.BillingPeriod,
		NotifyURL: d.cfg.PublicBaseURL + "/v1/billing/webhook",
		ReturnURL: d.cfg.PublicBaseURL + "/v1/billing/return",
		LinkTTL:   billing.LinkLifetime,
		Now:       d.now,
	}
}

// BillingService is the subscription service for operator tools (infra/admin).
func BillingService(ctx context.Context, getenv Getenv) (*billing.Service, error) {
	d, err := loadAWS(ctx, "admin-billing", getenv)
	if err != nil {
		return nil, err
	}
	return billingFor(d), nil
}

// Billing serves invoices, the gateway's invoice notifications and plan changes.
func Billing(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "billing", getenv)
	if err != nil {
		return nil, err
	}
	api := billingapi.API{Billing: billingFor(d), Guard: newGuard(d), SigningKey: d.cfg.PaymentSigningKey}
	return httpapi.New(d.log, d.bases, api.Routes()), nil
}
