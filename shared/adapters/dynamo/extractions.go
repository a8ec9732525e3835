package dynamo

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// ExtractionRepo stores extractions (EXTRACTION#, with their due index) and batches (BATCH#);
// creating an extraction, and finishing one with a refund, writes the owner's credits and their
// ledger entry in the same transaction.
type ExtractionRepo struct{ db Store }

var (
	_ extraction.Store    = (*ExtractionRepo)(nil)
	_ extraction.Listings = (*ExtractionRepo)(nil)
)

// NewExtractionRepo is the repository of extractions on db's table.
func NewExtractionRepo(db Store) *ExtractionRepo { return &ExtractionRepo{db: db} }

type extractionItem struct {
	PK           string `dynamodbav:"pk"`
	SK           string `dynamodbav:"sk"`
	GSI1PK       string `dynamodbav:"gsi1pk,omitempty"` // BATCH#id for a batch's documents
	GSI1SK       string `dynamodbav:"gsi1sk,omitempty"`
	GSI2PK       string `dynamodbav:"gsi2pk,omitempty"` // unfinished: in the sweep's due index
	GSI2SK       string `dynamodbav:"gsi2sk,omitempty"`
	GSI3PK       string `dynamodbav:"gsi3pk,omitempty"` // the owner's list of this mode
	GSI3SK       string `dynamodbav:"gsi3sk,omitempty"`
	GSI4PK       string `dynamodbav:"gsi4pk,omitempty"` // the owner's list of this mode and status
	GSI4SK       string `dynamodbav:"gsi4sk,omitempty"`
	GSI5PK       string `dynamodbav:"gsi5pk,omitempty"` // the owner's list of this mode and document type
	GSI5SK       string `dynamodbav:"gsi5sk,omitempty"`
	ID           string `dynamodbav:"id"`
	OwnerID      string `dynamodbav:"ownerId"`
	Live         bool   `dynamodbav:"live"`
	BatchID      string `dynamodbav:"batchId,omitempty"`
	ReferenceID  string `dynamodbav:"referenceId,omitempty"`
	DocumentType string `dynamodbav:"documentType"`
	Status       string `dynamodbav:"status"`
	ObjectKey    string `dynamodbav:"objectKey"`
	MIME         string `dynamodbav:"mime"`
	Size         int64  `dynamodbav:"size"`
	Result       string `dynamodbav:"result,omitempty"` // JSON of extraction.Result
	// Verification is a verification's request (JSON of extraction.VerificationRequest), Decision
	// its verdict's decision once finished (a list's filter).
	Verification string       `dynamodbav:"verification,omitempty"`
	Decision     string       `dynamodbav:"decision,omitempty"`
	CreditsUsed  int          `dynamodbav:"creditsUsed"`
	Error        *failureItem `dynamodbav:"error,omitempty"`
	Attempts     int          `dynamodbav:"attempts"`
	Releases     int          `dynamodbav:"releases,omitempty"`
	LeaseUntil   int64        `dynamodbav:"leaseUntil,omitempty"`
	CreatedAt    time.Time    `dynamodbav:"createdAt"`
	UpdatedAt    time.Time    `dynamodbav:"updatedAt"`
	CompletedAt  *time.Time   `dynamodbav:"completedAt,omitempty"`
	ExpiresAt    time.Time    `dynamodbav:"expiresAt,omitempty"`
	TTL          int64        `dynamodbav:"ttl,omitempty"` // ExpiresAt: the result is personal data
}

// failureItem is why an extraction failed. Its attribute names are Go field names: it was once
// marshalled from the domain's struct.
type failureItem struct {
	Code    string `dynamodbav:"Code"`
	Message string `dynamodbav:"Message"`
}

func toFailureItem(f *extraction.Failure) *failureItem {
	if f == nil {
		return nil
	}
	return &failureItem{Code: f.Code, Message: f.Message}
}

const extractionDuePK = "EXTRACTION_DUE"

func extractionPK(id string) string { return "EXTRACTION#" + id }

