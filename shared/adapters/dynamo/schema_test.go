package dynamo

import (
	"context"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// schema.md is kept true by the tests of this package themselves: the table newTable makes
// records the keys of every item written through it (keyRecorder: a put's item, an updated item
// read back, since an update may set index keys), and reads back what is left in it before it is
// deleted; once every test has run, TestMain checks those keys against the table in schema.md.
// Recording what the repositories store, rather than scanning the source for the strings that
// build keys, sees each key as stored, whichever function built it (a prefix constant, a format, a
// helper of another file), and needs no list to maintain beside the code: a test that writes a new
// kind of key is enough for the check to ask for its row.
//
// Two checks: every key written matches a pattern of schema.md (always), and every pattern of
// schema.md matches a key written (only when every test of the package ran: a -run filter leaves
// repositories unexercised).

// keyAttrs are the key attributes read back: the table's and the five indexes'.
var keyAttrs = []string{"pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk", "gsi4pk", "gsi4sk",
	"gsi5pk", "gsi5sk"}

// written are the keys of the items the tests wrote to their tables (keyRecorder, recordLeft): for
// each item, its key attributes and their values.
var written struct {
	sync.Mutex
	items []map[string]string
}

// keyProjection reads the key attributes alone.
func keyProjection() (map[string]string, *string) {
	names := map[string]string{}
	projection := make([]string, len(keyAttrs))
	for i, a := range keyAttrs {
		names["#"+a], projection[i] = a, "#"+a
	}
	return names, aws.String(strings.Join(projection, ", "))
}

// recordItem adds an item's keys to written.
func recordItem(item map[string]types.AttributeValue) {
	keys := map[string]string{}
	for _, a := range keyAttrs {
		if v, ok := item[a].(*types.AttributeValueMemberS); ok {
			keys[a] = v.Value
		}
	}
	written.Lock()
	written.items = append(written.items, keys)
	written.Unlock()
}

// keyRecorder is the client of a test's table, recording the keys of the items written through it.
type keyRecorder struct {
	*dynamodb.Client
	table string
}

// PutItem records the item put.
func (r keyRecorder) PutItem(
	ctx context.Context,
	in *dynamodb.PutItemInput,
	opts ...func(*dynamodb.Options),
) (*dynamodb.PutItemOutput, error) {
	out, err := r.Client.PutItem(ctx, in, opts...)
	if err == nil {
		recordItem(in.Item)
	}
	return out, err
}

// UpdateItem records the item updated, read back.
func (r keyRecorder) UpdateItem(
	ctx context.Context,
	in *dynamodb.UpdateItemInput,
	opts ...func(*dynamodb.Options),
) (*dynamodb.UpdateItemOutput, error) {
	out, err := r.Client.UpdateItem(ctx, in, opts...)
	if err == nil {
		r.readBack(ctx, in.Key)
	}
	return out, err
}

// TransactWriteItems records the items a transaction put and those it updated, read back.
func (r keyRecorder) TransactWriteItems(
	ctx context.Context,
	in *dynamodb.TransactWriteItemsInput,
	opts ...func(*dynamodb.Options),
) (*dynamodb.TransactWriteItemsOutput, error) {
	out, err := r.Client.TransactWriteItems(ctx, in, opts...)
	if err != nil {
		return out, err
	}
	for _, it := range in.TransactItems {
		switch {
		case it.Put != nil:
			recordItem(it.Put.Item)
		case it.Update != nil:
			r.readBack(ctx, it.Update.Key)
		}
	}
	return out, nil
}

// readBack records the keys of the item at key, if it is there.
func (r keyRecorder) readBack(ctx context.Context, key map[string]types.AttributeValue) {
	names, projection := keyProjection()
	res, err := r.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(r.table), Key: key,
		ConsistentRead: aws.Bool(true), ProjectionExpression: projection, ExpressionAttributeNames: names})
	if err == nil && res.Item != nil {
		recordItem(res.Item)
	}
}

