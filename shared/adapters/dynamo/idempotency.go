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
	Done        bool   `dynamodbav:"done"`
	Status      int    `dynamodbav:"status,omitempty"`
	ContentType string `dynamodbav:"contentType,omitempty"`
	Body        []byte `dynamodbav:"body,omitempty"`
	ExpiresAt   int64  `dynamodbav:"expiresAt"`
	TTL         int64  `dynamodbav:"ttl"`
}

func idemKey(scope, k string) map[string]types.AttributeValue {
	return key("IDEMPOTENCY#"+scope+"#"+k, "IDEMPOTENCY")
}

// Begin stores an in-flight record unless a live one exists, which it returns instead. An expired
// record (TTL deletion lags) is replaced.
func (r *IdempotencyRepo) Begin(
	ctx context.Context,
	scope, k string,
	first idempotency.Record,
	expires time.Time,
) (idempotency.Record, bool, error) {
	item := idempotencyItem{
		RequestHash: first.RequestHash,
		Method:      first.Method,
		Path:        first.Path,
		CreatedAt:   first.CreatedAt.Unix(),
		ExpiresAt:   expires.Unix(),
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
		ExpressionAttributeValues:           map[string]types.AttributeValue{":now": num(time.Now().Unix())},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	if err == nil {
		return first, true, nil
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
	rec := idempotency.Record{
		RequestHash: old.RequestHash,
		Method:      old.Method,
		Path:        old.Path,
		Done:        old.Done,
		Status:      old.Status,
		ContentType: old.ContentType,
		Body:        old.Body,
	}
	if old.CreatedAt != 0 {
		rec.CreatedAt = time.Unix(old.CreatedAt, 0).UTC()
	}
	return rec, false, nil
}

// Finish stores the response.
func (r *IdempotencyRepo) Finish(ctx context.Context, scope, k string, rec idempotency.Record) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: idemKey(scope, k),
			UpdateExpression:         aws.String("SET done = :t, #s = :s, contentType = :c, body = :b"),
			ExpressionAttributeNames: map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":t": &types.AttributeValueMemberBOOL{Value: true},
				":s": num(
					int64(rec.Status),
				),
				":c": &types.AttributeValueMemberS{Value: rec.ContentType},
				":b": &types.AttributeValueMemberB{Value: append([]byte{}, rec.Body...)},
			}},
	)
	if err != nil {
		return fmt.Errorf("dynamo: idempotency finish: %w", err)
	}
	return nil
}

// Abandon deletes the record.
func (r *IdempotencyRepo) Abandon(ctx context.Context, scope, k string) error {
	if _, err := r.db.API.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table),
		Key: idemKey(scope, k)}); err != nil {
		return fmt.Errorf("dynamo: idempotency abandon: %w", err)
	}
	return nil
}
