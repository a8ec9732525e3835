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
	"math/rand/v2"
	"reflect"
	"slices"
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

// createCountedTries is how many times createCounted counts again after another creation of the
// same owner won the race: each loss means another creation landed, so a burst of n creations
// settles in about n tries; the waits between tries are short and random, so losers spread out.
const createCountedTries = 12

// createCounted writes items, the creation of something an owner may hold only so many of, in one
// transaction with a bump of the owner's profile attribute versionAttr, conditioned on the version
// read before room counted what the owner holds. Two creations can then never both use the same
// room: the one that loses the race counts again. room returns nil when there is room, else the
// error to answer (limit_reached). A failed condition of items (other than a duplicate of the
// version bump) is onCondition.
func (s Store) createCounted(
	ctx context.Context,
	ownerID, versionAttr string,
	room func(context.Context) error,
	onCondition *fault.Error,
	items []types.TransactWriteItem,
) error {
	for range createCountedTries {
		var owner map[string]types.AttributeValue
		res, err := s.API.GetItem(
			ctx,
			&dynamodb.GetItemInput{
				TableName:      aws.String(s.Table),
				Key:            key(userPK(ownerID), profile),
				ConsistentRead: aws.Bool(true),
			},
		)
		if err != nil {
			return fmt.Errorf("dynamo: get user: %w", err)
		}
		if owner = res.Item; owner == nil {
			return fault.New(fault.NotFound, "No such user.")
		}
		var version int64
		if n, ok := owner[versionAttr].(*types.AttributeValueMemberN); ok {
			if version, err = strconv.ParseInt(n.Value, 10, 64); err != nil {
				return fmt.Errorf("dynamo: %s: %w", versionAttr, err)
			}
		}
		if err := room(ctx); err != nil {
			return err
		}
		bump := types.TransactWriteItem{
			Update: &types.Update{TableName: aws.String(s.Table), Key: key(userPK(ownerID), profile),
				UpdateExpression: aws.String("SET #v = :next"),
				ConditionExpression: aws.String(
					"attribute_exists(pk) AND (#v = :v OR (attribute_not_exists(#v) AND :v = :zero))",
				),
				ExpressionAttributeNames: map[string]string{"#v": versionAttr},
				ExpressionAttributeValues: map[string]types.AttributeValue{
					":v":    num(version),
					":next": num(version + 1),
					":zero": num(0),
				}},
		}
		_, err = s.API.TransactWriteItems(
			ctx,
			&dynamodb.TransactWriteItemsInput{TransactItems: append(slices.Clip(items), bump)},
		)
		var cancelled *types.TransactionCanceledException
		if !errors.As(err, &cancelled) {
			if err != nil {
				return fmt.Errorf("dynamo: transaction: %w", err)
			}
			return nil
		}
		for i, r := range cancelled.CancellationReasons {
			if i < len(items) && aws.ToString(r.Code) == "ConditionalCheckFailed" {
				return onCondition
			}
		}
		// The version moved (another creation, or a transaction on the profile at the same
		// moment): count again, after a short random wait.
		time.Sleep(time.Duration(rand.Int64N(int64(20 * time.Millisecond))))
	}
	return fault.New(fault.Conflict, "Too many are being created at once; retry.")
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
