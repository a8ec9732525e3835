package webhook

import (
	"encoding/json"
	"time"
)

// Partner events.
const (
	EventContractIssued         = "insurance.contract.issued"
	EventContractIssuanceFailed = "insurance.contract.issuance_failed"
	paymentCompleted            = "COMPLETED"
)

// Issued is what insurance.contract.issued carries about the contract.
type Issued struct {
	ContractID      string
	NumeroPolice    string
	NumeroFacture   string
	LinkAttestation string
	LinkCarteBrune  string
}

// PartnerIssuedPayload is the body of insurance.contract.issued, field for field as the spec lists it.
func PartnerIssuedPayload(reference string, issuedAt time.Time, c Issued) ([]byte, error) {
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
	return json.Marshal(struct {
		Event         string `json:"event"`
		Reference     string `json:"reference"`
		PaymentStatus string `json:"paymentStatus"`
		IssuedAt      string `json:"issuedAt"`
		Data          data   `json:"data"`
	}{EventContractIssued, reference, paymentCompleted, issuedAt.UTC().Format(time.RFC3339), data{
		c.ContractID, c.NumeroPolice, c.NumeroFacture, "ACTIVE", liens{c.LinkAttestation, c.LinkCarteBrune}}})
}

// PartnerIssuanceFailedPayload is the body of insurance.contract.issuance_failed.
func PartnerIssuanceFailedPayload(reference string, at time.Time, message string) ([]byte, error) {
	type data struct {
		IssuanceStatus string `json:"issuanceStatus"`
		Error          string `json:"error"`
	}
	return json.Marshal(struct {
		Event         string `json:"event"`
		Reference     string `json:"reference"`
		PaymentStatus string `json:"paymentStatus"`
		IssuedAt      string `json:"issuedAt"`
		Data          data   `json:"data"`
	}{EventContractIssuanceFailed, reference, paymentCompleted, at.UTC().Format(time.RFC3339), data{"FAILED", message}})
}
