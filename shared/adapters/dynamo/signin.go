package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

type sessionItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	ID        string    `dynamodbav:"id"`
	UserID    string    `dynamodbav:"userId"`
	CreatedAt time.Time `dynamodbav:"createdAt"`
	ExpiresAt time.Time `dynamodbav:"expiresAt"`
	// TokenHash is the SHA-256 of the token, for functions without the signing secret.
	TokenHash string `dynamodbav:"tokenHash,omitempty"`
	TTL       int64  `dynamodbav:"ttl"`
}

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

// SessionRepo stores login sessions (SESSION#<userId>, one item per session): authentication reads
// one by key, signing out deletes them.
type SessionRepo struct{ db Store }

var (
	_ accounts.Sessions   = (*SessionRepo)(nil)
	_ access.SessionStore = (*SessionRepo)(nil)
)

// NewSessionRepo is the repository of login sessions on db's table.
func NewSessionRepo(db Store) *SessionRepo { return &SessionRepo{db: db} }

// LoginFailureRepo stores the failed-login counts of addresses (SIGNIN#<hash>).
type LoginFailureRepo struct{ db Store }

var _ accounts.LoginGuard = (*LoginFailureRepo)(nil)

// NewLoginFailureRepo is the repository of failed-login counts on db's table.
func NewLoginFailureRepo(db Store) *LoginFailureRepo { return &LoginFailureRepo{db: db} }

func sessionPK(userID string) string { return "SESSION#" + userID }
func sessionSK(id string) string     { return "SESSION#" + id }
func signinPK(subject string) string { return "SIGNIN#" + subject }

const loginFailuresSK = "FAILURES"

// CreateSession stores the session on condition that the user's password hash is still the one the
// login checked: a password change or reset between the check and this write cancels the login.
func (r *SessionRepo) CreateSession(ctx context.Context, s accounts.Session, passwordHash string) error {
	put, err := r.db.putNew(sessionItem{PK: sessionPK(s.UserID), SK: sessionSK(s.ID), ID: s.ID, UserID: s.UserID,
		CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt, TokenHash: s.TokenHash, TTL: ttlOf(s.ExpiresAt)})
	if err != nil {
		return err
	}
	return r.db.transact(ctx, []types.TransactWriteItem{
		{ConditionCheck: &types.ConditionCheck{TableName: aws.String(r.db.Table), Key: key(userPK(s.UserID), profile),
			ConditionExpression:       aws.String("passwordHash = :h"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":h": str(passwordHash)}}},
		put,
	}, fault.New(fault.Conflict, "The password changed during the login."))
}

// SessionActive is the read of a JWT's authentication: one GetItem by key.
func (r *SessionRepo) SessionActive(ctx context.Context, userID, sessionID string) (string, error) {
	var it sessionItem
	err := r.db.get(ctx, sessionPK(userID), sessionSK(sessionID), &it, "session")
	return it.TokenHash, err
}

// Sessions lists a user's sessions, newest first: one strongly consistent Query of its partition.
func (r *SessionRepo) Sessions(ctx context.Context, userID string) ([]accounts.Session, error) {
	var out []accounts.Session
	p := dynamodb.NewQueryPaginator(
		r.db.API,
		&dynamodb.QueryInput{TableName: aws.String(r.db.Table), ConsistentRead: aws.Bool(true),
			KeyConditionExpression: aws.String("pk = :p AND begins_with(sk, :s)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":p": str(sessionPK(userID)),
				":s": str("SESSION#"),
			}},
	)
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("dynamo: list sessions: %w", err)
		}
		var items []sessionItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, err
		}
		for _, it := range items {
			out = append(
				out,
				accounts.Session{ID: it.ID, UserID: it.UserID, CreatedAt: it.CreatedAt, ExpiresAt: it.ExpiresAt},
			)
		}
	}
	// The sort key is the session ID, which is random: sorted here, newest first.
	slices.SortFunc(out, func(a, b accounts.Session) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

// DeleteSession deletes one session of the user; NotFound when there is none.
func (r *SessionRepo) DeleteSession(ctx context.Context, userID, sessionID string) error {
	_, err := r.db.API.DeleteItem(
		ctx,
		&dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table), Key: key(sessionPK(userID), sessionSK(sessionID)),
			ConditionExpression: aws.String("attribute_exists(pk)")},
	)
	if isConditionFailed(err) {
		return fault.New(fault.NotFound, "No such session.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: delete session: %w", err)
	}
	return nil
}

// DeleteSessions deletes every session of the user the consistent listing sees: every session
// stored before the call. A session stored by a login racing a password change is refused by its
// own condition (CreateSession), so nothing outlives the change.
func (r *SessionRepo) DeleteSessions(ctx context.Context, userID string) error {
	all, err := r.Sessions(ctx, userID)
	if err != nil {
		return err
	}
	for _, s := range all {
		_, err := r.db.API.DeleteItem(
			ctx,
			&dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table), Key: key(sessionPK(userID), sessionSK(s.ID))},
		)
		if err != nil {
			return fmt.Errorf("dynamo: delete session: %w", err)
		}
	}
	return nil
}

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

type resetItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	UserID    string    `dynamodbav:"userId"`
	Stamp     string    `dynamodbav:"stamp"`
	ExpiresAt time.Time `dynamodbav:"expiresAt"`
	TTL       int64     `dynamodbav:"ttl"`
}

func resetPK(hash string) string { return "RESET#" + hash }

// SetPassword replaces the password hash on condition that it is still oldHash: of two changes
// racing, one wins and the other is a Conflict.
func (r *UserRepo) SetPassword(ctx context.Context, userID, oldHash, newHash string) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(userPK(userID), profile),
			UpdateExpression:          aws.String("SET passwordHash = :new"),
			ConditionExpression:       aws.String("passwordHash = :old"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":new": str(newHash), ":old": str(oldHash)}},
	)
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The password changed meanwhile.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: set password: %w", err)
	}
	return nil
}

// SaveReset stores a reset token's hash until it expires.
func (r *UserRepo) SaveReset(ctx context.Context, tokenHash string, rs accounts.Reset) error {
	av, err := attributevalue.MarshalMap(
		resetItem{PK: resetPK(tokenHash), SK: "RESET", UserID: rs.UserID, Stamp: rs.Stamp,
			ExpiresAt: rs.ExpiresAt, TTL: ttlOf(rs.ExpiresAt)},
	)
	if err != nil {
		return err
	}
	if _, err := r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table),
		Item: av}); err != nil {
		return fmt.Errorf("dynamo: put reset token: %w", err)
	}
	return nil
}

// ConsumeReset deletes a valid token and returns it; the delete is conditional, so a token works
// once even when used twice at the same moment.
func (r *UserRepo) ConsumeReset(ctx context.Context, tokenHash string, now time.Time) (accounts.Reset, error) {
	out, err := r.db.API.DeleteItem(
		ctx,
		&dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table), Key: key(resetPK(tokenHash), "RESET"),
			ConditionExpression: aws.String("attribute_exists(pk)"), ReturnValues: types.ReturnValueAllOld},
	)
	if isConditionFailed(err) {
		return accounts.Reset{}, fault.New(fault.NotFound, "No such token.")
	}
	if err != nil {
		return accounts.Reset{}, fmt.Errorf("dynamo: consume reset token: %w", err)
	}
	var it resetItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return accounts.Reset{}, err
	}
	if !now.Before(it.ExpiresAt) {
		return accounts.Reset{}, fault.New(fault.NotFound, "No such token.")
	}
	return accounts.Reset{UserID: it.UserID, Stamp: it.Stamp, ExpiresAt: it.ExpiresAt}, nil
}
