package webhook_test

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/domain/webhook/memstore"
	"github.com/trustline/platform/shared/foundation/fault"
)

// TestRedeliver: a delivery is sent again only to the owner and endpoint it was made for (a
// partner's webhook has none), as a new delivery naming it; a delivered one, whose body was
// dropped, cannot be.
func TestRedeliver(t *testing.T) {
	now := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	partner := webhook.Delivery{
		Scheme:    webhook.SchemePartner,
		OwnerID:   "prt_1",
		Event:     "insurance.contract.issued",
		Reference: "AUT-1",
	}
	endpoint := webhook.Delivery{
		Scheme:     webhook.SchemeIdentity,
		OwnerID:    "usr_1",
		EndpointID: "we_1",
		Event:      webhook.EventTest,
		Reference:  "we_1",
	}
	tests := []struct {
		name                string
		stored              webhook.Delivery
		delivered           bool // the body was dropped at delivery
		ownerID, endpointID string
		want                fault.Kind // 0: redelivered
		code                string
	}{
		{"a partner's own", partner, false, "prt_1", "", 0, ""},
		{"another partner's", partner, false, "prt_2", "", fault.NotFound, ""},
		{"a partner's, asked for as an endpoint's", partner, false, "prt_1", "we_1", fault.NotFound, ""},
		{"an endpoint's own", endpoint, false, "usr_1", "we_1", 0, ""},
		{"another endpoint's of the same user", endpoint, false, "usr_1", "we_2", fault.NotFound, ""},
		{"another user's", endpoint, false, "usr_2", "we_1", fault.NotFound, ""},
		{"an endpoint's, asked for as a partner's", endpoint, false, "usr_1", "", fault.NotFound, ""},
		{"delivered", endpoint, true, "usr_1", "we_1", fault.Conflict, "body_not_retained"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &memstore.Store{}
			wk := &wakes{}
			e := &webhook.Engine{
				Store:    store,
				Targets:  target{url: "http://127.0.0.1:1"},
				Wake:     wk,
				Sender:   answering(new(int)),
				Schedule: []time.Duration{time.Minute},
				Timeout:  time.Second,
				Now:      func() time.Time { return now },
			}
			d := tt.stored
			d.ID, d.Status, d.CreatedAt, d.NextAt, d.Body = webhook.NewID(), webhook.StatusFailed, now.Add(
				-time.Hour,
			), now.Add(-time.Hour), []byte(
				`{"n":1}`,
			)
			if tt.delivered {
				d.Status, d.Body = webhook.StatusSucceeded, nil
			}
			if err := store.PutDelivery(context.Background(), d); err != nil {
				t.Fatal(err)
			}
			got, err := e.Redeliver(quiet(), tt.ownerID, tt.endpointID, d.ID)
			if tt.want != 0 {
				if f := fault.As(err); err == nil || f.Kind != tt.want || f.Code != tt.code {
					t.Fatalf("Redeliver: %v, want kind %d %s", err, tt.want, tt.code)
				}
				if n := len(wk.take()); n != 0 {
					t.Errorf("%d wake-ups for a refused redelivery", n)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.ID == d.ID || got.RedeliveryOf != d.ID || got.OwnerID != d.OwnerID ||
				got.EndpointID != d.EndpointID ||
				string(got.Body) != string(d.Body) ||
				got.Status != webhook.StatusPending {
				t.Errorf("redelivery = %+v, want a new pending delivery of %s with its body", got, d.ID)
			}
			if n := len(wk.take()); n != 1 {
				t.Errorf("%d wake-ups, want 1", n)
			}
		})
	}
}
