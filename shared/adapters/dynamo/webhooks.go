package dynamo

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// DeliveryRepo stores webhook deliveries (DELIVERY#), both schemes: their attempts, an owner's
// listing and the sweep's due index.
type DeliveryRepo struct{ db Store }

var _ webhook.Store = (*DeliveryRepo)(nil)

// NewDeliveryRepo is the repository of webhook deliveries on db's table.
func NewDeliveryRepo(db Store) *DeliveryRepo { return &DeliveryRepo{db: db} }

type attemptItem struct {
	N          int       `dynamodbav:"n"`
	At         time.Time `dynamodbav:"at"`
	StatusCode int       `dynamodbav:"statusCode,omitempty"`
	DurationMs int64     `dynamodbav:"durationMs"`
	ErrorClass string    `dynamodbav:"errorClass,omitempty"`
	Error      string    `dynamodbav:"error,omitempty"`
}

type deliveryItem struct {
	PK           string        `dynamodbav:"pk"`
	SK           string        `dynamodbav:"sk"`
	GSI1PK       string        `dynamodbav:"gsi1pk"`
	GSI1SK       string        `dynamodbav:"gsi1sk"`
	GSI2PK       string        `dynamodbav:"gsi2pk,omitempty"` // set while pending: the sweep's index
	GSI2SK       string        `dynamodbav:"gsi2sk,omitempty"`
	ID           string        `dynamodbav:"id"`
	Scheme       string        `dynamodbav:"scheme"`
	OwnerID      string        `dynamodbav:"ownerId"`
	EndpointID   string        `dynamodbav:"endpointId,omitempty"`
	Event        string        `dynamodbav:"event"`
	Reference    string        `dynamodbav:"reference"`
	Body         []byte        `dynamodbav:"body"`
	Status       string        `dynamodbav:"status"`
	Attempts     []attemptItem `dynamodbav:"attempts"`
	CreatedAt    time.Time     `dynamodbav:"createdAt"`
	NextAt       time.Time     `dynamodbav:"nextAt"`
	RedeliveryOf string        `dynamodbav:"redeliveryOf,omitempty"`
	RecoveredBy  string        `dynamodbav:"recoveredBy,omitempty"`
	ExpiresAt    time.Time     `dynamodbav:"expiresAt,omitempty"`
	TTL          int64         `dynamodbav:"ttl,omitempty"`
	// The attempt started and not recorded yet: its number, start and claim's end (Unix ms).
	ClaimedAttempt int   `dynamodbav:"claimedAttempt,omitempty"`
	ClaimedAt      int64 `dynamodbav:"claimedAt,omitempty"`
	ClaimedUntil   int64 `dynamodbav:"claimedUntil,omitempty"`
}

const dueIndexPK = "WEBHOOK_DUE"

func deliveryPK(id string) string { return "DELIVERY#" + id }

// dueKey sorts by due time: zero-padded Unix milliseconds.
func dueKey(t time.Time, id string) string { return fmt.Sprintf("%013d#%s", t.UnixMilli(), id) }

func (it deliveryItem) delivery() webhook.Delivery {
	d := webhook.Delivery{
		ID:           it.ID,
		Scheme:       webhook.Scheme(it.Scheme),
		OwnerID:      it.OwnerID,
		EndpointID:   it.EndpointID,
		Event:        it.Event,
		Reference:    it.Reference,
		Body:         it.Body,
		Status:       webhook.Status(it.Status),
		CreatedAt:    it.CreatedAt,
		NextAt:       it.NextAt,
		RedeliveryOf: it.RedeliveryOf,
		RecoveredBy:  it.RecoveredBy,
		ExpiresAt:    it.ExpiresAt,
	}
	if it.ClaimedAttempt > 0 {
		d.Claimed = &webhook.Claim{N: it.ClaimedAttempt, At: time.UnixMilli(it.ClaimedAt).UTC(),
			Until: time.UnixMilli(it.ClaimedUntil).UTC()}
	}
	for _, a := range it.Attempts {
		d.Attempts = append(
			d.Attempts,
			webhook.Attempt{
				N:          a.N,
				At:         a.At,
				StatusCode: a.StatusCode,
				DurationMs: a.DurationMs,
				ErrorClass: a.ErrorClass,
				Error:      a.Error,
			},
		)
	}
	return d
}

