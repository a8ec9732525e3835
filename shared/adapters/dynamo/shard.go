package dynamo

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Shards is the number of partition key values each due index (gsi2) is spread over: an item of
// EXTRACTION_DUE is stored under EXTRACTION_DUE#<shardOf(id)>, from 0 to Shards-1.
//
// Why 64: a partition takes about 1,000 write units a second, and gsi2 projects whole items. At
// 1,000 extractions a second the busiest due index is the webhooks': each delivery is written to
// it three times (put, claim, outcome), at 3 WCU for an extraction.completed delivery (2.2 KB
// measured), so 9,000 WCU/s for one endpoint per extraction. The extractions' own index takes 4
// writes of 1 WCU per extraction (put, the claim's key move counted twice, removal): 4,000 WCU/s.
// Over 64 shards that is 140 and 63 WCU/s a shard, 14% and 6% of a partition. The price is on the
// sweeps: one query per shard, 65 per index and run.
//
// It is a constant, not a setting: items are stored under the shard it gives, so changing it
// would hide every item written before from the sweeps.
const Shards = 64

// sweepConcurrency bounds the queries a sweep keeps in flight over the shards of one index.
const sweepConcurrency = 8

// shardOf is the stable shard of an item: FNV-1a (32 bits) of its id, modulo Shards.
func shardOf(id string) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % Shards)
}

// dueShard is the due index partition key of the item id in index (EXTRACTION_DUE, ...).
func dueShard(index, id string) string { return index + "#" + strconv.Itoa(shardOf(id)) }

// duePartitions are the partition key values a sweep of index reads: every shard, then the
// unsharded key that stacks wrote before sharding. The writes that move an item in the index set
// its sharded key, so the legacy partition drains as the sweeps and the workers touch its items;
// reading it costs one empty query per run once it has.
func duePartitions(index string) []string {
	parts := make([]string, 0, Shards+1)
	for i := range Shards {
		parts = append(parts, index+"#"+strconv.Itoa(i))
	}
	return append(parts, index)
}

// fanOut runs read(i) for each of n partitions, sweepConcurrency at a time, and waits for them
// all: the error is the first partition's, in order, that failed. The sweeps and the sharded
// listings read their shards this way.
func fanOut(n int, read func(i int) error) error {
	errs := make([]error, n)
	sem := make(chan struct{}, sweepConcurrency)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = read(i)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// dueCursor is one partition of a sweep: the page read and where the next begins.
type dueCursor struct {
	pk    string
	items []map[string]types.AttributeValue
	next  map[string]types.AttributeValue // LastEvaluatedKey: nil when the partition is read to the end
}

// due reads the items of the sparse due index (gsi2) under index whose time is before the given
// one, earliest first across all its shards, at most limit, into out (a pointer to a slice of item
// structs): exactly the limit earliest, as the one partition before sharding gave. Each shard's
// first page is read concurrently (sweepConcurrency at a time), sized at twice its share of limit
// and at least 10, so that an even backlog needs no second page; a shard whose page runs out while
// it still holds the earliest items is read on.
func (s Store) due(ctx context.Context, index string, before time.Time, limit int, out any) error {
	if limit < 1 {
		return attributevalue.UnmarshalListOfMaps(nil, out)
	}
	parts := duePartitions(index)
	page := int32(min(limit, max(10, 2*limit/len(parts)+1)))
	cursors := make([]*dueCursor, len(parts))
	for i, pk := range parts {
		cursors[i] = &dueCursor{pk: pk}
	}
	err := fanOut(len(parts), func(i int) error { return s.duePage(ctx, cursors[i], before, page, nil) })
	if err != nil {
		return fmt.Errorf("dynamo: due %s: %w", index, err)
	}
	var merged []map[string]types.AttributeValue
	for len(merged) < limit {
		var first *dueCursor
		for _, c := range cursors {
			if len(c.items) > 0 && (first == nil || dueSortKey(c.items[0]) < dueSortKey(first.items[0])) {
				first = c
			}
		}
		if first == nil {
			break
		}
		merged = append(merged, first.items[0])
		first.items = first.items[1:]
		if len(first.items) == 0 && first.next != nil {
			if err := s.duePage(ctx, first, before, page, first.next); err != nil {
				return fmt.Errorf("dynamo: due %s: %w", index, err)
			}
		}
	}
	return attributevalue.UnmarshalListOfMaps(merged, out)
}

// duePage reads the next page of one due partition into c.
func (s Store) duePage(
	ctx context.Context,
	c *dueCursor,
	before time.Time,
	limit int32,
	start map[string]types.AttributeValue,
) error {
	for {
		res, err := s.API.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(s.Table), IndexName: aws.String("gsi2"),
			KeyConditionExpression: aws.String(
				"gsi2pk = :p AND gsi2sk < :b",
			), Limit: aws.Int32(limit), ExclusiveStartKey: start,
			ExpressionAttributeValues: map[string]types.AttributeValue{":p": str(c.pk), ":b": str(dueKey(before, ""))}})
		if err != nil {
			return err
		}
		c.items, c.next = res.Items, res.LastEvaluatedKey
		// An empty page with a key to go on (DynamoDB may stop at its 1 MB read limit) is read on.
		if len(c.items) > 0 || c.next == nil {
			return nil
		}
		start = c.next
	}
}

// dueSortKey is an index item's gsi2sk: due time first, so shards merge in time order.
func dueSortKey(item map[string]types.AttributeValue) string {
	if v, ok := item["gsi2sk"].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}
