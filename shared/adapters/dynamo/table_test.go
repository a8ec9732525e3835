package dynamo

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/foundation/fault"
)

// newTable is a table of the template's shape (pk, sk, gsi1 to gsi5) on the emulator, for this test
// alone; it skips without an emulator as awstest does. The keys of the items written to it are
// recorded, for the check of schema.md (schema_test.go).
func newTable(t *testing.T) Store {
	s := newUnrecordedTable(t)
	client := s.API.(*dynamodb.Client)
	// Cleanups run last registered first: what is left is read before the table is deleted.
	t.Cleanup(func() { recordLeft(t, client, s.Table) })
	return Store{API: keyRecorder{Client: client, table: s.Table}, Table: s.Table}
}

// newUnrecordedTable is newTable without the record of its keys, for a test whose items are not a
// repository's.
func newUnrecordedTable(t *testing.T) Store {
	t.Helper()
	ctx := context.Background()
	api := awstest.Clients(t).DynamoDB
	table := awstest.Name(t)
	attr := func(n string) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: types.ScalarAttributeTypeS}
	}
	keys := func(pk, sk string) []types.KeySchemaElement {
		return []types.KeySchemaElement{
			{AttributeName: aws.String(pk), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(sk), KeyType: types.KeyTypeRange},
		}
	}
	all := &types.Projection{ProjectionType: types.ProjectionTypeAll}
	if _, err := api.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(table),
		BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{attr("pk"), attr("sk"), attr("gsi1pk"), attr("gsi1sk"),
			attr("gsi2pk"), attr("gsi2sk"),
			attr("gsi3pk"), attr("gsi3sk"), attr("gsi4pk"), attr("gsi4sk"), attr("gsi5pk"), attr("gsi5sk")},
		KeySchema: keys("pk", "sk"),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("gsi1"), KeySchema: keys("gsi1pk",
			"gsi1sk"), Projection: all},
			{IndexName: aws.String("gsi2"), KeySchema: keys("gsi2pk", "gsi2sk"), Projection: all},
			{IndexName: aws.String("gsi3"), KeySchema: keys("gsi3pk", "gsi3sk"), Projection: all},
			{IndexName: aws.String("gsi4"), KeySchema: keys("gsi4pk", "gsi4sk"), Projection: all},
			{IndexName: aws.String("gsi5"), KeySchema: keys("gsi5pk", "gsi5sk"), Projection: all}}}); err != nil &&
		!errors.As(err, new(*types.ResourceInUseException)) {
		t.Fatal(err) // in use: the name is random, so the table is this call's own, made by an attempt the SDK retried
	}
	t.Cleanup(func() { _, _ = api.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(table)}) })
	return Store{API: api, Table: table}
}

// raw reads an item as plain values: what is stored, whatever the repositories make of it.
func raw(t *testing.T, s Store, pk, sk string) map[string]any {
	t.Helper()
	res, err := s.API.GetItem(
		context.Background(),
		&dynamodb.GetItemInput{TableName: aws.String(s.Table), Key: key(pk, sk), ConsistentRead: aws.Bool(true)},
	)
	if err != nil {
		t.Fatal(err)
	}
	if res.Item == nil {
		return nil
	}
	return plain(res.Item)
}

// plain is an item as plain values, the way JSON would show it.
func plain(item map[string]types.AttributeValue) map[string]any {
	var m map[string]any
	if err := attributevalue.UnmarshalMap(item, &m); err != nil {
		panic(err)
	}
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

// recorder is an API that keeps the items put, so that a test sees the stored shape without an
// emulator.
type recorder struct {
	API
	puts []map[string]any
}

func (r *recorder) PutItem(
	_ context.Context,
	in *dynamodb.PutItemInput,
	_ ...func(*dynamodb.Options),
) (*dynamodb.PutItemOutput, error) {
	r.puts = append(r.puts, plain(in.Item))
	return &dynamodb.PutItemOutput{}, nil
}

// TransactWriteItems keeps the items a transaction puts, in order.
func (r *recorder) TransactWriteItems(
	_ context.Context,
	in *dynamodb.TransactWriteItemsInput,
	_ ...func(*dynamodb.Options),
) (*dynamodb.TransactWriteItemsOutput, error) {
	for _, it := range in.TransactItems {
		if it.Put != nil {
			r.puts = append(r.puts, plain(it.Put.Item))
		}
	}
	return &dynamodb.TransactWriteItemsOutput{}, nil
}

// conflict fails the test unless err is a Conflict fault.
func conflict(t *testing.T, what string, err error) {
	t.Helper()
	if f := fault.As(err); err == nil || f.Kind != fault.Conflict {
		t.Errorf("%s: %v, want a Conflict", what, err)
	}
}
