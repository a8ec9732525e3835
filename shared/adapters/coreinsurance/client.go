package coreinsurance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/trustline/platform/shared/adapters/provider"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Client is a real core insurance system, spoken to over HTTPS:
//
//	POST {CORE_INSURANCE_URL}/quotes     {"product", "contract"}
//	→ 2xx {"netPremium", "accessories", "taxes", "guaranteeFund", "total", "currency"}
//	POST {CORE_INSURANCE_URL}/policies   Idempotency-Key: {reference}-{issuance run}
//	{"reference", "product", "contract", "paymentId", "amount", "currency"}
//	→ 2xx {"contractId", "numeroPolice", "numeroFacture", "linkAttestation", "linkCarteBrune"}
//
// A 4xx answer with {"code", "message"} is a refusal; 5xx, 408, 429 and timeouts are temporary.
type Client struct {
	Provider provider.Client
}

type quoteRequest struct {
	Product  contracts.Product `json:"product"`
	Contract json.RawMessage   `json:"contract"`
}

type policyRequest struct {
	Reference string            `json:"reference"`
	Product   contracts.Product `json:"product"`
	Contract  json.RawMessage   `json:"contract"`
	PaymentID string            `json:"paymentId"`
	Amount    int64             `json:"amount"`
	Currency  string            `json:"currency"`
}

type policyAnswer struct {
	ContractID      string `json:"contractId"`
	NumeroPolice    string `json:"numeroPolice"`
	NumeroFacture   string `json:"numeroFacture"`
	LinkAttestation string `json:"linkAttestation"`
	LinkCarteBrune  string `json:"linkCarteBrune"`
}

// Price asks for a quote. A refusal is Invalid (422 to the partner, with the system's message).
func (c Client) Price(ctx context.Context, k contracts.Contract) (contracts.Pricing, error) {
	var p contracts.Pricing
	err := c.Provider.Post(ctx, "/quotes", "", quoteRequest{Product: k.Product, Contract: k.Data}, &p)
	if r, ok := provider.AsRefusal(err); ok {
		return contracts.Pricing{}, &fault.Error{Kind: fault.Invalid, Code: "pricing_refused", Err: r,
			Detail: "The core insurance system cannot price this request: " + r.Message}
	}
	if err != nil {
		return contracts.Pricing{}, err
	}
	if p.Total <= 0 || p.Currency == "" {
		return contracts.Pricing{}, &fault.Error{
			Kind:       fault.Upstream,
			Detail:     "The core insurance system answered without a price.",
			Extensions: map[string]any{"provider": c.Provider.Name, "upstreamStatus": 200},
		}
	}
	return p, nil
}

// Issue issues a paid contract. The idempotency key is the same for every try of one issuance run
// (a crash after the system issued, a duplicate job) and new for an administrator's replay.
func (c Client) Issue(ctx context.Context, k contracts.Contract, _ int) (contracts.Issuance, error) {
	in := policyRequest{Reference: k.Reference, Product: k.Product, Contract: k.Data, PaymentID: k.Payment.ID,
		Amount: k.Pricing.Total, Currency: k.Pricing.Currency}
	var out policyAnswer
	err := c.Provider.Post(ctx, "/policies", fmt.Sprintf("%s-%d", k.Reference, k.IssuanceRun), in, &out)
	if r, ok := provider.AsRefusal(err); ok {
		return contracts.Issuance{}, &fault.Error{Kind: fault.Invalid, Code: r.Code, Detail: r.Message, Err: r}
	}
	if err != nil {
		return contracts.Issuance{}, err
	}
	if out.ContractID == "" || out.NumeroPolice == "" {
		return contracts.Issuance{}, &fault.Error{
			Kind:       fault.Upstream,
			Detail:     "The core insurance system answered without a policy.",
			Extensions: map[string]any{"provider": c.Provider.Name, "upstreamStatus": 200},
		}
	}
	return contracts.Issuance{
		ContractID:      out.ContractID,
		NumeroPolice:    out.NumeroPolice,
		NumeroFacture:   out.NumeroFacture,
		LinkAttestation: out.LinkAttestation,
		LinkCarteBrune:  out.LinkCarteBrune,
	}, nil
}
