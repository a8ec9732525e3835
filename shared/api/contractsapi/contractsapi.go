// Package contractsapi provides the HTTP endpoints of the contract flow: creation and status read
// of auto and travel requests (/api/v1/partner/contracts/...), the payment gateway's notifications
// (/api/v1/webhooks/payment), and the sandbox checkout page (/sandbox/pay/{paymentId}).
package contractsapi

import (
	"context"
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// API serves the partner endpoints of contracts.
type API struct {
	Contracts   *contracts.Service
	Partners    PartnerLookup
	Guard       *guard.Guard
	Idempotency guard.Idempotency
}

// PartnerLookup returns a partner's name; NotFound when there is no such partner.
type PartnerLookup func(ctx context.Context, partnerID string) (name string, err error)

// partnerRoute is where a partner creates what administrators create directly.
const partnerRoute = "/api/v1/partner/contracts/auto/classic"

// Routes are the partner routes.
func (a API) Routes() []httpapi.Route {
	return []httpapi.Route{
		{
			Pattern: "POST /api/v1/partner/contracts/auto/classic",
			Handler: a.Guard.Require(access.PartnersOrAdmins, a.Idempotency.Wrap(a.create(contracts.ProductAuto))),
		},
		{
			Pattern: "POST /api/v1/partner/contracts/voyage/classic",
			Handler: a.Guard.Require(access.PartnersOrAdmins, a.Idempotency.Wrap(a.create(contracts.ProductVoyage))),
		},
		{
			Pattern: "GET /api/v1/partner/contracts/requests",
			Handler: a.Guard.Require(access.PartnersInsteadOf(adminList+"?partnerId="), a.list),
		},
		{
			Pattern: "GET /api/v1/partner/contracts/requests/{reference}",
			Handler: a.Guard.Require(access.PartnersOrAdmins, a.get),
		},
		{
			Pattern: "GET " + adminList,
			Handler: a.Guard.Require(access.AdminsInsteadOf("GET /api/v1/partner/contracts/requests"), a.adminList),
		},
		{
			Pattern: "POST /api/v1/contracts/auto/classic",
			Handler: a.Guard.Require(
				access.AdminsInsteadOf(partnerRoute),
				a.Idempotency.Wrap(a.create(contracts.ProductAuto)),
			),
		},
		{
			Pattern: "POST /api/v1/admin/contracts/{reference}/replay-issuance",
			Handler: a.Guard.Require(access.Admins, a.admin(a.Contracts.ReplayIssuance, http.StatusAccepted)),
		},
		{
			Pattern: "POST /api/v1/admin/contracts/{reference}/refund",
			Handler: a.Guard.Require(access.Admins, a.admin(a.Contracts.Refund, http.StatusOK)),
		},
	}
}

// creation reads a creation request: a partner's is for itself; an administrator names the partner
// with partnerId, as the spec's roles allow an administrator whatever a partner may do.
func (a API) creation(r *http.Request, p access.Principal) (string, contracts.Request, error) {
	if p.Role != access.RoleAdmin {
		var req contracts.Request
		err := httpapi.DecodeJSON(r, &req)
		return p.PartnerID, req, err
	}
	var in struct {
		PartnerID string `json:"partnerId" maxLength:"64"`
		contracts.Request
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return "", contracts.Request{}, err
	}
	if in.PartnerID == "" {
		return "", contracts.Request{}, &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "An administrator names the partner the request is for.",
			InvalidParams: []string{"partnerId: required with an administrator's credential"},
		}
	}
	if _, err := a.Partners(r.Context(), in.PartnerID); err != nil {
		return "", contracts.Request{}, err
	}
	return in.PartnerID, in.Request, nil
}

func (a API) admin(
	op func(ctx context.Context, reference string) (contracts.Contract, error),
	status int,
) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
		c, err := op(r.Context(), r.PathValue("reference"))
		if err != nil {
			return err
		}
		v, err := a.forAdmin(r.Context(), view(c))
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		httpapi.WriteJSON(w, status, v)
		return nil
	}
}

