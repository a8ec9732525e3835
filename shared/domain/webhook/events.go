package webhook

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"slices"
	"strings"
	"time"
)

// Identity API events an endpoint can subscribe to.
const (
	EventExtractionCompleted   = "extraction.completed"
	EventExtractionFailed      = "extraction.failed"
	EventVerificationCompleted = "verification.completed"
	EventVerificationFailed    = "verification.failed"
	EventTest                  = "webhook.test"
)

// APIVersion is the apiVersion of identity API payloads.
const APIVersion = "2026-11-01"

var identityEvents = []string{
	EventExtractionCompleted, EventExtractionFailed, EventVerificationCompleted, EventVerificationFailed, EventTest,
}

// Emit writes an identity API event of one mode (live or test) with the change it reports: one
// delivery to each of the owner's endpoints of that mode subscribed to it, all with the same body
// (so the same event id), which commit stores in the change's own transaction (none when no
// endpoint is subscribed); the dispatcher is woken once it has committed. An error means that
// neither the change nor its deliveries were stored.
func (s *Service) Emit(
	ctx context.Context,
	ownerID string,
	live bool,
	event, reference string,
	data any,
	commit func([]Delivery) error,
) error {
	endpoints, err := s.Endpoints(ctx, ownerID)
	if err != nil {
		return err
	}
	body, err := IdentityPayload(event, s.now(), data)
	if err != nil {
		return err
	}
	var ds []Delivery
	for _, e := range endpoints {
		if e.Live == live && slices.Contains(e.Events, event) {
			ds = append(ds, Delivery{Scheme: SchemeIdentity, OwnerID: ownerID, EndpointID: e.ID, Event: event,
				Reference: reference, Body: body})
		}
	}
	_, err = s.Deliveries.Emit(ctx, ds, commit)
	return err
}

// IdentityPayload is the body of an identity API event: {event, apiVersion, id, createdAt, data}.
func IdentityPayload(event string, at time.Time, data any) ([]byte, error) {
	return json.Marshal(struct {
		Event      string `json:"event"`
		APIVersion string `json:"apiVersion"`
		ID         string `json:"id"`
		CreatedAt  string `json:"createdAt"`
		Data       any    `json:"data"`
	}{event, APIVersion, "evt_" + strings.ToLower(rand.Text()), at.UTC().Format(time.RFC3339), data})
}
