package dynamo

import (
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// WebhookRepo stores where webhooks go: a partner's webhook (PARTNER#, WEBHOOK) and a user's
// endpoints (USER#, WEBHOOK#).
type WebhookRepo struct{ db Store }

var _ webhook.ConfigStore = (*WebhookRepo)(nil)

// NewWebhookRepo is the repository of webhook configurations on db's table.
func NewWebhookRepo(db Store) *WebhookRepo { return &WebhookRepo{db: db} }

type partnerWebhookItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	partnerConfigAttrs
	// Version counts the changes written (absent on items written before versions: 0).
	Version int64 `dynamodbav:"version,omitempty"`
}

// partnerConfigAttrs is a partner's webhook configuration as stored, in the current item and in
// each recorded change: each field with the key that set it, when one did. Items written before
// fields had owners of their own (FieldOwners false) have one owner for both, keyId.
type partnerConfigAttrs struct {
	URL             string     `dynamodbav:"url"`
	SealedSecret    string     `dynamodbav:"sealedSecret,omitempty"`
	FieldOwners     bool       `dynamodbav:"fieldOwners,omitempty"`
	URLKeyID        string     `dynamodbav:"urlKeyId,omitempty"`
	URLKeyEndsAt    *time.Time `dynamodbav:"urlKeyEndsAt,omitempty"`
	SecretKeyID     string     `dynamodbav:"secretKeyId,omitempty"`
	SecretKeyEndsAt *time.Time `dynamodbav:"secretKeyEndsAt,omitempty"`
	// KeyID and KeyEndsAt: the owner of both fields of an item written before FieldOwners; in a
	// change, the key that made it (its author).
	KeyID     string     `dynamodbav:"keyId,omitempty"`
	KeyEndsAt *time.Time `dynamodbav:"keyEndsAt,omitempty"`
}

func toPartnerConfigAttrs(c webhook.PartnerConfig) partnerConfigAttrs {
	return partnerConfigAttrs{URL: c.URL, SealedSecret: c.SealedSecret, FieldOwners: true,
		URLKeyID: c.URLBy.KeyID, URLKeyEndsAt: c.URLBy.EndsAt,
		SecretKeyID: c.SecretBy.KeyID, SecretKeyEndsAt: c.SecretBy.EndsAt}
}

func (a partnerConfigAttrs) config() webhook.PartnerConfig {
	if !a.FieldOwners {
		both := webhook.KeyBinding{KeyID: a.KeyID, EndsAt: a.KeyEndsAt}
		return webhook.PartnerConfig{URL: a.URL, SealedSecret: a.SealedSecret, URLBy: both, SecretBy: both}
	}
	return webhook.PartnerConfig{URL: a.URL, SealedSecret: a.SealedSecret,
		URLBy:    webhook.KeyBinding{KeyID: a.URLKeyID, EndsAt: a.URLKeyEndsAt},
		SecretBy: webhook.KeyBinding{KeyID: a.SecretKeyID, EndsAt: a.SecretKeyEndsAt}}
}

// partnerChangeItem is one recorded change of a partner's webhook (PARTNER#, WEBHOOKCHANGE#<at>#<n>):
// the configuration it made, so that a revoked key's field gives way to its value before.
type partnerChangeItem struct {
	PK            string    `dynamodbav:"pk"`
	SK            string    `dynamodbav:"sk"`
	At            time.Time `dynamodbav:"at"`
	Role          string    `dynamodbav:"role"`
	UserID        string    `dynamodbav:"userId,omitempty"`
	SecretChanged bool      `dynamodbav:"secretChanged,omitempty"`
	partnerConfigAttrs
}

const partnerChangePrefix = "WEBHOOKCHANGE#"

// PartnerConfig reads a partner's webhook.
func (r *WebhookRepo) PartnerConfig(ctx context.Context, partnerID string) (webhook.PartnerConfig, error) {
	var it partnerWebhookItem
	if err := r.db.get(ctx, partnerPK(partnerID), "WEBHOOK", &it, "webhook configuration"); err != nil {
		return webhook.PartnerConfig{}, err
	}
	c := it.config()
	c.Version = it.Version
	return c, nil
}

