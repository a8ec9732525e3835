package webhook

import "context"

// Publisher is the Service as the identity domains see it (extraction.Events, ...): they publish
// an event and need not know which deliveries it made.
type Publisher struct{ Service *Service }

// Publish sends the event to the owner's endpoints of its mode subscribed to it.
func (p Publisher) Publish(ctx context.Context, ownerID string, live bool, event, reference string, data any) error {
	_, err := p.Service.Publish(ctx, ownerID, live, event, reference, data)
	return err
}