// PutDelivery stores a new pending delivery, listed under its owner and in the due index; Conflict
// when another delivery has its ID.
func (r *DeliveryRepo) PutDelivery(ctx context.Context, d webhook.Delivery) error {
	av, err := deliveryAttributes(d)
	if err != nil {
		return err
	}
	_, err = r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table), Item: av,
		ConditionExpression: aws.String(
			"attribute_not_exists(pk)",
		), ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		if reflect.DeepEqual(ccf.Item, av) {
			return nil // this very delivery, stored by an attempt the SDK retried (see Store.putOnce)
		}
		return fault.New(fault.Conflict, "The delivery exists.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: put delivery: %w", err)
	}
	return nil
}

// newDeliveryPut is the write of a new delivery in a transaction that stores it with the state
// change it reports (the outbox): a put on condition that no delivery of that id exists.
func newDeliveryPut(table string, d webhook.Delivery) (types.TransactWriteItem, error) {
	av, err := deliveryAttributes(d)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(table), Item: av,
		ConditionExpression: aws.String("attribute_not_exists(pk)")}}, nil
}

// deliveryAttributes is a new delivery's item, for PutDelivery and for transactions that store a
// delivery together with the state change it reports (newDeliveryPut).
func deliveryAttributes(d webhook.Delivery) (map[string]types.AttributeValue, error) {
	av, err := attributevalue.MarshalMap(deliveryItem{PK: deliveryPK(d.ID), SK: "DELIVERY",
		GSI1PK: "DELIVERIES#" + d.OwnerID, GSI1SK: listKey(d.CreatedAt, d.ID),
		GSI2PK: dueShard(dueIndexPK, d.ID), GSI2SK: dueKey(d.NextAt, d.ID),
		ID: d.ID, Scheme: string(d.Scheme), OwnerID: d.OwnerID, EndpointID: d.EndpointID, Event: d.Event,
		Reference: d.Reference,
		Body:      d.Body, Status: string(d.Status), CreatedAt: d.CreatedAt, NextAt: d.NextAt,
		RedeliveryOf: d.RedeliveryOf, ExpiresAt: d.ExpiresAt, TTL: ttlOf(d.ExpiresAt)})
	if err != nil {
		return nil, err
	}
	av["attempts"] = &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
	return av, nil
}

// Delivery reads one delivery.
func (r *DeliveryRepo) Delivery(ctx context.Context, id string) (webhook.Delivery, error) {
	var it deliveryItem
	if err := r.db.get(ctx, deliveryPK(id), "DELIVERY", &it, "delivery"); err != nil {
		return webhook.Delivery{}, err
	}
	return it.delivery(), nil
}

func num(n int64) *types.AttributeValueMemberN {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// ClaimAttempt reserves attempt n: the delivery must be pending with n-1 attempts, and no other
// claim may be live.
func (r *DeliveryRepo) ClaimAttempt(ctx context.Context, id string, n int, until, now time.Time) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(deliveryPK(id), "DELIVERY"),
			UpdateExpression: aws.String("SET claimedAttempt = :n, claimedUntil = :until, claimedAt = :now"),
			ConditionExpression: aws.String(
				"#s = :pending AND size(attempts) = :prev AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)",
			),
			ExpressionAttributeNames: map[string]string{"#s": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":n": num(int64(n)), ":prev": num(int64(n - 1)),
				":until": num(until.UnixMilli()), ":now": num(now.UnixMilli()),
				":pending": &types.AttributeValueMemberS{Value: string(webhook.StatusPending)}}},
	)
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The attempt is taken or done.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: claim attempt: %w", err)
	}
	return nil
}

