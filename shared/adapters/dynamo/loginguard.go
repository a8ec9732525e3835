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

	"github.com/trustline/platform/shared/domain/accounts"
)

type loginFailuresItem struct {
	PK       string    `dynamodbav:"pk"`
	SK       string    `dynamodbav:"sk"`
	Failures int       `dynamodbav:"failures"`
	Last     time.Time `dynamodbav:"lastFailureAt"`
	// UntilMs is LoginFailures.Until in Unix milliseconds: a number, so that the reservation's
	// condition compares it with the clock (time strings of unequal precision do not sort).
	UntilMs int64 `dynamodbav:"lockedUntilMs"`
	TTL     int64 `dynamodbav:"ttl"`
}

func (it loginFailuresItem) failures() accounts.LoginFailures {
	return accounts.LoginFailures{Count: it.Failures, Last: it.Last, Until: time.UnixMilli(it.UntilMs).UTC()}
}

// LoginFailureRepo stores the failed-login counts of addresses (SIGNIN#<hash>).
type LoginFailureRepo struct{ db Store }

var _ accounts.LoginGuard = (*LoginFailureRepo)(nil)

// NewLoginFailureRepo is the repository of failed-login counts on db's table.
func NewLoginFailureRepo(db Store) *LoginFailureRepo { return &LoginFailureRepo{db: db} }

func signinPK(subject string) string { return "SIGNIN#" + subject }

const loginFailuresSK = "FAILURES"

// ReserveLogin counts an attempt with one conditional UpdateItem: ADD, so that concurrent attempts
// all count, on condition that the address has fewer than free failures or its lockout has ended;
// a refusal reads the count from the failed condition, with no second request.
func (r *LoginFailureRepo) ReserveLogin(
	ctx context.Context,
	subject string,
	free int,
	now, hold, expires time.Time,
) (accounts.LoginFailures, bool, error) {
	at, err := attributevalue.Marshal(now)
	if err != nil {
		return accounts.LoginFailures{}, false, err
	}
	res, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:              key(signinPK(subject), loginFailuresSK),
		UpdateExpression: aws.String("ADD failures :one SET lastFailureAt = :at, lockedUntilMs = :hold, #ttl = :ttl"),
		ConditionExpression: aws.String(
			"attribute_not_exists(failures) OR failures < :free OR lockedUntilMs <= :now"),
		ExpressionAttributeNames: map[string]string{"#ttl": "ttl"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one":  num(1),
			":at":   at,
			":hold": num(hold.UnixMilli()),
			":ttl":  num(expires.Unix()),
			":free": num(int64(free)),
			":now":  num(now.UnixMilli()),
		},
		ReturnValues:                        types.ReturnValueAllNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var item map[string]types.AttributeValue
	var ccf *types.ConditionalCheckFailedException
	switch {
	case err == nil:
		item = res.Attributes
	case errors.As(err, &ccf):
		item = ccf.Item
	default:
		return accounts.LoginFailures{}, false, fmt.Errorf("dynamo: reserve login: %w", err)
	}
	var it loginFailuresItem
	if err := attributevalue.UnmarshalMap(item, &it); err != nil {
		return accounts.LoginFailures{}, false, err
	}
	return it.failures(), err == nil, nil
}

// LockLogin raises an address's lockout, on condition that it has a count and no later lockout.
func (r *LoginFailureRepo) LockLogin(ctx context.Context, subject string, until time.Time) error {
	_, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:                       key(signinPK(subject), loginFailuresSK),
		UpdateExpression:          aws.String("SET lockedUntilMs = :until"),
		ConditionExpression:       aws.String("attribute_exists(pk) AND lockedUntilMs < :until"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":until": num(until.UnixMilli())},
	})
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("dynamo: lock login: %w", err)
	}
	return nil
}

// ClearLoginFailures deletes an address's count.
func (r *LoginFailureRepo) ClearLoginFailures(ctx context.Context, subject string) error {
	if _, err := r.db.API.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table),
		Key: key(signinPK(subject), loginFailuresSK)}); err != nil {
		return fmt.Errorf("dynamo: clear login failures: %w", err)
	}
	return nil
}
