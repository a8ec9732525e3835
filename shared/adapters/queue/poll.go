package queue

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Mapping is a local stand-in for a Lambda SQS event source mapping.
type Mapping struct {
	API       API
	QueueURL  string
	QueueARN  string
	Region    string
	BatchSize int
	// ReportBatchItemFailures: when set, only the reported messages stay on the queue; when not,
	// Lambda ignores the response and deletes the whole batch unless the handler returned an error.
	ReportBatchItemFailures bool
	Handler                 BatchHandler
	Log                     *slog.Logger
	// Concurrency is how many batches are handled at once (0: DefaultConcurrency). Lambda's
	// mapping polls with several pollers and invokes a function instance per batch, so one slow
	// batch never holds back the next: a single local poller would make every message wait for
	// the slowest message of the batch before it.
	Concurrency int
}

// DefaultConcurrency is the number of pollers of a local mapping, each handling one batch at a
// time, as Lambda's SQS mapping starts with five concurrent pollers.
const DefaultConcurrency = 5

// Run polls until ctx ends with Concurrency pollers, each handling its own batch, and waits for
// them. Their long polls are staggered, so that a message becoming visible (a delayed one) is
// received soon, not at the end of every poller's wait. Receives use the queue's own visibility
// timeout, and redrive to the dead-letter queue after maxReceiveCount is the queue's own, as with
// the real mapping.
func (m Mapping) Run(ctx context.Context) {
	n := m.Concurrency
	if n <= 0 {
		n = DefaultConcurrency
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Duration(i) * pollWait / time.Duration(n)):
			}
			m.poll(ctx)
		})
	}
	wg.Wait()
}

// pollWait is the long poll of a local mapping's receive.
const pollWait = 2 * time.Second

func (m Mapping) poll(ctx context.Context) {
	for ctx.Err() == nil {
		if err := m.PollOnce(ctx, pollWait); err != nil && ctx.Err() == nil {
			m.Log.Error("poll failed", "queue", queueName(m.QueueARN), "error", err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

// PollOnce receives at most one batch, waiting up to wait for it, hands it to the handler and
// deletes what succeeded.
func (m Mapping) PollOnce(ctx context.Context, wait time.Duration) error {
	msgs, err := m.receive(ctx, wait)
	if err != nil || len(msgs) == 0 {
		return err
	}
	return m.handle(ctx, msgs)
}

func (m Mapping) receive(ctx context.Context, wait time.Duration) ([]types.Message, error) {
	out, err := m.API.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
		QueueUrl:                    aws.String(m.QueueURL),
		MaxNumberOfMessages:         int32(min(max(m.BatchSize, 1), 10)),
		WaitTimeSeconds:             int32(wait / time.Second),
		MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameAll},
		MessageAttributeNames:       []string{"All"},
	})
	if err != nil {
		return nil, fmt.Errorf("receive: %w", err)
	}
	return out.Messages, nil
}

// handle hands one batch to the handler and deletes what succeeded.
func (m Mapping) handle(ctx context.Context, msgs []types.Message) error {
	event := events.SQSEvent{Records: make([]events.SQSMessage, 0, len(msgs))}
	for _, msg := range msgs {
		event.Records = append(event.Records, m.toEvent(msg))
	}
	resp, herr := m.Handler(ctx, event)
	if herr != nil {
		return fmt.Errorf("handler: %w", herr)
	}
	failed := map[string]bool{}
	if m.ReportBatchItemFailures {
		for _, f := range resp.BatchItemFailures {
			failed[f.ItemIdentifier] = true
		}
	}
	var entries []types.DeleteMessageBatchRequestEntry
	for i, msg := range msgs {
		if !failed[aws.ToString(msg.MessageId)] {
			entries = append(entries, types.DeleteMessageBatchRequestEntry{
				Id: aws.String(fmt.Sprint(i)), ReceiptHandle: msg.ReceiptHandle})
		}
	}
	if len(entries) == 0 {
		return nil
	}
	del, err := m.API.DeleteMessageBatch(
		ctx,
		&sqs.DeleteMessageBatchInput{QueueUrl: aws.String(m.QueueURL), Entries: entries},
	)
	if err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	if len(del.Failed) > 0 {
		return errors.New("delete: " + aws.ToString(del.Failed[0].Message))
	}
	return nil
}

func (m Mapping) toEvent(msg types.Message) events.SQSMessage {
	e := events.SQSMessage{
		MessageId:         aws.ToString(msg.MessageId),
		ReceiptHandle:     aws.ToString(msg.ReceiptHandle),
		Body:              aws.ToString(msg.Body),
		Md5OfBody:         aws.ToString(msg.MD5OfBody),
		Attributes:        msg.Attributes,
		MessageAttributes: map[string]events.SQSMessageAttribute{},
		EventSource:       "aws:sqs",
		EventSourceARN:    m.QueueARN,
		AWSRegion:         m.Region,
	}
	for k, v := range msg.MessageAttributes {
		e.MessageAttributes[k] = events.SQSMessageAttribute{
			DataType: aws.ToString(v.DataType), StringValue: v.StringValue, BinaryValue: v.BinaryValue}
	}
	return e
}
