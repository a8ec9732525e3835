package dynamo

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// An identity API key carries its owner's plan (the key item's plan attribute): authentication
// reads the key item anyway, and takes the limit of that plan from the configuration, so the plan
// costs no read per request. The plan is kept on the keys from both sides:
//
//   - a change of the user's plan (applyPlan) writes it on every unrevoked key of the user in the
//     transaction that writes the profile, conditioned on no key having been created since the
//     keys were listed (keysVersion, bumped by every creation: createLimited);
//   - a key's creation (keepKeyPlan) reads the plan again once the key is stored, and writes it on
//     the key if a change landed between the creation's read of the user and its write.
//
// What neither sees: a key created within gsi1's propagation delay before a change's listing,
// whose creation read the plan again before the change landed. It keeps the previous plan until
// the next change (a paid plan writes its keys again each period).

// planTransactionItems is what one transaction takes besides the profile (DynamoDB's limit: 100).
const planTransactionItems = 99

// planTries bounds how often a plan change lists the keys again after a key was created, or one
// of its keys written (lastUsedAt), between its listing and its write.
const planTries = 8

// applyPlan updates the user's profile with expr (which sets the plan; names may use #plan) and
// writes plan on each of the user's unrevoked keys, in one transaction; NotFound when the user
// does not exist. The keys past what one transaction takes (a user holds at most
// accounts.MaxActiveKeys active keys, but expired ones stay listed) are written first, one by one.
func (s Store) applyPlan(
	ctx context.Context,
	userID, plan, expr string,
	values map[string]types.AttributeValue,
) error {
	for range planTries {
		version, err := s.keysVersion(ctx, userID)
		if err != nil {
			return err
		}
		keys, err := NewKeyRepo(s).Keys(ctx, userID)
		if err != nil {
			return err
		}
		var items []types.TransactWriteItem
		for _, k := range keys {
			if k.Role == access.RoleUser && k.RevokedAt == nil {
				items = append(items, types.TransactWriteItem{Update: s.keyPlanUpdate(k.Hash, plan, "")})
			}
		}
		for len(items) > planTransactionItems {
			_, err := s.API.UpdateItem(ctx, single(items[0].Update))
			if err != nil && !isConditionFailed(err) {
				return fmt.Errorf("dynamo: key plan: %w", err)
			}
			items = items[1:]
		}
		vals := maps.Clone(values)
		vals[":keysVersion"], vals[":zero"] = num(version), num(0)
		items = append(items, types.TransactWriteItem{Update: &types.Update{TableName: aws.String(s.Table),
			Key: key(userPK(userID), profile), UpdateExpression: aws.String(expr),
			ConditionExpression: aws.String("attribute_exists(pk) AND (keysVersion = :keysVersion OR " +
				"(attribute_not_exists(keysVersion) AND :keysVersion = :zero))"),
			ExpressionAttributeNames: map[string]string{"#plan": "plan"}, ExpressionAttributeValues: vals}})
		_, err = s.API.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		var cancelled *types.TransactionCanceledException
		if !errors.As(err, &cancelled) {
			if err != nil {
				return fmt.Errorf("dynamo: plan change: %w", err)
			}
			return nil
		}
		// A key was created since the listing, or a key or the profile written at the same moment:
		// list again, after a short random wait.
		time.Sleep(time.Duration(rand.Int64N(int64(20 * time.Millisecond))))
	}
	return fault.New(fault.Conflict, "The user's keys kept changing during the plan change; retry.")
}

// keysVersion is the user's count of key creations (the version createLimited bumps), read consistently;
// NotFound when the user does not exist.
func (s Store) keysVersion(ctx context.Context, userID string) (int64, error) {
	res, err := s.API.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table),
		Key: key(userPK(userID), profile), ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String("pk, keysVersion")})
	if err != nil {
		return 0, fmt.Errorf("dynamo: get user: %w", err)
	}
	if res.Item == nil {
		return 0, fault.New(fault.NotFound, "No such user.")
	}
	n, ok := res.Item["keysVersion"].(*types.AttributeValueMemberN)
	if !ok {
		return 0, nil
	}
	v, err := strconv.ParseInt(n.Value, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("dynamo: keysVersion: %w", err)
	}
	return v, nil
}

// keyPlanUpdate sets plan on the key with that hash, if it still has the plan was ("" for any).
func (s Store) keyPlanUpdate(hash, plan, was string) *types.Update {
	u := &types.Update{TableName: aws.String(s.Table), Key: key(keyPK(hash), "KEY"),
		UpdateExpression: aws.String("SET #plan = :plan"), ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeNames:  map[string]string{"#plan": "plan"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":plan": str(plan)}}
	if was != "" {
		u.ConditionExpression = aws.String("attribute_exists(pk) AND #plan = :was")
		u.ExpressionAttributeValues[":was"] = str(was)
	}
	return u
}

// single is a transaction's update as a write of its own.
func single(u *types.Update) *dynamodb.UpdateItemInput {
	return &dynamodb.UpdateItemInput{TableName: u.TableName, Key: u.Key, UpdateExpression: u.UpdateExpression,
		ConditionExpression: u.ConditionExpression, ExpressionAttributeNames: u.ExpressionAttributeNames,
		ExpressionAttributeValues: u.ExpressionAttributeValues}
}

// keepKeyPlan reads the owner's plan again after k was stored with k.Plan, and writes the plan
// read on the key when it moved meanwhile (unless a plan change wrote the key first).
func (s Store) keepKeyPlan(ctx context.Context, k access.KeyRecord) error {
	res, err := s.API.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.Table),
		Key: key(userPK(k.OwnerID), profile), ConsistentRead: aws.Bool(true),
		ProjectionExpression: aws.String("#plan"), ExpressionAttributeNames: map[string]string{"#plan": "plan"}})
	if err != nil {
		return fmt.Errorf("dynamo: get user: %w", err)
	}
	now, _ := res.Item["plan"].(*types.AttributeValueMemberS)
	if now == nil || now.Value == k.Plan {
		return nil
	}
	_, err = s.API.UpdateItem(ctx, single(s.keyPlanUpdate(k.Hash, now.Value, k.Plan)))
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("dynamo: key plan: %w", err)
	}
	return nil
}
