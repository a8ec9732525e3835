package iamcheck

import (
	"path"
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

var target = Target{Region: "eu-west-1", Account: "123456789012",
	Tables: map[string]TableKeys{"T": {Hash: "pk", Indexes: map[string]string{"gsi1": "gsi1pk", "gsi2": "gsi2pk"}}}}

func s(v string) *types.AttributeValueMemberS { return &types.AttributeValueMemberS{Value: v} }

func k(pk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s(pk), "sk": s("X")}
}

func TestRequests(t *testing.T) {
	for _, tc := range []struct {
		name   string
		op     string
		params any
		want   []Request
	}{
		{"GetItem", "GetItem", &dynamodb.GetItemInput{TableName: aws.String("T"), Key: k("USER#u")},
			[]Request{{"dynamodb:GetItem", table, leading("USER#u")}}},
		{"a table named by its ARN", "PutItem", &dynamodb.PutItemInput{TableName: aws.String(table), Item: k("KEY#h")},
			[]Request{{"dynamodb:PutItem", table, leading("KEY#h")}}},
		// Each item of a transaction is authorized as its own action, with its own partition key.
		{"TransactWriteItems", "TransactWriteItems",
			&dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Put: &types.Put{TableName: aws.String("T"), Item: k("EXTRACTION#e")}},
				{Update: &types.Update{TableName: aws.String("T"), Key: k("USER#u")}},
				{Delete: &types.Delete{TableName: aws.String("T"), Key: k("VERIFY#v")}},
				{ConditionCheck: &types.ConditionCheck{TableName: aws.String("T"), Key: k("PARTNER#p")}},
			}}, []Request{{"dynamodb:PutItem", table, leading("EXTRACTION#e")}, {"dynamodb:UpdateItem", table,
				leading("USER#u")},
				{"dynamodb:DeleteItem", table, leading("VERIFY#v")}, {"dynamodb:ConditionCheckItem", table,
					leading("PARTNER#p")}}},
		// A query on an index carries the index's partition key value, aliased or not.
		{"Query on an index", "Query", &dynamodb.QueryInput{TableName: aws.String("T"), IndexName: aws.String("gsi2"),
			KeyConditionExpression:    aws.String("#p = :p AND gsi2sk < :b"),
			ExpressionAttributeNames:  map[string]string{"#p": "gsi2pk"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":p": s("WEBHOOK_DUE#3"), ":b": s("123")}},
			[]Request{{"dynamodb:Query", table + "/index/gsi2", leading("WEBHOOK_DUE#3")}}},
		{"Query on the table, value first", "Query", &dynamodb.QueryInput{TableName: aws.String("T"),
			KeyConditionExpression:    aws.String("begins_with(sk, :w) AND :p = pk"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":p": s("USER#u"), ":w": s("WEBHOOK#")}},
			[]Request{{"dynamodb:Query", table, leading("USER#u")}}},
		{"Scan has no leading keys", "Scan", &dynamodb.ScanInput{TableName: aws.String("T")},
			[]Request{{Action: "dynamodb:Scan", Resource: table}}},
		{"BatchWriteItem asks once per table with every key", "BatchWriteItem",
			&dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
				"T": {{PutRequest: &types.PutRequest{Item: k("A#1")}},
					{DeleteRequest: &types.DeleteRequest{Key: k("B#2")}}}}},
			[]Request{{"dynamodb:BatchWriteItem", table, leading("A#1", "B#2")}}},
		{"CopyObject reads the source and writes the target", "CopyObject", &s3.CopyObjectInput{Bucket: aws.String("b"),
			Key:        aws.String("handoff-ready/s/2"),
			CopySource: aws.String("b/handoff/s%201/1")},
			[]Request{{Action: "s3:GetObject", Resource: "arn:aws:s3:::b/handoff/s 1/1"}, {Action: "s3:PutObject",
				Resource: "arn:aws:s3:::b/handoff-ready/s/2"}}},
		{"HeadObject is GetObject", "HeadObject", &s3.HeadObjectInput{Bucket: aws.String("b"),
			Key: aws.String("raw/u/e")},
			[]Request{{Action: "s3:GetObject", Resource: "arn:aws:s3:::b/raw/u/e"}}},
		{"ListObjectsV2 is ListBucket with s3:prefix", "ListObjectsV2", &s3.ListObjectsV2Input{Bucket: aws.String("b"),
			Prefix: aws.String("handoff/s/")},
			[]Request{{"s3:ListBucket", "arn:aws:s3:::b", map[string][]string{S3Prefix: {"handoff/s/"}}}}},
		{"DeleteObjects asks per key", "DeleteObjects", &s3.DeleteObjectsInput{Bucket: aws.String("b"),
			Delete: &s3types.Delete{
				Objects: []s3types.ObjectIdentifier{{Key: aws.String("a")}, {Key: aws.String("b")}}}},
			[]Request{{Action: "s3:DeleteObject", Resource: "arn:aws:s3:::b/a"}, {Action: "s3:DeleteObject",
				Resource: "arn:aws:s3:::b/b"}}},
		{"the lifecycle has its own action", "PutBucketLifecycleConfiguration",
			&s3.PutBucketLifecycleConfigurationInput{Bucket: aws.String("b")},
			[]Request{{Action: "s3:PutLifecycleConfiguration", Resource: "arn:aws:s3:::b"}}},
		{"other bucket operations", "PutBucketPolicy", &s3.PutBucketPolicyInput{Bucket: aws.String("b")},
			[]Request{{Action: "s3:PutBucketPolicy", Resource: "arn:aws:s3:::b"}}},
		{"SendMessageBatch is SendMessage on the queue", "SendMessageBatch",
			&sqs.SendMessageBatchInput{QueueUrl: aws.String("http://127.0.0.1:4566/123456789012/jobs")},
			[]Request{{Action: "sqs:SendMessage", Resource: "arn:aws:sqs:eu-west-1:123456789012:jobs"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			service := map[string]string{"dynamodb": "DynamoDB", "s3": "S3", "sqs": "SQS"}[packageOf(tc.params)]
			got, err := target.Requests(service, tc.op, tc.params)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Requests = %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func packageOf(v any) string { return path.Base(reflect.TypeOf(v).Elem().PkgPath()) }

// A call whose keys cannot be read is not guessed at: it is an error, and the check denies it.
func TestRequestsThatCannotBeChecked(t *testing.T) {
	for name, params := range map[string]any{
		"an unknown table": &dynamodb.GetItemInput{TableName: aws.String("Other"), Key: k("A#1")},
		"an item without its key": &dynamodb.PutItemInput{TableName: aws.String("T"),
			Item: map[string]types.AttributeValue{"sk": s("X")}},
		"a query without its key": &dynamodb.QueryInput{TableName: aws.String("T"),
			KeyConditionExpression: aws.String("sk = :s")},
		"an index the table lacks": &dynamodb.QueryInput{TableName: aws.String("T"), IndexName: aws.String("gsi9"),
			KeyConditionExpression: aws.String("x = :x")},
		"a queue URL without a queue": &sqs.SendMessageInput{QueueUrl: aws.String("http://127.0.0.1:4566/")},
	} {
		if _, err := target.Requests("", "", params); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
