package queue_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/trustline/platform/shared/adapters/awstest"
	"github.com/trustline/platform/shared/adapters/queue"
)

type testQueue struct {
	api           *sqs.Client
	url, arn, dlq string
}

// newQueue creates a queue with a dead-letter queue in the emulator.
func newQueue(t *testing.T, visibility, maxReceive int) testQueue {
	t.Helper()
	api := awstest.Clients(t).SQS
	ctx := context.Background()
	name := awstest.Name(t)
	dlq, err := api.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name + "-dlq")})
	if err != nil {
		t.Fatal(err)
	}
	dlqARN := attr(t, api, *dlq.QueueUrl, types.QueueAttributeNameQueueArn)
	redrive, _ := json.Marshal(map[string]any{"deadLetterTargetArn": dlqARN, "maxReceiveCount": maxReceive})
	q, err := api.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name), Attributes: map[string]string{
		"VisibilityTimeout": strconv.Itoa(visibility), "RedrivePolicy": string(redrive)}})
	if err != nil {
		t.Fatal(err)
	}
	return testQueue{
		api: api,
		url: *q.QueueUrl,
		arn: attr(t, api, *q.QueueUrl, types.QueueAttributeNameQueueArn),
		dlq: *dlq.QueueUrl,
	}
}

func attr(t *testing.T, api *sqs.Client, url string, name types.QueueAttributeName) string {
	t.Helper()
	out, err := api.GetQueueAttributes(
		context.Background(),
		&sqs.GetQueueAttributesInput{QueueUrl: aws.String(url), AttributeNames: []types.QueueAttributeName{name}},
	)
	if err != nil {
		t.Fatal(err)
	}
	return out.Attributes[string(name)]
}

func (q testQueue) send(t *testing.T, bodies ...string) {
	t.Helper()
	for _, b := range bodies {
		if _, err := q.api.SendMessage(context.Background(), &sqs.SendMessageInput{QueueUrl: aws.String(q.url),
			MessageBody: aws.String(b)}); err != nil {
			t.Fatal(err)
		}
	}
}

func (q testQueue) depth(t *testing.T, url string) int {
	n, _ := strconv.Atoi(attr(t, q.api, url, types.QueueAttributeNameApproximateNumberOfMessages))
	m, _ := strconv.Atoi(attr(t, q.api, url, types.QueueAttributeNameApproximateNumberOfMessagesNotVisible))
	return n + m
}

// The local event source mapping: batches no larger than BatchSize, only reported failures come
// back (after the visibility timeout), and a message failing maxReceiveCount times lands in the DLQ.
func TestMappingPartialFailureAndRedrive(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 1, 2)
	var mu sync.Mutex
	seen := map[string]int{}
	maxBatch := 0
	handler := queue.Batch(
		discard,
		4,
		queue.Queue{API: q.api, URL: q.url},
		func(_ context.Context, m events.SQSMessage) error {
			mu.Lock()
			defer mu.Unlock()
			seen[m.Body]++
			if m.EventSourceARN != q.arn || m.ReceiptHandle == "" {
				return fmt.Errorf("message without source ARN or receipt handle: %+v", m)
			}
			switch {
			case m.Body == "always-fails":
				return fmt.Errorf("refused")
			case m.Body == "fails-once" && seen[m.Body] == 1:
				return fmt.Errorf("transient")
			}
			return nil
		},
	)
	counting := func(ctx context.Context, e events.SQSEvent) (events.SQSEventResponse, error) {
		mu.Lock()
		maxBatch = max(maxBatch, len(e.Records))
		mu.Unlock()
		return handler(ctx, e)
	}
	m := queue.Mapping{API: q.api, QueueURL: q.url, QueueARN: q.arn, Region: "eu-west-1", BatchSize: 2,
		ReportBatchItemFailures: true, Handler: counting, Log: discard}
	q.send(t, "ok-1", "ok-2", "ok-3", "fails-once", "always-fails")

	ctx := context.Background()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) && (q.depth(t, q.dlq) == 0 || q.depth(t, q.url) > 0) {
		if err := m.PollOnce(ctx, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for body, want := range map[string]int{"ok-1": 1, "ok-2": 1, "ok-3": 1, "fails-once": 2, "always-fails": 2} {
		if seen[body] != want {
			t.Errorf("%s handled %d times, want %d (all: %v)", body, seen[body], want, seen)
		}
	}
	if maxBatch > 2 {
		t.Errorf("batch of %d records, BatchSize is 2", maxBatch)
	}
	if d := q.depth(t, q.dlq); d != 1 {
		t.Errorf("dead-letter queue holds %d messages, want 1", d)
	}
	if d := q.depth(t, q.url); d != 0 {
		t.Errorf("queue still holds %d messages", d)
	}
}

// Without ReportBatchItemFailures Lambda ignores the response: a batch whose handler returns
// normally is deleted whole, reported failures included.
func TestMappingWithoutReportBatchItemFailuresDeletesTheBatch(t *testing.T) {
	t.Parallel()
	q := newQueue(t, 1, 5)
	handler := queue.Batch(
		discard,
		1,
		queue.Queue{},
		func(context.Context, events.SQSMessage) error { return fmt.Errorf("no") },
	)
	m := queue.Mapping{API: q.api, QueueURL: q.url, QueueARN: q.arn, BatchSize: 10, Handler: handler, Log: discard}
	q.send(t, "a")
	if err := m.PollOnce(context.Background(), 2*time.Second); err != nil {
		t.Fatal(err)
	}
	if d := q.depth(t, q.url); d != 0 {
		t.Errorf("queue holds %d messages, want the batch deleted", d)
	}
}