// RecordAttempt appends the attempt made under the claim and moves the delivery on.
func (r *DeliveryRepo) RecordAttempt(
	ctx context.Context,
	id string,
	a webhook.Attempt,
	status webhook.Status,
	next time.Time,
) error {
	att, err := attributevalue.Marshal(
		attemptItem{
			N:          a.N,
			At:         a.At,
			StatusCode: a.StatusCode,
			DurationMs: a.DurationMs,
			ErrorClass: a.ErrorClass,
			Error:      a.Error,
		},
	)
	if err != nil {
		return err
	}
	values := map[string]types.AttributeValue{":a": &types.AttributeValueMemberL{Value: []types.AttributeValue{att}},
		":s": &types.AttributeValueMemberS{Value: string(status)}, ":n": num(int64(a.N)), ":prev": num(int64(a.N - 1))}
	update := "SET attempts = list_append(attempts, :a), #s = :s " +
		"REMOVE claimedAttempt, claimedUntil, claimedAt, gsi2pk, gsi2sk"
	if status == webhook.StatusSucceeded {
		// Delivered: the body has done its job, and it reports on personal data.
		update += ", body"
	}
	if status == webhook.StatusPending {
		nextAt, err := attributevalue.Marshal(next)
		if err != nil {
			return err
		}
		values[":next"], values[":g2"], values[":shard"] = nextAt, str(dueKey(next, id)), str(dueShard(dueIndexPK, id))
		update = "SET attempts = list_append(attempts, :a), #s = :s, nextAt = :next, gsi2pk = :shard, gsi2sk = :g2 " +
			"REMOVE claimedAttempt, claimedUntil, claimedAt"
	}
	_, err = r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(deliveryPK(id), "DELIVERY"),
			UpdateExpression: aws.String(
				update,
			), ConditionExpression: aws.String("size(attempts) = :prev AND claimedAttempt = :n"),
			ExpressionAttributeNames: map[string]string{"#s": "status"}, ExpressionAttributeValues: values},
	)
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The attempt was recorded already.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: record attempt: %w", err)
	}
	return nil
}

// DueDeliveries reads the due index: pending deliveries due before the given time, oldest first.
func (r *DeliveryRepo) DueDeliveries(ctx context.Context, before time.Time, limit int) ([]webhook.Delivery, error) {
	var items []deliveryItem
	if err := r.db.due(ctx, dueIndexPK, before, limit, &items); err != nil {
		return nil, err
	}
	ds := make([]webhook.Delivery, 0, len(items))
	for _, it := range items {
		ds = append(ds, it.delivery())
	}
	return ds, nil
}

// Deliveries lists an owner's deliveries, newest first, with an opaque cursor.
func (r *DeliveryRepo) Deliveries(
	ctx context.Context,
	ownerID string,
	f webhook.Filter,
) ([]webhook.Delivery, string, error) {
	in := &dynamodb.QueryInput{
		TableName:              aws.String(r.db.Table),
		IndexName:              aws.String("gsi1"),
		ScanIndexForward:       aws.Bool(false),
		KeyConditionExpression: aws.String("gsi1pk = :o"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":o": &types.AttributeValueMemberS{Value: "DELIVERIES#" + ownerID},
		},
	}
	var filters []string
	names := map[string]string{}
	add := func(attr, value string) {
		if value == "" {
			return
		}
		names["#"+attr] = attr
		in.ExpressionAttributeValues[":"+attr] = &types.AttributeValueMemberS{Value: value}
		filters = append(filters, "#"+attr+" = :"+attr)
	}
	add("endpointId", f.EndpointID)
	add("reference", f.Reference)
	add("status", string(f.Status))
	if len(filters) > 0 {
		in.FilterExpression = aws.String(joinAnd(filters))
		in.ExpressionAttributeNames = names
	}
	if f.Cursor != "" {
		start, err := ownedCursor(f.Cursor, gsi1Cursor, "gsi1pk", "DELIVERIES#"+ownerID)
		if err != nil {
			return nil, "", err
		}
		in.ExclusiveStartKey = start
	}
	limit := min(max(f.Limit, 1), 100)
	var out []webhook.Delivery
	// A filter drops items after the read: keep reading pages until the page is full or the
	// listing ends.
	for {
		in.Limit = aws.Int32(int32(limit - len(out)))
		page, err := r.db.API.Query(ctx, in)
		if err != nil {
			return nil, "", fmt.Errorf("dynamo: list deliveries: %w", err)
		}
		var items []deliveryItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, "", err
		}
		for _, it := range items {
			out = append(out, it.delivery())
		}
		if page.LastEvaluatedKey == nil {
			return out, "", nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
		if len(out) >= limit {
			return out, encodeCursor(page.LastEvaluatedKey), nil
		}
	}
}

