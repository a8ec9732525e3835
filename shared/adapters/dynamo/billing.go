package dynamo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/billing"
	"github.com/trustline/platform/shared/domain/payment"
)

// InvoiceRepo stores invoices (INVOICE#, listed by user on gsi1) and the subscriptions they bill,
// which live on the user's item.
type InvoiceRepo struct{ db Store }

var _ billing.Store = (*InvoiceRepo)(nil)

// NewInvoiceRepo is the repository of invoices and subscriptions on db's table.
func NewInvoiceRepo(db Store) *InvoiceRepo { return &InvoiceRepo{db: db} }

// The subscription lives on the user's profile item: pendingPlan, nextPeriod, and the sparse due
// index (gsi2) while a paid plan runs.
const subscriptionDuePK = "SUBSCRIPTION_DUE"

type subscriptionItem struct {
	ID          string    `dynamodbav:"id"`
	Plan        string    `dynamodbav:"plan"`
	PendingPlan string    `dynamodbav:"pendingPlan,omitempty"`
	NextPeriod  time.Time `dynamodbav:"nextPeriod"`
}

type invoiceItem struct {
	PK          string     `dynamodbav:"pk"`
	SK          string     `dynamodbav:"sk"`
	GSI1PK      string     `dynamodbav:"gsi1pk"`
	GSI1SK      string     `dynamodbav:"gsi1sk"`
	Reference   string     `dynamodbav:"reference"`
	UserID      string     `dynamodbav:"userId"`
	Plan        string     `dynamodbav:"plan"`
	Amount      int64      `dynamodbav:"amount"`
	Currency    string     `dynamodbav:"currency"`
	Credits     int        `dynamodbav:"credits"`
	Status      string     `dynamodbav:"status"`
	PeriodStart time.Time  `dynamodbav:"periodStart"`
	PeriodEnd   time.Time  `dynamodbav:"periodEnd"`
	IssuedAt    time.Time  `dynamodbav:"issuedAt"`
	PaymentID   string     `dynamodbav:"paymentId"`
	PaymentURL  string     `dynamodbav:"paymentUrl"`
	PaidAt      *time.Time `dynamodbav:"paidAt,omitempty"`
}

func invoicePK(ref string) string { return "INVOICE#" + ref }

func (it invoiceItem) invoice() billing.Invoice {
	return billing.Invoice{
		Reference:   it.Reference,
		UserID:      it.UserID,
		Plan:        it.Plan,
		Amount:      it.Amount,
		Currency:    it.Currency,
		Credits:     it.Credits,
		Status:      billing.Status(it.Status),
		PeriodStart: it.PeriodStart,
		PeriodEnd:   it.PeriodEnd,
		IssuedAt:    it.IssuedAt,
		PaymentID:   it.PaymentID,
		PaymentURL:  it.PaymentURL,
		PaidAt:      it.PaidAt,
	}
}

// DueSubscriptions lists paid subscriptions whose next period has started.
func (r *InvoiceRepo) DueSubscriptions(
	ctx context.Context,
	before time.Time,
	limit int,
) ([]billing.Subscription, error) {
	var its []subscriptionItem
	if err := r.db.due(ctx, subscriptionDuePK, before, limit, &its); err != nil {
		return nil, err
	}
	subs := make([]billing.Subscription, len(its))
	for i, it := range its {
		subs[i] = billing.Subscription{
			UserID:      it.ID,
			Plan:        it.Plan,
			PendingPlan: it.PendingPlan,
			NextPeriod:  it.NextPeriod,
		}
	}
	return subs, nil
}

// PutInvoice stores a period's invoice, once.
func (r *InvoiceRepo) PutInvoice(ctx context.Context, inv billing.Invoice) error {
	return r.db.putOnce(ctx, invoiceItem{PK: invoicePK(inv.Reference), SK: "INVOICE", GSI1PK: "INVOICES#" + inv.UserID,
		GSI1SK: inv.IssuedAt.UTC().
			Format(time.RFC3339Nano) +
			"#" + inv.Reference, Reference: inv.Reference, UserID: inv.UserID, Plan: inv.Plan,
		Amount: inv.Amount, Currency: inv.Currency, Credits: inv.Credits, Status: string(inv.Status),
		PeriodStart: inv.PeriodStart,
		PeriodEnd:   inv.PeriodEnd, IssuedAt: inv.IssuedAt, PaymentID: inv.PaymentID, PaymentURL: inv.PaymentURL},
		"invoice")
}

// AdvanceSubscription applies the plan and moves (or, with a zero next, ends) the subscription;
// the plan is written on the user's keys in the same transaction (applyPlan), so that it applies
// to keys already issued.
func (r *InvoiceRepo) AdvanceSubscription(ctx context.Context, userID, plan string, next time.Time) error {
	if next.IsZero() {
		return r.db.applyPlan(ctx, userID, plan, "SET #plan = :plan REMOVE pendingPlan, nextPeriod, gsi2pk, gsi2sk",
			map[string]types.AttributeValue{":plan": str(plan)})
	}
	at, _ := attributevalue.Marshal(next)
	return r.db.applyPlan(
		ctx,
		userID,
		plan,
		"SET #plan = :plan, nextPeriod = :next, gsi2pk = :due, gsi2sk = :key REMOVE pendingPlan",
		map[string]types.AttributeValue{
			":plan": str(plan),
			":next": at,
			":due":  str(dueShard(subscriptionDuePK, userID)),
			":key":  str(dueKey(next, userID)),
		},
	)
}

