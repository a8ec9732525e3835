package app

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/domain/webhook/memstore"
	"github.com/trustline/platform/shared/foundation/logs"
)

// A message that is not a wake-up is dropped (nil: the queue deletes it) without touching the
// deliveries, since no retry would make it readable; a wake-up is handed to the engine.
func TestDispatchDropsMalformed(t *testing.T) {
	ctx := logs.With(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	store := &memstore.Store{}
	e := &webhook.Engine{Store: store}
	for _, body := range []string{"", `{"deliveryId":`, "{}", `{"deliveryId":"msg_1"}`,
		`{"deliveryId":"msg_1","attempt":0}`} {
		if err := dispatch(e)(ctx, events.SQSMessage{Body: body}); err != nil {
			t.Errorf("dispatch(%q) = %v, want it dropped", body, err)
		}
	}
	// A wake-up for an unknown delivery reaches the engine, which drops it too: it was looked up.
	if err := dispatch(e)(ctx, events.SQSMessage{Body: webhook.WakeUp{DeliveryID: "msg_unknown",
		Attempt: 1}.Encode()}); err != nil {
		t.Errorf("dispatch of an unknown delivery's wake-up = %v", err)
	}
}