// recordLeft records the keys of every item left in the test's table (newTable, before it deletes
// it): those written other than through its keyRecorder too.
func recordLeft(t *testing.T, api *dynamodb.Client, table string) {
	names, projection := keyProjection()
	p := dynamodb.NewScanPaginator(api, &dynamodb.ScanInput{TableName: aws.String(table),
		ConsistentRead: aws.Bool(true), ProjectionExpression: projection, ExpressionAttributeNames: names})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			t.Errorf("schema check: read back %s: %v", table, err)
			return
		}
		for _, item := range page.Items {
			recordItem(item)
		}
	}
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 && len(written.items) > 0 {
		whole := flag.Lookup("test.run").Value.String() == "" && flag.Lookup("test.skip").Value.String() == ""
		if problems := checkSchema("schema.md", written.items, whole); len(problems) > 0 {
			fmt.Println("--- FAIL: schema.md does not describe the keys the repositories write")
			for _, p := range problems {
				fmt.Println("    " + p)
			}
			fmt.Println("FAIL")
			code = 1
		}
	}
	os.Exit(code)
}

// keyPattern is one key of schema.md's table: a partition key pattern and its sort key's.
type keyPattern struct {
	where  string // the row's record, and which key: "User: table", "Contract request: index"
	pk, sk string // as schema.md writes them: `USER#<userId>`
	pkRe   *regexp.Regexp
	skRe   *regexp.Regexp
	index  bool // an index's key (gsi1 to gsi5), else the table's
	stored bool // an item written matches it
}

// checkSchema tells what schema.md at path gets wrong about the items' keys: a key no pattern
// matches, and, when whole, a pattern no key matches.
func checkSchema(path string, items []map[string]string, whole bool) []string {
	patterns, err := schemaPatterns(path)
	if err != nil {
		return []string{err.Error()}
	}
	var problems []string
	// Keys no pattern matches, one line per kind: the literal heads of pk and sk, with an example.
	missing := map[string][]storedKey{}
	for _, item := range items {
		for _, k := range itemKeys(item) {
			if !matchAny(patterns, k) {
				head := fmt.Sprintf("%s %s / %s", k.kind(), keyHead(k.pk), keyHead(k.sk))
				missing[head] = append(missing[head], k)
			}
		}
	}
	for head, ks := range missing {
		problems = append(problems, fmt.Sprintf("no row of schema.md has the %s written (%d, e.g. %q / %q)", head,
			len(ks), ks[0].pk, ks[0].sk))
	}
	if whole {
		for _, p := range patterns {
			if !p.stored {
				problems = append(problems, fmt.Sprintf("schema.md lists %s `%s` / `%s`, which no test wrote", p.where,
					p.pk, p.sk))
			}
		}
	}
	slices.Sort(problems)
	return problems
}

// keyHead is a key's text up to its first #, where a value usually begins.
func keyHead(k string) string {
	if head, _, found := strings.Cut(k, "#"); found {
		return head + "#…"
	}
	return k
}

// storedKey is one key of an item: the table's (pk, sk) or one index's.
type storedKey struct {
	index  bool
	pk, sk string
}

func (k storedKey) kind() string {
	if k.index {
		return "index key"
	}
	return "table key"
}

// itemKeys are an item's table key and the keys it has in indexes.
func itemKeys(item map[string]string) []storedKey {
	keys := []storedKey{{pk: item["pk"], sk: item["sk"]}}
	for i := 1; i <= 5; i++ {
		if pk, ok := item[fmt.Sprintf("gsi%dpk", i)]; ok {
			keys = append(keys, storedKey{index: true, pk: pk, sk: item[fmt.Sprintf("gsi%dsk", i)]})
		}
	}
	return keys
}

// matchAny marks the patterns of k's kind that match it; false when none does.
func matchAny(patterns []*keyPattern, k storedKey) bool {
	found := false
	for _, p := range patterns {
		if p.index == k.index && p.pkRe.MatchString(k.pk) && p.skRe.MatchString(k.sk) {
			p.stored, found = true, true
		}
	}
	return found
}

// indexPair is a key of an index as the gsi columns write it: `<pk pattern>` / `<sk pattern>`, or
// `<pk pattern>` / same, the sort key of the pair before.
var indexPair = regexp.MustCompile("`([^`]+)` / (?:`([^`]+)`|same)")

