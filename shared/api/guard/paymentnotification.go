package guard

import (
	"io"
	"net/http"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// maxNotification bounds what is read of a notification.
const maxNotification = 64 << 10

// PaymentNotification reads a notification posted by the payment gateway (or the sandbox checkout)
// and authenticates it by its signature before anything else (payment.ParseNotification): a body
// over 64 KiB is TooLarge, a bad or missing x-webhook-signature Unauthorized, a body that is not a
// notification BadRequest. Contract payments and invoices are notified alike, to two endpoint
// groups, so it is read here rather than in one of them.
func PaymentNotification(r *http.Request, key []byte) (payment.Notification, error) {
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxNotification))
	if err != nil {
		return payment.Notification{}, fault.New(fault.TooLarge, "The notification is too large.")
	}
	return payment.ParseNotification(body, r.Header.Get("X-Webhook-Signature"), key)
}
