package emulate

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/domain/idempotency"
)

// killMidRequest leaves the stack's idempotency record of key in scope as a run killed after its
// work and before its finish leaves it: in progress, on a lease ending lease from now (on the
// stack's clock), without an answer.
func killMidRequest(t *testing.T, local *Local, scope, key string, lease time.Duration) {
	t.Helper()
	table, err := local.Stack.String(map[string]any{"Ref": "Table"})
	if err != nil {
		t.Fatal(err)
	}
	until := now(t, local).Add(lease).UnixMilli()
	_, err = awstest.Clients(t).DynamoDB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: aws.String(table),
		Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "IDEMPOTENCY#" + scope + "#" + idempotency.LockOf(scope, key).Name()},
			"sk": &types.AttributeValueMemberS{Value: "IDEMPOTENCY"},
		},
		ConditionExpression:      aws.String("attribute_exists(pk)"),
		UpdateExpression:         aws.String("SET done = :f, leaseUntil = :l REMOVE #s, body, contentType"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":f": &types.AttributeValueMemberBOOL{Value: false},
			":l": &types.AttributeValueMemberN{Value: strconv.FormatInt(until, 10)},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A contract creation killed between its idempotency record's start and its finish (the request
// stored, its answer not) holds its key only until the run's lease ends: a retry meanwhile is told
// to come back after it; a retry after it runs again and answers the request the killed run
// stored, 201, with its reference and payment link: one request, one link. Before, the key answered
// 409 idempotency_request_in_progress for its whole 24 hours. Killed before the request was stored
// (after its link was opened), the run after the lease stores it with that link.
func TestContractCreationKilledMidRequest(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()})
	creds := mustSeed(t, local)
	c := client{t: t, base: local.URL}
	partner := creds.Partners[0]
	scope := "partner#" + partner.PartnerID
	const route = "/api/v1/partner/contracts/auto/classic"
	for _, tc := range []struct {
		name, key, numImmat string
		stored              bool
	}{
		{"after the request is stored", "0b6f6a1e-6c1e-4d6e-9a43-6f3f1d0c2a11", "DK-KILL-1", true},
		{"before the request is stored", "0b6f6a1e-6c1e-4d6e-9a43-6f3f1d0c2a12", "DK-KILL-2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := autoBody(tc.numImmat, nil)
			headers := append(key(partner.APIKey), "Idempotency-Key", tc.key)
			first := c.do("POST", route, body, headers...)
			expect(t, "first run", first, 201, "")
			var made created
			first.json(t, &made)
			killMidRequest(t, local, scope, tc.key, 29*time.Second)
			if !tc.stored {
				deleteItem(t, local, "CONTRACT#"+made.Reference, "CONTRACT")
			}
			meanwhile := c.do("POST", route, body, headers...)
			expect(t, "a retry within the lease", meanwhile, 409, "idempotency_request_in_progress")
			if after, err := strconv.Atoi(meanwhile.header.Get("Retry-After")); err != nil || after < 1 || after > 30 {
				t.Errorf("Retry-After %q, want the lease's end", meanwhile.header.Get("Retry-After"))
			}
			skip(t, local, 31*time.Second)
			again := c.do("POST", route, body, headers...)
			expect(t, "the retry after the lease", again, 201, "")
			var answered created
			again.json(t, &answered)
			if answered.Reference != made.Reference || answered.Payment.PaymentURL != made.Payment.PaymentURL ||
				again.header.Get("Idempotent-Replayed") != "" {
				t.Errorf("answered %+v, want the request the first run made, %+v, run again", answered, made)
			}
			if n := len(tableItems(t, local, "CONTRACT#"+made.Reference)); n != 1 {
				t.Errorf("%d requests under the reference, want 1", n)
			}
			links := 0
			for _, l := range tableItems(t, local, "PAYMENT#pay_") {
				if l["reference"] == made.Reference {
					links++
				}
			}
			if links != 1 {
				t.Errorf("%d payment links for the request, want 1", links)
			}
			replay := c.do("POST", route, body, headers...)
			if replay.status != 201 || replay.header.Get("Idempotent-Replayed") != "true" ||
				string(replay.body) != string(again.body) {
				t.Errorf("the replay after: %d %s", replay.status, replay.body)
			}
		})
	}
}

// deleteItem deletes an item of the stack's table.
func deleteItem(t *testing.T, local *Local, pk, sk string) {
	t.Helper()
	table, err := local.Stack.String(map[string]any{"Ref": "Table"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = awstest.Clients(t).DynamoDB.DeleteItem(context.Background(), &dynamodb.DeleteItemInput{
		TableName: aws.String(table),
		Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: pk},
			"sk": &types.AttributeValueMemberS{Value: sk},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}
