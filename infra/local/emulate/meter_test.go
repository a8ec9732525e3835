package emulate

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"image"
	_ "image/jpeg" // Textract's documents
	_ "image/png"
	"maps"
	"math"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	textracttypes "github.com/aws/aws-sdk-go-v2/service/textract/types"
	"github.com/aws/smithy-go/middleware"

	"github.com/trustline/platform/shared/vision/ocr"
)

// meter counts what the functions of a local stack ask of AWS: every SDK call, by the function
// whose invocation made it, with DynamoDB's capacity units computed from the items' sizes, as
// DynamoDB bills them. moto answers ReturnConsumedCapacity with a constant whatever the item, so
// the meter reads each written item before and after the write with a client of its own.
type meter struct {
	probe *dynamodb.Client // not metered: reads items around writes, and tables' key schemas

	mu          sync.Mutex
	calls       []sdkCall
	invocations []invocation
	open        int // invocations under way
	last        time.Time
	tables      map[string]tableInfo
}

// sdkCall is one SDK call.
type sdkCall struct {
	at       time.Time
	fn       string // the function whose invocation made it; "" outside any (cold start, set-up, pollers)
	service  string // dynamodb, s3, sqs, textract, ...
	op       string // GetItem, SendMessage, ...
	dur      time.Duration
	messages int    // SQS: messages sent or received
	queue    string // SQS: the queue's URL
	units    []capacity
}

// capacity is what one DynamoDB call consumed on one partition of the table or of an index.
type capacity struct {
	index  string // "" for the table
	pk, sk string // key patterns (ids replaced), of the partition and of the item
	write  bool
	units  float64
	bytes  int // the item's size (writes), or the items read (reads)
}

// invocation is one function invocation: an HTTP request, a batch, a scheduled run.
type invocation struct {
	fn       string
	at       time.Time // when it ended
	wall     time.Duration
	awsTime  time.Duration // spent in SDK calls
	sdkCalls int
}

type invocationKey struct{}

// open invocations carry this in their context, so SDK calls add their time to it.
type invocationState struct {
	fn    string
	start time.Time
	mu    sync.Mutex
	aws   time.Duration
	calls int
}

func newMeter(probe *dynamodb.Client) *meter {
	return &meter{probe: probe, tables: map[string]tableInfo{}, last: time.Now()}
}

// hook is the stack's InvocationHook.
func (m *meter) hook(ctx context.Context, fn string) (context.Context, func()) {
	st := &invocationState{fn: fn, start: time.Now()}
	m.mu.Lock()
	m.open++
	m.mu.Unlock()
	return context.WithValue(ctx, invocationKey{}, st), func() {
		end := time.Now()
		st.mu.Lock()
		inv := invocation{fn: fn, at: end, wall: end.Sub(st.start), awsTime: st.aws, sdkCalls: st.calls}
		st.mu.Unlock()
		m.mu.Lock()
		m.open--
		m.invocations = append(m.invocations, inv)
		m.last = end
		m.mu.Unlock()
	}
}

