package queue_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/trustline/platform/shared/adapters/queue"
)

var discard = slog.New(slog.NewTextHandler(io.Discard, nil))

// fakeSQS records SendMessage calls; the other methods are not used by these tests.
type fakeSQS struct {
	queue.API
	mu   sync.Mutex
	sent []*sqs.SendMessageInput
}

func (f *fakeSQS) SendMessage(
	_ context.Context,
	in *sqs.SendMessageInput,
	_ ...func(*sqs.Options),
) (*sqs.SendMessageOutput, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent = append(f.sent, in)
	return &sqs.SendMessageOutput{}, nil
}

func records(bodies ...string) events.SQSEvent {
	var e events.SQSEvent
	for i, b := range bodies {
		e.Records = append(e.Records, events.SQSMessage{MessageId: "m" + strconv.Itoa(i), Body: b,
			EventSourceARN: "arn:aws:sqs:eu-west-1:123:jobs"})
	}
	return e
}

func failedIDs(r events.SQSEventResponse) []string {
	var ids []string
	for _, f := range r.BatchItemFailures {
		ids = append(ids, f.ItemIdentifier)
	}
	slices.Sort(ids)
	return ids
}

func TestBatchReportsOnlyFailedMessages(t *testing.T) {
	h := queue.Batch(discard, 4, queue.Queue{}, func(_ context.Context, m events.SQSMessage) error {
		switch m.Body {
		case "fail":
			return errors.New("no")
		case "panic":
			panic("boom")
		}
		return nil
	})
	resp, err := h(context.Background(), records("ok", "fail", "ok", "panic"))
	if err != nil {
		t.Fatal(err)
	}
	if got := failedIDs(resp); !slices.Equal(got, []string{"m1", "m3"}) {
		t.Errorf("failures = %v, want [m1 m3]", got)
	}
}

// Ten messages are handled three at a time: the first three wait for one another (they would wait
// forever, bounded by the minute, were they handled one by one), and no fourth runs beside them.
func TestBatchBoundsConcurrency(t *testing.T) {
	var running, peak atomic.Int32
	three := make(chan struct{})
	opened := sync.OnceFunc(func() { close(three) })
	h := queue.Batch(discard, 3, queue.Queue{}, func(context.Context, events.SQSMessage) error {
		n := running.Add(1)
		defer running.Add(-1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		if n == 3 {
			opened()
		}
		select {
		case <-three:
			return nil
		case <-time.After(time.Minute):
			return errors.New("never three at a time")
		}
	})
	failures, err := h(context.Background(), records("a", "b", "c", "d", "e", "f", "g", "h", "i", "j"))
	if err != nil || len(failures.BatchItemFailures) != 0 {
		t.Fatalf("failures %+v, %v", failures, err)
	}
	if p := peak.Load(); p != 3 {
		t.Errorf("peak concurrency = %d, want 3", p)
	}
}

func TestLongDelaysAreSplit(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	api := &fakeSQS{}
	q := queue.Queue{API: api, URL: "https://q/jobs", Now: func() time.Time { return now }}
	ctx := context.Background()
	if err := q.Send(ctx, "soon", now.Add(90*time.Second)); err != nil {
		t.Fatal(err)
	}
	if err := q.Send(ctx, "later", now.Add(32*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := q.Send(ctx, "now", now.Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if d := api.sent[0].DelaySeconds; d != 90 || api.sent[0].MessageAttributes != nil {
		t.Errorf("short delay: %d %v", d, api.sent[0].MessageAttributes)
	}
	if d := api.sent[1].DelaySeconds; d != 900 {
		t.Errorf("long delay capped at %d, want 900", d)
	}
	if d := api.sent[2].DelaySeconds; d != 0 {
		t.Errorf("past due delayed %d", d)
	}

	// The long-delayed message comes back after 15 minutes: not yet due, it is sent again for the
	// remaining 17 minutes (capped at 15) without reaching the handler, and counts as handled.
	dueAttr := api.sent[1].MessageAttributes
	msg := events.SQSMessage{MessageId: "x", Body: "later", MessageAttributes: map[string]events.SQSMessageAttribute{}}
	for k, v := range dueAttr {
		msg.MessageAttributes[k] = events.SQSMessageAttribute{
			DataType:    aws.ToString(v.DataType),
			StringValue: v.StringValue,
		}
	}
	var handled []string
	h := queue.Batch(discard, 1, q, func(_ context.Context, m events.SQSMessage) error {
		handled = append(handled, m.Body)
		return nil
	})
	now = now.Add(15 * time.Minute)
	resp, _ := h(ctx, events.SQSEvent{Records: []events.SQSMessage{msg}})
	if len(handled) != 0 || len(resp.BatchItemFailures) != 0 || len(api.sent) != 4 || api.sent[3].DelaySeconds != 900 {
		t.Fatalf("first return: handled %v, failures %v, sent %d", handled, resp.BatchItemFailures, len(api.sent))
	}
	now = now.Add(15 * time.Minute)
	_, _ = h(ctx, events.SQSEvent{Records: []events.SQSMessage{msg}})
	if len(api.sent) != 5 || api.sent[4].DelaySeconds != 120 {
		t.Fatalf(
			"second return: sent %d, delay %d; want a last 120 s wait",
			len(api.sent),
			api.sent[len(api.sent)-1].DelaySeconds,
		)
	}
	now = now.Add(2 * time.Minute)
	_, _ = h(ctx, events.SQSEvent{Records: []events.SQSMessage{msg}})
	if !slices.Equal(handled, []string{"later"}) {
		t.Errorf("handled = %v once due", handled)
	}
}