// modeName names a mode in list keys.
func modeName(live bool) string {
	if live {
		return "live"
	}
	return "test"
}

// extractionsPK is the partition of an owner's extractions of one mode (gsi3); the lists by status
// (gsi4) and by document type (gsi5) extend it.
func extractionsPK(ownerID string, live, verifications bool) string {
	if verifications {
		// A verification's record is an extraction's, listed apart.
		return "VERIFICATIONS#" + ownerID + "#" + modeName(live)
	}
	return "EXTRACTIONS#" + ownerID + "#" + modeName(live)
}

// extractionStatusPK is the partition of an owner's extractions of one mode in one state: queued
// and processing share "pending", so that a claim (which knows only the id) moves no key; the list
// of either one reads the owner's unfinished extractions alone.
func extractionStatusPK(ownerID string, live, verifications bool, s extraction.Status) string {
	if !s.Done() {
		s = "pending"
	}
	return extractionsPK(ownerID, live, verifications) + "#STATUS#" + string(s)
}

func extractionTypePK(ownerID string, live bool, documentType string) string {
	return extractionsPK(ownerID, live, false) + "#TYPE#" + documentType
}

func newExtractionItem(e extraction.Extraction, index int) (extractionItem, error) {
	it := extractionItem{
		PK:           extractionPK(e.ID),
		SK:           "EXTRACTION",
		GSI2PK:       dueShard(extractionDuePK, e.ID),
		GSI2SK:       dueKey(e.SweepAt, e.ID),
		ID:           e.ID,
		OwnerID:      e.OwnerID,
		Live:         e.Live,
		BatchID:      e.BatchID,
		ReferenceID:  e.ReferenceID,
		DocumentType: e.DocumentType,
		Status:       string(e.Status),
		ObjectKey:    e.Object.Key,
		MIME:         e.Object.MIME,
		Size:         e.Object.Size,
		CreditsUsed:  e.CreditsUsed,
		Error:        toFailureItem(e.Error),
		Attempts:     e.Attempts,
		Releases:     e.Releases,
		CreatedAt:    e.CreatedAt,
		UpdatedAt:    e.UpdatedAt,
		CompletedAt:  e.CompletedAt,
		ExpiresAt:    e.ExpiresAt,
		TTL:          ttlOf(e.ExpiresAt),
	}
	if e.BatchID != "" {
		it.GSI1PK, it.GSI1SK = batchPK(e.BatchID), fmt.Sprintf("%04d", index)
	}
	at := listKey(e.CreatedAt, e.ID)
	verifying := e.Verification != nil
	it.GSI3PK, it.GSI3SK = extractionsPK(e.OwnerID, e.Live, verifying), at
	it.GSI4PK, it.GSI4SK = extractionStatusPK(e.OwnerID, e.Live, verifying, e.Status), at
	if verifying {
		b, err := json.Marshal(e.Verification)
		if err != nil {
			return it, err
		}
		it.Verification = string(b)
	} else {
		it.GSI5PK, it.GSI5SK = extractionTypePK(e.OwnerID, e.Live, e.DocumentType), at
	}
	if e.Result != nil {
		b, err := json.Marshal(e.Result)
		if err != nil {
			return it, err
		}
		it.Result = string(b)
	}
	return it, nil
}

func (it extractionItem) extraction() (extraction.Extraction, error) {
	e := extraction.Extraction{
		ID:           it.ID,
		OwnerID:      it.OwnerID,
		Live:         it.Live,
		BatchID:      it.BatchID,
		ReferenceID:  it.ReferenceID,
		DocumentType: it.DocumentType,
		Status:       extraction.Status(it.Status),
		Object:       extraction.Object{Key: it.ObjectKey, MIME: it.MIME, Size: it.Size},
		CreditsUsed:  it.CreditsUsed,
		Attempts:     it.Attempts,
		Releases:     it.Releases,
		CreatedAt:    it.CreatedAt,
		UpdatedAt:    it.UpdatedAt,
		CompletedAt:  it.CompletedAt,
		ExpiresAt:    it.ExpiresAt,
	}
	if it.Error != nil {
		e.Error = &extraction.Failure{Code: it.Error.Code, Message: it.Error.Message}
	}
	if it.Verification != "" {
		e.Verification = &extraction.VerificationRequest{}
		if err := json.Unmarshal([]byte(it.Verification), e.Verification); err != nil {
			return e, fmt.Errorf("dynamo: decode verification: %w", err)
		}
	}
	if it.Result != "" {
		e.Result = &extraction.Result{}
		if err := json.Unmarshal([]byte(it.Result), e.Result); err != nil {
			return e, fmt.Errorf("dynamo: decode extraction result: %w", err)
		}
	}
	return e, nil
}

