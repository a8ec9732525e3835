// Package contractsapi provides the HTTP endpoints of the contract flow: creation and status read
// of auto and travel requests (/api/v1/partner/contracts/...), the payment gateway's notifications
// (/api/v1/webhooks/payment), and the sandbox checkout page (/sandbox/pay/{paymentId}).
package contractsapi

import (
	"net/http"
	"time"

	"github.com/trustline/platform/shared/access"
	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/idempotency"
)

// API serves the partner endpoints of contracts.
type API struct {
	Contracts   *contracts.Service
	Auth        *access.Authenticator
	Idempotency idempotency.Keys
}

// Routes are the partner routes.
func (a API) Routes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "POST /api/v1/partner/contracts/auto/classic", Handler: a.Auth.Require(access.Partners, a.Idempotency.Wrap(a.create(contracts.ProductAuto)))},
		{Pattern: "POST /api/v1/partner/contracts/voyage/classic", Handler: a.Auth.Require(access.Partners, a.Idempotency.Wrap(a.create(contracts.ProductVoyage)))},
		{Pattern: "GET /api/v1/partner/contracts/requests/{reference}", Handler: a.Auth.Require(access.PartnersOrAdmins, a.get)},
	}
}

func (a API) create(product contracts.Product) access.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) {
		var req contracts.Request
		if err := httpapi.DecodeJSON(r, &req); err != nil {
			httpapi.WriteError(w, r, err)
			return
		}
		c, err := a.Contracts.Create(r.Context(), p.PartnerID, product, req)
		if err != nil {
			httpapi.WriteError(w, r, err)
			return
		}
		w.Header().Set("Location", "/api/v1/partner/contracts/requests/"+c.Reference)
		httpapi.WriteJSON(w, http.StatusCreated, struct {
			Reference      string            `json:"reference"`
			ContractStatus contracts.Status  `json:"contractStatus"`
			Payment        contracts.Payment `json:"payment"`
			Pricing        contracts.Pricing `json:"pricing"`
		}{c.Reference, c.Status, c.Payment, c.Pricing})
	}
}

type liens struct {
	LinkAttestation string `json:"linkAttestation"`
	LinkCarteBrune  string `json:"linkCarteBrune"`
}

type issuanceView struct {
	ContractID    string `json:"contractId,omitempty"`
	NumeroPolice  string `json:"numeroPolice,omitempty"`
	NumeroFacture string `json:"numeroFacture,omitempty"`
	Liens         *liens `json:"liens,omitempty"`
	ErrorCode     string `json:"errorCode,omitempty"`
	Error         string `json:"error,omitempty"`
}

type statusView struct {
	Reference      string            `json:"reference"`
	Product        contracts.Product `json:"product"`
	ContractStatus contracts.Status  `json:"contractStatus"`
	Pricing        contracts.Pricing `json:"pricing"`
	Payment        contracts.Payment `json:"payment"`
	Issuance       *issuanceView     `json:"issuance"`
	CreatedAt      time.Time         `json:"createdAt"`
	UpdatedAt      time.Time         `json:"updatedAt"`
	PaidAt         *time.Time        `json:"paidAt"`
}

func (a API) get(w http.ResponseWriter, r *http.Request, p access.Principal) {
	c, err := a.Contracts.Get(r.Context(), p.PartnerID, r.PathValue("reference"))
	if err != nil {
		httpapi.WriteError(w, r, err)
		return
	}
	v := statusView{Reference: c.Reference, Product: c.Product, ContractStatus: c.Status, Pricing: c.Pricing, Payment: c.Payment,
		CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, PaidAt: c.PaidAt}
	if i := c.Issuance; i != nil {
		v.Issuance = &issuanceView{ContractID: i.ContractID, NumeroPolice: i.NumeroPolice, NumeroFacture: i.NumeroFacture, ErrorCode: i.ErrorCode, Error: i.Error}
		if i.LinkAttestation != "" {
			v.Issuance.Liens = &liens{i.LinkAttestation, i.LinkCarteBrune}
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, v)
}
