package dynamo

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/verification"
)

// ReuseRepo is the verifications' reuse index: per account and document, the first
// verification and its holder, by keyed hashes, with the holder's face embedding when the
// verification had a selfie (512 bytes: 128 float32, little-endian).
type ReuseRepo struct{ db Store }

var _ verification.ReuseIndex = (*ReuseRepo)(nil)

// NewReuseRepo is the reuse index on db's table.
func NewReuseRepo(db Store) *ReuseRepo { return &ReuseRepo{db: db} }

type reuseItem struct {
	PK             string `dynamodbav:"pk"`
	SK             string `dynamodbav:"sk"`
	VerificationID string `dynamodbav:"verificationId"`
	Holder         string `dynamodbav:"holder"`
	Face           []byte `dynamodbav:"face,omitempty"`
	TTL            int64  `dynamodbav:"ttl,omitempty"`
}

func reusePK(ownerID, key string) string { return "REUSE#" + ownerID + "#" + key }

// First implements verification.ReuseIndex.
func (r *ReuseRepo) First(ctx context.Context, ownerID, doc string) (string, verification.Holder, bool, error) {
	out, err := r.db.API.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(r.db.Table),
		Key: key(reusePK(ownerID, doc), "REUSE"), ConsistentRead: aws.Bool(true)})
	if err != nil || out.Item == nil {
		return "", verification.Holder{}, false, err
	}
	var it reuseItem
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return "", verification.Holder{}, false, err
	}
	h := verification.Holder{Key: it.Holder}
	if n := len(it.Face) / 4; n > 0 {
		h.Face = make([]float32, n)
		for i := range n {
			h.Face[i] = math.Float32frombits(binary.LittleEndian.Uint32(it.Face[4*i:]))
		}
	}
	return it.VerificationID, h, true, nil
}

// Remember implements verification.ReuseIndex: a put on condition that the document is not
// there yet, whose refusal is no error.
func (r *ReuseRepo) Remember(
	ctx context.Context, ownerID, doc, verificationID string, holder verification.Holder, until time.Time,
) error {
	var face []byte
	for _, v := range holder.Face {
		face = binary.LittleEndian.AppendUint32(face, math.Float32bits(v))
	}
	item, err := attributevalue.MarshalMap(reuseItem{PK: reusePK(ownerID, doc), SK: "REUSE",
		VerificationID: verificationID, Holder: holder.Key, Face: face, TTL: ttlOf(until)})
	if err != nil {
		return err
	}
	_, err = r.db.API.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(r.db.Table), Item: item,
		ConditionExpression: aws.String("attribute_not_exists(pk)")})
	var refused *types.ConditionalCheckFailedException
	if errors.As(err, &refused) {
		return nil
	}
	return err
}
