package dynamo

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A create the SDK retries after losing the answer of an attempt that stored the item (seen on the
// emulator under load, possible on AWS) succeeds; a different item under the same key is a
// Conflict, as before.
func TestCreateSurvivesItsOwnRetry(t *testing.T) {
	ctx := context.Background()
	api := awstest.Clients(t).DynamoDB
	table := awstest.Name(t)
	if _, err := api.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(table),
		BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"),
			AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("sk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange}}}); err != nil &&
		!errors.As(err, new(*types.ResourceInUseException)) {
		t.Fatal(err) // in use: the name is random, so the table is this call's own, made by an attempt the SDK retried
	}
	t.Cleanup(func() { _, _ = api.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(table)}) })
	s := NewHandoffRepo(Store{API: api, Table: table})
	session := handoff.Session{
		ID:        "hs_retry",
		Status:    "created",
		CreatedAt: time.Now().UTC(),
		ExpiresAt: time.Now().Add(time.Minute).UTC(),
	}
	if err := s.PutSession(ctx, session); err != nil {
		t.Fatal(err)
	}
	if err := s.PutSession(ctx, session); err != nil {
		t.Errorf("the same create again (a retry): %v, want success", err)
	}
	other := session
	other.Status = "ready"
	if err := s.PutSession(ctx, other); fault.As(err).Kind != fault.Conflict {
		t.Errorf("another item under the same key: %v, want a Conflict", err)
	}
}
