package contracts

import (
	"encoding/json"
	"time"
)

// The partner webhook events a contract request emits when its issuance ends, delivered by the
// webhook engine (scheme partner) with these bodies.
const (
	EventIssued         = "insurance.contract.issued"
	EventIssuanceFailed = "insurance.contract.issuance_failed"
	paymentCompleted    = "COMPLETED"
)

// IssuedPayload is the body of insurance.contract.issued, field for field as the spec lists it.
func IssuedPayload(reference string, issuedAt time.Time, c Issuance) ([]byte, error) {
	type liens struct {
		LinkAttestation string `json:"linkAttestation"`
		LinkCarteBrune  string `json:"linkCarteBrune,omitempty"` // auto only: a trip has no brown card
	}
	type data struct {
		ContractID    string `json:"contractId"`
		NumeroPolice  string `json:"numeroPolice"`
		NumeroFacture string `json:"numeroFacture"`
		Status        string `json:"status"`
		Liens         liens  `json:"liens"`
	}
	return envelope(EventIssued, reference, issuedAt, data{
		c.ContractID, c.NumeroPolice, c.NumeroFacture, "ACTIVE", liens{c.LinkAttestation, c.LinkCarteBrune}})
}

// IssuanceFailedPayload is the body of insurance.contract.issuance_failed.
func IssuanceFailedPayload(reference string, at time.Time, message string) ([]byte, error) {
	type data struct {
		IssuanceStatus string `json:"issuanceStatus"`
		Error          string `json:"error"`
	}
	return envelope(EventIssuanceFailed, reference, at, data{"FAILED", message})
}

// envelope is what both events share around their data, in the spec's field order.
func envelope(event, reference string, at time.Time, data any) ([]byte, error) {
	return json.Marshal(struct {
		Event         string `json:"event"`
		Reference     string `json:"reference"`
		PaymentStatus string `json:"paymentStatus"`
		IssuedAt      string `json:"issuedAt"`
		Data          any    `json:"data"`
	}{event, reference, paymentCompleted, at.UTC().Format(time.RFC3339), data})
}