// CreateExtractions stores a batch and its extractions and makes the charge, in one transaction,
// on condition that none of them exists: a second run of a submission (its ids are its
// idempotency key's) charges nothing and is a Conflict.
func (r *ExtractionRepo) CreateExtractions(
	ctx context.Context,
	charge credits.Movement,
	b *extraction.Batch,
	items []extraction.Extraction,
) error {
	var writes []types.TransactWriteItem
	var reasons []*fault.Error
	if charge.Amount != 0 {
		move, err := r.db.move(charge)
		if err != nil {
			return err
		}
		writes = append(writes, move...)
		for range move {
			reasons = append(reasons, charge.Refusal())
		}
	}
	exists := fault.New(fault.Conflict, "The extraction exists already.")
	if b != nil {
		put, err := r.db.putNew(batchItem{PK: batchPK(b.ID), SK: "BATCH",
			GSI1PK: batchesPK(
				b.OwnerID,
				b.Live,
			), GSI1SK: listKey(b.CreatedAt, b.ID), ID: b.ID, OwnerID: b.OwnerID, Live: b.Live, Total: b.Total,
			CreatedAt: b.CreatedAt, ExpiresAt: b.ExpiresAt, TTL: ttlOf(b.ExpiresAt), Counted: b.Counted})
		if err != nil {
			return err
		}
		writes, reasons = append(writes, put), append(reasons, exists)
	}
	for i, e := range items {
		it, err := newExtractionItem(e, i)
		if err != nil {
			return err
		}
		put, err := r.db.putNew(it)
		if err != nil {
			return err
		}
		writes, reasons = append(writes, put), append(reasons, exists)
	}
	return r.db.transactEach(ctx, writes, reasons)
}

// Extraction reads one extraction.
func (r *ExtractionRepo) Extraction(ctx context.Context, id string) (extraction.Extraction, error) {
	var it extractionItem
	if err := r.db.get(ctx, extractionPK(id), "EXTRACTION", &it, "extraction"); err != nil {
		return extraction.Extraction{}, err
	}
	return it.extraction()
}

// ClaimExtraction leases a queued extraction, or a processing one whose lease ended.
func (r *ExtractionRepo) ClaimExtraction(
	ctx context.Context,
	id string,
	until, now time.Time,
) (extraction.Extraction, error) {
	at, _ := attributevalue.Marshal(now)
	var it extractionItem
	err := r.db.updateNew(ctx, &dynamodb.UpdateItemInput{Key: key(extractionPK(id), "EXTRACTION"),
		UpdateExpression: aws.String(
			"SET #s = :processing, leaseUntil = :until, updatedAt = :at, gsi2pk = :shard, gsi2sk = :due ADD attempts :one",
		),
		ConditionExpression:      aws.String("#s = :queued OR (#s = :processing AND leaseUntil < :now)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":processing": str(string(extraction.StatusProcessing)),
			":queued": str(
				string(extraction.StatusQueued),
			),
			":until": num(until.UnixMilli()),
			":now":   num(now.UnixMilli()),
			":at":    at,
			":shard": str(dueShard(extractionDuePK, id)),
			":due":   str(dueKey(until, id)),
			":one":   num(1),
		}},
		fault.New(fault.Conflict, "The extraction is finished or held by another worker."), "claim extraction", &it)
	if err != nil {
		return extraction.Extraction{}, err
	}
	if it.BatchID != "" {
		r.startBatch(ctx, it.BatchID, now)
	}
	return it.extraction()
}

