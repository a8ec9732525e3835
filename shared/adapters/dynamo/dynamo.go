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
	"github.com/trustline/platform/shared/foundation/logs"
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

// limit is what createLimited needs to keep an owner under a bound: the owner's counter (an
// attribute of its profile), the bound, how to count what the owner holds now, and the error that
// refuses a creation past the bound.
type limit struct {
	counter string
	max     int
	held    func(ctx context.Context) (int, error)
	reached *fault.Error
	// version, when set, is a profile attribute every creation bumps too (keysVersion: a plan change
	// listing the keys knows by it that none was created meanwhile).
	version string
}

// limitRounds bounds createLimited's rounds: a round that finds the counter at the bound counts
// what the owner holds afresh, once, and the next writes again; TransactionConflict (concurrent
// transactions on the profile, on AWS) also takes a round.
const limitRounds = 4

// createLimited writes items, the creation of something an owner may hold only so many of, in one
// transaction with an increment of the owner's counter, on condition that the counter is under
// the bound: while there is room, one write and no read, whatever the concurrency (25 concurrent
// creations under a bound of 20 create 20 and refuse 5 as limit_reached, each at once). The counter
// never counts less than the owner holds (it moves with each creation; a removal takes it down
// after the removal landed); it counts more when things end by themselves (an expiry), so a
// creation refused by the counter counts what the owner holds afresh and, when there is room, sets
// the counter to that count (conditioned on the value it read) and writes again. A failed
// condition of items is onCondition.
func (s Store) createLimited(
	ctx context.Context,
	ownerID string,
	l limit,
	onCondition *fault.Error,
	items []types.TransactWriteItem,
) error {
	update := "ADD #c :one"
	names := map[string]string{"#c": l.counter}
	if l.version != "" {
		update, names["#v"] = update+", #v :one", l.version
	}
	count := types.TransactWriteItem{Update: &types.Update{TableName: aws.String(s.Table),
		Key:                       key(userPK(ownerID), profile),
		UpdateExpression:          aws.String(update),
		ConditionExpression:       aws.String("attribute_exists(pk) AND #c < :max"),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":max": num(int64(l.max))}}}
	for range limitRounds {
		_, err := s.API.TransactWriteItems(ctx,
			&dynamodb.TransactWriteItemsInput{TransactItems: append(slices.Clip(items), count)})
		var cancelled *types.TransactionCanceledException
		if !errors.As(err, &cancelled) {
			if err != nil {
				return fmt.Errorf("dynamo: transaction: %w", err)
			}
			return nil
		}
		reasons := cancelled.CancellationReasons
		for i, r := range reasons {
			if i < len(items) && aws.ToString(r.Code) == "ConditionalCheckFailed" {
				return onCondition
			}
		}
		if len(reasons) > len(items) && aws.ToString(reasons[len(items)].Code) == "ConditionalCheckFailed" {
			if err := s.recount(ctx, ownerID, l); err != nil {
				return err
			}
			continue
		}
		// A transaction on the profile at the same moment: again, after a short random wait.
		time.Sleep(time.Duration(rand.Int64N(int64(20 * time.Millisecond))))
	}
	return fault.New(fault.Conflict, "Too many are being created at once; retry.")
}

// recount sets an owner's counter to what it holds now, when that leaves room (else l.reached):
// the counter read and the holdings counted, then one write conditioned on the counter being still
// what was read. NotFound when the owner does not exist.
func (s Store) recount(ctx context.Context, ownerID string, l limit) error {
	res, err := s.API.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table),
		Key: key(userPK(ownerID), profile), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return fmt.Errorf("dynamo: get user: %w", err)
	}
	if res.Item == nil {
		return fault.New(fault.NotFound, "No such user.")
	}
	held, err := l.held(ctx)
	if err != nil {
		return err
	}
	if held >= l.max {
		return l.reached
	}
	cond, values := "attribute_not_exists(#c)", map[string]types.AttributeValue{":held": num(int64(held))}
	if was, ok := res.Item[l.counter]; ok {
		cond, values[":was"] = "#c = :was", was
	}
	_, err = s.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(s.Table),
		Key: key(userPK(ownerID), profile), UpdateExpression: aws.String("SET #c = :held"),
		ConditionExpression: aws.String(cond), ExpressionAttributeNames: map[string]string{"#c": l.counter},
		ExpressionAttributeValues: values})
	if err != nil && !isConditionFailed(err) { // moved meanwhile: the next round sees it
		return fmt.Errorf("dynamo: recount: %w", err)
	}
	return nil
}

// uncount takes one off an owner's counter after a removal landed, never below zero. A failure
// leaves the counter one too high, which the next creation refused by it corrects (recount).
func (s Store) uncount(ctx context.Context, ownerID, counter string) {
	_, err := s.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(s.Table),
		Key: key(userPK(ownerID), profile), UpdateExpression: aws.String("ADD #c :minus"),
		ConditionExpression:       aws.String("#c > :zero"),
		ExpressionAttributeNames:  map[string]string{"#c": counter},
		ExpressionAttributeValues: map[string]types.AttributeValue{":minus": num(-1), ":zero": num(0)}})
	if err != nil && !isConditionFailed(err) {
		logs.From(ctx).WarnContext(ctx, "a counter was not taken down; the next creation at its bound recounts",
			"counter", counter, "error", err)
	}
}
