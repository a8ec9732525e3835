package dynamo

import (
	"context"
	"fmt"
	"net/netip"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/testmode"
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

type keyItem struct {
	PK         string     `dynamodbav:"pk"`
	SK         string     `dynamodbav:"sk"`
	GSI1PK     string     `dynamodbav:"gsi1pk"`
	GSI1SK     string     `dynamodbav:"gsi1sk"`
	ID         string     `dynamodbav:"id"`
	Hash       string     `dynamodbav:"hash"`
	Role       string     `dynamodbav:"role"`
	OwnerID    string     `dynamodbav:"ownerId"`
	Name       string     `dynamodbav:"name"`
	Prefix     string     `dynamodbav:"prefix"`
	Last4      string     `dynamodbav:"last4"`
	Mode       string     `dynamodbav:"mode,omitempty"`
	Stage      string     `dynamodbav:"stage,omitempty"`
	AllowedIPs []string   `dynamodbav:"allowedIps,omitempty"`
	Plan       string     `dynamodbav:"plan,omitempty"` // identity keys: the owner's plan (keyPlan)
	RateLimit  int        `dynamodbav:"rateLimit"`
	CreatedAt  time.Time  `dynamodbav:"createdAt"`
	ExpiresAt  *time.Time `dynamodbav:"expiresAt,omitempty"`
	RevokedAt  *time.Time `dynamodbav:"revokedAt,omitempty"`
	LastUsedAt *time.Time `dynamodbav:"lastUsedAt,omitempty"`
}

type partnerItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	GSI1PK    string    `dynamodbav:"gsi1pk,omitempty"` // partnersPK: the administrators' list
	GSI1SK    string    `dynamodbav:"gsi1sk,omitempty"` // listKey(createdAt, id)
	ID        string    `dynamodbav:"id"`
	Name      string    `dynamodbav:"name"`
	Stage     string    `dynamodbav:"stage"`
	RateLimit int       `dynamodbav:"rateLimit"`
	CreatedAt time.Time `dynamodbav:"createdAt"`
	Contact   string    `dynamodbav:"contact,omitempty"`
}

// UserRepo stores users (USER#, PROFILE), their addresses (EMAIL#) and verification tokens
// (VERIFY#).
type UserRepo struct{ db Store }

var _ accounts.Users = (*UserRepo)(nil)

// NewUserRepo is the repository of users on db's table.
func NewUserRepo(db Store) *UserRepo { return &UserRepo{db: db} }

// KeyRepo stores API keys (KEY#, listed by owner on gsi1).
type KeyRepo struct{ db Store }

var (
	_ accounts.Keys   = (*KeyRepo)(nil)
	_ access.KeyStore = (*KeyRepo)(nil)
)

// NewKeyRepo is the repository of API keys on db's table.
func NewKeyRepo(db Store) *KeyRepo { return &KeyRepo{db: db} }

// PartnerRepo stores partner accounts (PARTNER#, PROFILE).
type PartnerRepo struct{ db Store }

var _ accounts.Partners = (*PartnerRepo)(nil)

// NewPartnerRepo is the repository of partners on db's table.
func NewPartnerRepo(db Store) *PartnerRepo { return &PartnerRepo{db: db} }

// RateRepo stores rate counters and the test-mode quota (RATE#).
type RateRepo struct{ db Store }

var (
	_ access.RateCounter = (*RateRepo)(nil)
	_ testmode.Counter   = (*RateRepo)(nil)
)

// NewRateRepo is the repository of rate counters on db's table.
func NewRateRepo(db Store) *RateRepo { return &RateRepo{db: db} }

// Accounts is the accounts.Store of the repositories of its kinds.
type Accounts struct {
	*UserRepo
	*LedgerRepo
	*KeyRepo
	*PartnerRepo
	*SessionRepo
	*LoginFailureRepo
}

var _ accounts.Store = Accounts{}

// NewAccounts gathers the repositories accounts.Service uses, on db's table.
func NewAccounts(db Store) Accounts {
	return Accounts{
		NewUserRepo(db),
		NewLedgerRepo(db),
		NewKeyRepo(db),
		NewPartnerRepo(db),
		NewSessionRepo(db),
		NewLoginFailureRepo(db),
	}
}

const profile = "PROFILE"

