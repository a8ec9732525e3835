package dynamo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

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
