package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/foundation/fault"
)

// HandoffRepo stores mobile handoff sessions (HANDOFF#).
type HandoffRepo struct{ db Store }

var _ handoff.Store = (*HandoffRepo)(nil)

// NewHandoffRepo is the repository of handoff sessions on db's table.
func NewHandoffRepo(db Store) *HandoffRepo { return &HandoffRepo{db: db} }

type handoffItem struct {
	PK         string       `dynamodbav:"pk"`
	SK         string       `dynamodbav:"sk"`
	ID         string       `dynamodbav:"id"`
	Status     string       `dynamodbav:"status"`
	File       *handoffFile `dynamodbav:"file,omitempty"`
	CreatedAt  time.Time    `dynamodbav:"createdAt"`
	ExpiresAt  time.Time    `dynamodbav:"expiresAt"`
	Expiry     int64        `dynamodbav:"expiry"` // ExpiresAt in Unix milliseconds, for conditions
	ConsumedBy string       `dynamodbav:"consumedBy,omitempty"`
	ConsumedAt *time.Time   `dynamodbav:"consumedAt,omitempty"`
	TTL        int64        `dynamodbav:"ttl"`
	OwnerID    string       `dynamodbav:"ownerId,omitempty"`
	TokenHash  string       `dynamodbav:"consumeTokenHash,omitempty"` // SHA-256 only: the token is never stored
	// Attempts maps each presigned upload to the name announced for it; AttemptCount bounds it.
	Attempts     map[string]string `dynamodbav:"attempts"`
	AttemptCount int               `dynamodbav:"attemptCount"`
}

type handoffFile struct {
	Key        string    `dynamodbav:"key"`
	Name       string    `dynamodbav:"name,omitempty"`
	MIME       string    `dynamodbav:"mime,omitempty"`
	Size       int64     `dynamodbav:"size,omitempty"`
	UploadedAt time.Time `dynamodbav:"uploadedAt,omitempty"`
}

func handoffPK(id string) string { return "HANDOFF#" + id }

// PutSession stores a new session, kept a day past its expiry.
func (r *HandoffRepo) PutSession(ctx context.Context, h handoff.Session) error {
	return r.db.putOnce(
		ctx,
		handoffItem{PK: handoffPK(h.ID), SK: "HANDOFF", ID: h.ID, Status: string(h.Status), CreatedAt: h.CreatedAt,
			ExpiresAt: h.ExpiresAt, Expiry: h.ExpiresAt.UnixMilli(), TTL: h.ExpiresAt.Add(24 * time.Hour).Unix(),
			OwnerID: h.OwnerID, TokenHash: h.TokenHash, Attempts: h.Attempts, AttemptCount: len(h.Attempts)},
		"handoff session",
	)
}

// Session reads one session.
func (r *HandoffRepo) Session(ctx context.Context, id string) (handoff.Session, error) {
	var it handoffItem
	if err := r.db.get(ctx, handoffPK(id), "HANDOFF", &it, "handoff session"); err != nil {
		return handoff.Session{}, err
	}
	return it.session(), nil
}

func (it handoffItem) session() handoff.Session {
	h := handoff.Session{
		ID:         it.ID,
		Status:     handoff.Status(it.Status),
		CreatedAt:  it.CreatedAt,
		ExpiresAt:  it.ExpiresAt,
		ConsumedBy: it.ConsumedBy,
		ConsumedAt: it.ConsumedAt,
		OwnerID:    it.OwnerID,
		TokenHash:  it.TokenHash,
		Attempts:   it.Attempts,
	}
	if it.File != nil {
		h.File = &handoff.File{
			Key:        it.File.Key,
			Name:       it.File.Name,
			MIME:       it.File.MIME,
			Size:       it.File.Size,
			UploadedAt: it.File.UploadedAt,
		}
	}
	return h
}

// MarkUploading moves a created or uploading, unexpired session to uploading and records one more
// upload attempt, while it has fewer than maxAttempts.
func (r *HandoffRepo) MarkUploading(
	ctx context.Context,
	id, attempt, name string,
	maxAttempts int,
	now time.Time,
) error {
	return r.handoffUpdate(ctx, &dynamodb.UpdateItemInput{Key: key(handoffPK(id), "HANDOFF"),
		UpdateExpression: aws.String("SET #s = :uploading, attempts.#a = :name ADD attemptCount :one"),
		ConditionExpression: aws.String(
			"(#s = :created OR #s = :uploading) AND expiry > :now AND attemptCount < :max",
		),
		ExpressionAttributeNames: map[string]string{"#s": "status", "#a": attempt},
		ExpressionAttributeValues: map[string]types.AttributeValue{":uploading": str(string(handoff.StatusUploading)),
			":created": str(
				string(handoff.StatusCreated),
			), ":name": str(name), ":one": num(1), ":max": num(int64(maxAttempts)),
			":now": num(now.UnixMilli())}})
}

// MarkReady records the file of a created or uploading, unexpired session.
func (r *HandoffRepo) MarkReady(ctx context.Context, id string, f handoff.File, now time.Time) error {
	file, err := attributevalue.Marshal(
		handoffFile{Key: f.Key, Name: f.Name, MIME: f.MIME, Size: f.Size, UploadedAt: f.UploadedAt},
	)
	if err != nil {
		return err
	}
	return r.handoffUpdate(ctx, &dynamodb.UpdateItemInput{Key: key(handoffPK(id), "HANDOFF"),
		UpdateExpression:         aws.String("SET #s = :ready, #f = :file"),
		ConditionExpression:      aws.String("(#s = :created OR #s = :uploading) AND expiry > :now"),
		ExpressionAttributeNames: map[string]string{"#s": "status", "#f": "file"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":ready": str(string(handoff.StatusReady)),
			":file":  file,
			":created": str(
				string(handoff.StatusCreated),
			),
			":uploading": str(string(handoff.StatusUploading)),
			":now":       num(now.UnixMilli()),
		}})
}

// Consume moves a ready, unexpired session to consumed, once.
func (r *HandoffRepo) Consume(ctx context.Context, id, owner string, now time.Time) (handoff.Session, error) {
	at, _ := attributevalue.Marshal(now)
	var it handoffItem
	err := r.db.updateNew(ctx, &dynamodb.UpdateItemInput{Key: key(handoffPK(id), "HANDOFF"),
		UpdateExpression:         aws.String("SET #s = :consumed, consumedBy = :owner, consumedAt = :at"),
		ConditionExpression:      aws.String("#s = :ready AND expiry > :now"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":consumed": str(string(handoff.StatusConsumed)),
			":owner":    str(owner),
			":at":       at,
			":ready":    str(string(handoff.StatusReady)),
			":now":      num(now.UnixMilli()),
		}},
		fault.New(fault.Conflict, "The handoff session is not ready to consume."), "consume handoff", &it)
	if err != nil {
		return handoff.Session{}, err
	}
	return it.session(), nil
}

func (r *HandoffRepo) handoffUpdate(ctx context.Context, in *dynamodb.UpdateItemInput) error {
	in.TableName = aws.String(r.db.Table)
	_, err := r.db.API.UpdateItem(ctx, in)
	if isConditionFailed(err) {
		return fault.New(fault.Conflict, "The handoff session cannot take a file now.")
	}
	if err != nil {
		return fmt.Errorf("dynamo: handoff: %w", err)
	}
	return nil
}
