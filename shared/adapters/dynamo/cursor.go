package dynamo

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/foundation/fault"
)

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

// decodeCursor is the key an opaque cursor stands for; Invalid when it is not one encodeCursor made.
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

// newestFirst reads one page, newest first, of the items of partition pk whose sort keys begin
// with prefix (a user's ledger, a partner's webhook changes): limit items (1 to 100), from a cursor
// an earlier page of the same partition gave; next is "" after the last page. what names the list
// in errors.
func newestFirst[T any](
	ctx context.Context, db Store, pk, prefix string, limit int, cursor, what string,
) (items []T, next string, err error) {
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(db.Table),
		ScanIndexForward:          aws.Bool(false),
		Limit:                     aws.Int32(int32(min(max(limit, 1), 100))),
		KeyConditionExpression:    aws.String("pk = :p AND begins_with(sk, :s)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": str(pk), ":s": str(prefix)},
	}
	if cursor != "" {
		start, err := ownedCursor(cursor, tableCursor, "pk", pk)
		if err != nil {
			return nil, "", err
		}
		in.ExclusiveStartKey = start
	}
	page, err := db.API.Query(ctx, in)
	if err != nil {
		return nil, "", fmt.Errorf("dynamo: %s: %w", what, err)
	}
	if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
		return nil, "", err
	}
	if page.LastEvaluatedKey != nil {
		next = encodeCursor(page.LastEvaluatedKey)
	}
	return items, next, nil
}
