package dynamo

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/verification"
)

// ReuseRepo is the verifications' reuse index: per account and document, the first
// verification and its holder, by keyed hashes.
type ReuseRepo struct{ db Store }

var _ verification.ReuseIndex = (*ReuseRepo)(nil)

// NewReuseRepo is the reuse index on db's table.
func NewReuseRepo(db Store) *ReuseRepo { return &ReuseRepo{db: db} }

type reuseItem struct {
	PK             string `dynamodbav:"pk"`
	SK             string `dynamodbav:"sk"`
	VerificationID string `dynamodbav:"verificationId"`
	Holder         string `dynamodbav:"holder"`
	TTL            int64  `dynamodbav:"ttl,omitempty"`
}

func reusePK(ownerID, key string) string { return "REUSE#" + ownerID + "#" + key }

// First implements verification.ReuseIndex.
func (r *ReuseRepo) First(ctx context.Context, ownerID, doc string) (string, string, bool, error) {
	out, err := r.db.API.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(r.db.Table),
		Key: key(reusePK(ownerID, doc), "REUSE"), ConsistentRead: aws.Bool(true)})
	if err != nil || out.Item == nil {
		return "", "", false, err
	}
	var it reuseItem
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return "", "", false, err
	}
	return it.VerificationID, it.Holder, true, nil
}

// Remember implements verification.ReuseIndex: a put on condition that the document is not
// there yet, whose refusal is no error.
func (r *ReuseRepo) Remember(ctx context.Context, ownerID, doc, verificationID, holder string, until time.Time) error {
	item, err := attributevalue.MarshalMap(reuseItem{PK: reusePK(ownerID, doc), SK: "REUSE",
		VerificationID: verificationID, Holder: holder, TTL: ttlOf(until)})
	if err != nil {
		return err
	}
	_, err = r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table), Item: item,
		ConditionExpression: aws.String("attribute_not_exists(pk)")})
	var refused *types.ConditionalCheckFailedException
	if errors.As(err, &refused) {
		return nil
	}
	return err
}
