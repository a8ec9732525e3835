package dynamo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/payment"
	"github.com/trustline/platform/shared/webhook"
)

type contractItem struct {
	PK               string              `dynamodbav:"pk"`
	SK               string              `dynamodbav:"sk"`
	GSI1PK           string              `dynamodbav:"gsi1pk"`
	GSI1SK           string              `dynamodbav:"gsi1sk"`
	GSI2PK           string              `dynamodbav:"gsi2pk,omitempty"`
	GSI2SK           string              `dynamodbav:"gsi2sk,omitempty"`
	Reference        string              `dynamodbav:"reference"`
	PartnerID        string              `dynamodbav:"partnerId"`
	Product          contracts.Product   `dynamodbav:"product"`
	Status           contracts.Status    `dynamodbav:"status"`
	ReturnURL        string              `dynamodbav:"returnUrl"`
	CancelURL        string              `dynamodbav:"cancelUrl"`
	Data             string              `dynamodbav:"data"`
	Subject          string              `dynamodbav:"subject"`
	Pricing          contracts.Pricing   `dynamodbav:"pricing"`
	PaymentID        string              `dynamodbav:"paymentId"`
	PaymentURL       string              `dynamodbav:"paymentUrl"`
	PaymentExpiresAt time.Time           `dynamodbav:"paymentExpiresAt"`
	Issuance         *contracts.Issuance `dynamodbav:"issuance,omitempty"`
	CreatedAt        time.Time           `dynamodbav:"createdAt"`
	UpdatedAt        time.Time           `dynamodbav:"updatedAt"`
	PaidAt           *time.Time          `dynamodbav:"paidAt,omitempty"`
	IssuanceRuns     int                 `dynamodbav:"issuanceRuns,omitempty"`
}

const (
	issuanceDuePK = "ISSUANCE_DUE"
	paymentDuePK  = "PAYMENT_DUE" // pending requests, by link expiry
)

func contractPK(ref string) string { return "CONTRACT#" + ref }

// PutContract stores a new request.
func (s Store) PutContract(ctx context.Context, c contracts.Contract) error {
	return s.putOnce(ctx, contractItem{PK: contractPK(c.Reference), SK: "CONTRACT", GSI1PK: "CONTRACTS#" + c.PartnerID,
		GSI2PK: dueShard(paymentDuePK, c.Reference), GSI2SK: dueKey(c.Payment.ExpiresAt, c.Reference),
		GSI1SK: c.CreatedAt.Format(time.RFC3339Nano) + "#" + c.Reference, Reference: c.Reference, PartnerID: c.PartnerID,
		Product: c.Product, Status: c.Status, ReturnURL: c.ReturnURL, CancelURL: c.CancelURL, Data: string(c.Data), Subject: c.Subject,
		Pricing: c.Pricing, PaymentID: c.Payment.ID, PaymentURL: c.Payment.URL, PaymentExpiresAt: c.Payment.ExpiresAt,
		CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}, "contract")
}

func (s Store) putOnce(ctx context.Context, item any, what string) error {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return err
	}
	_, err = s.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)"),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		if reflect.DeepEqual(ccf.Item, av) {
			// This very item: an earlier attempt of this call stored it and its answer was lost,
			// so the SDK retried (a conditional create is not idempotent by itself).
			return nil
		}
		return fault.Newf(fault.Conflict, "The %s exists already.", what)
	}
	if err != nil {
		return fmt.Errorf("dynamo: put %s: %w", what, err)
	}
	return nil
}

// Contract reads a request.
func (s Store) Contract(ctx context.Context, reference string) (contracts.Contract, error) {
	var it contractItem
	if err := s.get(ctx, contractPK(reference), "CONTRACT", &it, "contract request"); err != nil {
		return contracts.Contract{}, err
	}
	return contracts.Contract{Reference: it.Reference, PartnerID: it.PartnerID, Product: it.Product, Status: it.Status,
		ReturnURL: it.ReturnURL, CancelURL: it.CancelURL, Data: json.RawMessage(it.Data), Subject: it.Subject, Pricing: it.Pricing,
		Payment:  contracts.Payment{ID: it.PaymentID, URL: it.PaymentURL, ExpiresAt: it.PaymentExpiresAt},
		Issuance: it.Issuance, IssuanceRun: it.IssuanceRuns, CreatedAt: it.CreatedAt, UpdatedAt: it.UpdatedAt, PaidAt: it.PaidAt}, nil
}

