package dynamo

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/foundation/fault"
)

// listTime is the creation time at the head of a listing's sort key: fixed width (nanoseconds
// always written), so that the strings sort as the times do, within a second too.
const listTime = "2006-01-02T15:04:05.000000000Z"

// listKey is a listing's sort key: creation time, then the id, which breaks ties.
func listKey(t time.Time, id string) string { return t.UTC().Format(listTime) + "#" + id }

// listing is one page of a list: one Query on index for the partition pk, newest first, the sort
// key within the creation bounds; filter, when set, is applied to the items the page reads (and
// only those: the page may then hold fewer than limit items, with a cursor to go on).
type listing struct {
	index         string // gsi1, ...
	pk            string // the partition key value
	after, before time.Time
	filter        string // a FilterExpression on the page's items, or ""
	names         map[string]string
	values        map[string]types.AttributeValue
	limit         int
	cursor        string
}

// indexAttrs are an index's partition and sort key attributes.
func indexAttrs(index string) (string, string) { return index + "pk", index + "sk" }

// keyBounds is the key condition of a listing: its partition, and its sort key from after
// (inclusive) to before (exclusive), either one open when zero.
func keyBounds(pkAttr, skAttr string, after, before time.Time, values map[string]types.AttributeValue) string {
	cond := pkAttr + " = :lp"
	switch {
	case !after.IsZero() && !before.IsZero():
		cond += " AND " + skAttr + " BETWEEN :la AND :lb"
		values[":la"], values[":lb"] = str(
			after.UTC().Format(listTime),
		), str(
			before.UTC().Add(-time.Nanosecond).Format(listTime)+"#~",
		)
	case !after.IsZero():
		cond += " AND " + skAttr + " >= :la"
		values[":la"] = str(after.UTC().Format(listTime))
	case !before.IsZero():
		cond += " AND " + skAttr + " < :lb"
		values[":lb"] = str(before.UTC().Format(listTime))
	}
	return cond
}

// badCursor is the problem of a cursor that is not a position in this very list.
func badCursor() error {
	return &fault.Error{
		Kind:          fault.Invalid,
		Detail:        "The cursor is not valid.",
		InvalidParams: []string{"cursor: use the nextCursor of a previous page of the same list"},
	}
}

// listCursor decodes a cursor of the listing l: the index item's table and index keys, the
// partition l's, the sort key within l's bounds. Anything else (forged, another caller's, another
// list's or another filter's) is refused before it reaches the query, which would otherwise read
// from an arbitrary position or fail.
func listCursor(l listing) (map[string]types.AttributeValue, error) {
	pkAttr, skAttr := indexAttrs(l.index)
	start, err := ownedCursor(l.cursor, []string{"pk", "sk", pkAttr, skAttr}, pkAttr, l.pk)
	if err != nil || !within(start[skAttr].(*types.AttributeValueMemberS).Value, l.after, l.before) {
		return nil, badCursor()
	}
	return start, nil
}

// within tells whether a sort key lies within a listing's creation bounds.
func within(sk string, after, before time.Time) bool {
	return (after.IsZero() || sk >= after.UTC().Format(listTime)) &&
		(before.IsZero() || sk < before.UTC().Format(listTime))
}

