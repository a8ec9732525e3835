package dynamo

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// DeliveryRepo stores webhook deliveries (DELIVERY#), both schemes: their attempts, an owner's
// listing and the sweep's due index.
type DeliveryRepo struct{ db Store }

var _ webhook.Store = (*DeliveryRepo)(nil)

// NewDeliveryRepo is the repository of webhook deliveries on db's table.
func NewDeliveryRepo(db Store) *DeliveryRepo { return &DeliveryRepo{db: db} }

// attemptItem is a webhook.Attempt as stored: the same fields, so that each converts to the other.
type attemptItem struct {
	N          int       `dynamodbav:"n"`
	At         time.Time `dynamodbav:"at"`
	StatusCode int       `dynamodbav:"statusCode,omitempty"`
	DurationMs int64     `dynamodbav:"durationMs"`
	ErrorClass string    `dynamodbav:"errorClass,omitempty"`
	Error      string    `dynamodbav:"error,omitempty"`
}

type deliveryItem struct {
	PK           string        `dynamodbav:"pk"`
	SK           string        `dynamodbav:"sk"`
	GSI1PK       string        `dynamodbav:"gsi1pk"`
	GSI1SK       string        `dynamodbav:"gsi1sk"`
	GSI2PK       string        `dynamodbav:"gsi2pk,omitempty"` // set while pending: the sweep's index
	GSI2SK       string        `dynamodbav:"gsi2sk,omitempty"`
	ID           string        `dynamodbav:"id"`
	Scheme       string        `dynamodbav:"scheme"`
	OwnerID      string        `dynamodbav:"ownerId"`
	EndpointID   string        `dynamodbav:"endpointId,omitempty"`
	Event        string        `dynamodbav:"event"`
	Reference    string        `dynamodbav:"reference"`
	Body         []byte        `dynamodbav:"body"`
	Status       string        `dynamodbav:"status"`
	Attempts     []attemptItem `dynamodbav:"attempts"`
	CreatedAt    time.Time     `dynamodbav:"createdAt"`
	NextAt       time.Time     `dynamodbav:"nextAt"`
	RedeliveryOf string        `dynamodbav:"redeliveryOf,omitempty"`
	RecoveredBy  string        `dynamodbav:"recoveredBy,omitempty"`
	ExpiresAt    time.Time     `dynamodbav:"expiresAt,omitempty"`
	TTL          int64         `dynamodbav:"ttl,omitempty"`
	// The attempt started and not recorded yet: its number, start and claim's end (Unix ms).
	ClaimedAttempt int   `dynamodbav:"claimedAttempt,omitempty"`
	ClaimedAt      int64 `dynamodbav:"claimedAt,omitempty"`
	ClaimedUntil   int64 `dynamodbav:"claimedUntil,omitempty"`
}

const dueIndexPK = "WEBHOOK_DUE"

func deliveryPK(id string) string { return "DELIVERY#" + id }

// dueKey sorts by due time: zero-padded Unix milliseconds.
func dueKey(t time.Time, id string) string { return fmt.Sprintf("%013d#%s", t.UnixMilli(), id) }

func (it deliveryItem) delivery() webhook.Delivery {
	d := webhook.Delivery{
		ID:           it.ID,
		Scheme:       webhook.Scheme(it.Scheme),
		OwnerID:      it.OwnerID,
		EndpointID:   it.EndpointID,
		Event:        it.Event,
		Reference:    it.Reference,
		Body:         it.Body,
		Status:       webhook.Status(it.Status),
		CreatedAt:    it.CreatedAt,
		NextAt:       it.NextAt,
		RedeliveryOf: it.RedeliveryOf,
		RecoveredBy:  it.RecoveredBy,
		ExpiresAt:    it.ExpiresAt,
	}
	if it.ClaimedAttempt > 0 {
		d.Claimed = &webhook.Claim{N: it.ClaimedAttempt, At: time.UnixMilli(it.ClaimedAt).UTC(),
			Until: time.UnixMilli(it.ClaimedUntil).UTC()}
	}
	for _, a := range it.Attempts {
		d.Attempts = append(d.Attempts, webhook.Attempt(a))
	}
	return d
}

// PutDelivery stores a new pending delivery, listed under its owner and in the due index; Conflict
// when another delivery has its ID.
func (r *DeliveryRepo) PutDelivery(ctx context.Context, d webhook.Delivery) error {
	av, err := deliveryAttributes(d)
	if err != nil {
		return err
	}
	_, err = r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table), Item: av,
		ConditionExpression: aws.String(
			"attribute_not_exists(pk)",
		), ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		if reflect.DeepEqual(ccf.Item, av) {
			return nil // this very delivery, stored by an attempt the SDK retried (see Store.putOnce)
		}
		return fault.New(fault.Conflict, "The delivery exists.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: put delivery: %w", err)
	}
	return nil
}

