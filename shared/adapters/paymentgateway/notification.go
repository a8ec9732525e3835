package paymentgateway

import (
	"io"
	"net/http"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// maxNotification bounds what is read of a notification.
const maxNotification = 64 << 10

// ReadNotification reads a notification posted by the gateway (or the sandbox checkout) and checks
// its signature before anything else (payment.ParseNotification): a body over 64 KiB is TooLarge,
// a bad or missing x-webhook-signature Unauthorized, a body that is not a notification BadRequest.
func ReadNotification(r *http.Request, key []byte) (payment.Notification, error) {
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxNotification))
	if err != nil {
		return payment.Notification{}, fault.New(fault.TooLarge, "The notification is too large.")
	}
	return payment.ParseNotification(body, r.Header.Get("X-Webhook-Signature"), key)
}
