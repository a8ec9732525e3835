package queue

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/foundation/logs"
)

// Handler handles one message. A nil error deletes the message; an error leaves it on the queue,
// to be received again after its visibility timeout and moved to the dead-letter queue after
// maxReceiveCount receives. Messages may arrive more than once: handlers must be idempotent.
type Handler func(ctx context.Context, m events.SQSMessage) error

// BatchHandler is the Lambda handler of an SQS event source with ReportBatchItemFailures.
type BatchHandler func(ctx context.Context, e events.SQSEvent) (events.SQSEventResponse, error)

// Batch turns a per-message handler into a BatchHandler that works through the batch with up to
// concurrency messages at a time and reports each failed message, so that only those are retried.
// A message not yet due (see Queue.Send) is sent again to q, the queue it came from, with its
// remaining delay.
func Batch(log *slog.Logger, concurrency int, q Queue, h Handler) BatchHandler {
	return func(ctx context.Context, e events.SQSEvent) (events.SQSEventResponse, error) {
		var (
			mu   sync.Mutex
			resp events.SQSEventResponse
			wg   sync.WaitGroup
			sem  = make(chan struct{}, max(concurrency, 1))
		)
		for _, m := range e.Records {
			sem <- struct{}{}
			wg.Go(func() {
				defer func() { <-sem }()
				mlog := log.With("messageId", m.MessageId, "queue", queueName(m.EventSourceARN))
				err := handleOne(logs.With(ctx, mlog), q, h, m)
				if err == nil {
					return
				}
				receives := m.Attributes["ApproximateReceiveCount"]
				mlog.WarnContext(ctx, "message failed", "error", err, "receiveCount", receives)
				failed := events.SQSBatchItemFailure{ItemIdentifier: m.MessageId}
				mu.Lock()
				resp.BatchItemFailures = append(resp.BatchItemFailures, failed)
				mu.Unlock()
			})
		}
		wg.Wait()
		return resp, nil
	}
}

func handleOne(ctx context.Context, q Queue, h Handler, m events.SQSMessage) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v\n%s", v, debug.Stack())
		}
	}()
	if attr, ok := m.MessageAttributes[dueAttr]; ok && attr.StringValue != nil {
		ms, perr := strconv.ParseInt(*attr.StringValue, 10, 64)
		if perr != nil {
			return fmt.Errorf("bad %s attribute: %w", dueAttr, perr)
		}
		if due := time.UnixMilli(ms); due.After(q.now()) {
			return q.Send(ctx, m.Body, due)
		}
	}
	return h(ctx, m)
}

// queueName is the last part of arn:aws:sqs:region:account:name.
func queueName(arn string) string {
	return arn[strings.LastIndexByte(arn, ':')+1:]
}