// FailedSince reads the owner's listing from since on, oldest first, keeping FAILED deliveries
// not recovered yet. It reads at most 20 index items per delivery asked for, so one call's cost
// stays bounded however many deliveries succeeded meanwhile; more is then true.
func (r *DeliveryRepo) FailedSince(
	ctx context.Context,
	ownerID, endpointID string,
	since time.Time,
	limit int,
) ([]webhook.Delivery, bool, error) {
	// gsi1sk begins with the fixed-width creation time (listKey), but deliveries stored before it
	// have the RFC 3339 one with its fraction trimmed, out of order within a second: start at the
	// whole second, and compare exact times below.
	in := &dynamodb.QueryInput{
		TableName:                aws.String(r.db.Table),
		IndexName:                aws.String("gsi1"),
		ScanIndexForward:         aws.Bool(true),
		KeyConditionExpression:   aws.String("gsi1pk = :o AND gsi1sk >= :since"),
		FilterExpression:         aws.String("#s = :failed AND attribute_not_exists(recoveredBy)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":o": str("DELIVERIES#" + ownerID),
			":since": str(
				since.UTC().Truncate(time.Second).Format("2006-01-02T15:04:05"),
			), ":failed": str(string(webhook.StatusFailed))},
	}
	if endpointID != "" {
		in.FilterExpression = aws.String(*in.FilterExpression + " AND endpointId = :e")
		in.ExpressionAttributeValues[":e"] = str(endpointID)
	}
	var out []webhook.Delivery
	budget := 20 * limit
	for budget > 0 {
		in.Limit = aws.Int32(int32(min(budget, 500)))
		page, err := r.db.API.Query(ctx, in)
		if err != nil {
			return nil, false, fmt.Errorf("dynamo: failed deliveries: %w", err)
		}
		budget -= int(page.ScannedCount)
		var items []deliveryItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, false, err
		}
		for _, it := range items {
			if it.CreatedAt.Before(since) {
				continue
			}
			if len(out) == limit {
				return out, true, nil
			}
			out = append(out, it.delivery())
		}
		if page.LastEvaluatedKey == nil {
			return out, false, nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
	}
	return out, true, nil
}

// RecoverDelivery stores d and sets recoveredBy on the FAILED delivery id, in one transaction.
func (r *DeliveryRepo) RecoverDelivery(ctx context.Context, id string, d webhook.Delivery) error {
	put, err := newDeliveryPut(r.db.Table, d)
	if err != nil {
		return err
	}
	mark := types.TransactWriteItem{Update: &types.Update{TableName: aws.String(r.db.Table),
		Key:                      key(deliveryPK(id), "DELIVERY"),
		UpdateExpression:         aws.String("SET recoveredBy = :by"),
		ConditionExpression:      aws.String("#s = :failed AND attribute_not_exists(recoveredBy)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":by":     str(d.ID),
			":failed": str(string(webhook.StatusFailed)),
		}}}
	return r.db.transact(ctx, []types.TransactWriteItem{mark, put},
		fault.New(fault.Conflict, "The delivery is not failed, or was recovered already."))
}

