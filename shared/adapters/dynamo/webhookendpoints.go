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

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// endpointItem is a user's identity webhook endpoint (USER#<userId>, WEBHOOK#<endpointId>), which
// WebhookRepo stores beside the partners' webhooks (webhookconfig.go).
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
