package emulate

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

// Every kind of invocation goes through the hook, with the invocation's context.
func TestInvocationHook(t *testing.T) {
	type mark struct{}
	var seen []string
	ctx := WithInvocationHook(context.Background(), func(ctx context.Context, fn string) (context.Context, func()) {
		seen = append(seen, "start "+fn)
		return context.WithValue(ctx, mark{}, fn), func() { seen = append(seen, "done "+fn) }
	})
	marked := func(ctx context.Context) string { s, _ := ctx.Value(mark{}).(string); return s }
	var got []string
	h := observeHTTP(
		ctx,
		"HttpFunction",
		http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = append(got, marked(r.Context())) }),
	)
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	b := observeBatch(
		ctx,
		"QueueFunction",
		func(ctx context.Context, _ events.SQSEvent) (events.SQSEventResponse, error) {
			got = append(got, marked(ctx))
			return events.SQSEventResponse{}, nil
		},
	)
	_, _ = b(context.Background(), events.SQSEvent{})
	s := observeSchedule(ctx, "ScheduleFunction", func(ctx context.Context, _ events.EventBridgeEvent) error {
		got = append(got, marked(ctx))
		return nil
	})
	_ = s(context.Background(), events.EventBridgeEvent{})
	if want := []string{"HttpFunction", "QueueFunction", "ScheduleFunction"}; !slices.Equal(got, want) {
		t.Errorf("handlers saw %v, want %v", got, want)
	}
	if want := []string{"start HttpFunction", "done HttpFunction", "start QueueFunction", "done QueueFunction",
		"start ScheduleFunction", "done ScheduleFunction"}; !slices.Equal(
		seen,
		want,
	) {
		t.Errorf("hook calls %v, want %v", seen, want)
	}
}