func str(v string) *types.AttributeValueMemberS { return &types.AttributeValueMemberS{Value: v} }

// ApplyPayment records the event and what it does to the request, in one transaction: it moves a
// PENDING_PAYMENT request, or marks a PAYMENT_FAILED one paid after the failure. Each step is
// conditional, so a request that changes between the steps (a link expiring as the payment
// arrives) is caught by the next one.
func (s Store) ApplyPayment(ctx context.Context, e contracts.PaymentEvent, to contracts.Status) (contracts.PaymentOutcome, error) {
	event, err := attributevalue.MarshalMap(map[string]any{"pk": "PAYMENT_EVENT#" + e.EventID, "sk": "EVENT", "reference": e.Reference,
		"paymentId": e.PaymentID, "paid": e.Paid, "amount": e.Amount, "at": e.At, "ttl": e.At.Add(90 * 24 * time.Hour).Unix()})
	if err != nil {
		return contracts.PaymentUnchanged, err
	}
	at, _ := attributevalue.Marshal(e.At)
	var paid []string
	if to == contracts.StatusIssuanceInProgress {
		paid = append(paid, "paidAt = :at")
	}
	update, values := transitionUpdate(e.Reference, to, at, e.At, paid...)
	values[":pending"] = str(string(contracts.StatusPendingPayment))
	res, err := s.writeWithEvent(ctx, event, types.Update{TableName: aws.String(s.Table), Key: key(contractPK(e.Reference), "CONTRACT"),
		UpdateExpression: aws.String(update), ConditionExpression: aws.String("#s = :pending"),
		ExpressionAttributeNames: map[string]string{"#s": "status"}, ExpressionAttributeValues: values})
	switch {
	case err != nil || res == eventSeen:
		return contracts.PaymentUnchanged, err
	case res == written:
		return contracts.PaymentMoved, nil
	}
	if e.Paid {
		// The request is not pending. Money for a failed one is kept in view on it; the status
		// stays, so that nothing else (issuance, the expiry sweep) acts on it.
		res, err = s.writeWithEvent(ctx, event, types.Update{TableName: aws.String(s.Table), Key: key(contractPK(e.Reference), "CONTRACT"),
			UpdateExpression:          aws.String("SET paidAt = :at, updatedAt = :at"),
			ConditionExpression:       aws.String("#s = :failed AND attribute_not_exists(paidAt)"),
			ExpressionAttributeNames:  map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":at": at, ":failed": str(string(contracts.StatusPaymentFailed))}})
		switch {
		case err != nil || res == eventSeen:
			return contracts.PaymentUnchanged, err
		case res == written:
			return contracts.PaymentAfterFailure, nil
		}
	}
	// A late or out-of-order event: keep the event, move nothing.
	_, err = s.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.Table), Item: event, ConditionExpression: aws.String("attribute_not_exists(pk)")})
	if err != nil && !isConditionFailed(err) {
		return contracts.PaymentUnchanged, fmt.Errorf("dynamo: record payment event: %w", err)
	}
	return contracts.PaymentUnchanged, nil
}

// eventWrite is what writeWithEvent did.
type eventWrite int

const (
	written     eventWrite = iota // the event and the update
	eventSeen                     // nothing: the event was recorded before (a replay)
	stateDiffer                   // nothing: the update's condition on the request failed
)

// writeWithEvent writes a payment event and an update of its request in one transaction.
func (s Store) writeWithEvent(ctx context.Context, event map[string]types.AttributeValue, u types.Update) (eventWrite, error) {
	_, err := s.API.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(s.Table), Item: event, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Update: &u}}})
	var cancelled *types.TransactionCanceledException
	switch {
	case err == nil:
		return written, nil
	case !errors.As(err, &cancelled) || len(cancelled.CancellationReasons) < 2:
		return stateDiffer, fmt.Errorf("dynamo: apply payment: %w", err)
	case aws.ToString(cancelled.CancellationReasons[0].Code) == "ConditionalCheckFailed":
		return eventSeen, nil
	case aws.ToString(cancelled.CancellationReasons[1].Code) == "ConditionalCheckFailed":
		return stateDiffer, nil
	default: // a conflicting transaction: the gateway's retry applies it
		return stateDiffer, fmt.Errorf("dynamo: apply payment: %w", err)
	}
}

