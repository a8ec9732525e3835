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

// PartnerRepo stores partner accounts (PARTNER#, PROFILE).
type PartnerRepo struct{ db Store }

var _ accounts.Partners = (*PartnerRepo)(nil)

// NewPartnerRepo is the repository of partners on db's table.
func NewPartnerRepo(db Store) *PartnerRepo { return &PartnerRepo{db: db} }

// partnersPK is the one partition (on gsi1) of the administrators' list of partners. Every partner
// is under it, unsharded, unlike the lists across tenants that tenants' traffic writes: partners
// are few (a business agreement each), created by administrators only, and their items are never
// written by partners' traffic (a partner's requests write CONTRACT#, DELIVERY#, RATE# keys), so
// the partition takes a write or two per partner ever (its creation, an operator setting its
// contact) and an administrator's occasional read.
const partnersPK = "PARTNERS"

func partnerPK(id string) string { return "PARTNER#" + id }

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