// ReleaseExtraction ends a processing extraction's lease after a temporary error, counting the
// release.
func (r *ExtractionRepo) ReleaseExtraction(ctx context.Context, id string, now time.Time) error {
	var it extractionItem
	return r.db.updateNew(ctx, &dynamodb.UpdateItemInput{Key: key(extractionPK(id), "EXTRACTION"),
		UpdateExpression:         aws.String("SET leaseUntil = :now ADD releases :one"),
		ConditionExpression:      aws.String("#s = :processing"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":processing": str(string(extraction.StatusProcessing)),
			":now":        num(now.UnixMilli()),
			":one":        num(1),
		}},
		fault.New(fault.Conflict, "The extraction is no longer processing."), "release extraction", &it)
}

// FinishExtraction records a processing extraction's outcome, its refund and the deliveries of its
// event, in one transaction.
func (r *ExtractionRepo) FinishExtraction(
	ctx context.Context,
	e extraction.Extraction,
	refund credits.Movement,
	events []webhook.Delivery,
) error {
	values := map[string]types.AttributeValue{
		":to":         str(string(e.Status)),
		":processing": str(string(extraction.StatusProcessing)),
		":credits":    num(int64(e.CreditsUsed)),
		":list":       str(extractionStatusPK(e.OwnerID, e.Live, e.Verification != nil, e.Status)),
	}
	values[":at"], _ = attributevalue.Marshal(e.UpdatedAt)
	values[":done"], _ = attributevalue.Marshal(e.CompletedAt)
	// The list by status moves with the status (an item written before the lists has no gsi4sk,
	// so stays out of the index).
	set := "SET #s = :to, updatedAt = :at, completedAt = :done, creditsUsed = :credits, gsi4pk = :list"
	if e.Result != nil && e.Result.Verdict != nil {
		set += ", decision = :decision"
		values[":decision"] = str(e.Result.Verdict.Decision)
	}
	if e.Result != nil {
		b, err := json.Marshal(e.Result)
		if err != nil {
			return err
		}
		values[":r"], set = str(string(b)), set+", #r = :r"
	}
	if e.Error != nil {
		values[":e"], _ = attributevalue.Marshal(toFailureItem(e.Error))
		set += ", #e = :e"
	}
	names := map[string]string{"#s": "status"}
	if e.Result != nil {
		names["#r"] = "result"
	}
	if e.Error != nil {
		names["#e"] = "error"
	}
	writes := []types.TransactWriteItem{
		{Update: &types.Update{TableName: aws.String(r.db.Table), Key: key(extractionPK(e.ID), "EXTRACTION"),
			UpdateExpression: aws.String(
				set + " REMOVE gsi2pk, gsi2sk, leaseUntil",
			), ConditionExpression: aws.String("#s = :processing"),
			ExpressionAttributeNames: names, ExpressionAttributeValues: values}},
	}
	if refund.Amount != 0 {
		move, err := r.db.move(refund)
		if err != nil {
			return err
		}
		writes = append(writes, move...)
	}
	if e.BatchID != "" {
		writes = append(writes, r.countInBatch(e))
	}
	for _, d := range events {
		put, err := newDeliveryPut(r.db.Table, d)
		if err != nil {
			return err
		}
		writes = append(writes, put)
	}
	return r.db.transact(ctx, writes, fault.New(fault.Conflict, "The extraction is no longer processing."))
}

// DueExtractions lists unfinished extractions due for the sweep.
func (r *ExtractionRepo) DueExtractions(
	ctx context.Context,
	before time.Time,
	limit int,
) ([]extraction.Extraction, error) {
	var its []extractionItem
	if err := r.db.due(ctx, extractionDuePK, before, limit, &its); err != nil {
		return nil, err
	}
	items := make([]extraction.Extraction, 0, len(its))
	for _, it := range its {
		e, err := it.extraction()
		if err != nil {
			return nil, err
		}
		items = append(items, e)
	}
	return items, nil
}