// newDeliveryPut is the write of a new delivery in a transaction that stores it with the state
// change it reports (the outbox): a put on condition that no delivery of that id exists.
func newDeliveryPut(table string, d webhook.Delivery) (types.TransactWriteItem, error) {
	av, err := deliveryAttributes(d)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(table), Item: av,
		ConditionExpression: aws.String("attribute_not_exists(pk)")}}, nil
}

// deliveryAttributes is a new delivery's item, for PutDelivery and for transactions that store a
// delivery together with the state change it reports (newDeliveryPut).
func deliveryAttributes(d webhook.Delivery) (map[string]types.AttributeValue, error) {
	av, err := attributevalue.MarshalMap(deliveryItem{PK: deliveryPK(d.ID), SK: "DELIVERY",
		GSI1PK: "DELIVERIES#" + d.OwnerID, GSI1SK: listKey(d.CreatedAt, d.ID),
		GSI2PK: dueShard(dueIndexPK, d.ID), GSI2SK: dueKey(d.NextAt, d.ID),
		ID: d.ID, Scheme: string(d.Scheme), OwnerID: d.OwnerID, EndpointID: d.EndpointID, Event: d.Event,
		Reference: d.Reference,
		Body:      d.Body, Status: string(d.Status), CreatedAt: d.CreatedAt, NextAt: d.NextAt,
		RedeliveryOf: d.RedeliveryOf, ExpiresAt: d.ExpiresAt, TTL: ttlOf(d.ExpiresAt)})
	if err != nil {
		return nil, err
	}
	av["attempts"] = &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
	return av, nil
}

// Delivery reads one delivery.
func (r *DeliveryRepo) Delivery(ctx context.Context, id string) (webhook.Delivery, error) {
	var it deliveryItem
	if err := r.db.get(ctx, deliveryPK(id), "DELIVERY", &it, "delivery"); err != nil {
		return webhook.Delivery{}, err
	}
	return it.delivery(), nil
}

// ClaimAttempt reserves attempt n: the delivery must be pending with n-1 attempts, and no other
// claim may be live.
func (r *DeliveryRepo) ClaimAttempt(ctx context.Context, id string, n int, until, now time.Time) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(deliveryPK(id), "DELIVERY"),
			UpdateExpression: aws.String("SET claimedAttempt = :n, claimedUntil = :until, claimedAt = :now"),
			ConditionExpression: aws.String(
				"#s = :pending AND size(attempts) = :prev AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)",
			),
			ExpressionAttributeNames: map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":n": num(int64(n)), ":prev": num(int64(n - 1)),
				":until": num(until.UnixMilli()), ":now": num(now.UnixMilli()),
				":pending": &types.AttributeValueMemberS{Value: string(webhook.StatusPending)}}},
	)
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The attempt is taken or done.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: claim attempt: %w", err)
	}
	return nil
}

// RecordAttempt appends the attempt made under the claim and moves the delivery on.
func (r *DeliveryRepo) RecordAttempt(
	ctx context.Context,
	id string,
	a webhook.Attempt,
	status webhook.Status,
	next time.Time,
) error {
	att, err := attributevalue.Marshal(attemptItem(a))
	if err != nil {
		return err
	}
	values := map[string]types.AttributeValue{":a": &types.AttributeValueMemberL{Value: []types.AttributeValue{att}},
		":s": &types.AttributeValueMemberS{Value: string(status)}, ":n": num(int64(a.N)), ":prev": num(int64(a.N - 1))}
	update := "SET attempts = list_append(attempts, :a), #s = :s " +
		"REMOVE claimedAttempt, claimedUntil, claimedAt, gsi2pk, gsi2sk"
	if status == webhook.StatusSucceeded {
		// Delivered: the body has done its job, and it reports on personal data.
		update += ", body"
	}
	if status == webhook.StatusPending {
		nextAt, err := attributevalue.Marshal(next)
		if err != nil {
			return err
		}
		values[":next"], values[":g2"], values[":shard"] = nextAt, str(dueKey(next, id)), str(dueShard(dueIndexPK, id))
		update = "SET attempts = list_append(attempts, :a), #s = :s, nextAt = :next, gsi2pk = :shard, gsi2sk = :g2 " +
			"REMOVE claimedAttempt, claimedUntil, claimedAt"
	}
	_, err = r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(deliveryPK(id), "DELIVERY"),
			UpdateExpression: aws.String(
				update,
			), ConditionExpression: aws.String("size(attempts) = :prev AND claimedAttempt = :n"),
			ExpressionAttributeNames: map[string]string{"#s": "status"}, ExpressionAttributeValues: values},
	)
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The attempt was recorded already.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: record attempt: %w", err)
	}
	return nil
}

// DueDeliveries reads the due index: pending deliveries due before the given time, oldest first.
func (r *DeliveryRepo) DueDeliveries(ctx context.Context, before time.Time, limit int) ([]webhook.Delivery, error) {
	var items []deliveryItem
	if err := r.db.due(ctx, dueIndexPK, before, limit, &items); err != nil {
		return nil, err
	}
	ds := make([]webhook.Delivery, 0, len(items))
	for _, it := range items {
		ds = append(ds, it.delivery())
	}
	return ds, nil
}

