package dynamo

import (
	"encoding/json"
	"time"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
)

// contractItem is a stored request. Its attribute names, and those of pricingItem and
// issuanceItem (Go field names: they were once marshalled from the domain's structs), are the
// stored data's: never rename one.
type contractItem struct {
	PK               string        `dynamodbav:"pk"`
	SK               string        `dynamodbav:"sk"`
	GSI1PK           string        `dynamodbav:"gsi1pk"`
	GSI1SK           string        `dynamodbav:"gsi1sk"`
	GSI2PK           string        `dynamodbav:"gsi2pk,omitempty"`
	GSI2SK           string        `dynamodbav:"gsi2sk,omitempty"`
	GSI3PK           string        `dynamodbav:"gsi3pk,omitempty"` // administrators' list by status, sharded
	GSI3SK           string        `dynamodbav:"gsi3sk,omitempty"`
	GSI4PK           string        `dynamodbav:"gsi4pk,omitempty"` // the partner's list by status
	GSI4SK           string        `dynamodbav:"gsi4sk,omitempty"`
	GSI5PK           string        `dynamodbav:"gsi5pk,omitempty"` // the partner's list by product
	GSI5SK           string        `dynamodbav:"gsi5sk,omitempty"`
	Reference        string        `dynamodbav:"reference"`
	PartnerID        string        `dynamodbav:"partnerId"`
	Product          string        `dynamodbav:"product"`
	Status           string        `dynamodbav:"status"`
	ReturnURL        string        `dynamodbav:"returnUrl"`
	CancelURL        string        `dynamodbav:"cancelUrl"`
	Data             string        `dynamodbav:"data"`
	Subject          string        `dynamodbav:"subject"`
	Pricing          pricingItem   `dynamodbav:"pricing"`
	PaymentID        string        `dynamodbav:"paymentId"`
	PaymentURL       string        `dynamodbav:"paymentUrl"`
	PaymentExpiresAt time.Time     `dynamodbav:"paymentExpiresAt"`
	Issuance         *issuanceItem `dynamodbav:"issuance,omitempty"`
	CreatedAt        time.Time     `dynamodbav:"createdAt"`
	UpdatedAt        time.Time     `dynamodbav:"updatedAt"`
	PaidAt           *time.Time    `dynamodbav:"paidAt,omitempty"`
	IssuanceRuns     int           `dynamodbav:"issuanceRuns,omitempty"`
	TTL              int64         `dynamodbav:"ttl,omitempty"` // contracts.Contract.PurgeAt
	History          []stepItem    `dynamodbav:"history,omitempty"`
}

// stepItem is a step of a request's history (contracts.Step).
type stepItem struct {
	What   string    `dynamodbav:"what"`
	At     time.Time `dynamodbav:"at"`
	Detail string    `dynamodbav:"detail,omitempty"`
}

func toStepItems(steps []contracts.Step) []stepItem {
	items := make([]stepItem, len(steps))
	for i, st := range steps {
		items[i] = stepItem(st)
	}
	return items
}

func (it contractItem) history() []contracts.Step {
	if len(it.History) == 0 {
		return nil
	}
	steps := make([]contracts.Step, len(it.History))
	for i, st := range it.History {
		steps[i] = contracts.Step(st)
	}
	return steps
}

type pricingItem struct {
	NetPremium    int64  `dynamodbav:"NetPremium"`
	Accessories   int64  `dynamodbav:"Accessories"`
	Taxes         int64  `dynamodbav:"Taxes"`
	GuaranteeFund int64  `dynamodbav:"GuaranteeFund"`
	Total         int64  `dynamodbav:"Total"`
	Currency      string `dynamodbav:"Currency"`
}

type issuanceItem struct {
	ContractID      string `dynamodbav:"ContractID"`
	NumeroPolice    string `dynamodbav:"NumeroPolice"`
	NumeroFacture   string `dynamodbav:"NumeroFacture"`
	LinkAttestation string `dynamodbav:"LinkAttestation"`
	LinkCarteBrune  string `dynamodbav:"LinkCarteBrune"`
	ErrorCode       string `dynamodbav:"ErrorCode"`
	Error           string `dynamodbav:"Error"`
}