// ClaimIssuance leases a request being issued to one worker.
func (s Store) ClaimIssuance(ctx context.Context, reference string, until, now time.Time) error {
	_, err := s.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(s.Table), Key: key(contractPK(reference), "CONTRACT"),
		UpdateExpression:         aws.String("SET issuingUntil = :until"),
		ConditionExpression:      aws.String("#s = :issuing AND (attribute_not_exists(issuingUntil) OR issuingUntil < :now)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":until": num(until.UnixMilli()), ":now": num(now.UnixMilli()),
			":issuing": str(string(contracts.StatusIssuanceInProgress))}})
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The request is being issued by another worker.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: claim issuance: %w", err)
	}
	return nil
}

// ReleaseIssuance ends a worker's lease on a request being issued.
func (s Store) ReleaseIssuance(ctx context.Context, reference string) error {
	_, err := s.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(s.Table), Key: key(contractPK(reference), "CONTRACT"),
		UpdateExpression: aws.String("REMOVE issuingUntil"), ConditionExpression: aws.String("attribute_exists(pk)")})
	if err != nil {
		return fmt.Errorf("dynamo: release issuance: %w", err)
	}
	return nil
}

// transitionUpdate sets the status and keeps the due index right: a request being issued is due
// for issuance, any other leaves the index.
func transitionUpdate(reference string, to contracts.Status, at types.AttributeValue, now time.Time, set ...string) (string, map[string]types.AttributeValue) {
	values := map[string]types.AttributeValue{":to": str(string(to)), ":at": at}
	set = append([]string{"#s = :to", "updatedAt = :at"}, set...)
	if to == contracts.StatusIssuanceInProgress {
		values[":due"], values[":duekey"], values[":one"] = str(dueShard(issuanceDuePK, reference)), str(dueKey(now, reference)), num(1)
		return "SET " + strings.Join(append(set, "gsi2pk = :due", "gsi2sk = :duekey"), ", ") + " ADD issuanceRuns :one", values
	}
	return "SET " + strings.Join(set, ", ") + " REMOVE gsi2pk, gsi2sk", values
}

// Transition moves a request between two statuses, conditionally.
func (s Store) Transition(ctx context.Context, reference string, from, to contracts.Status, now time.Time) error {
	at, _ := attributevalue.Marshal(now)
	update, values := transitionUpdate(reference, to, at, now)
	values[":from"] = str(string(from))
	_, err := s.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(s.Table), Key: key(contractPK(reference), "CONTRACT"),
		UpdateExpression: aws.String(update), ConditionExpression: aws.String("#s = :from"),
		ExpressionAttributeNames: map[string]string{"#s": "status"}, ExpressionAttributeValues: values})
	if isConditionFailed(err) {
		return fault.Newf(fault.Conflict, "The request is no longer %s.", from)
	}
	if err != nil {
		return fmt.Errorf("dynamo: transition: %w", err)
	}
	return nil
}

// ExpiredLinks lists pending requests whose link expired before the given time.
func (s Store) ExpiredLinks(ctx context.Context, before time.Time, limit int) ([]string, error) {
	return s.dueReferences(ctx, paymentDuePK, before, limit)
}

// IssuanceAttempt counts an attempt.
func (s Store) IssuanceAttempt(ctx context.Context, reference string) (int, error) {
	out, err := s.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(s.Table), Key: key(contractPK(reference), "CONTRACT"),
		UpdateExpression: aws.String("ADD issuanceAttempts :one"), ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1)}, ReturnValues: types.ReturnValueUpdatedNew})
	if err != nil {
		return 0, fmt.Errorf("dynamo: issuance attempt: %w", err)
	}
	n, _ := out.Attributes["issuanceAttempts"].(*types.AttributeValueMemberN)
	if n == nil {
		return 0, errors.New("dynamo: issuance attempt: no count")
	}
	return strconv.Atoi(n.Value)
}

