package dynamo

import (
	"context"
	"fmt"
	"net/netip"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

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

// KeyRepo stores API keys (KEY#, listed by owner on gsi1).
type KeyRepo struct{ db Store }

var (
	_ accounts.Keys   = (*KeyRepo)(nil)
	_ access.KeyStore = (*KeyRepo)(nil)
)

// NewKeyRepo is the repository of API keys on db's table.
func NewKeyRepo(db Store) *KeyRepo { return &KeyRepo{db: db} }

func keyPK(hash string) string    { return "KEY#" + hash }
func ownerPK(owner string) string { return "OWNER#" + owner }

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
