package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

type userItem struct {
	PK           string     `dynamodbav:"pk"`
	SK           string     `dynamodbav:"sk"`
	ID           string     `dynamodbav:"id"`
	Email        string     `dynamodbav:"email"`
	PasswordHash string     `dynamodbav:"passwordHash"`
	Verified     bool       `dynamodbav:"verified"`
	Role         string     `dynamodbav:"role"`
	PartnerID    string     `dynamodbav:"partnerId,omitempty"`
	Plan         string     `dynamodbav:"plan"`
	Credits      int        `dynamodbav:"credits"`
	CreatedAt    time.Time  `dynamodbav:"createdAt"`
	ExpiresAt    *time.Time `dynamodbav:"expiresAt,omitempty"` // unverified accounts only
	TTL          int64      `dynamodbav:"ttl,omitempty"`
}

type emailItem struct {
	PK     string `dynamodbav:"pk"`
	SK     string `dynamodbav:"sk"`
	UserID string `dynamodbav:"userId"`
	TTL    int64  `dynamodbav:"ttl,omitempty"` // as its unverified user's
}

type verificationItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	UserID    string    `dynamodbav:"userId"`
	ExpiresAt time.Time `dynamodbav:"expiresAt"`
	TTL       int64     `dynamodbav:"ttl"`
}

type resetItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	UserID    string    `dynamodbav:"userId"`
	Stamp     string    `dynamodbav:"stamp"`
	ExpiresAt time.Time `dynamodbav:"expiresAt"`
	TTL       int64     `dynamodbav:"ttl"`
}

// UserRepo stores users (USER#, PROFILE), their addresses (EMAIL#), and their verification and
// password-reset tokens (VERIFY#, RESET#).
type UserRepo struct{ db Store }

var _ accounts.Users = (*UserRepo)(nil)

// NewUserRepo is the repository of users on db's table.
func NewUserRepo(db Store) *UserRepo { return &UserRepo{db: db} }

const profile = "PROFILE"

func userPK(id string) string     { return "USER#" + id }
func emailPK(email string) string { return "EMAIL#" + email }
func verifyPK(hash string) string { return "VERIFY#" + hash }
func resetPK(hash string) string  { return "RESET#" + hash }

// newUserItems are a new user's profile and address items.
func newUserItems(u accounts.User) (userItem, emailItem) {
	var ttl int64
	if u.ExpiresAt != nil {
		ttl = u.ExpiresAt.Unix()
	}
	return userItem{
			PK:           userPK(u.ID),
			SK:           profile,
			ID:           u.ID,
			Email:        u.Email,
			PasswordHash: u.PasswordHash,
			Verified:     u.Verified,
			Role:         string(u.Role),
			PartnerID:    u.PartnerID,
			Plan:         u.Plan,
			Credits:      u.Credits,
			CreatedAt:    u.CreatedAt,
			ExpiresAt:    u.ExpiresAt,
			TTL:          ttl,
		},
		emailItem{
			PK:     emailPK(u.Email),
			SK:     "EMAIL",
			UserID: u.ID,
			TTL:    ttl,
		}
}

// CreateUser stores the user and reserves its address, in one transaction.
func (r *UserRepo) CreateUser(ctx context.Context, u accounts.User) error {
	userIt, emailIt := newUserItems(u)
	user, err := r.db.putNew(userIt)
	if err != nil {
		return err
	}
	email, err := r.db.putNew(emailIt)
	if err != nil {
		return err
	}
	err = r.db.transact(
		ctx,
		[]types.TransactWriteItem{user, email},
		&fault.Error{
			Kind:   fault.Conflict,
			Code:   "email_taken",
			Detail: "An account with this e-mail address exists already.",
		},
	)
	if fault.Is(err, fault.Conflict) {
		// A retried transaction whose first try was applied meets its own items: that is success.
		var taken emailItem
		if r.db.get(ctx, emailPK(u.Email), "EMAIL", &taken, "e-mail address") == nil && taken.UserID == u.ID {
			return nil
		}
	}
	return err
}

// ReplaceUser deletes an unverified user and gives its address to u, in one transaction.
func (r *UserRepo) ReplaceUser(ctx context.Context, old, u accounts.User) error {
	userIt, emailIt := newUserItems(u)
	user, err := r.db.putNew(userIt)
	if err != nil {
		return err
	}
	email, err := attributevalue.MarshalMap(emailIt)
	if err != nil {
		return err
	}
	return r.db.transact(ctx, []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: aws.String(r.db.Table), Key: key(userPK(old.ID), profile),
			ConditionExpression: aws.String("verified = :f"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":f": &types.AttributeValueMemberBOOL{Value: false},
			}}},
		user,
		{
			Put: &types.Put{
				TableName:                 aws.String(r.db.Table),
				Item:                      email,
				ConditionExpression:       aws.String("userId = :old"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":old": str(old.ID)},
			},
		},
	}, &fault.Error{Kind: fault.Conflict, Code: "email_taken",
		Detail: "An account with this e-mail address exists already."})
}