// FinishIssuance moves the request out of ISSUANCE_IN_PROGRESS and stores the partner's webhook
// delivery, in one transaction.
func (s Store) FinishIssuance(ctx context.Context, reference string, to contracts.Status, i contracts.Issuance, d webhook.Delivery) error {
	issuance, err := attributevalue.Marshal(i)
	if err != nil {
		return err
	}
	at, _ := attributevalue.Marshal(d.CreatedAt)
	delivery, err := deliveryAttributes(d)
	if err != nil {
		return err
	}
	return s.transact(ctx, []types.TransactWriteItem{
		{Update: &types.Update{TableName: aws.String(s.Table), Key: key(contractPK(reference), "CONTRACT"),
			UpdateExpression:          aws.String("SET #s = :to, issuance = :i, updatedAt = :at REMOVE gsi2pk, gsi2sk, issuingUntil"),
			ConditionExpression:       aws.String("#s = :from"),
			ExpressionAttributeNames:  map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":to": str(string(to)), ":i": issuance, ":at": at, ":from": str(string(contracts.StatusIssuanceInProgress))}}},
		{Put: &types.Put{TableName: aws.String(s.Table), Item: delivery, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
	}, fault.New(fault.Conflict, "The request is no longer being issued."))
}

// DueIssuances lists paid requests still waiting for issuance since before the given time.
func (s Store) DueIssuances(ctx context.Context, before time.Time, limit int) ([]string, error) {
	return s.dueReferences(ctx, issuanceDuePK, before, limit)
}

func (s Store) dueReferences(ctx context.Context, index string, before time.Time, limit int) ([]string, error) {
	var its []struct {
		Reference string `dynamodbav:"reference"`
	}
	if err := s.due(ctx, index, before, limit, &its); err != nil {
		return nil, err
	}
	refs := make([]string, len(its))
	for i, it := range its {
		refs[i] = it.Reference
	}
	return refs, nil
}

type linkItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	ID        string    `dynamodbav:"id"`
	Reference string    `dynamodbav:"reference"`
	Amount    int64     `dynamodbav:"amount"`
	Currency  string    `dynamodbav:"currency"`
	Purpose   string    `dynamodbav:"purpose,omitempty"`
	ReturnURL string    `dynamodbav:"returnUrl"`
	CancelURL string    `dynamodbav:"cancelUrl"`
	NotifyURL string    `dynamodbav:"notifyUrl,omitempty"`
	ExpiresAt time.Time `dynamodbav:"expiresAt"`
	Outcome   string    `dynamodbav:"outcome,omitempty"`
}

// PutLink stores a sandbox payment link.
func (s Store) PutLink(ctx context.Context, l payment.Link) error {
	return s.putOnce(ctx, linkItem{PK: "PAYMENT#" + l.ID, SK: "PAYMENT", ID: l.ID, Reference: l.Reference, Amount: l.Amount,
		Currency: l.Currency, Purpose: l.Purpose, ReturnURL: l.ReturnURL, CancelURL: l.CancelURL, NotifyURL: l.NotifyURL, ExpiresAt: l.ExpiresAt}, "payment link")
}

// Link reads a sandbox payment link.
func (s Store) Link(ctx context.Context, id string) (payment.Link, error) {
	var it linkItem
	if err := s.get(ctx, "PAYMENT#"+id, "PAYMENT", &it, "payment link"); err != nil {
		return payment.Link{}, err
	}
	return payment.Link{ID: it.ID, Reference: it.Reference, Amount: it.Amount, Currency: it.Currency, Purpose: it.Purpose,
		ReturnURL: it.ReturnURL, CancelURL: it.CancelURL, NotifyURL: it.NotifyURL, ExpiresAt: it.ExpiresAt, Outcome: it.Outcome}, nil
}

// DecideLink records a link's outcome, once; the same outcome again is allowed, so that a
// notification that could not be sent can be sent again.
func (s Store) DecideLink(ctx context.Context, id, outcome string) error {
	_, err := s.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(s.Table), Key: key("PAYMENT#"+id, "PAYMENT"),
		UpdateExpression: aws.String("SET outcome = :o"), ConditionExpression: aws.String("attribute_exists(pk) AND (attribute_not_exists(outcome) OR outcome = :o)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":o": str(outcome)}})
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "This payment is closed already.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: decide link: %w", err)
	}
	return nil
}