// SetPartnerConfig replaces a partner's webhook and records the change, in one transaction that,
// when a key made the change, checks the key is not revoked: a revocation that lands first
// refuses the change, and one that lands after it ends it (EndPartnerConfigsOfKey).
func (r *WebhookRepo) SetPartnerConfig(ctx context.Context, partnerID string, c webhook.PartnerChange) error {
	attrs := toPartnerConfigAttrs(c.Config)
	current, err := attributevalue.MarshalMap(partnerWebhookItem{PK: partnerPK(partnerID), SK: "WEBHOOK",
		partnerConfigAttrs: attrs, Version: c.Config.Version + 1})
	if err != nil {
		return err
	}
	// Written only on top of the version read (an item without one is version 0).
	onVersion := &types.Put{TableName: aws.String(r.db.Table), Item: current,
		ConditionExpression:       aws.String("attribute_not_exists(version) AND :v = :zero OR version = :v"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(c.Config.Version), ":zero": num(0)}}
	sk := partnerChangePrefix + c.At.UTC().Format("20060102T150405.000000000Z") + "#" +
		strings.ToLower(rand.Text()[:8])
	made := attrs
	made.KeyID = c.Author.KeyID
	change, err := r.db.putNew(partnerChangeItem{PK: partnerPK(partnerID), SK: sk, At: c.At, Role: c.Author.Role,
		UserID: c.Author.UserID, SecretChanged: c.SecretChanged, partnerConfigAttrs: made})
	if err != nil {
		return err
	}
	items := []types.TransactWriteItem{{Put: onVersion}, change}
	onCondition := fault.New(fault.Conflict, "An API key that set the webhook changed at the same moment; retry.")
	// Every key a field stays bound to must still stand when the change lands: a revocation that
	// lands first refuses the change (it was read before the key's fields gave way), and one that
	// lands after ends the fields (EndPartnerConfigsOfKey).
	for _, id := range slices.Compact(slices.Sorted(slices.Values([]string{attrs.URLKeyID, attrs.SecretKeyID}))) {
		if id == "" {
			continue
		}
		check, err := r.keyStands(ctx, partnerID, id)
		if err != nil {
			return err
		}
		items = append(items, check)
		if id == c.Author.KeyID {
			onCondition = fault.New(fault.Unauthorized, "The API key was revoked.")
		}
	}
	_, err = r.db.API.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	switch failed := cancelledBy(err); {
	case err == nil:
		return nil
	case len(failed) > 0 && failed[0]:
		return webhook.ErrPartnerConfigMoved
	case slices.Contains(failed, true):
		return onCondition
	default:
		return fmt.Errorf("dynamo: transaction: %w", err)
	}
}

// keyStands is a transaction's check that one of an owner's keys is not revoked; Unauthorized when
// it is already.
func (r *WebhookRepo) keyStands(ctx context.Context, ownerID, keyID string) (types.TransactWriteItem, error) {
	k, err := NewKeyRepo(r.db).key(ctx, ownerID, keyID)
	if err != nil || k.RevokedAt != nil {
		return types.TransactWriteItem{}, fault.New(fault.Unauthorized, "The API key was revoked.")
	}
	return types.TransactWriteItem{
		ConditionCheck: &types.ConditionCheck{TableName: aws.String(r.db.Table), Key: key(keyPK(k.Hash), "KEY"),
			ConditionExpression: aws.String("attribute_exists(pk) AND attribute_not_exists(revokedAt)")},
	}, nil
}

// EndPartnerConfigsOfKey ends at `at` the partner's webhook configurations that the key made: the
// current one and every recorded change, so that the configuration in force falls back to the last
// one made by a login or a key still valid.
func (r *WebhookRepo) EndPartnerConfigsOfKey(ctx context.Context, partnerID, keyID string, at time.Time) error {
	end, err := attributevalue.Marshal(at.UTC())
	if err != nil {
		return err
	}
	// Each binding to the key ends, one conditional update each: the URL's, the secret's, and the
	// one owner of an item written before fields had owners of their own.
	endAt := func(sk string) error {
		for _, field := range []string{"urlKey", "secretKey", "key"} {
			_, err := r.db.API.UpdateItem(
				ctx,
				&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(partnerPK(partnerID), sk),
					UpdateExpression: aws.String("SET #ends = :e"),
					ConditionExpression: aws.String(
						"#id = :k AND (attribute_not_exists(#ends) OR #ends > :e)",
					),
					ExpressionAttributeNames:  map[string]string{"#id": field + "Id", "#ends": field + "EndsAt"},
					ExpressionAttributeValues: map[string]types.AttributeValue{":e": end, ":k": str(keyID)}},
			)
			if err != nil && !isConditionFailed(err) {
				return fmt.Errorf("dynamo: end partner webhook of key: %w", err)
			}
		}
		return nil
	}
	if err := endAt("WEBHOOK"); err != nil {
		return err
	}
	p := dynamodb.NewQueryPaginator(r.db.API, &dynamodb.QueryInput{TableName: aws.String(r.db.Table),
		KeyConditionExpression: aws.String(
			"pk = :p AND begins_with(sk, :c)",
		), FilterExpression: aws.String("keyId = :k OR urlKeyId = :k OR secretKeyId = :k"),
		ProjectionExpression: aws.String("sk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":p": str(partnerPK(partnerID)),
			":c": str(partnerChangePrefix),
			":k": str(keyID),
		}})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("dynamo: partner webhook changes of key: %w", err)
		}
		for _, it := range page.Items {
			if sk, ok := it["sk"].(*types.AttributeValueMemberS); ok {
				if err := endAt(sk.Value); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// PartnerChanges lists a partner's webhook changes, newest first, limit (1 to 100) per page.
func (r *WebhookRepo) PartnerChanges(
	ctx context.Context,
	partnerID string,
	limit int,
	cursor string,
) ([]webhook.PartnerChange, string, error) {
	items, next, err := newestFirst[partnerChangeItem](
		ctx, r.db, partnerPK(partnerID), partnerChangePrefix, limit, cursor, "partner webhook changes")
	if err != nil {
		return nil, "", err
	}
	out := make([]webhook.PartnerChange, len(items))
	for i, it := range items {
		out[i] = webhook.PartnerChange{
			At:            it.At,
			Author:        webhook.Author{Role: it.Role, KeyID: it.KeyID, UserID: it.UserID},
			Config:        it.config(),
			SecretChanged: it.SecretChanged,
		}
	}
	return out, next, nil
}