// schemaPatterns reads the key patterns of the table in schema.md: each row's pk and sk, and the
// index keys its gsi columns name.
func schemaPatterns(path string) ([]*keyPattern, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var patterns []*keyPattern
	for line := range strings.Lines(string(b)) {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| Record ") {
			continue
		}
		// An escaped pipe (`<a\|b>`) is one of a placeholder's values, not a column's end.
		cells := strings.Split(strings.ReplaceAll(strings.TrimSpace(line), `\|`, "\x00"), "|")
		if len(cells) != 9 {
			return nil, fmt.Errorf("schema.md: a row of %d columns, want 7: %s", len(cells)-2, line)
		}
		record := strings.TrimSpace(cells[1])
		pk, sk := strings.Trim(strings.TrimSpace(cells[2]), "`"), strings.Trim(strings.TrimSpace(cells[3]), "`")
		if pk != "" {
			patterns = append(patterns, newKeyPattern(record+": table", pk, sk, false))
		}
		sk = ""
		for _, m := range indexPair.FindAllStringSubmatch(cells[4]+" "+cells[5], -1) {
			if m[2] != "" {
				sk = m[2]
			}
			patterns = append(patterns, newKeyPattern(record+": index", m[1], sk, true))
		}
	}
	if len(patterns) == 0 {
		return nil, fmt.Errorf("schema.md: no key patterns found in %s", path)
	}
	return patterns, nil
}

func newKeyPattern(where, pk, sk string, index bool) *keyPattern {
	show := func(s string) string { return strings.ReplaceAll(s, "\x00", `\|`) }
	return &keyPattern{where: where, pk: show(pk), sk: show(sk), pkRe: keyRegexp(pk), skRe: keyRegexp(sk), index: index}
}

// placeholder is a <name> in a key pattern.
var placeholder = regexp.MustCompile(`<[^>]*>`)

// keyRegexp is the expression of a key pattern: its text as written, each <placeholder> any
// non-empty value, or one of its values when it lists them (<pending|completed|failed>) or is
// <mode> (live or test) or <shard> (a number).
func keyRegexp(pattern string) *regexp.Regexp {
	var re strings.Builder
	re.WriteString("^")
	rest := pattern
	for _, loc := range placeholder.FindAllStringIndex(pattern, -1) {
		re.WriteString(regexp.QuoteMeta(pattern[len(pattern)-len(rest) : loc[0]]))
		name := pattern[loc[0]+1 : loc[1]-1]
		switch {
		case strings.Contains(name, "\x00"):
			re.WriteString("(" + strings.Join(quoteAll(strings.Split(name, "\x00")), "|") + ")")
		case name == "mode":
			re.WriteString("(live|test)")
		case name == "shard":
			re.WriteString("[0-9]+")
		default:
			re.WriteString(".+")
		}
		rest = pattern[loc[1]:]
	}
	re.WriteString(regexp.QuoteMeta(rest) + "$")
	return regexp.MustCompile(re.String())
}

func quoteAll(ss []string) []string {
	for i, s := range ss {
		ss[i] = regexp.QuoteMeta(s)
	}
	return ss
}

// The check itself, without the emulator: keys as the repositories store them match schema.md's
// patterns (placeholders, listed values, "same"), and a key or a row of no one's is reported.
func TestCheckSchema(t *testing.T) {
	items := []map[string]string{
		{"pk": "USER#usr_1", "sk": "PROFILE", "gsi2pk": "SUBSCRIPTION_DUE#12", "gsi2sk": "1795420800123#usr_1"},
		{"pk": "EXTRACTION#ext_1", "sk": "EXTRACTION", "gsi4pk": "EXTRACTIONS#usr_1#live#STATUS#failed",
			"gsi4sk": "2026-03-01T10:00:00.000000000Z#ext_1"},
		{"pk": "EXTRACTION#ext_2", "sk": "EXTRACTION", "gsi4pk": "EXTRACTIONS#usr_1#live#STATUS#queued",
			"gsi4sk": "2026-03-01T10:00:00.000000000Z#ext_2"},
		{"pk": "NOBODY#1", "sk": "NOBODY"},
	}
	problems := checkSchema("schema.md", items, false)
	want := []string{
		`no row of schema.md has the index key EXTRACTIONS#… / 2026-03-01T10:00:00.000000000Z#… written (1, e.g. ` +
			`"EXTRACTIONS#usr_1#live#STATUS#queued" / "2026-03-01T10:00:00.000000000Z#ext_2")`,
		`no row of schema.md has the table key NOBODY#… / NOBODY written (1, e.g. "NOBODY#1" / "NOBODY")`,
	}
	if !slices.Equal(problems, want) {
		t.Errorf("checkSchema = %q\nwant %q", problems, want)
	}
	if problems := checkSchema("schema.md", items, true); len(problems) < 30 {
		t.Errorf("with every test run, %d rows unwritten; want most of schema.md's: %q", len(problems), problems)
	}
}
