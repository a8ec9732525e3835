package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/idempotency"
)

// IdempotencyRepo stores idempotency records (IDEMPOTENCY#): one per caller and key.
type IdempotencyRepo struct{ db Store }

var _ idempotency.Store = (*IdempotencyRepo)(nil)

// NewIdempotencyRepo is the repository of idempotency records on db's table.
func NewIdempotencyRepo(db Store) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

type idempotencyItem struct {
	PK          string `dynamodbav:"pk"`
	SK          string `dynamodbav:"sk"`
	RequestHash string `dynamodbav:"requestHash"`
	Method      string `dynamodbav:"method,omitempty"`
	Path        string `dynamodbav:"path,omitempty"`
	CreatedAt   int64  `dynamodbav:"createdAt,omitempty"`
	Seed        []byte `dynamodbav:"seed,omitempty"`
	LeaseUntil  int64  `dynamodbav:"leaseUntil"` // unix milliseconds; 0: released
	Done        bool   `dynamodbav:"done"`
	Status      int    `dynamodbav:"status,omitempty"`
	ContentType string `dynamodbav:"contentType,omitempty"`
	Body        []byte `dynamodbav:"body,omitempty"`
	ExpiresAt   int64  `dynamodbav:"expiresAt"` // unix milliseconds
	TTL         int64  `dynamodbav:"ttl"`
}

func idemKey(scope, k string) map[string]types.AttributeValue {
	return key("IDEMPOTENCY#"+scope+"#"+k, "IDEMPOTENCY")
}

func (it idempotencyItem) record() idempotency.Record {
	rec := idempotency.Record{
		RequestHash: it.RequestHash,
		Method:      it.Method,
		Path:        it.Path,
		Seed:        it.Seed,
		Done:        it.Done,
		Answer:      idempotency.Answer{Code: it.Status, Format: it.ContentType, Body: it.Body},
	}
	if it.CreatedAt != 0 {
		rec.CreatedAt = time.Unix(it.CreatedAt, 0).UTC()
	}
	if it.LeaseUntil != 0 {
		rec.LeaseUntil = time.UnixMilli(it.LeaseUntil).UTC()
	}
	return rec
}

// millis is t in unix milliseconds; 0 for the zero time.
func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// Begin stores an in-flight record unless a live one exists (an expired one, whose TTL deletion
// lags, is replaced); a live one in progress of the same request whose lease has ended is taken
// over by a conditional update of its lease, which of concurrent takers only one passes.
func (r *IdempotencyRepo) Begin(
	ctx context.Context,
	scope, k string,
	first idempotency.Record,
	now, expires time.Time,
) (idempotency.Record, bool, error) {
	item := idempotencyItem{
		RequestHash: first.RequestHash,
		Method:      first.Method,
		Path:        first.Path,
		CreatedAt:   first.CreatedAt.Unix(),
		Seed:        first.Seed,
		LeaseUntil:  millis(first.LeaseUntil),
		ExpiresAt:   expires.UnixMilli(),
		TTL:         expires.Unix(),
	}
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return idempotency.Record{}, false, err
	}
	for name, v := range idemKey(scope, k) {
		av[name] = v
	}
	_, err = r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table), Item: av,
		ConditionExpression:                 aws.String("attribute_not_exists(pk) OR expiresAt < :now"),
		ExpressionAttributeValues:           map[string]types.AttributeValue{":now": num(now.UnixMilli())},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	if err == nil {
		return item.record(), true, nil
	}
	var ccf *types.ConditionalCheckFailedException
	if !errors.As(err, &ccf) {
		return idempotency.Record{}, false, fmt.Errorf("dynamo: idempotency: %w", err)
	}
	if ccf.Item == nil {
		return idempotency.Record{}, false, fmt.Errorf("dynamo: idempotency: condition failed without the item")
	}
	var old idempotencyItem
	if err := attributevalue.UnmarshalMap(ccf.Item, &old); err != nil {
		return idempotency.Record{}, false, err
	}
	if old.Done || old.RequestHash != first.RequestHash || old.LeaseUntil >= now.UnixMilli() {
		return old.record(), false, nil
	}
	return r.takeOver(ctx, scope, k, old, first.LeaseUntil, now)
}

// takeOver gives old, a record in progress whose lease ended, the lease until, on condition that
// it is still as read: another taker that won in the meantime changed its lease.
func (r *IdempotencyRepo) takeOver(
	ctx context.Context,
	scope, k string,
	old idempotencyItem,
	until, now time.Time,
) (idempotency.Record, bool, error) {
	_, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:              idemKey(scope, k),
		UpdateExpression: aws.String("SET leaseUntil = :until"),
		ConditionExpression: aws.String(
			"done = :f AND requestHash = :h AND leaseUntil = :old AND expiresAt >= :now"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":until": num(millis(until)),
			":f":     &types.AttributeValueMemberBOOL{Value: false},
			":h":     str(old.RequestHash),
			":old":   num(old.LeaseUntil),
			":now":   num(now.UnixMilli()),
		},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		var cur idempotencyItem
		if ccf.Item != nil {
			if err := attributevalue.UnmarshalMap(ccf.Item, &cur); err != nil {
				return idempotency.Record{}, false, err
			}
			return cur.record(), false, nil
		}
		return old.record(), false, nil // gone (expired): the caller's retry starts afresh
	}
	if err != nil {
		return idempotency.Record{}, false, fmt.Errorf("dynamo: idempotency take-over: %w", err)
	}
	old.LeaseUntil = millis(until)
	return old.record(), true, nil
}

// Finish stores the answer, its parts under the names they always had (status, contentType, body).
func (r *IdempotencyRepo) Finish(ctx context.Context, scope, k string, a idempotency.Answer) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: idemKey(scope, k),
			UpdateExpression:         aws.String("SET done = :t, #s = :s, contentType = :c, body = :b"),
			ExpressionAttributeNames: map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":t": &types.AttributeValueMemberBOOL{Value: true},
				":s": num(int64(a.Code)),
				":c": &types.AttributeValueMemberS{Value: a.Format},
				":b": &types.AttributeValueMemberB{Value: append([]byte{}, a.Body...)},
			}},
	)
	if err != nil {
		return fmt.Errorf("dynamo: idempotency finish: %w", err)
	}
	return nil
}

// Release ends the lease, when it is still the one given and the record is in progress.
func (r *IdempotencyRepo) Release(ctx context.Context, scope, k string, lease time.Time) error {
	_, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:                 idemKey(scope, k),
		UpdateExpression:    aws.String("SET leaseUntil = :zero"),
		ConditionExpression: aws.String("done = :f AND leaseUntil = :lease"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":zero":  num(0),
			":f":     &types.AttributeValueMemberBOOL{Value: false},
			":lease": num(millis(lease)),
		},
	})
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("dynamo: idempotency release: %w", err)
	}
	return nil
}