// partnersPK is the one partition (on gsi1) of the administrators' list of partners. Every partner
// is under it, unsharded, unlike the lists across tenants that tenants' traffic writes: partners
// are few (a business agreement each), created by administrators only, and their items are never
// written by partners' traffic (a partner's requests write CONTRACT#, DELIVERY#, RATE# keys), so
// the partition takes a write or two per partner ever (its creation, an operator setting its
// contact) and an administrator's occasional read.
const partnersPK = "PARTNERS"

func userPK(id string) string      { return "USER#" + id }
func emailPK(email string) string  { return "EMAIL#" + email }
func keyPK(hash string) string     { return "KEY#" + hash }
func ownerPK(owner string) string  { return "OWNER#" + owner }
func partnerPK(id string) string   { return "PARTNER#" + id }
func verifyPK(hash string) string  { return "VERIFY#" + hash }
func rateSK(window int64) string   { return "RATE#" + strconv.FormatInt(window, 10) }
func ratePK(subject string) string { return "RATE#" + subject }

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
			Role: string(
				u.Role,
			),
			PartnerID: u.PartnerID,
			Plan:      u.Plan,
			Credits:   u.Credits,
			CreatedAt: u.CreatedAt,
			ExpiresAt: u.ExpiresAt,
			TTL:       ttl,
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

func toKeyItem(k access.KeyRecord) keyItem {
	it := keyItem{
		PK:         keyPK(k.Hash),
		SK:         "KEY",
		GSI1PK:     ownerPK(k.OwnerID),
		GSI1SK:     "KEY#" + k.CreatedAt.Format(time.RFC3339Nano) + "#" + k.ID,
		ID:         k.ID,
		Hash:       k.Hash,
		Role:       string(k.Role),
		OwnerID:    k.OwnerID,
		Name:       k.Name,
		Prefix:     k.Prefix,
		Last4:      k.Last4,
		Mode:       k.Mode,
		Stage:      k.Stage,
		Plan:       k.Plan,
		RateLimit:  k.RateLimit,
		CreatedAt:  k.CreatedAt,
		ExpiresAt:  k.ExpiresAt,
		RevokedAt:  k.RevokedAt,
		LastUsedAt: k.LastUsedAt,
	}
	for _, p := range k.AllowedIPs {
		it.AllowedIPs = append(it.AllowedIPs, p.String())
	}
	return it
}

func (it keyItem) record() (access.KeyRecord, error) {
	k := access.KeyRecord{
		ID:         it.ID,
		Hash:       it.Hash,
		Role:       access.Role(it.Role),
		OwnerID:    it.OwnerID,
		Name:       it.Name,
		Prefix:     it.Prefix,
		Last4:      it.Last4,
		Mode:       it.Mode,
		Stage:      it.Stage,
		Plan:       it.Plan,
		RateLimit:  it.RateLimit,
		CreatedAt:  it.CreatedAt,
		ExpiresAt:  it.ExpiresAt,
		RevokedAt:  it.RevokedAt,
		LastUsedAt: it.LastUsedAt,
	}
	for _, s := range it.AllowedIPs {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return k, fmt.Errorf("dynamo: key %s: allowed IP %q: %w", it.ID, s, err)
		}
		k.AllowedIPs = append(k.AllowedIPs, p)
	}
	return k, nil
}

// PutKey stores a new key.
func (r *KeyRepo) PutKey(ctx context.Context, k access.KeyRecord) error {
	put, err := r.db.putNew(toKeyItem(k))
	if err != nil {
		return err
	}
	_, err = r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table), Item: put.Put.Item,
		ConditionExpression: put.Put.ConditionExpression})
	if isConditionFailed(err) {
		// A retried put whose first try was applied meets its own item: that is success.
		if got, gerr := r.KeyByHash(ctx, k.Hash); gerr == nil && got.ID == k.ID {
			return nil
		}
	}
	if err != nil {
		return fmt.Errorf("dynamo: put key: %w", err)
	}
	return nil
}

// KeyByHash is the one read of authentication.
func (r *KeyRepo) KeyByHash(ctx context.Context, hash string) (access.KeyRecord, error) {
	var it keyItem
	if err := r.db.get(ctx, keyPK(hash), "KEY", &it, "key"); err != nil {
		return access.KeyRecord{}, err
	}
	return it.record()
}

// TouchKey records the last use of a key.
func (r *KeyRepo) TouchKey(ctx context.Context, hash string, at time.Time) error {
	av, err := attributevalue.Marshal(at)
	if err != nil {
		return err
	}
	_, err = r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(keyPK(hash), "KEY"),
			UpdateExpression: aws.String(
				"SET lastUsedAt = :t",
			), ConditionExpression: aws.String("attribute_exists(pk)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":t": av}},
	)
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("dynamo: touch key: %w", err)
	}
	return nil
}

