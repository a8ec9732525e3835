// Package dynamo is the DynamoDB adapter: one repository type per kind of record, all on the one
// table (single-table design: pk, sk, gsi1 for listings by owner, gsi2 for the sweeps' sharded due
// indexes; every key pattern, and the repository owning it, is in schema.md). Each repository
// satisfies its domain's port; its item types are its own, mapped to and from domain types, so
// that a domain rename never renames a stored attribute. Condition failures become Conflict or
// NotFound faults.
package dynamo

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/foundation/fault"
)

// API is the part of the DynamoDB client the store uses.
type API interface {
	GetItem(
		ctx context.Context,
		in *dynamodb.GetItemInput,
		opts ...func(*dynamodb.Options),
	) (*dynamodb.GetItemOutput, error)
	PutItem(
		ctx context.Context,
		in *dynamodb.PutItemInput,
		opts ...func(*dynamodb.Options),
	) (*dynamodb.PutItemOutput, error)
	UpdateItem(
		ctx context.Context,
		in *dynamodb.UpdateItemInput,
		opts ...func(*dynamodb.Options),
	) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(
		ctx context.Context,
		in *dynamodb.DeleteItemInput,
		opts ...func(*dynamodb.Options),
	) (*dynamodb.DeleteItemOutput, error)
	Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	TransactWriteItems(
		ctx context.Context,
		in *dynamodb.TransactWriteItemsInput,
		opts ...func(*dynamodb.Options),
	) (*dynamodb.TransactWriteItemsOutput, error)
}

// Store is the table: the handle the repositories share (NewContractRepo(db), ...), with the
// helpers their writes have in common. It has no behaviour of any kind of record.
type Store struct {
	API   API
	Table string
}

func key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: pk},
		"sk": &types.AttributeValueMemberS{Value: sk},
	}
}

// str is a string attribute value.
func str(v string) *types.AttributeValueMemberS { return &types.AttributeValueMemberS{Value: v} }

// num is a number attribute value.
func num(n int64) *types.AttributeValueMemberN {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// get reads one item into out; NotFound when it does not exist.
func (s Store) get(ctx context.Context, pk, sk string, out any, what string) error {
	res, err := s.API.GetItem(
		ctx,
		&dynamodb.GetItemInput{TableName: aws.String(s.Table), Key: key(pk, sk), ConsistentRead: aws.Bool(true)},
	)
	if err != nil {
		return fmt.Errorf("dynamo: get %s: %w", what, err)
	}
	if res.Item == nil {
		return fault.Newf(fault.NotFound, "No such %s.", what)
	}
	if err := attributevalue.UnmarshalMap(res.Item, out); err != nil {
		return fmt.Errorf("dynamo: decode %s: %w", what, err)
	}
	return nil
}

// putOnce stores a new item; Conflict when another item has its key.
func (s Store) putOnce(ctx context.Context, item any, what string) error {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return err
	}
	_, err = s.API.PutItem(
		ctx,
		&dynamodb.PutItemInput{
			TableName:                           aws.String(s.Table),
			Item:                                av,
			ConditionExpression:                 aws.String("attribute_not_exists(pk)"),
			ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		},
	)
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

// putNew builds a transaction Put of item, failing if the key exists.
func (s Store) putNew(item any) (types.TransactWriteItem, error) {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(s.Table), Item: av,
		ConditionExpression: aws.String("attribute_not_exists(pk)")}}, nil
}

// updateNew runs a conditional update on the table and decodes the item as it is afterwards into
// out; onCondition when the condition fails.
func (s Store) updateNew(
	ctx context.Context,
	in *dynamodb.UpdateItemInput,
	onCondition *fault.Error,
	what string,
	out any,
) error {
	in.TableName, in.ReturnValues = aws.String(s.Table), types.ReturnValueAllNew
	res, err := s.API.UpdateItem(ctx, in)
	if isConditionFailed(err) {
		return onCondition
	}
	if err != nil {
		return fmt.Errorf("dynamo: %s: %w", what, err)
	}
	return attributevalue.UnmarshalMap(res.Attributes, out)
}

// transact runs a transaction; a failed condition becomes onCondition.
func (s Store) transact(ctx context.Context, items []types.TransactWriteItem, onCondition *fault.Error) error {
	_, err := s.API.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	var cancelled *types.TransactionCanceledException
	if errors.As(err, &cancelled) {
		for _, r := range cancelled.CancellationReasons {
			if aws.ToString(r.Code) == "ConditionalCheckFailed" {
				return onCondition
			}
		}
	}
	if err != nil {
		return fmt.Errorf("dynamo: transaction: %w", err)
	}
	return nil
}

// isConditionFailed reports a failed ConditionExpression of a single-item write.
func isConditionFailed(err error) bool {
	var ccf *types.ConditionalCheckFailedException
	return errors.As(err, &ccf)
}

// ttlOf is the table's TTL attribute for an expiry: Unix seconds, or 0 (omitted) for none.
func ttlOf(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.Unix()
}
