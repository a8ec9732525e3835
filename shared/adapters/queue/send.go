package queue

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// maxDelay is the longest DelaySeconds SQS accepts.
const maxDelay = 15 * time.Minute

// dueAttr is the message attribute carrying when a message is due, as Unix milliseconds; a message
// received before then is sent again with the remaining delay instead of being handled.
const dueAttr = "due-at"

// API is the part of the SQS client the package uses.
type API interface {
	SendMessage(
		ctx context.Context,
		in *sqs.SendMessageInput,
		opts ...func(*sqs.Options),
	) (*sqs.SendMessageOutput, error)
	ReceiveMessage(
		ctx context.Context,
		in *sqs.ReceiveMessageInput,
		opts ...func(*sqs.Options),
	) (*sqs.ReceiveMessageOutput, error)
	DeleteMessageBatch(
		ctx context.Context,
		in *sqs.DeleteMessageBatchInput,
		opts ...func(*sqs.Options),
	) (*sqs.DeleteMessageBatchOutput, error)
}

// Queue is one SQS queue.
type Queue struct {
	API API
	URL string
	Now func() time.Time // nil: time.Now
}

// Send queues body to be handled at due (now or earlier means at once). Waits longer than SQS
// allows are split: the message carries its due time and is re-deferred until then.
func (s Queue) Send(ctx context.Context, body string, due time.Time) error {
	in := &sqs.SendMessageInput{QueueUrl: aws.String(s.URL), MessageBody: aws.String(body)}
	if wait := due.Sub(s.now()); wait > 0 {
		// Rounded up: a message is never handled before it is due (a retry due in 1.4 s waits 2 s).
		in.DelaySeconds = int32((min(wait, maxDelay) + time.Second - 1) / time.Second)
		if wait > maxDelay {
			in.MessageAttributes = map[string]types.MessageAttributeValue{dueAttr: {
				DataType:    aws.String("Number"),
				StringValue: aws.String(strconv.FormatInt(due.UnixMilli(), 10)),
			}}
		}
	}
	if _, err := s.API.SendMessage(ctx, in); err != nil {
		return fmt.Errorf("queue: send: %w", err)
	}
	return nil
}

func (s Queue) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}