// SetPendingPlan records the next period's plan; a user without a subscription starts one now.
func (r *InvoiceRepo) SetPendingPlan(ctx context.Context, userID, plan string, now time.Time) error {
	at, _ := attributevalue.Marshal(now)
	return r.db.updateUser(
		ctx,
		userID,
		"SET pendingPlan = :plan, nextPeriod = if_not_exists(nextPeriod, :now), gsi2pk = :due, gsi2sk = if_not_exists(gsi2sk, :key)",
		map[string]types.AttributeValue{
			":plan": str(plan),
			":now":  at,
			":due":  str(dueShard(subscriptionDuePK, userID)),
			":key":  str(dueKey(now, userID)),
		},
	)
}

// Invoice reads one invoice.
func (r *InvoiceRepo) Invoice(ctx context.Context, reference string) (billing.Invoice, error) {
	var it invoiceItem
	if err := r.db.get(ctx, invoicePK(reference), "INVOICE", &it, "invoice"); err != nil {
		return billing.Invoice{}, err
	}
	return it.invoice(), nil
}

// Invoices lists a user's invoices, newest first, with an opaque cursor.
func (r *InvoiceRepo) Invoices(
	ctx context.Context,
	userID string,
	status billing.Status,
	limit int,
	cursor string,
) ([]billing.Invoice, string, error) {
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(r.db.Table),
		IndexName:                 aws.String("gsi1"),
		ScanIndexForward:          aws.Bool(false),
		KeyConditionExpression:    aws.String("gsi1pk = :o"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":o": str("INVOICES#" + userID)},
	}
	if status != "" {
		in.FilterExpression, in.ExpressionAttributeNames = aws.String("#s = :s"), map[string]string{"#s": "status"}
		in.ExpressionAttributeValues[":s"] = str(string(status))
	}
	if cursor != "" {
		start, err := ownedCursor(cursor, gsi1Cursor, "gsi1pk", "INVOICES#"+userID)
		if err != nil {
			return nil, "", err
		}
		in.ExclusiveStartKey = start
	}
	limit = min(max(limit, 1), 100)
	var out []billing.Invoice
	for { // a filter drops items after the read: read on until the page is full or the list ends
		in.Limit = aws.Int32(int32(limit - len(out)))
		page, err := r.db.API.Query(ctx, in)
		if err != nil {
			return nil, "", fmt.Errorf("dynamo: list invoices: %w", err)
		}
		var its []invoiceItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &its); err != nil {
			return nil, "", err
		}
		for _, it := range its {
			out = append(out, it.invoice())
		}
		if page.LastEvaluatedKey == nil {
			return out, "", nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
		if len(out) >= limit {
			return out, encodeCursor(page.LastEvaluatedKey), nil
		}
	}
}

// SettleInvoice records the gateway's event and moves an invoice to paid, granting its credits
// with their ledger entry, or to failed, in one transaction. The condition on the status makes a
// late notification a no-op, which records its event alone; the event's own condition makes a
// replay write nothing (payment.ErrReplayed).
func (r *InvoiceRepo) SettleInvoice(
	ctx context.Context,
	inv billing.Invoice,
	n payment.Notification,
	to billing.Status,
	at time.Time,
) (bool, error) {
	event, err := r.db.paymentEvent(n.EventID, inv.Reference, n.PaymentID, to == billing.StatusPaid, n.Amount, at)
	if err != nil {
		return false, err
	}
	when, _ := attributevalue.Marshal(at)
	values := map[string]types.AttributeValue{
		":to":      str(string(to)),
		":pending": str(string(billing.StatusPending)),
		":at":      when,
	}
	update, cond := "SET #s = :to", "#s = :pending"
	writes := []types.TransactWriteItem{{Put: &event}}
	if to == billing.StatusPaid {
		update, cond = "SET #s = :to, paidAt = :at", "#s IN (:pending, :failed)"
		values[":failed"] = str(string(billing.StatusFailed))
		move, err := r.db.move(inv.Grant(at))
		if err != nil {
			return false, err
		}
		writes = append(writes, move...)
	} else {
		delete(values, ":at")
	}
	writes = append(
		writes,
		types.TransactWriteItem{
			Update: &types.Update{TableName: aws.String(r.db.Table), Key: key(invoicePK(inv.Reference), "INVOICE"),
				UpdateExpression: aws.String(
					update,
				), ConditionExpression: aws.String(cond), ExpressionAttributeNames: map[string]string{"#s": "status"},
				ExpressionAttributeValues: values},
		},
	)
	_, err = r.db.API.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: writes})
	failed := cancelledBy(err)
	switch {
	case err == nil:
		return true, nil
	case len(failed) == 0 || !slices.Contains(failed, true):
		return false, fmt.Errorf("dynamo: settle invoice: %w", err)
	case failed[0]:
		return false, payment.ErrReplayed
	}
	// The invoice was not in a state to move: the event is recorded alone, so that its replay
	// stays a replay whatever the invoice does next.
	_, err = r.db.API.PutItem(
		ctx,
		&dynamodb.PutItemInput{
			TableName:           event.TableName,
			Item:                event.Item,
			ConditionExpression: event.ConditionExpression,
		},
	)
	if isConditionFailed(err) {
		return false, payment.ErrReplayed
	}
	if err != nil {
		return false, fmt.Errorf("dynamo: record payment event: %w", err)
	}
	return false, nil
}
