package dynamo

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/testmode"
)

// RateRepo stores rate counters and the test-mode quota (RATE#).
type RateRepo struct{ db Store }

var (
	_ access.RateCounter = (*RateRepo)(nil)
	_ testmode.Counter   = (*RateRepo)(nil)
	_ testmode.Releaser  = (*RateRepo)(nil)
)

// NewRateRepo is the repository of rate counters on db's table.
func NewRateRepo(db Store) *RateRepo { return &RateRepo{db: db} }

func rateSK(window int64) string   { return "RATE#" + strconv.FormatInt(window, 10) }
func ratePK(subject string) string { return "RATE#" + subject }

// Hit counts one request of subject in a window: one UpdateItem with ADD, which creates the counter
// on first use; the TTL attribute lets DynamoDB delete old windows.
func (r *RateRepo) Hit(ctx context.Context, subject string, window, expires time.Time) (int, error) {
	out, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:                      key(ratePK(subject), rateSK(window.Unix())),
		UpdateExpression:         aws.String("ADD hits :one SET #ttl = :ttl"),
		ExpressionAttributeNames: map[string]string{"#ttl": "ttl"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": &types.AttributeValueMemberN{
				Value: "1",
			}, ":ttl": &types.AttributeValueMemberN{Value: strconv.FormatInt(expires.Unix(), 10)}},
		ReturnValues: types.ReturnValueUpdatedNew})
	if err != nil {
		return 0, fmt.Errorf("dynamo: rate counter: %w", err)
	}
	var got struct {
		Hits int `dynamodbav:"hits"`
	}
	if err := attributevalue.UnmarshalMap(out.Attributes, &got); err != nil {
		return 0, err
	}
	return got.Hits, nil
}

// Count reads a bounded counter: 0 when it has none. A counter past its TTL that the table has
// not deleted yet is a day that has ended, and its subject names its day: the caller never asks
// for an ended one.
func (r *RateRepo) Count(ctx context.Context, subject string) (int, error) {
	out, err := r.db.API.GetItem(
		ctx,
		&dynamodb.GetItemInput{TableName: aws.String(r.db.Table), Key: key(ratePK(subject), "COUNT"),
			ProjectionExpression: aws.String("used")},
	)
	if err != nil {
		return 0, fmt.Errorf("dynamo: count %s: %w", subject, err)
	}
	var it struct {
		Used int `dynamodbav:"used"`
	}
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return 0, err
	}
	return it.Used, nil
}

// Reserve adds n to a bounded counter with one conditional UpdateItem: the condition keeps the
// counter at or under max, so a refused reservation takes nothing.
func (r *RateRepo) Reserve(ctx context.Context, subject string, n, max int, expires time.Time) (bool, error) {
	if n > max {
		return false, nil
	}
	_, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:                      key(ratePK(subject), "COUNT"),
		UpdateExpression:         aws.String("ADD used :n SET #ttl = :ttl"),
		ConditionExpression:      aws.String("attribute_not_exists(used) OR used <= :room"),
		ExpressionAttributeNames: map[string]string{"#ttl": "ttl"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": num(int64(n)), ":room": num(int64(max - n)),
			":ttl": num(expires.Unix())}})
	if isConditionFailed(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("dynamo: reserve %s: %w", subject, err)
	}
	return true, nil
}

// Release takes n off a bounded counter with one conditional UpdateItem, on condition that it
// holds at least n: it never goes below zero, and a counter that is gone (its day over) is not
// made again.
func (r *RateRepo) Release(ctx context.Context, subject string, n int) error {
	_, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:                       key(ratePK(subject), "COUNT"),
		UpdateExpression:          aws.String("ADD used :minus"),
		ConditionExpression:       aws.String("used >= :n"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":minus": num(int64(-n)), ":n": num(int64(n))}})
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("dynamo: release %s: %w", subject, err)
	}
	return nil
}