// page reads one page of l: its items, newest first, and the cursor of the next page ("" after
// the last).
func (s Store) page(ctx context.Context, l listing) ([]map[string]types.AttributeValue, string, error) {
	pkAttr, skAttr := indexAttrs(l.index)
	values := map[string]types.AttributeValue{":lp": str(l.pk)}
	for k, v := range l.values {
		values[k] = v
	}
	in := &dynamodb.QueryInput{
		TableName:        aws.String(s.Table),
		IndexName:        aws.String(l.index),
		ScanIndexForward: aws.Bool(false),
		KeyConditionExpression: aws.String(
			keyBounds(pkAttr, skAttr, l.after, l.before, values),
		),
		ExpressionAttributeValues: values,
		Limit:                     aws.Int32(int32(min(max(l.limit, 1), 100))),
	}
	if l.filter != "" {
		in.FilterExpression = aws.String(l.filter)
	}
	if len(l.names) > 0 {
		in.ExpressionAttributeNames = l.names
	}
	if l.cursor != "" {
		start, err := listCursor(l)
		if err != nil {
			return nil, "", err
		}
		in.ExclusiveStartKey = start
	}
	res, err := s.API.Query(ctx, in)
	if err != nil {
		return nil, "", fmt.Errorf("dynamo: list %s: %w", l.pk, err)
	}
	if res.LastEvaluatedKey == nil {
		return res.Items, "", nil
	}
	return res.Items, encodeCursor(res.LastEvaluatedKey), nil
}

// shardedPage reads one page of a listing spread over Shards partitions (<prefix>#0 to
// <prefix>#63): the limit newest items across them all. Each shard is one Query (sweepConcurrency
// at a time) of at most limit items below the cursor, which is one sort key position valid in
// every shard: the sort keys are unique across shards (they end with the item's id).
func (s Store) shardedPage(
	ctx context.Context,
	index, prefix string,
	limit int,
	cursor string,
) ([]map[string]types.AttributeValue, string, error) {
	pkAttr, skAttr := indexAttrs(index)
	limit = min(max(limit, 1), 100)
	below := ""
	if cursor != "" {
		c, err := decodeCursor(cursor)
		if err != nil {
			return nil, "", badCursor()
		}
		p, _ := c[pkAttr].(*types.AttributeValueMemberS)
		sk, _ := c[skAttr].(*types.AttributeValueMemberS)
		if len(c) != 2 || p == nil || p.Value != prefix || sk == nil || sk.Value == "" {
			return nil, "", badCursor()
		}
		below = sk.Value
	}
	pages := make([][]map[string]types.AttributeValue, Shards)
	more := make([]bool, Shards)
	err := fanOut(Shards, func(i int) error {
		values := map[string]types.AttributeValue{":p": str(prefix + "#" + strconv.Itoa(i))}
		cond := pkAttr + " = :p"
		if below != "" {
			cond += " AND " + skAttr + " < :c"
			values[":c"] = str(below)
		}
		res, err := s.API.Query(ctx, &dynamodb.QueryInput{
			TableName:                 aws.String(s.Table),
			IndexName:                 aws.String(index),
			ScanIndexForward:          aws.Bool(false),
			KeyConditionExpression:    aws.String(cond),
			ExpressionAttributeValues: values,
			Limit:                     aws.Int32(int32(limit)),
		})
		if err != nil {
			return err
		}
		pages[i], more[i] = res.Items, res.LastEvaluatedKey != nil
		return nil
	})
	if err != nil {
		return nil, "", fmt.Errorf("dynamo: list %s: %w", prefix, err)
	}
	var all []map[string]types.AttributeValue
	for _, p := range pages {
		all = append(all, p...)
	}
	sortKey := func(item map[string]types.AttributeValue) string {
		v, _ := item[skAttr].(*types.AttributeValueMemberS)
		if v == nil {
			return ""
		}
		return v.Value
	}
	slices.SortFunc(
		all,
		func(a, b map[string]types.AttributeValue) int { return -strings.Compare(sortKey(a), sortKey(b)) },
	)
	if len(all) <= limit && !slices.Contains(more, true) {
		return all, "", nil
	}
	all = all[:min(limit, len(all))]
	if len(all) == 0 {
		return nil, "", nil
	}
	return all, encodeCursor(
		map[string]types.AttributeValue{pkAttr: str(prefix), skAttr: str(sortKey(all[len(all)-1]))},
	), nil
}

// joinAnd is the conjunction of a listing's filter conditions (at least one).
func joinAnd(parts []string) string {
	s := parts[0]
	for _, p := range parts[1:] {
		s += " AND " + p
	}
	return s
}