func (a API) create(product contracts.Product) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		partnerID, req, err := a.creation(r, p)
		if err != nil {
			return err
		}
		c, err := a.Contracts.Create(r.Context(), partnerID, product, req)
		if err != nil {
			return err
		}
		writeCreated(w, c)
		return nil
	}
}

func writeCreated(w http.ResponseWriter, c contracts.Contract) {
	w.Header().Set("Location", "/api/v1/partner/contracts/requests/"+c.Reference)
	httpapi.WriteJSON(w, http.StatusCreated, struct {
		Reference      string            `json:"reference"`
		ContractStatus contracts.Status  `json:"contractStatus"`
		Payment        payment.Checkout  `json:"payment"`
		Pricing        contracts.Pricing `json:"pricing"`
	}{c.Reference, c.Status, c.Payment, c.Pricing})
}

type liens struct {
	LinkAttestation string `json:"linkAttestation"`
	LinkCarteBrune  string `json:"linkCarteBrune,omitempty"` // auto only: a trip has no brown card
}

type issuanceView struct {
	ContractID    string `json:"contractId,omitempty"`
	NumeroPolice  string `json:"numeroPolice,omitempty"`
	NumeroFacture string `json:"numeroFacture,omitempty"`
	Liens         *liens `json:"liens,omitempty"`
	ErrorCode     string `json:"errorCode,omitempty"`
	Error         string `json:"error,omitempty"`
}

// paymentView is the payment of the status read: the link, and what became of the money.
type paymentView struct {
	payment.Checkout
	Status string `json:"status"`
}

type statusView struct {
	Reference      string            `json:"reference"`
	PartnerID      string            `json:"partnerId"`
	PartnerName    string            `json:"partnerName,omitempty"` // administrators' reads only
	Product        contracts.Product `json:"product"`
	ContractStatus contracts.Status  `json:"contractStatus"`
	Pricing        contracts.Pricing `json:"pricing"`
	Payment        paymentView       `json:"payment"`
	Issuance       *issuanceView     `json:"issuance"`
	CreatedAt      time.Time         `json:"createdAt"`
	UpdatedAt      time.Time         `json:"updatedAt"`
	PaidAt         *time.Time        `json:"paidAt"`
	History        []stepView        `json:"history"`
}

// stepView is a step of a request's history.
type stepView struct {
	Step   string    `json:"step"`
	At     time.Time `json:"at"`
	Detail string    `json:"detail,omitempty"`
}

func (a API) get(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	c, err := a.Contracts.Get(r.Context(), p.PartnerID, r.PathValue("reference"))
	if err != nil {
		return err
	}
	v := view(c)
	if p.Role == access.RoleAdmin {
		if v, err = a.forAdmin(r.Context(), v); err != nil {
			return err
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, v)
	return nil
}

// forAdmin names the request's partner, for administrators, who see every partner's requests.
func (a API) forAdmin(ctx context.Context, v statusView) (statusView, error) {
	name, err := a.Partners(ctx, v.PartnerID)
	if err != nil && !fault.Is(err, fault.NotFound) {
		return v, err
	}
	v.PartnerName = name
	return v, nil
}

func view(c contracts.Contract) statusView {
	v := statusView{Reference: c.Reference, PartnerID: c.PartnerID, Product: c.Product, ContractStatus: c.Status,
		Pricing: c.Pricing, Payment: paymentView{Checkout: c.Payment, Status: c.PaymentStatus()},
		CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt, PaidAt: c.PaidAt}
	for _, st := range c.Timeline() {
		v.History = append(v.History, stepView{st.What, st.At, st.Detail})
	}
	if i := c.Issuance; i != nil {
		v.Issuance = &issuanceView{
			ContractID:    i.ContractID,
			NumeroPolice:  i.NumeroPolice,
			NumeroFacture: i.NumeroFacture,
			ErrorCode:     i.ErrorCode,
			Error:         i.Error,
		}
		if i.LinkAttestation != "" {
			v.Issuance.Liens = &liens{i.LinkAttestation, i.LinkCarteBrune}
		}
	}
	return v
}
