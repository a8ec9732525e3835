package dynamo

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/accounts"
)

// LedgerRepo stores users' credits: the balance on the user's item and the ledger entries
// (USER#, LEDGER#) written with each change.
type LedgerRepo struct{ db Store }

var _ accounts.Credits = (*LedgerRepo)(nil)

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

// ledgerEntry is the write that records a balance change; it goes into the same transaction as
// the change, so the balance always equals the sum of the ledger.
func (s Store) ledgerEntry(userID string, amount int, reason, reference string, at time.Time) (types.TransactWriteItem, error) {
	id := "cl_" + strings.ToLower(rand.Text())
	av, err := attributevalue.MarshalMap(ledgerItem{PK: userPK(userID), SK: ledgerPrefix + at.UTC().Format(time.RFC3339Nano) + "#" + id,
		ID: id, Amount: amount, Reason: reason, Reference: reference, At: at.UTC()})
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(s.Table), Item: av}}, nil
}

// credit is the balance change of a user, conditional on the user existing (and, for a debit, on
// the balance covering it).
func (s Store) credit(userID string, amount int) types.TransactWriteItem {
	u := &types.Update{TableName: aws.String(s.Table), Key: key(userPK(userID), profile)}
	if amount < 0 {
		u.UpdateExpression, u.ConditionExpression = aws.String("SET credits = credits - :n"), aws.String("credits >= :n")
		u.ExpressionAttributeValues = map[string]types.AttributeValue{":n": num(int64(-amount))}
	} else {
		u.UpdateExpression, u.ConditionExpression = aws.String("ADD credits :n"), aws.String("attribute_exists(pk)")
		u.ExpressionAttributeValues = map[string]types.AttributeValue{":n": num(int64(amount))}
	}
	return types.TransactWriteItem{Update: u}
}

// Ledger lists a user's credits movements, newest first, with an opaque cursor.
func (r *LedgerRepo) Ledger(ctx context.Context, userID string, limit int, cursor string) ([]accounts.LedgerEntry, string, error) {
	in := &dynamodb.QueryInput{TableName: aws.String(r.db.Table), ScanIndexForward: aws.Bool(false), Limit: aws.Int32(int32(min(max(limit, 1), 100))),
		KeyConditionExpression:    aws.String("pk = :p AND begins_with(sk, :l)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": str(userPK(userID)), ":l": str(ledgerPrefix)}}
	if cursor != "" {
		start, err := ownedCursor(cursor, tableCursor, "pk", userPK(userID))
		if err != nil {
			return nil, "", err
		}
		in.ExclusiveStartKey = start
	}
	page, err := r.db.API.Query(ctx, in)
	if err != nil {
		return nil, "", fmt.Errorf("dynamo: ledger: %w", err)
	}
	var items []ledgerItem
	if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
		return nil, "", err
	}
	out := make([]accounts.LedgerEntry, len(items))
	for i, it := range items {
		out[i] = accounts.LedgerEntry{ID: it.ID, Amount: it.Amount, Reason: it.Reason, Reference: it.Reference, At: it.At}
	}
	next := ""
	if page.LastEvaluatedKey != nil {
		next = encodeCursor(page.LastEvaluatedKey)
	}
	return out, next, nil
}

// Debit takes n credits with their ledger entry, in one transaction; PaymentRequired (code
// insufficient_credits) when the balance is short, and nothing changes.
func (r *LedgerRepo) Debit(ctx context.Context, userID string, n int, reason, reference string) error {
	entry, err := r.db.ledgerEntry(userID, -n, reason, reference, time.Now())
	if err != nil {
		return err
	}
	return r.db.transact(ctx, []types.TransactWriteItem{r.db.credit(userID, -n), entry}, accounts.InsufficientCredits(n))
}