func (it userItem) user() accounts.User {
	return accounts.User{
		ID:           it.ID,
		Email:        it.Email,
		PasswordHash: it.PasswordHash,
		Verified:     it.Verified,
		Role:         access.Role(it.Role),
		PartnerID:    it.PartnerID,
		Plan:         it.Plan,
		Credits:      it.Credits,
		CreatedAt:    it.CreatedAt,
		ExpiresAt:    it.ExpiresAt,
	}
}

// User returns a user by ID.
func (r *UserRepo) User(ctx context.Context, id string) (accounts.User, error) {
	var it userItem
	if err := r.db.get(ctx, userPK(id), profile, &it, "user"); err != nil {
		return accounts.User{}, err
	}
	return it.user(), nil
}

// UserByEmail returns the user with the address: two reads, the address item then the user. An
// unknown address reads twice too (the second read finds no user), so the time of an answer does
// not tell whether the address has an account.
func (r *UserRepo) UserByEmail(ctx context.Context, email string) (accounts.User, error) {
	var e emailItem
	err := r.db.get(ctx, emailPK(email), "EMAIL", &e, "user")
	if fault.Is(err, fault.NotFound) {
		_, _ = r.User(ctx, noUser)
		return accounts.User{}, err
	}
	if err != nil {
		return accounts.User{}, err
	}
	return r.User(ctx, e.UserID)
}

// noUser is the ID read for an unknown address: no user has it (IDs are usr_ and 16 characters).
const noUser = "none"

// SetVerified marks a user's address verified, and takes the expiry off the user and its address.
func (r *UserRepo) SetVerified(ctx context.Context, u accounts.User) error {
	return r.db.transact(ctx, []types.TransactWriteItem{
		{Update: &types.Update{TableName: aws.String(r.db.Table), Key: key(userPK(u.ID), profile),
			UpdateExpression: aws.String(
				"SET verified = :t REMOVE expiresAt, #ttl",
			), ConditionExpression: aws.String("attribute_exists(pk)"),
			ExpressionAttributeNames: map[string]string{"#ttl": "ttl"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":t": &types.AttributeValueMemberBOOL{Value: true},
			}}},
		{Update: &types.Update{TableName: aws.String(r.db.Table), Key: key(emailPK(u.Email), "EMAIL"),
			UpdateExpression: aws.String("REMOVE #ttl"), ConditionExpression: aws.String("userId = :u"),
			ExpressionAttributeNames:  map[string]string{"#ttl": "ttl"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":u": str(u.ID)}}},
	}, fault.New(fault.NotFound, "No such user."))
}

// updateUser updates a user's profile item (accounts and billing both write it); names are placeholder, attribute pairs
// ("#plan", "plan").
func (s Store) updateUser(
	ctx context.Context,
	userID, expr string,
	values map[string]types.AttributeValue,
	names ...string,
) error {
	in := &dynamodb.UpdateItemInput{TableName: aws.String(s.Table), Key: key(userPK(userID), profile),
		UpdateExpression: aws.String(
			expr,
		), ConditionExpression: aws.String("attribute_exists(pk)"), ExpressionAttributeValues: values}
	for i := 0; i+1 < len(names); i += 2 {
		if in.ExpressionAttributeNames == nil {
			in.ExpressionAttributeNames = map[string]string{}
		}
		in.ExpressionAttributeNames[names[i]] = names[i+1]
	}
	_, err := s.API.UpdateItem(ctx, in)
	if isConditionFailed(err) {
		return fault.New(fault.NotFound, "No such user.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: update user: %w", err)
	}
	return nil
}

// SaveVerification stores a verification token's hash until it expires.
func (r *UserRepo) SaveVerification(ctx context.Context, tokenHash, userID string, expires time.Time) error {
	av, err := attributevalue.MarshalMap(
		verificationItem{
			PK:        verifyPK(tokenHash),
			SK:        "VERIFY",
			UserID:    userID,
			ExpiresAt: expires,
			TTL:       expires.Unix(),
		},
	)
	if err != nil {
		return err
	}
	if _, err := r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table),
		Item: av}); err != nil {
		return fmt.Errorf("dynamo: put verification: %w", err)
	}
	return nil
}

// ConsumeVerification deletes a valid token and returns its user; the delete is conditional, so a
// token works once even when used twice at the same moment.
func (r *UserRepo) ConsumeVerification(ctx context.Context, tokenHash string, now time.Time) (string, error) {
	out, err := r.db.API.DeleteItem(
		ctx,
		&dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table), Key: key(verifyPK(tokenHash), "VERIFY"),
			ConditionExpression: aws.String("attribute_exists(pk)"), ReturnValues: types.ReturnValueAllOld},
	)
	if isConditionFailed(err) {
		return "", fault.New(fault.NotFound, "No such token.")
	}
	if err != nil {
		return "", fmt.Errorf("dynamo: consume verification: %w", err)
	}
	var it verificationItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return "", err
	}
	if !now.Before(it.ExpiresAt) {
		return "", fault.New(fault.NotFound, "No such token.")
	}
	return it.UserID, nil
}

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