func joinAnd(parts []string) string {
	s := parts[0]
	for _, p := range parts[1:] {
		s += " AND " + p
	}
	return s
}

// encodeCursor makes a listing position opaque: base64 of the key's string attributes.
func encodeCursor(k map[string]types.AttributeValue) string {
	m := map[string]string{}
	for name, v := range k {
		if sv, ok := v.(*types.AttributeValueMemberS); ok {
			m[name] = sv.Value
		}
	}
	b, _ := json.Marshal(m)
	return base64.RawURLEncoding.EncodeToString(b)
}

// The key attributes a cursor of each listing holds: the table's key, and an index's key with it.
var (
	tableCursor = []string{"pk", "sk"}
	gsi1Cursor  = []string{"pk", "sk", "gsi1pk", "gsi1sk"}
)

// ownedCursor decodes a cursor of the listing whose partition attribute attr is value and whose
// start key has exactly the attributes keys: a cursor is a position in its owner's listing, and
// another caller's, a forged one, or one that is well formed but lacks a key attribute (which
// DynamoDB would refuse as a starting key) is refused before it reaches the query (Invalid, 422).
func ownedCursor(c string, keys []string, attr, value string) (map[string]types.AttributeValue, error) {
	bad := &fault.Error{
		Kind:          fault.Invalid,
		Detail:        "The cursor is not valid.",
		InvalidParams: []string{"cursor: use the nextCursor of a previous page"},
	}
	start, err := decodeCursor(c)
	if err != nil {
		return nil, err
	}
	if len(start) != len(keys) {
		return nil, bad
	}
	for _, k := range keys {
		if v, _ := start[k].(*types.AttributeValueMemberS); v == nil || v.Value == "" {
			return nil, bad
		}
	}
	if v, _ := start[attr].(*types.AttributeValueMemberS); v == nil || v.Value != value {
		return nil, bad
	}
	return start, nil
}

func decodeCursor(c string) (map[string]types.AttributeValue, error) {
	bad := &fault.Error{
		Kind:          fault.Invalid,
		Detail:        "The cursor is not valid.",
		InvalidParams: []string{"cursor: use the nextCursor of a previous page"},
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return nil, bad
	}
	var m map[string]string
	if json.Unmarshal(b, &m) != nil || len(m) == 0 {
		return nil, bad
	}
	k := map[string]types.AttributeValue{}
	for name, v := range m {
		k[name] = &types.AttributeValueMemberS{Value: v}
	}
	return k, nil
}

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
	in := &dynamodb.QueryInput{
		TableName:              aws.String(r.db.Table),
		ScanIndexForward:       aws.Bool(false),
		Limit:                  aws.Int32(int32(min(max(limit, 1), 100))),
		KeyConditionExpression: aws.String("pk = :p AND begins_with(sk, :c)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":p": str(partnerPK(partnerID)),
			":c": str(partnerChangePrefix),
		},
	}
	if cursor != "" {
		start, err := ownedCursor(cursor, tableCursor, "pk", partnerPK(partnerID))
		if err != nil {
			return nil, "", err
		}
		in.ExclusiveStartKey = start
	}
	page, err := r.db.API.Query(ctx, in)
	if err != nil {
		return nil, "", fmt.Errorf("dynamo: partner webhook changes: %w", err)
	}
	var items []partnerChangeItem
	if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
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
	next := ""
	if page.LastEvaluatedKey != nil {
		next = encodeCursor(page.LastEvaluatedKey)
	}
	return out, next, nil
}