// PostponeExtraction moves an unfinished extraction's next sweep.
func (r *ExtractionRepo) PostponeExtraction(ctx context.Context, id string, at time.Time) error {
	_, err := r.db.API.UpdateItem(
		ctx,
		&dynamodb.UpdateItemInput{TableName: aws.String(r.db.Table), Key: key(extractionPK(id), "EXTRACTION"),
			UpdateExpression: aws.String(
				"SET gsi2pk = :shard, gsi2sk = :due",
			), ConditionExpression: aws.String("attribute_exists(gsi2pk)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":shard": str(dueShard(extractionDuePK, id)),
				":due":   str(dueKey(at, id)),
			}},
	)
	if err != nil && !isConditionFailed(err) {
		return fmt.Errorf("dynamo: postpone extraction: %w", err)
	}
	return nil
}

// Extractions is a page of an owner's extractions of one mode, newest first: one Query on the key
// the filter needs. A batch's documents (gsi1, at most extraction.MaxBatch) are read whole-batch
// bounded, with the other filters applied to those items; a status (gsi4) or a document type
// (gsi5) each has a key; with both, the status's key is read and the type applied to its page
// (the page may then hold fewer than Limit items). Creation dates bound the sort key.
func (r *ExtractionRepo) Extractions(
	ctx context.Context,
	ownerID string,
	f extraction.Filter,
) (extraction.Page[extraction.Extraction], error) {
	l := listing{
		index:  "gsi3",
		pk:     extractionsPK(ownerID, f.Live, f.Verifications),
		after:  f.CreatedAfter,
		before: f.CreatedBefore,
		limit:  f.Limit,
		cursor: f.Cursor,
		names:  map[string]string{},
		values: map[string]types.AttributeValue{},
	}
	var filters []string
	match := func(attr, value string) {
		l.names["#"+attr], l.values[":"+attr] = attr, str(value)
		filters = append(filters, "#"+attr+" = :"+attr)
	}
	switch {
	case f.BatchID != "":
		l.index, l.pk, l.after, l.before = "gsi1", batchPK(f.BatchID), time.Time{}, time.Time{}
		if f.Status != "" {
			match("status", string(f.Status))
		}
		if f.DocumentType != "" {
			match("documentType", f.DocumentType)
		}
		if !f.CreatedAfter.IsZero() {
			l.values[":after"], _ = attributevalue.Marshal(f.CreatedAfter)
			filters = append(filters, "createdAt >= :after")
		}
		if !f.CreatedBefore.IsZero() {
			l.values[":before"], _ = attributevalue.Marshal(f.CreatedBefore)
			filters = append(filters, "createdAt < :before")
		}
	case f.Status != "":
		l.index, l.pk = "gsi4", extractionStatusPK(ownerID, f.Live, f.Verifications, f.Status)
		if !f.Status.Done() && !f.Verifications {
			match("status", string(f.Status))
		}
		if f.DocumentType != "" {
			match("documentType", f.DocumentType)
		}
	case f.DocumentType != "" && !f.Verifications:
		l.index, l.pk = "gsi5", extractionTypePK(ownerID, f.Live, f.DocumentType)
	}
	if f.Decision != "" {
		match("decision", f.Decision)
	}
	if len(filters) > 0 {
		l.filter = joinAnd(filters)
	} else {
		l.names = nil
	}
	items, next, err := r.db.page(ctx, l)
	if err != nil {
		return extraction.Page[extraction.Extraction]{}, err
	}
	var its []extractionItem
	if err := attributevalue.UnmarshalListOfMaps(items, &its); err != nil {
		return extraction.Page[extraction.Extraction]{}, err
	}
	p := extraction.Page[extraction.Extraction]{Items: make([]extraction.Extraction, 0, len(its)), Next: next}
	for _, it := range its {
		e, err := it.extraction()
		if err != nil {
			return p, err
		}
		p.Items = append(p.Items, e)
	}
	return p, nil
}