// Keys lists an owner's keys through gsi1.
func (r *KeyRepo) Keys(ctx context.Context, ownerID string) ([]access.KeyRecord, error) {
	var keys []access.KeyRecord
	p := dynamodb.NewQueryPaginator(
		r.db.API,
		&dynamodb.QueryInput{TableName: aws.String(r.db.Table), IndexName: aws.String("gsi1"),
			KeyConditionExpression: aws.String("gsi1pk = :o AND begins_with(gsi1sk, :k)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":o": &types.AttributeValueMemberS{
					Value: ownerPK(ownerID),
				}, ":k": &types.AttributeValueMemberS{Value: "KEY#"}}},
	)
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("dynamo: list keys: %w", err)
		}
		var items []keyItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, err
		}
		for _, it := range items {
			k, err := it.record()
			if err != nil {
				return nil, err
			}
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// key finds one of an owner's keys by id; NotFound when the owner has no such key.
func (r *KeyRepo) key(ctx context.Context, ownerID, keyID string) (access.KeyRecord, error) {
	keys, err := r.Keys(ctx, ownerID)
	if err != nil {
		return access.KeyRecord{}, err
	}
	for _, k := range keys {
		if k.ID == keyID {
			return k, nil
		}
	}
	return access.KeyRecord{}, fault.New(fault.NotFound, "No such key.")
}

// keyCount is the profile attribute counting a user's active keys (createLimited).
const keyCount = "keyCount"

// CreateUserKey stores a user's new key if the user holds fewer than maxActive keys that are
// active at now, counted and written as one (createLimited): concurrent creations cannot pass
// the limit together, and none is refused while there is room.
func (r *KeyRepo) CreateUserKey(ctx context.Context, k access.KeyRecord, maxActive int, now time.Time) error {
	put, err := r.db.putNew(toKeyItem(k))
	if err != nil {
		return err
	}
	held := func(ctx context.Context) (int, error) {
		keys, err := r.Keys(ctx, k.OwnerID)
		active := 0
		for _, k := range keys {
			if k.RevokedAt == nil && (k.ExpiresAt == nil || k.ExpiresAt.After(now)) {
				active++
			}
		}
		return active, err
	}
	l := limit{counter: keyCount, version: "keysVersion", max: maxActive, held: held,
		reached: &fault.Error{Kind: fault.Conflict, Code: "limit_reached",
			Detail: fmt.Sprintf("A user holds at most %d active keys: revoke one (DELETE /v1/api-keys/{id}) first.",
				maxActive)}}
	err = r.db.createLimited(ctx, k.OwnerID, l, fault.New(fault.Conflict, "The key exists already."),
		[]types.TransactWriteItem{put})
	if err != nil || k.Plan == "" {
		return err
	}
	// The plan was read before the key was written: a plan change in between missed the key.
	return r.db.keepKeyPlan(ctx, k)
}

// RevokeKey revokes one of an owner's keys and returns it; NotFound when the owner has no such key.
func (r *KeyRepo) RevokeKey(ctx context.Context, ownerID, keyID string, at time.Time) (access.KeyRecord, error) {
	k, err := r.key(ctx, ownerID, keyID)
	if err != nil {
		return access.KeyRecord{}, err
	}
	av, err := attributevalue.Marshal(at)
	if err != nil {
		return access.KeyRecord{}, err
	}
	res, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(keyPK(k.Hash), "KEY"),
			UpdateExpression:    aws.String("SET revokedAt = if_not_exists(revokedAt, :t)"),
			ConditionExpression: aws.String("attribute_exists(pk) AND ownerId = :o"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":t": av,
				":o": &types.AttributeValueMemberS{Value: ownerID},
			},
			ReturnValues: types.ReturnValueAllOld},
	)
	if isConditionFailed(err) {
		return access.KeyRecord{}, fault.New(fault.NotFound, "No such key.")
	}
	if err != nil {
		return access.KeyRecord{}, fmt.Errorf("dynamo: revoke key: %w", err)
	}
	// This call revoked a user's key that was active: the count of its active keys goes down. (An
	// expired key may be counted or not, depending on whether a recount has run since: leaving the
	// count as it is can only make it too high, which the next creation at the bound corrects.)
	_, wasRevoked := res.Attributes["revokedAt"]
	if k.Role == access.RoleUser && !wasRevoked && (k.ExpiresAt == nil || k.ExpiresAt.After(at)) {
		r.db.uncount(ctx, ownerID, keyCount)
	}
	return k, nil
}