// Deliveries lists an owner's deliveries, newest first, with an opaque cursor.
func (r *DeliveryRepo) Deliveries(
	ctx context.Context,
	ownerID string,
	f webhook.Filter,
) ([]webhook.Delivery, string, error) {
	in := &dynamodb.QueryInput{
		TableName:              aws.String(r.db.Table),
		IndexName:              aws.String("gsi1"),
		ScanIndexForward:       aws.Bool(false),
		KeyConditionExpression: aws.String("gsi1pk = :o"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":o": &types.AttributeValueMemberS{Value: "DELIVERIES#" + ownerID},
		},
	}
	var filters []string
	names := map[string]string{}
	add := func(attr, value string) {
		if value == "" {
			return
		}
		names["#"+attr] = attr
		in.ExpressionAttributeValues[":"+attr] = &types.AttributeValueMemberS{Value: value}
		filters = append(filters, "#"+attr+" = :"+attr)
	}
	add("endpointId", f.EndpointID)
	add("reference", f.Reference)
	add("status", string(f.Status))
	if len(filters) > 0 {
		in.FilterExpression = aws.String(joinAnd(filters))
		in.ExpressionAttributeNames = names
	}
	if f.Cursor != "" {
		start, err := ownedCursor(f.Cursor, gsi1Cursor, "gsi1pk", "DELIVERIES#"+ownerID)
		if err != nil {
			return nil, "", err
		}
		in.ExclusiveStartKey = start
	}
	limit := min(max(f.Limit, 1), 100)
	var out []webhook.Delivery
	// A filter drops items after the read: keep reading pages until the page is full or the
	// listing ends.
	for {
		in.Limit = aws.Int32(int32(limit - len(out)))
		page, err := r.db.API.Query(ctx, in)
		if err != nil {
			return nil, "", fmt.Errorf("dynamo: list deliveries: %w", err)
		}
		var items []deliveryItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, "", err
		}
		for _, it := range items {
			out = append(out, it.delivery())
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

// FailedSince reads the owner's listing from since on, oldest first, keeping FAILED deliveries
// not recovered yet. It reads at most 20 index items per delivery asked for, so one call's cost
// stays bounded however many deliveries succeeded meanwhile; more is then true.
func (r *DeliveryRepo) FailedSince(
	ctx context.Context,
	ownerID, endpointID string,
	since time.Time,
	limit int,
) ([]webhook.Delivery, bool, error) {
	// gsi1sk begins with the fixed-width creation time (listKey), but deliveries stored before it
	// have the RFC 3339 one with its fraction trimmed, out of order within a second: start at the
	// whole second, and compare exact times below.
	in := &dynamodb.QueryInput{
		TableName:                aws.String(r.db.Table),
		IndexName:                aws.String("gsi1"),
		ScanIndexForward:         aws.Bool(true),
		KeyConditionExpression:   aws.String("gsi1pk = :o AND gsi1sk >= :since"),
		FilterExpression:         aws.String("#s = :failed AND attribute_not_exists(recoveredBy)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":o": str("DELIVERIES#" + ownerID),
			":since": str(
				since.UTC().Truncate(time.Second).Format("2006-01-02T15:04:05"),
			), ":failed": str(string(webhook.StatusFailed))},
	}
	if endpointID != "" {
		in.FilterExpression = aws.String(*in.FilterExpression + " AND endpointId = :e")
		in.ExpressionAttributeValues[":e"] = str(endpointID)
	}
	var out []webhook.Delivery
	budget := 20 * limit
	for budget > 0 {
		in.Limit = aws.Int32(int32(min(budget, 500)))
		page, err := r.db.API.Query(ctx, in)
		if err != nil {
			return nil, false, fmt.Errorf("dynamo: failed deliveries: %w", err)
		}
		budget -= int(page.ScannedCount)
		var items []deliveryItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, false, err
		}
		for _, it := range items {
			if it.CreatedAt.Before(since) {
				continue
			}
			if len(out) == limit {
				return out, true, nil
			}
			out = append(out, it.delivery())
		}
		if page.LastEvaluatedKey == nil {
			return out, false, nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
	}
	return out, true, nil
}

// RecoverDelivery stores d and sets recoveredBy on the FAILED delivery id, in one transaction.
func (r *DeliveryRepo) RecoverDelivery(ctx context.Context, id string, d webhook.Delivery) error {
	put, err := newDeliveryPut(r.db.Table, d)
	if err != nil {
		return err
	}
	mark := types.TransactWriteItem{Update: &types.Update{TableName: aws.String(r.db.Table),
		Key:                      key(deliveryPK(id), "DELIVERY"),
		UpdateExpression:         aws.String("SET recoveredBy = :by"),
		ConditionExpression:      aws.String("#s = :failed AND attribute_not_exists(recoveredBy)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":by":     str(d.ID),
			":failed": str(string(webhook.StatusFailed)),
		}}}
	return r.db.transact(ctx, []types.TransactWriteItem{mark, put},
		fault.New(fault.Conflict, "The delivery is not failed, or was recovered already."))
}