type endpointItem struct {
	PK           string   `dynamodbav:"pk"`
	SK           string   `dynamodbav:"sk"`
	ID           string   `dynamodbav:"id"`
	OwnerID      string   `dynamodbav:"ownerId"`
	URL          string   `dynamodbav:"url"`
	Events       []string `dynamodbav:"events"`
	Test         bool     `dynamodbav:"test,omitempty"` // absent on live endpoints
	SealedSecret string   `dynamodbav:"sealedSecret"`
	// The secret the last rotation replaced, and until when it still signs.
	PreviousSealedSecret string     `dynamodbav:"previousSealedSecret,omitempty"`
	PreviousUntil        *time.Time `dynamodbav:"previousUntil,omitempty"`
	CreatedAt            time.Time  `dynamodbav:"createdAt"`
	CreatedByKey         string     `dynamodbav:"createdByKey,omitempty"`
	// ExpiresAt ends an endpoint made by a key with an expiry; TTL removes it a day later.
	ExpiresAt *time.Time `dynamodbav:"expiresAt,omitempty"`
	TTL       int64      `dynamodbav:"ttl,omitempty"`
}

func (it endpointItem) endpoint() webhook.Endpoint {
	return webhook.Endpoint{
		ID:                   it.ID,
		OwnerID:              it.OwnerID,
		URL:                  it.URL,
		Events:               it.Events,
		Live:                 !it.Test,
		SealedSecret:         it.SealedSecret,
		PreviousSealedSecret: it.PreviousSealedSecret,
		PreviousUntil:        it.PreviousUntil,
		CreatedAt:            it.CreatedAt,
		CreatedByKey:         it.CreatedByKey,
		ExpiresAt:            it.ExpiresAt,
	}
}

func toEndpointItem(e webhook.Endpoint) endpointItem {
	it := endpointItem{
		PK:                   userPK(e.OwnerID),
		SK:                   "WEBHOOK#" + e.ID,
		ID:                   e.ID,
		OwnerID:              e.OwnerID,
		URL:                  e.URL,
		Events:               e.Events,
		Test:                 !e.Live,
		SealedSecret:         e.SealedSecret,
		PreviousSealedSecret: e.PreviousSealedSecret,
		PreviousUntil:        e.PreviousUntil,
		CreatedAt:            e.CreatedAt,
		CreatedByKey:         e.CreatedByKey,
		ExpiresAt:            e.ExpiresAt,
	}
	if e.ExpiresAt != nil {
		it.TTL = e.ExpiresAt.Add(24 * time.Hour).Unix()
	}
	return it
}

// endpointCount is the profile attribute counting a user's endpoints (createLimited).
const endpointCount = "endpointCount"

// CreateEndpoint stores a new endpoint if the owner has room, counted and written as one (see
// createLimited), and, when a key creates it, with a check in the same transaction that the key is
// not revoked: a revocation that lands first refuses the endpoint, and one that lands after it
// finds and deletes it.
func (r *WebhookRepo) CreateEndpoint(ctx context.Context, e webhook.Endpoint, maxEndpoints int, now time.Time) error {
	put, err := r.db.putNew(toEndpointItem(e))
	if err != nil {
		return err
	}
	items := []types.TransactWriteItem{put}
	if e.CreatedByKey != "" {
		check, err := r.keyStands(ctx, e.OwnerID, e.CreatedByKey)
		if err != nil {
			return err
		}
		items = append(items, check)
	}
	held := func(ctx context.Context) (int, error) {
		es, err := r.Endpoints(ctx, e.OwnerID)
		active := 0
		for _, x := range es {
			if x.Active(now) {
				active++
			}
		}
		return active, err
	}
	l := limit{counter: endpointCount, max: maxEndpoints, held: held,
		reached: &fault.Error{Kind: fault.Conflict, Code: "limit_reached",
			Detail: fmt.Sprintf("A user has at most %d webhook endpoints: delete one first.", maxEndpoints)}}
	return r.db.createLimited(ctx, e.OwnerID, l, fault.New(fault.Unauthorized, "The API key was revoked."), items)
}

