package payment

import (
	"context"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Unconfigured is the gateway of production without a configured provider: every link it is asked
// for is refused with payment_config_missing. The sandbox gateway and the simulator never serve
// production.
type Unconfigured struct{}

// Open refuses.
func (Unconfigured) Open(context.Context, Charge, time.Time) (Checkout, error) {
	return Checkout{}, errNotConfigured()
}

// errNotConfigured is the answer wherever payments cannot be taken: no provider, or a sandbox
// without its signing key.
func errNotConfigured() error {
	return &fault.Error{Kind: fault.BadRequest, Code: "payment_config_missing",
		Detail: "The platform's payment configuration is inactive. This is not the partner's fault: contact support."}
}
