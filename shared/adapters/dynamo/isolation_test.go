package dynamo

import (
	"context"
	"strconv"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TestReadsSeeAnUpdateWhole holds the emulator to DynamoDB's promise that the repositories rely on
// (a finished extraction's status and its error written by one update): a read sees all of an
// update's attributes or none. moto, served in threads, sets them one by one on the stored item;
// infra/moto_server.py serves DynamoDB one request at a time.
func TestReadsSeeAnUpdateWhole(t *testing.T) {
	s := newUnrecordedTable(t) // its item is the emulator's test, no repository's: not in schema.md
	ctx := context.Background()
	const writes = 200
	names := []string{"a", "b", "c", "d", "e", "f"}
	set := "SET"
	for i, n := range names {
		if i > 0 {
			set += ","
		}
		set += " " + n + " = :n"
	}
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Go(func() {
		defer close(done)
		for i := range writes {
			if _, err := s.API.UpdateItem(ctx, &dynamodb.UpdateItemInput{
				TableName: aws.String(s.Table), Key: key("ITEM", "ITEM"), UpdateExpression: aws.String(set),
				ExpressionAttributeValues: map[string]types.AttributeValue{
					":n": &types.AttributeValueMemberN{Value: strconv.Itoa(i)},
				},
			}); err != nil {
				t.Error(err)
				return
			}
		}
	})
	reads := 0
	for reading := true; reading; reads++ {
		select {
		case <-done:
			reading = false
		default:
		}
		got := raw(t, s, "ITEM", "ITEM")
		for _, n := range names[1:] {
			if got[n] != got["a"] {
				t.Fatalf("read %d saw a torn update: %v", reads, got)
			}
		}
	}
	wg.Wait()
	t.Logf("%d reads beside %d updates", reads, writes)
}