// apiOption adds the meter to every SDK client built from a context carrying it (awsclient.WithAPIOptions).
// It runs after the SDK's own initialize steps, so it times the whole call: serialising, signing,
// retries, the round trip.
func (m *meter) apiOption(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc(
		"capacityMeter",
		func(ctx context.Context, in middleware.InitializeInput,
			next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
			t := reflect.TypeOf(in.Parameters).Elem()
			c := sdkCall{service: path.Base(t.PkgPath()), op: strings.TrimSuffix(t.Name(), "Input")}
			st, _ := ctx.Value(invocationKey{}).(*invocationState)
			if st != nil {
				c.fn = st.fn
			}
			var around func(out any, err error) []capacity
			if c.service == "dynamodb" {
				around = m.dynamo(ctx, in.Parameters)
			}
			start := time.Now()
			out, md, err := next.HandleInitialize(ctx, in)
			c.dur = time.Since(start)
			c.at = time.Now()
			if err == nil && out.Result != nil && reflect.TypeOf(out.Result).Elem().Name() != c.op+"Output" {
				// A presigned URL: signed in the process, never sent. The client's own request
				// with it is counted where the client makes it.
				return out, md, err
			}
			if around != nil {
				c.units = around(out.Result, err)
			}
			if c.service == "sqs" {
				c.queue, c.messages = sqsMessages(in.Parameters, out.Result)
			}
			if st != nil {
				st.mu.Lock()
				st.aws += c.dur
				st.calls++
				st.mu.Unlock()
			}
			// A long poll that found nothing is the event source mapping's idle cost, not a flow's.
			if c.op == "ReceiveMessage" && c.messages == 0 {
				return out, md, err
			}
			m.mu.Lock()
			m.calls = append(m.calls, c)
			m.last = c.at
			m.mu.Unlock()
			return out, md, err
		},
	), middleware.After)
}

func sqsMessages(in, out any) (queue string, n int) {
	switch v := in.(type) {
	case *sqs.SendMessageInput:
		return aws.ToString(v.QueueUrl), 1
	case *sqs.SendMessageBatchInput:
		return aws.ToString(v.QueueUrl), len(v.Entries)
	case *sqs.ReceiveMessageInput:
		if o, ok := out.(*sqs.ReceiveMessageOutput); ok && o != nil {
			n = len(o.Messages)
		}
		return aws.ToString(v.QueueUrl), n
	case *sqs.DeleteMessageBatchInput:
		return aws.ToString(v.QueueUrl), len(v.Entries)
	case *sqs.DeleteMessageInput:
		return aws.ToString(v.QueueUrl), 1
	}
	return "", 0
}