const (
	attentionPK   = "ATTENTION" // requests an administrator must act on (contracts.Contract.Refundable)
	statusListPK  = "CONTRACT_STATUS"
	issuanceDuePK = "ISSUANCE_DUE"
	paymentDuePK  = "PAYMENT_DUE" // pending requests, by link expiry
)

func contractPK(ref string) string { return "CONTRACT#" + ref }

func partnerContractsPK(partnerID string) string { return "CONTRACTS#" + partnerID }

func partnerStatusPK(partnerID string, s contracts.Status) string {
	return partnerContractsPK(partnerID) + "#STATUS#" + string(s)
}

func partnerProductPK(partnerID string, p contracts.Product) string {
	return partnerContractsPK(partnerID) + "#PRODUCT#" + string(p)
}

// statusListPrefix is the administrators' list of one status across partners: written by every
// partner's traffic, so sharded by the reference (<prefix>#<shard>).
func statusListPrefix(s contracts.Status) string { return statusListPK + "#" + string(s) }

func toContractItem(c contracts.Contract) contractItem {
	at := listKey(c.CreatedAt, c.Reference)
	it := contractItem{PK: contractPK(c.Reference), SK: "CONTRACT", GSI1PK: partnerContractsPK(c.PartnerID), GSI1SK: at,
		GSI3PK: dueShard(
			statusListPrefix(c.Status),
			c.Reference,
		), GSI3SK: at, GSI4PK: partnerStatusPK(c.PartnerID, c.Status), GSI4SK: at,
		GSI5PK: partnerProductPK(c.PartnerID, c.Product), GSI5SK: at, Reference: c.Reference, PartnerID: c.PartnerID,
		Product: string(
			c.Product,
		), Status: string(c.Status), ReturnURL: c.ReturnURL, CancelURL: c.CancelURL, Data: string(c.Data),
		Subject: c.Subject, Pricing: pricingItem(c.Pricing), PaymentID: c.Payment.ID, PaymentURL: c.Payment.URL,
		PaymentExpiresAt: c.Payment.ExpiresAt, Issuance: toIssuanceItem(c.Issuance), CreatedAt: c.CreatedAt,
		UpdatedAt: c.UpdatedAt,
		PaidAt:    c.PaidAt, IssuanceRuns: c.IssuanceRun, TTL: ttlOf(c.PurgeAt())}
	if len(c.History) > 0 {
		it.History = toStepItems(c.History)
	}
	if c.Status == contracts.StatusPendingPayment {
		it.GSI2PK, it.GSI2SK = dueShard(paymentDuePK, c.Reference), dueKey(c.Payment.ExpiresAt, c.Reference)
	}
	return it
}

func toIssuanceItem(i *contracts.Issuance) *issuanceItem {
	if i == nil {
		return nil
	}
	it := issuanceItem(*i)
	return &it
}

func (it contractItem) contract() contracts.Contract {
	c := contracts.Contract{Reference: it.Reference, PartnerID: it.PartnerID, Product: contracts.Product(it.Product),
		Status: contracts.Status(
			it.Status,
		), ReturnURL: it.ReturnURL, CancelURL: it.CancelURL, Data: json.RawMessage(it.Data),
		Subject: it.Subject, Pricing: contracts.Pricing(it.Pricing),
		Payment:     payment.Checkout{ID: it.PaymentID, URL: it.PaymentURL, ExpiresAt: it.PaymentExpiresAt},
		IssuanceRun: it.IssuanceRuns, CreatedAt: it.CreatedAt, UpdatedAt: it.UpdatedAt, PaidAt: it.PaidAt,
		History: it.history()}
	if it.Issuance != nil {
		i := contracts.Issuance(*it.Issuance)
		c.Issuance = &i
	}
	return c
}
