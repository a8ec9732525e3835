package dynamo

import (
	"encoding/base64"
	"encoding/json"

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
