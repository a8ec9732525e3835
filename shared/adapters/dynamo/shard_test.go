package dynamo

import (
	"context"
	"encoding/base32"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TestShardIsStable pins the shard of a few ids: items are stored under it, so a change of the
// hash or of Shards would hide every stored item from the sweeps.
func TestShardIsStable(t *testing.T) {
	for id, want := range map[string]string{
		"ext_abcdefghijklmnopqrstuvwxyz": "EXTRACTION_DUE#62",
		"AUTO-20260101-ABCDEFGH":         "ISSUANCE_DUE#38",
		"msg_7bq3zk2m4x5yqkqf6n3pwd2s7a": "WEBHOOK_DUE#62",
		"usr_aaaaaaaaaaaaaaaaaaaaaaaaaa": "SUBSCRIPTION_DUE#56",
	} {
		index, _, _ := strings.Cut(want, "#")
		if got := dueShard(index, id); got != want {
			t.Errorf("dueShard(%s, %s) = %s, want %s", index, id, got, want)
		}
		for range 3 {
			if again := dueShard(index, id); again != want {
				t.Fatalf("dueShard(%s, %s) changed between calls: %s", index, id, again)
			}
		}
	}
}

// TestShardSpreadsIDsEvenly: ids of every shape the due indexes hold land evenly on the shards.
func TestShardSpreadsIDsEvenly(t *testing.T) {
	// A fixed seed: the test is deterministic. text has crypto/rand.Text's shape, 26 base32 characters.
	rng := rand.New(rand.NewChaCha8([32]byte{13}))
	text := func() string {
		b := make([]byte, 16)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return base32.StdEncoding.EncodeToString(b)[:26]
	}
	shapes := map[string]func(i int) string{
		"extraction": func(int) string { return "ext_" + strings.ToLower(text()) },
		"delivery":   func(int) string { return "msg_" + strings.ToLower(text()) },
		"user":       func(int) string { return "usr_" + strings.ToLower(text()) },
		"contract":   func(i int) string { return fmt.Sprintf("AUTO-2026%04d-%s", i%1200, text()[:8]) },
		// 8 random characters only
		"sequential": func(i int) string { return fmt.Sprintf("ext_%08d", i) },
		// no randomness at all
		"same prefix": func(i int) string { return fmt.Sprintf("TRAVEL-20260101-%06X", i) },
	}
	const perShard = 2000
	for name, id := range shapes {
		t.Run(name, func(t *testing.T) {
			counts := make([]int, Shards)
			for i := range Shards * perShard {
				counts[shardOf(id(i))]++
			}
			// A uniform spread varies by about √2000 ≈ 45 (2%) per shard; allow 12%.
			lo, hi := slices.Min(counts), slices.Max(counts)
			t.Logf("%s: %d..%d", name, lo, hi)
			if lo < perShard*88/100 || hi > perShard*112/100 {
				t.Errorf("%d ids per shard on average, but from %d to %d: %v", perShard, lo, hi, counts)
			}
		})
	}
}

// fakeIndex is gsi2 of a table held in memory: Query answers one partition, in sort key order,
// with Limit and pagination as DynamoDB does.
type fakeIndex struct {
	API
	mu      sync.Mutex
	items   map[string][]string // gsi2pk -> gsi2sk, sorted
	queried map[string]int      // pages read per partition
}

func (f *fakeIndex) add(pk, sk string) {
	if f.items == nil {
		f.items, f.queried = map[string][]string{}, map[string]int{}
	}
	f.items[pk] = append(f.items[pk], sk)
	slices.Sort(f.items[pk])
}

func (f *fakeIndex) Query(
	_ context.Context,
	in *dynamodb.QueryInput,
	_ ...func(*dynamodb.Options),
) (*dynamodb.QueryOutput, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	pk := in.ExpressionAttributeValues[":p"].(*types.AttributeValueMemberS).Value
	before := in.ExpressionAttributeValues[":b"].(*types.AttributeValueMemberS).Value
	f.queried[pk]++
	after := ""
	if in.ExclusiveStartKey != nil {
		after = in.ExclusiveStartKey["gsi2sk"].(*types.AttributeValueMemberS).Value
	}
	out := &dynamodb.QueryOutput{}
	for _, sk := range f.items[pk] {
		if sk <= after || sk >= before {
			continue
		}
		if len(out.Items) == int(*in.Limit) {
			last := out.Items[len(out.Items)-1]
			out.LastEvaluatedKey = map[string]types.AttributeValue{"gsi2pk": str(pk), "gsi2sk": last["gsi2sk"]}
			break
		}
		out.Items = append(
			out.Items,
			map[string]types.AttributeValue{"gsi2pk": str(pk), "gsi2sk": str(sk), "id": str(sk[14:])},
		)
	}
	return out, nil
}

// TestDueReadsEveryShardEarliestFirst: a sweep sees the items of every shard and of the legacy
// unsharded key, the limit earliest of them in time order, reading on the shards that hold them.
func TestDueReadsEveryShardEarliestFirst(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f := &fakeIndex{}
	var want []string
	// 300 deliveries due a second apart over the shards, 40 more in one shard, one under the legacy key.
	for i := range 300 {
		id := fmt.Sprintf("msg_%04d", i)
		f.add(dueShard(dueIndexPK, id), dueKey(t0.Add(time.Duration(i)*time.Second), id))
		want = append(want, id)
	}
	crowded := dueShard(dueIndexPK, "msg_0000")
	for i := range 40 {
		id := fmt.Sprintf("msg_c%03d", i)
		f.add(crowded, dueKey(t0.Add(time.Duration(i)*time.Second+time.Millisecond), id))
		want = append(want, id)
	}
	f.add(dueIndexPK, dueKey(t0.Add(-time.Hour), "msg_legacy"))
	want = append([]string{"msg_legacy"}, want...)
	f.add(dueShard(dueIndexPK, "msg_late"), dueKey(t0.Add(time.Hour), "msg_late")) // not due yet
	byTime := func(a, b string) int { return strings.Compare(f.skOf(a), f.skOf(b)) }
	slices.SortFunc(want, byTime)

	s := Store{API: f, Table: "t"}
	for _, limit := range []int{1, 100, 500} {
		var got []struct {
			ID string `dynamodbav:"id"`
		}
		if err := s.due(context.Background(), dueIndexPK, t0.Add(30*time.Minute), limit, &got); err != nil {
			t.Fatal(err)
		}
		ids := make([]string, len(got))
		for i, g := range got {
			ids[i] = g.ID
		}
		if n := min(limit, len(want)); !slices.Equal(ids, want[:n]) {
			t.Errorf("limit %d: got %d items %v, want the %d earliest %v", limit, len(ids), ids, n, want[:n])
		}
	}
	for _, pk := range duePartitions(dueIndexPK) {
		if f.queried[pk] == 0 {
			t.Errorf("partition %s never read", pk)
		}
	}
	if len(duePartitions(dueIndexPK)) != Shards+1 {
		t.Errorf("partitions = %d, want the %d shards and the legacy key", len(duePartitions(dueIndexPK)), Shards)
	}
}

func (f *fakeIndex) skOf(id string) string {
	for _, sks := range f.items {
		for _, sk := range sks {
			if strings.HasSuffix(sk, "#"+id) {
				return sk
			}
		}
	}
	return ""
}

// fanOut reads every partition, never more than sweepConcurrency at once, and reports the failure
// of the first failing partition in order, whichever failed first in time.
func TestFanOut(t *testing.T) {
	var mu sync.Mutex
	running, most := 0, 0
	read := make([]bool, Shards)
	err := fanOut(Shards, func(i int) error {
		mu.Lock()
		running++
		most = max(most, running)
		read[i] = true
		mu.Unlock()
		time.Sleep(time.Millisecond)
		mu.Lock()
		running--
		mu.Unlock()
		if i == 7 || i == 40 {
			return fmt.Errorf("shard %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "shard 7" {
		t.Errorf("fanOut = %v, want shard 7's error", err)
	}
	if slices.Contains(read, false) {
		t.Error("a partition was not read")
	}
	if most > sweepConcurrency {
		t.Errorf("%d reads at once, want at most %d", most, sweepConcurrency)
	}
}
