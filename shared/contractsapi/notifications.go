package contractsapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/logs"
	"github.com/trustline/platform/shared/payment"
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
// signature is 401 and changes nothing. Replays of an event ID are answered 200 and change nothing.
func (n Notifications) payment(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, 64<<10))
	if err != nil {
		httpapi.WriteError(w, r, fault.New(fault.TooLarge, "The notification is too large."))
		return
	}
	if !payment.Verify(n.SigningKey, body, r.Header.Get("X-Webhook-Signature")) {
		httpapi.WriteError(w, r, fault.New(fault.Unauthorized, "The x-webhook-signature is missing or invalid."))
		return
	}
	var note payment.Notification
	if err := json.Unmarshal(body, &note); err != nil || note.EventID == "" || note.Reference == "" {
		httpapi.WriteError(w, r, fault.New(fault.BadRequest, "The notification is malformed."))
		return
	}
	switch note.Type {
	case payment.Succeeded, payment.Cancelled, payment.Failed:
	default:
		httpapi.WriteError(w, r, fault.Newf(fault.BadRequest, "Unknown notification type %q.", note.Type))
		return
	}
	err = n.Contracts.HandlePayment(r.Context(), contracts.PaymentEvent{EventID: note.EventID, Paid: note.Type == payment.Succeeded,
		Reference: note.Reference, Amount: note.Amount, Currency: note.Currency, At: note.OccurredAt})
	if fault.Is(err, fault.Invalid) {
		logs.From(r.Context()).WarnContext(r.Context(), "payment notification refused", "eventId", note.EventID, "reference", note.Reference, "reason", fault.As(err).Code)
	}
	if err != nil {
		httpapi.WriteError(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]bool{"received": true})
}