// quiet waits until no invocation is under way and nothing was called for settle, so that a flow's
// last calls (a batch's delete, a delivery's record) are in before it is read.
func (m *meter) quiet(settle, within time.Duration) error {
	deadline := time.Now().Add(within)
	for {
		m.mu.Lock()
		open, last := m.open, m.last
		m.mu.Unlock()
		if open == 0 && time.Since(last) >= settle {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the stack did not go quiet within %v (%d invocations under way)", within, open)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// since returns the calls and invocations that ended after t.
func (m *meter) since(t time.Time) ([]sdkCall, []invocation) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var calls []sdkCall
	for _, c := range m.calls {
		if c.at.After(t) {
			calls = append(calls, c)
		}
	}
	var invs []invocation
	for _, i := range m.invocations {
		if i.at.After(t) {
			invs = append(invs, i)
		}
	}
	return calls, invs
}

// tableInfo is a table's key schema and its global secondary indexes.
type tableInfo struct {
	hash, rng string
	indexes   []indexInfo
}

type indexInfo struct{ name, hash, rng string }

func (m *meter) table(ctx context.Context, name string) tableInfo {
	m.mu.Lock()
	ti, ok := m.tables[name]
	m.mu.Unlock()
	if ok {
		return ti
	}
	out, err := m.probe.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return tableInfo{hash: "pk", rng: "sk"}
	}
	ti.hash, ti.rng = keyNames(out.Table.KeySchema)
	for _, g := range out.Table.GlobalSecondaryIndexes {
		h, r := keyNames(g.KeySchema)
		ti.indexes = append(ti.indexes, indexInfo{name: aws.ToString(g.IndexName), hash: h, rng: r})
	}
	slices.SortFunc(ti.indexes, func(a, b indexInfo) int { return strings.Compare(a.name, b.name) })
	m.mu.Lock()
	m.tables[name] = ti
	m.mu.Unlock()
	return ti
}

func keyNames(ks []types.KeySchemaElement) (hash, rng string) {
	for _, k := range ks {
		if k.KeyType == types.KeyTypeHash {
			hash = aws.ToString(k.AttributeName)
		} else {
			rng = aws.ToString(k.AttributeName)
		}
	}
	return hash, rng
}

type item = map[string]types.AttributeValue

// write is one item a DynamoDB call writes.
type write struct {
	table string
	key   item
	put   item // the item of a Put
}

// dynamo prepares the accounting of one DynamoDB call: it reads the items a write touches before
// the call, and returns what computes the capacity once the call is done.
func (m *meter) dynamo(ctx context.Context, in any) func(out any, err error) []capacity {
	var writes []write
	factor := 1.0
	switch v := in.(type) {
	case *dynamodb.GetItemInput:
		ti := m.table(ctx, aws.ToString(v.TableName))
		return func(out any, _ error) []capacity {
			var it item
			if o, ok := out.(*dynamodb.GetItemOutput); ok && o != nil {
				it = o.Item
			}
			size := itemSize(it)
			return []capacity{{pk: keyPattern(str(v.Key[ti.hash])), sk: keyPattern(str(v.Key[ti.rng])),
				units: readUnits(size, aws.ToBool(v.ConsistentRead)), bytes: size}}
		}
	case *dynamodb.QueryInput:
		return func(out any, err error) []capacity {
			if err != nil {
				return nil
			}
			o, _ := out.(*dynamodb.QueryOutput)
			return []capacity{m.query(ctx, v, o)}
		}
	case *dynamodb.PutItemInput:
		ti := m.table(ctx, aws.ToString(v.TableName))
		writes = append(writes, write{table: aws.ToString(v.TableName), key: keyOf(ti, v.Item), put: v.Item})
	case *dynamodb.UpdateItemInput:
		writes = append(writes, write{table: aws.ToString(v.TableName), key: v.Key})
	case *dynamodb.DeleteItemInput:
		writes = append(writes, write{table: aws.ToString(v.TableName), key: v.Key})
	case *dynamodb.TransactWriteItemsInput:
		// Transactions write every item twice (prepare, commit): twice the units of a plain write.
		factor = 2
		for _, ti := range v.TransactItems {
			switch {
			case ti.Put != nil:
				t := m.table(ctx, aws.ToString(ti.Put.TableName))
				writes = append(writes, write{table: aws.ToString(ti.Put.TableName), key: keyOf(t, ti.Put.Item),
					put: ti.Put.Item})
			case ti.Update != nil:
				writes = append(writes, write{table: aws.ToString(ti.Update.TableName), key: ti.Update.Key})
			case ti.Delete != nil:
				writes = append(writes, write{table: aws.ToString(ti.Delete.TableName), key: ti.Delete.Key})
			case ti.ConditionCheck != nil:
				writes = append(writes, write{table: aws.ToString(ti.ConditionCheck.TableName),
					key: ti.ConditionCheck.Key})
			}
		}
	default:
		return nil
	}
	before := make([]item, len(writes))
	for i, w := range writes {
		before[i] = m.read(ctx, w.table, w.key)
	}
	return func(_ any, _ error) []capacity {
		var caps []capacity
		for i, w := range writes {
			after := m.read(ctx, w.table, w.key)
			caps = append(caps, writeCapacity(m.table(ctx, w.table), w, before[i], after, factor)...)
		}
		return caps
	}
}

func (m *meter) read(ctx context.Context, table string, key item) item {
	out, err := m.probe.GetItem(
		ctx,
		&dynamodb.GetItemInput{TableName: aws.String(table), Key: key, ConsistentRead: aws.Bool(true)},
	)
	if err != nil {
		return nil
	}
	return out.Item
}

// writeCapacity is what writing one item costs: on the table, one unit per started KB of the larger
// of the item before and after (a failed condition costs the same); on each index, as DynamoDB's
// documentation of global secondary indexes says, one write to put the item in, one to take it
// out, two when its index key changes, one when it stays in and changes (every index here projects
// ALL attributes), none when it is in the index neither before nor after. Index writes are counted
// once, transaction or not.
func writeCapacity(ti tableInfo, w write, before, after item, factor float64) []capacity {
	size := max(itemSize(before), itemSize(after), itemSize(w.put))
	pk, sk := keyPattern(str(w.key[ti.hash])), keyPattern(str(w.key[ti.rng]))
	caps := []capacity{{pk: pk, sk: sk, write: true, units: factor * writeUnits(size), bytes: size}}
	for _, ix := range ti.indexes {
		was, is := indexed(before, ix), indexed(after, ix)
		switch {
		case !was && !is:
		case was && !is:
			caps = append(caps, capacity{index: ix.name, pk: keyPattern(str(before[ix.hash])), sk: sk, write: true,
				units: writeUnits(itemSize(before)), bytes: itemSize(before)})
		case !was && is:
			caps = append(caps, capacity{index: ix.name, pk: keyPattern(str(after[ix.hash])), sk: sk, write: true,
				units: writeUnits(itemSize(after)), bytes: itemSize(after)})
		case str(before[ix.hash]) != str(after[ix.hash]) || str(before[ix.rng]) != str(after[ix.rng]):
			caps = append(
				caps,
				capacity{
					index: ix.name,
					pk:    keyPattern(str(before[ix.hash])),
					sk:    sk,
					write: true,
					units: writeUnits(itemSize(before)),
					bytes: itemSize(before),
				},
				capacity{
					index: ix.name,
					pk:    keyPattern(str(after[ix.hash])),
					sk:    sk,
					write: true,
					units: writeUnits(itemSize(after)),
					bytes: itemSize(after),
				},
			)
		case !reflect.DeepEqual(before, after):
			caps = append(caps, capacity{index: ix.name, pk: keyPattern(str(after[ix.hash])), sk: sk, write: true,
				units: writeUnits(itemSize(after)), bytes: itemSize(after)})
		}
	}
	return caps
}

func indexed(it item, ix indexInfo) bool {
	_, h := it[ix.hash]
	_, r := it[ix.rng]
	return h && (ix.rng == "" || r)
}

// query is what a Query costs: the items it read (before any filter, which DynamoDB applies after
// reading), one unit per started 4 KB of their total, half that when eventually consistent (every
// read of an index is).
func (m *meter) query(ctx context.Context, in *dynamodb.QueryInput, out *dynamodb.QueryOutput) capacity {
	ti := m.table(ctx, aws.ToString(in.TableName))
	hash := ti.hash
	for _, ix := range ti.indexes {
		if ix.name == aws.ToString(in.IndexName) {
			hash = ix.hash
		}
	}
	var items []item
	if out != nil {
		items = out.Items
	}
	if in.FilterExpression != nil || in.ProjectionExpression != nil ||
		(in.Select != "" && in.Select != types.SelectAllAttributes) {
		items = m.unfiltered(ctx, in)
	}
	size := 0
	for _, it := range items {
		size += itemSize(it)
	}
	return capacity{index: aws.ToString(in.IndexName), pk: keyPattern(partitionValue(in, hash)),
		units: readUnits(size, aws.ToBool(in.ConsistentRead) && in.IndexName == nil), bytes: size}
}

// unfiltered runs the query again without its filter and projection: the items DynamoDB read.
func (m *meter) unfiltered(ctx context.Context, in *dynamodb.QueryInput) []item {
	q := *in
	q.FilterExpression, q.ProjectionExpression, q.Select = nil, nil, ""
	used := aws.ToString(q.KeyConditionExpression)
	q.ExpressionAttributeNames = keep(in.ExpressionAttributeNames, used)
	q.ExpressionAttributeValues = keep(in.ExpressionAttributeValues, used)
	out, err := m.probe.Query(ctx, &q)
	if err != nil {
		return nil
	}
	return out.Items
}

func keep[V any](m map[string]V, expr string) map[string]V {
	if m == nil {
		return nil
	}
	out := map[string]V{}
	for k, v := range m {
		if regexp.MustCompile(regexp.QuoteMeta(k) + `\b`).MatchString(expr) {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

var equality = regexp.MustCompile(`([#\w]+)\s*=\s*(:\w+)`)

// partitionValue is the partition key value a query names in its key condition.
func partitionValue(in *dynamodb.QueryInput, hash string) string {
	for _, m := range equality.FindAllStringSubmatch(aws.ToString(in.KeyConditionExpression), -1) {
		name := m[1]
		if strings.HasPrefix(name, "#") {
			name = in.ExpressionAttributeNames[name]
		}
		if name == hash {
			return str(in.ExpressionAttributeValues[m[2]])
		}
	}
	return "?"
}

func keyOf(ti tableInfo, it item) item {
	return item{ti.hash: it[ti.hash], ti.rng: it[ti.rng]}
}

func str(v types.AttributeValue) string {
	switch s := v.(type) {
	case *types.AttributeValueMemberS:
		return s.Value
	case *types.AttributeValueMemberN:
		return s.Value
	}
	return ""
}

// writeUnits: one per started KB, at least one.
func writeUnits(size int) float64 { return max(1, math.Ceil(float64(size)/1024)) }

// readUnits: one per started 4 KB strongly consistent, half that eventually consistent; at least one
// such unit, even for an item that is not there.
func readUnits(size int, consistent bool) float64 {
	u := max(1, math.Ceil(float64(size)/4096))
	if !consistent {
		u /= 2
	}
	return u
}

// itemSize is an item's size as DynamoDB counts it ("Item sizes and formats" in the DynamoDB
// developer guide): each attribute's name in UTF-8 bytes plus its value's size.
func itemSize(it item) int {
	n := 0
	for name, v := range it {
		n += len(name) + valueSize(v)
	}
	return n
}

// valueSize: strings their UTF-8 bytes, binaries their raw bytes, numbers a byte per two
// significant digits plus one, booleans and null one byte, lists and maps 3 bytes plus a byte and
// the size of each element (a map's element counts its name too), sets the sum of their members.
func valueSize(v types.AttributeValue) int {
	switch a := v.(type) {
	case *types.AttributeValueMemberS:
		return len(a.Value)
	case *types.AttributeValueMemberN:
		return numberSize(a.Value)
	case *types.AttributeValueMemberB:
		return len(a.Value)
	case *types.AttributeValueMemberBOOL, *types.AttributeValueMemberNULL:
		return 1
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range a.Value {
			n += 1 + valueSize(e)
		}
		return n
	case *types.AttributeValueMemberM:
		n := 3
		for k, e := range a.Value {
			n += 1 + len(k) + valueSize(e)
		}
		return n
	case *types.AttributeValueMemberSS:
		n := 0
		for _, s := range a.Value {
			n += len(s)
		}
		return n
	case *types.AttributeValueMemberNS:
		n := 0
		for _, s := range a.Value {
			n += numberSize(s)
		}
		return n
	case *types.AttributeValueMemberBS:
		n := 0
		for _, b := range a.Value {
			n += len(b)
		}
		return n
	}
	return 0
}

func numberSize(s string) int {
	s = strings.TrimLeft(s, "+-")
	mantissa, _, _ := strings.Cut(strings.ToLower(s), "e")
	digits := strings.Trim(strings.Replace(mantissa, ".", "", 1), "0")
	if digits == "" {
		return 1
	}
	return (utf8.RuneCountInString(digits)+1)/2 + 1
}

// keyPattern names the partition (or item) a key value stands for: every segment between '#'s that
// is an identifier, a hash, an address or a time becomes {id}, a number {n}; words stay. So
// "USER#usr_4f…" is "USER#{id}", "EXTRACTION_DUE#7" "EXTRACTION_DUE#{n}", "REFERENCE" stays.
func keyPattern(v string) string {
	if v == "" {
		return ""
	}
	parts := strings.Split(v, "#")
	for i, p := range parts {
		switch {
		case numeral.MatchString(p):
			parts[i] = "{n}"
		case !word.MatchString(p):
			parts[i] = "{id}"
		}
	}
	return strings.Join(parts, "#")
}

var (
	numeral = regexp.MustCompile(`^[0-9]+$`)
	word    = regexp.MustCompile(`^[A-Za-z_]{1,16}$`)
)

// textractStandIn answers the extraction worker's Textract calls with Tesseract, in the process,
// so that the stack runs the engine AWS runs (OCR_ENGINE=textract: the same images sent the same
// way, one call per page) and the meter counts Textract's pages.
func textractStandIn(engine ocr.Engine) func(*middleware.Stack) error {
	return func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc(
			"tesseractForTextract",
			func(ctx context.Context, in middleware.InitializeInput,
				next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
				req, ok := in.Parameters.(*textract.DetectDocumentTextInput)
				if !ok {
					return next.HandleInitialize(ctx, in)
				}
				img, _, err := image.Decode(bytes.NewReader(req.Document.Bytes))
				if err != nil {
					return middleware.InitializeOutput{}, middleware.Metadata{},
						&textracttypes.UnsupportedDocumentException{
							Message: aws.String(err.Error()),
						}
				}
				lines, err := engine.Read(ctx, img)
				if err != nil {
					return middleware.InitializeOutput{}, middleware.Metadata{}, err
				}
				out := &textract.DetectDocumentTextOutput{
					DocumentMetadata: &textracttypes.DocumentMetadata{Pages: aws.Int32(1)},
				}
				for i, l := range lines {
					out.Blocks = append(
						out.Blocks,
						textracttypes.Block{BlockType: textracttypes.BlockTypeLine, Text: aws.String(l.Text),
							Confidence: aws.Float32(float32(l.Confidence * 100)),
							Geometry: &textracttypes.Geometry{
								BoundingBox: &textracttypes.BoundingBox{Top: float32(i) / float32(len(lines))},
							}},
					)
				}
				return middleware.InitializeOutput{Result: out}, middleware.Metadata{}, nil
			},
		), middleware.After)
	}
}

func TestItemSize(t *testing.T) {
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	n := func(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }
	for name, tc := range map[string]struct {
		item item
		want int
	}{
		"string: name and UTF-8 bytes":      {item{"pk": s("USER#é")}, 2 + 7},
		"number: a byte per two digits, +1": {item{"n": n("12345")}, 1 + 3 + 1},
		"number: zeros and sign trimmed":    {item{"n": n("-0012.3400")}, 1 + 2 + 1},
		"boolean and null: one byte": {item{"b": &types.AttributeValueMemberBOOL{Value: true},
			"z": &types.AttributeValueMemberNULL{Value: true}}, 2 + 2},
		"binary: raw bytes": {item{"bin": &types.AttributeValueMemberB{Value: []byte{1, 2, 3}}}, 3 +
			3},
		"empty map: 3 bytes": {item{"m": &types.AttributeValueMemberM{Value: item{}}}, 1 + 3},
		"map: 3 bytes, a byte and each entry": {item{"m": &types.AttributeValueMemberM{Value: item{"ab": s("xyz")}}},
			1 + 3 + 1 + 2 + 3},
		"list: 3 bytes, a byte and each": {
			item{"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{s("a"), n("7")}}},
			1 + 3 + (1 + 1) + (1 + 2),
		},
		"string set: its members": {item{"ss": &types.AttributeValueMemberSS{Value: []string{"ab", "c"}}},
			2 + 3},
	} {
		if got := itemSize(tc.item); got != tc.want {
			t.Errorf("%s: %d bytes, want %d", name, got, tc.want)
		}
	}
}

func TestCapacityUnits(t *testing.T) {
	for _, tc := range []struct {
		size       int
		consistent bool
		read       float64
		write      float64
	}{
		{0, true, 1, 1}, {1024, true, 1, 1}, {1025, false, 0.5, 2}, {4096, true, 1, 4}, {4097, false, 1, 5},
	} {
		if got := readUnits(tc.size, tc.consistent); got != tc.read {
			t.Errorf("read of %d bytes (consistent %v) = %v units, want %v", tc.size, tc.consistent, got, tc.read)
		}
		if got := writeUnits(tc.size); got != tc.write {
			t.Errorf("write of %d bytes = %v units, want %v", tc.size, got, tc.write)
		}
	}
}

// The index rules of writeCapacity: in, out, moved, changed in place, untouched; transactions
// double the table's units only.
func TestWriteCapacityOnIndexes(t *testing.T) {
	ti := tableInfo{
		hash:    "pk",
		rng:     "sk",
		indexes: []indexInfo{{"gsi1", "gsi1pk", "gsi1sk"}, {"gsi2", "gsi2pk", "gsi2sk"}},
	}
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	base := item{"pk": s("DELIVERY#d_1"), "sk": s("DELIVERY"), "gsi1pk": s("DELIVERIES#usr_1"), "gsi1sk": s("2026#d_1")}
	with := func(extra item) item {
		out := maps.Clone(base)
		maps.Copy(out, extra)
		return out
	}
	due := item{"gsi2pk": s("WEBHOOK_DUE#3"), "gsi2sk": s("2026-11-23T10:00:00Z")}
	key := item{"pk": base["pk"], "sk": base["sk"]}
	summary := func(caps []capacity) string {
		var parts []string
		for _, c := range caps {
			parts = append(parts, fmt.Sprintf("%s:%s:%v", cmp.Or(c.index, "table"), c.pk, c.units))
		}
		return strings.Join(parts, " ")
	}
	for name, tc := range map[string]struct {
		before, after item
		factor        float64
		want          string
	}{
		"new item, in gsi1 only": {nil, base, 1, "table:DELIVERY#{id}:1 gsi1:DELIVERIES#{id}:1"},
		"into gsi2": {base, with(due), 1,
			"table:DELIVERY#{id}:1 gsi1:DELIVERIES#{id}:1 gsi2:WEBHOOK_DUE#{n}:1"},
		"out of gsi2": {with(due), base, 1,
			"table:DELIVERY#{id}:1 gsi1:DELIVERIES#{id}:1 gsi2:WEBHOOK_DUE#{n}:1"},
		"moved within gsi2": {with(due), with(item{"gsi2pk": s("WEBHOOK_DUE#3"),
			"gsi2sk": s("2026-11-23T10:02:00Z")}), 1,
			"table:DELIVERY#{id}:1 gsi1:DELIVERIES#{id}:1 gsi2:WEBHOOK_DUE#{n}:1 gsi2:WEBHOOK_DUE#{n}:1"},
		"unchanged: no index": {base, base, 1, "table:DELIVERY#{id}:1"},
		"transaction":         {nil, base, 2, "table:DELIVERY#{id}:2 gsi1:DELIVERIES#{id}:1"},
	} {
		if got := summary(writeCapacity(ti, write{key: key}, tc.before, tc.after, tc.factor)); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", name, got, tc.want)
		}
	}
}

func TestKeyPattern(t *testing.T) {
	for in, want := range map[string]string{
		"USER#usr_4fjq2kx7mzp3ab5cd6ef7gh8ij": "USER#{id}", "EXTRACTION_DUE": "EXTRACTION_DUE",
		"EXTRACTION_DUE#7":        "EXTRACTION_DUE#{n}",
		"RATE#ip#login#127.0.0.1": "RATE#ip#login#{id}", "REFERENCE": "REFERENCE",
		"EMAIL#demo@example.com": "EMAIL#{id}", "": "",
	} {
		if got := keyPattern(in); got != want {
			t.Errorf("keyPattern(%q) = %q, want %q", in, got, want)
		}
	}
}
