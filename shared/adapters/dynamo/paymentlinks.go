package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// LinkRepo stores the sandbox gateway's payment links (PAYMENT#).
type LinkRepo struct{ db Store }

var _ payment.Store = (*LinkRepo)(nil)

// NewLinkRepo is the repository of sandbox payment links on db's table.
func NewLinkRepo(db Store) *LinkRepo { return &LinkRepo{db: db} }

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

// linkOfItem names a reference's link (PAYMENT#REF#<reference>, under the links' own prefix): the
// sandbox opens one link per reference, as a real gateway one payment per Idempotency-Key.
type linkOfItem struct {
	PK     string `dynamodbav:"pk"`
	SK     string `dynamodbav:"sk"`
	LinkID string `dynamodbav:"linkId"`
}

func linkOfPK(reference string) string { return "PAYMENT#REF#" + reference }

// PutLink stores a sandbox payment link and names it its reference's, in one transaction;
// Conflict when the reference has a link.
func (r *LinkRepo) PutLink(ctx context.Context, l payment.Link) error {
	link, err := r.db.putNew(linkItem{PK: "PAYMENT#" + l.ID, SK: "PAYMENT", ID: l.ID, Reference: l.Reference,
		Amount: l.Amount, Currency: l.Currency, Purpose: l.Purpose, ReturnURL: l.ReturnURL, CancelURL: l.CancelURL,
		NotifyURL: l.NotifyURL, ExpiresAt: l.ExpiresAt})
	if err != nil {
		return err
	}
	of, err := r.db.putNew(linkOfItem{PK: linkOfPK(l.Reference), SK: "REFERENCE", LinkID: l.ID})
	if err != nil {
		return err
	}
	return r.db.transact(ctx, []types.TransactWriteItem{link, of},
		fault.New(fault.Conflict, "The reference has a payment link."))
}

// LinkOf reads the link of a reference.
func (r *LinkRepo) LinkOf(ctx context.Context, reference string) (payment.Link, error) {
	var of linkOfItem
	if err := r.db.get(ctx, linkOfPK(reference), "REFERENCE", &of, "payment link"); err != nil {
		return payment.Link{}, err
	}
	return r.Link(ctx, of.LinkID)
}

// Link reads a sandbox payment link.
func (r *LinkRepo) Link(ctx context.Context, id string) (payment.Link, error) {
	var it linkItem
	if err := r.db.get(ctx, "PAYMENT#"+id, "PAYMENT", &it, "payment link"); err != nil {
		return payment.Link{}, err
	}
	return payment.Link{
		ID:        it.ID,
		Reference: it.Reference,
		Amount:    it.Amount,
		Currency:  it.Currency,
		Purpose:   it.Purpose,
		ReturnURL: it.ReturnURL,
		CancelURL: it.CancelURL,
		NotifyURL: it.NotifyURL,
		ExpiresAt: it.ExpiresAt,
		Outcome:   it.Outcome,
	}, nil
}

// DecideLink records a link's outcome, once; the same outcome again is allowed, so that a
// notification that could not be sent can be sent again.
func (r *LinkRepo) DecideLink(ctx context.Context, id, outcome string) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key("PAYMENT#"+id, "PAYMENT"),
			UpdateExpression:          aws.String("SET outcome = :o"),
			ConditionExpression:       aws.String("attribute_exists(pk) AND (attribute_not_exists(outcome) OR outcome = :o)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":o": str(outcome)}},
	)
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "This payment is closed already.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: decide link: %w", err)
	}
	return nil
}
