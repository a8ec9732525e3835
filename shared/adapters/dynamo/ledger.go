package dynamo

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/foundation/fault"
)

// LedgerRepo stores users' credits: the balance on the user's item and the ledger entries
// (USER#, LEDGER#) written with each change.
type LedgerRepo struct{ db Store }

var _ credits.Ledger = (*LedgerRepo)(nil)

// NewLedgerRepo is the repository of credits on db's table.
func NewLedgerRepo(db Store) *LedgerRepo { return &LedgerRepo{db: db} }

// ledgerItem is one credits movement, under its user, sorted by time.
type ledgerItem struct {
	PK        string    `dynamodbav:"pk"`
	SK        string    `dynamodbav:"sk"`
	ID        string    `dynamodbav:"id"`
	Amount    int       `dynamodbav:"amount"`
	Reason    string    `dynamodbav:"reason"`
	Reference string    `dynamodbav:"reference,omitempty"`
	At        time.Time `dynamodbav:"at"`
}

const ledgerPrefix = "LEDGER#"

// move is the write of a movement: the balance change, conditional on the user existing (and, for
// a charge, on the balance covering it), and the ledger entry, for the caller's transaction (its
// refusal is m.Refusal(), and credits.ErrMoved for the entry of a Once movement made before). Every
// change of credits is written by it, so the balance always equals the sum of the ledger. A zero
// m.At is the time of the write. A Once movement's entry is named by its reason, reference and At,
// and written only where it does not exist.
func (s Store) move(m credits.Movement) ([]types.TransactWriteItem, error) {
	at := m.At
	if at.IsZero() {
		at = time.Now()
	}
	id := "cl_" + strings.ToLower(rand.Text())
	if m.Once {
		sum := sha256.Sum256([]byte(m.Reason + "\x00" + m.Reference))
		id = "cl_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:]))[:26]
	}
	av, err := attributevalue.MarshalMap(ledgerItem{PK: userPK(m.UserID), SK: ledgerPrefix + listKey(at, id),
		ID: id, Amount: m.Amount, Reason: m.Reason, Reference: m.Reference, At: at.UTC()})
	if err != nil {
		return nil, err
	}
	u := &types.Update{TableName: aws.String(s.Table), Key: key(userPK(m.UserID), profile)}
	if m.Amount < 0 {
		u.UpdateExpression, u.ConditionExpression = aws.String("SET credits = credits - :n"), aws.String(
			"credits >= :n",
		)
		u.ExpressionAttributeValues = map[string]types.AttributeValue{":n": num(int64(-m.Amount))}
	} else {
		u.UpdateExpression, u.ConditionExpression = aws.String("ADD credits :n"), aws.String("attribute_exists(pk)")
		u.ExpressionAttributeValues = map[string]types.AttributeValue{":n": num(int64(m.Amount))}
	}
	entry := &types.Put{TableName: aws.String(s.Table), Item: av}
	if m.Once {
		entry.ConditionExpression = aws.String("attribute_not_exists(pk)")
	}
	return []types.TransactWriteItem{{Update: u}, {Put: entry}}, nil
}

// Move changes a user's balance with its ledger entry, in one transaction.
func (r *LedgerRepo) Move(ctx context.Context, m credits.Movement) error {
	writes, err := r.db.move(m)
	if err != nil {
		return err
	}
	return r.db.transactEach(ctx, writes, []*fault.Error{m.Refusal(), credits.ErrMoved})
}

// Entries lists a user's credits movements, newest first, with an opaque cursor.
func (r *LedgerRepo) Entries(
	ctx context.Context,
	userID string,
	limit int,
	cursor string,
) ([]credits.Entry, string, error) {
	items, next, err := newestFirst[ledgerItem](ctx, r.db, userPK(userID), ledgerPrefix, limit, cursor, "ledger")
	if err != nil {
		return nil, "", err
	}
	out := make([]credits.Entry, len(items))
	for i, it := range items {
		out[i] = credits.Entry{ID: it.ID, Amount: it.Amount, Reason: it.Reason, Reference: it.Reference, At: it.At}
	}
	return out, next, nil
}