// RotateEndpointSecret sets an endpoint's secrets with one UpdateItem, on condition that the item
// exists with the secret read: a rotation racing a deletion never writes the endpoint back, and of
// racing rotations one lands. A failed condition reads the item as it was to tell the two apart.
func (r *WebhookRepo) RotateEndpointSecret(ctx context.Context, e webhook.Endpoint, was string) error {
	values := map[string]types.AttributeValue{":s": str(e.SealedSecret), ":was": str(was)}
	update := "SET sealedSecret = :s REMOVE previousSealedSecret, previousUntil"
	if e.PreviousSealedSecret != "" && e.PreviousUntil != nil {
		until, err := attributevalue.Marshal(e.PreviousUntil.UTC())
		if err != nil {
			return err
		}
		values[":p"], values[":u"] = str(e.PreviousSealedSecret), until
		update = "SET sealedSecret = :s, previousSealedSecret = :p, previousUntil = :u"
	}
	_, err := r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:                                 key(userPK(e.OwnerID), "WEBHOOK#"+e.ID),
		UpdateExpression:                    aws.String(update),
		ConditionExpression:                 aws.String("attribute_exists(pk) AND sealedSecret = :was"),
		ExpressionAttributeValues:           values,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	switch {
	case errors.As(err, &ccf) && len(ccf.Item) == 0:
		return fault.New(fault.NotFound, "No such webhook endpoint.")
	case errors.As(err, &ccf):
		return fault.New(fault.Conflict, "The endpoint's secret was rotated meanwhile.")
	case err != nil:
		return fmt.Errorf("dynamo: rotate endpoint secret: %w", err)
	}
	return nil
}

// Endpoint reads one of a user's endpoints.
func (r *WebhookRepo) Endpoint(ctx context.Context, ownerID, id string) (webhook.Endpoint, error) {
	var it endpointItem
	if err := r.db.get(ctx, userPK(ownerID), "WEBHOOK#"+id, &it, "webhook endpoint"); err != nil {
		return webhook.Endpoint{}, err
	}
	return it.endpoint(), nil
}

// Endpoints lists a user's endpoints.
func (r *WebhookRepo) Endpoints(ctx context.Context, ownerID string) ([]webhook.Endpoint, error) {
	out, err := r.db.API.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(r.db.Table),
		KeyConditionExpression: aws.String("pk = :p AND begins_with(sk, :w)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":p": &types.AttributeValueMemberS{Value: userPK(ownerID)},
			":w": &types.AttributeValueMemberS{Value: "WEBHOOK#"},
		}})
	if err != nil {
		return nil, fmt.Errorf("dynamo: list endpoints: %w", err)
	}
	var items []endpointItem
	if err := attributevalue.UnmarshalListOfMaps(out.Items, &items); err != nil {
		return nil, err
	}
	es := make([]webhook.Endpoint, 0, len(items))
	for _, it := range items {
		es = append(es, it.endpoint())
	}
	return es, nil
}

// DeleteEndpoint removes one of a user's endpoints.
func (r *WebhookRepo) DeleteEndpoint(ctx context.Context, ownerID, id string) error {
	_, err := r.db.API.DeleteItem(
		ctx,
		&dynamodb.DeleteItemInput{TableName: aws.String(r.db.Table), Key: key(userPK(ownerID), "WEBHOOK#"+id),
			ConditionExpression: aws.String("attribute_exists(pk)")},
	)
	if isConditionFailed(err) {
		return fault.New(fault.NotFound, "No such webhook endpoint.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: delete endpoint: %w", err)
	}
	r.db.uncount(ctx, ownerID, endpointCount)
	return nil
}

// DeleteEndpointsOfKey removes the endpoints of an owner that one API key created.
func (r *WebhookRepo) DeleteEndpointsOfKey(ctx context.Context, ownerID, keyID string) error {
	es, err := r.Endpoints(ctx, ownerID)
	if err != nil {
		return err
	}
	for _, e := range es {
		if e.CreatedByKey != keyID {
			continue
		}
		if err := r.DeleteEndpoint(ctx, ownerID, e.ID); err != nil && !fault.Is(err, fault.NotFound) {
			return err
		}
	}
	return nil
}