// RotateKey stores the new key and ends the old ones at expires, in one transaction.
func (r *KeyRepo) RotateKey(ctx context.Context, k access.KeyRecord, old []access.KeyRecord, expires time.Time) error {
	put, err := r.db.putNew(toKeyItem(k))
	if err != nil {
		return err
	}
	exp, err := attributevalue.Marshal(expires)
	if err != nil {
		return err
	}
	items := []types.TransactWriteItem{put}
	for _, o := range old {
		items = append(
			items,
			types.TransactWriteItem{
				Update: &types.Update{TableName: aws.String(r.db.Table), Key: key(keyPK(o.Hash), "KEY"),
					UpdateExpression:          aws.String("SET expiresAt = :e"),
					ConditionExpression:       aws.String("attribute_exists(pk) AND attribute_not_exists(revokedAt)"),
					ExpressionAttributeValues: map[string]types.AttributeValue{":e": exp}},
			},
		)
	}
	return r.db.transact(ctx, items, fault.New(fault.Conflict, "The keys changed during the rotation; retry."))
}

// CreatePartner stores a partner and its first key in one transaction.
func (r *PartnerRepo) CreatePartner(ctx context.Context, p accounts.Partner, k access.KeyRecord) error {
	partner, err := r.db.putNew(
		partnerItem{PK: partnerPK(p.ID), SK: profile, GSI1PK: partnersPK, GSI1SK: listKey(p.CreatedAt, p.ID),
			ID: p.ID, Name: p.Name, Stage: p.Stage, RateLimit: p.RateLimit, CreatedAt: p.CreatedAt},
	)
	if err != nil {
		return err
	}
	first, err := r.db.putNew(toKeyItem(k))
	if err != nil {
		return err
	}
	return r.db.transact(
		ctx,
		[]types.TransactWriteItem{partner, first},
		fault.New(fault.Conflict, "The partner exists already."),
	)
}

// Partner returns a partner by ID.
func (r *PartnerRepo) Partner(ctx context.Context, id string) (accounts.Partner, error) {
	var it partnerItem
	if err := r.db.get(ctx, partnerPK(id), profile, &it, "partner"); err != nil {
		return accounts.Partner{}, err
	}
	return it.partner(), nil
}

func (it partnerItem) partner() accounts.Partner {
	return accounts.Partner{
		ID:        it.ID,
		Name:      it.Name,
		Stage:     it.Stage,
		RateLimit: it.RateLimit,
		CreatedAt: it.CreatedAt,
		Contact:   it.Contact,
	}
}

// ListPartners is a page of the partners, newest first: one Query on gsi1 (PARTNERS); Invalid for
// a cursor of another list.
func (r *PartnerRepo) ListPartners(ctx context.Context, f accounts.PartnerFilter) (accounts.PartnerPage, error) {
	items, next, err := r.db.page(
		ctx,
		listing{
			index:  "gsi1",
			pk:     partnersPK,
			after:  f.CreatedAfter,
			before: f.CreatedBefore,
			limit:  f.Limit,
			cursor: f.Cursor,
		},
	)
	if err != nil {
		return accounts.PartnerPage{}, err
	}
	var its []partnerItem
	if err := attributevalue.UnmarshalListOfMaps(items, &its); err != nil {
		return accounts.PartnerPage{}, err
	}
	p := accounts.PartnerPage{Items: make([]accounts.Partner, len(its)), Next: next}
	for i, it := range its {
		p.Items[i] = it.partner()
	}
	return p, nil
}

// SetPartnerContact sets a partner's back-office address, unless it has one.
func (r *PartnerRepo) SetPartnerContact(ctx context.Context, id, email string) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(partnerPK(id), profile),
			UpdateExpression: aws.String(
				"SET contact = if_not_exists(contact, :e)",
			), ConditionExpression: aws.String("attribute_exists(pk)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":e": str(email)}},
	)
	if isConditionFailed(err) {
		return fault.New(fault.NotFound, "No such partner.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: partner contact: %w", err)
	}
	return nil
}

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

var _ testmode.Releaser = (*RateRepo)(nil)

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
