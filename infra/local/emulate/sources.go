package emulate

import (
	"context"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/wiring/lambdarun"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

func mapping(o Options, ev samtemplate.Event, h queue.BatchHandler, log *slog.Logger) (queue.Mapping, error) {
	url, err := o.Stack.String(map[string]any{"Ref": ev.Queue})
	if err != nil {
		return queue.Mapping{}, err
	}
	arn, err := o.Stack.String(map[string]any{"Fn::GetAtt": []any{ev.Queue, "Arn"}})
	if err != nil {
		return queue.Mapping{}, err
	}
	return queue.Mapping{
		API: o.AWS.SQS, QueueURL: url, QueueARN: arn, Region: o.Stack.Region,
		BatchSize: ev.BatchSize, ReportBatchItemFailures: ev.ReportBatchItemFailures,
		Handler: h, Log: log,
	}, nil
}

func schedule(ctx context.Context, every time.Duration, h lambdarun.ScheduleHandler, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			ev := events.EventBridgeEvent{
				Version:    "0",
				DetailType: "Scheduled Event",
				Source:     "aws.scheduler",
				Time:       now.UTC(),
			}
			if err := h(ctx, ev); err != nil {
				log.ErrorContext(ctx, "scheduled run failed", "error", err)
			}
		}
	}
}
