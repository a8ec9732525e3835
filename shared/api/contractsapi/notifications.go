package contractsapi

import (
	"net/http"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// Notifications receives the payment gateway's calls.
type Notifications struct {
	Contracts  *contracts.Service
	SigningKey []byte
}

// Routes are the gateway's routes.
func (n Notifications) Routes() []httpapi.Route {
	return []httpapi.Route{{Pattern: "POST /api/v1/webhooks/payment", Handler: n.payment}}
}

// payment verifies x-webhook-signature over the raw body before anything else: a bad or missing
// signature is 401 and changes nothing. Replays of an event ID are answered 200 and change nothing;
// so is a payment taken for a failed request (the gateway has nothing to retry), which the service
// records, logs and counts for a refund.
func (n Notifications) payment(w http.ResponseWriter, r *http.Request) error {
	note, err := guard.PaymentNotification(r, n.SigningKey)
	if err != nil {
		return err
	}
	err = n.Contracts.HandlePayment(r.Context(), note)
	if fault.Is(err, fault.Invalid) {
		logs.From(r.Context()).
			WarnContext(r.Context(), "payment notification refused", "eventId", note.EventID, "reference",
				note.Reference, "reason", fault.As(err).Code)
	}
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]bool{"received": true})
	return nil
}
