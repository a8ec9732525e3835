package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/extraction"
)

// batchItem is a batch's record, which ExtractionRepo (extractions.go) stores with its extractions
// (BATCH#), listed by owner and mode on gsi1, with the counts its extractions move as they are
// claimed and finish.
type batchItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	GSI1PK    string    `dynamodbav:"gsi1pk,omitempty"` // the owner's batches of this mode
	GSI1SK    string    `dynamodbav:"gsi1sk,omitempty"`
	ID        string    `dynamodbav:"id"`
	OwnerID   string    `dynamodbav:"ownerId"`
	Live      bool      `dynamodbav:"live"`
	Total     int       `dynamodbav:"total"`
	CreatedAt time.Time `dynamodbav:"createdAt"`
	ExpiresAt time.Time `dynamodbav:"expiresAt,omitempty"`
	TTL       int64     `dynamodbav:"ttl,omitempty"`
	// The counts a list shows, moved as its extractions are claimed and finish (absent on a
	// batch stored before they were kept: counted is false, and the list derives them).
	Counted   bool       `dynamodbav:"counted,omitempty"`
	Completed int        `dynamodbav:"completed,omitempty"`
	Failed    int        `dynamodbav:"failed,omitempty"`
	StartedAt *time.Time `dynamodbav:"startedAt,omitempty"`
}

func (b batchItem) batch() extraction.Batch {
	return extraction.Batch{ID: b.ID, OwnerID: b.OwnerID, Live: b.Live, Total: b.Total, CreatedAt: b.CreatedAt,
		ExpiresAt: b.ExpiresAt, Counted: b.Counted, Completed: b.Completed, Failed: b.Failed,
		Started: b.StartedAt != nil}
}

func batchPK(id string) string                   { return "BATCH#" + id }
func batchesPK(ownerID string, live bool) string { return "BATCHES#" + ownerID + "#" + modeName(live) }

// Batch reads a batch and its extractions, in submission order.
func (r *ExtractionRepo) Batch(ctx context.Context, id string) (extraction.Batch, []extraction.Extraction, error) {
	var b batchItem
	if err := r.db.get(ctx, batchPK(id), "BATCH", &b, "batch"); err != nil {
		return extraction.Batch{}, nil, err
	}
	batch := b.batch()
	var items []extraction.Extraction
	p := dynamodb.NewQueryPaginator(
		r.db.API,
		&dynamodb.QueryInput{TableName: aws.String(r.db.Table), IndexName: aws.String("gsi1"),
			KeyConditionExpression:    aws.String("gsi1pk = :p"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":p": str(batchPK(id))}},
	)
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return extraction.Batch{}, nil, fmt.Errorf("dynamo: batch extractions: %w", err)
		}
		var its []extractionItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &its); err != nil {
			return extraction.Batch{}, nil, err
		}
		for _, it := range its {
			e, err := it.extraction()
			if err != nil {
				return extraction.Batch{}, nil, err
			}
			items = append(items, e)
		}
	}
	return batch, items, nil
}

// startBatch marks a batch started when a worker claims one of its extractions, for the batch's
// status in a list (processing rather than queued). It is not part of the claim, a single update
// that returns the claimed item, and its failure is not the claim's: the claim stands, the list
// shows queued until the next claim or finish moves it, and a read of the batch, which derives its
// status from its extractions, is right all along. A batch gone (expired) is left gone.
func (r *ExtractionRepo) startBatch(ctx context.Context, batchID string, now time.Time) {
	at, _ := attributevalue.Marshal(now)
	_, _ = r.db.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table),
		Key:                       key(batchPK(batchID), "BATCH"),
		UpdateExpression:          aws.String("SET startedAt = if_not_exists(startedAt, :at)"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":at": at}})
}

// countInBatch moves the batch's count of e's outcome, in the transaction that finishes e, whose
// condition (e still processing) counts each extraction once. It has no condition of its own: a
// batch its TTL deleted first must not fail its last extractions' finish; the few attributes it
// would write then carry the extraction's TTL, and no list reads them (no gsi1 key).
func (r *ExtractionRepo) countInBatch(e extraction.Extraction) types.TransactWriteItem {
	count := "completed"
	if e.Status == extraction.StatusFailed {
		count = "failed"
	}
	values := map[string]types.AttributeValue{":one": num(1)}
	update := "ADD " + count + " :one"
	names := map[string]string(nil)
	if ttl := ttlOf(e.ExpiresAt); ttl != 0 {
		update = "SET #ttl = if_not_exists(#ttl, :ttl) " + update
		names, values[":ttl"] = map[string]string{"#ttl": "ttl"}, num(ttl)
	}
	return types.TransactWriteItem{Update: &types.Update{TableName: aws.String(r.db.Table),
		Key: key(batchPK(e.BatchID), "BATCH"), UpdateExpression: aws.String(update),
		ExpressionAttributeNames: names, ExpressionAttributeValues: values}}
}

// Batches is a page of an owner's batches of one mode, newest first (gsi1).
func (r *ExtractionRepo) Batches(
	ctx context.Context,
	ownerID string,
	live bool,
	limit int,
	cursor string,
) (extraction.Page[extraction.Batch], error) {
	items, next, err := r.db.page(
		ctx,
		listing{index: "gsi1", pk: batchesPK(ownerID, live), limit: limit, cursor: cursor},
	)
	if err != nil {
		return extraction.Page[extraction.Batch]{}, err
	}
	var its []batchItem
	if err := attributevalue.UnmarshalListOfMaps(items, &its); err != nil {
		return extraction.Page[extraction.Batch]{}, err
	}
	p := extraction.Page[extraction.Batch]{Items: make([]extraction.Batch, len(its)), Next: next}
	for i, b := range its {
		p.Items[i] = b.batch()
	}
	return p, nil
}
