package payment

import (
	"context"
	"time"

	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/fault"
)

// Unconfigured is the gateway of production without a configured provider: every link it is asked
// for is refused with payment_config_missing. The sandbox gateway and the simulator never serve
// production.
type Unconfigured struct{}

// CreateLink refuses.
func (Unconfigured) CreateLink(context.Context, contracts.Contract, time.Time) (contracts.Payment, error) {
	return contracts.Payment{}, errNotConfigured()
}

// Open refuses.
func (Unconfigured) Open(context.Context, Charge, time.Time) (contracts.Payment, error) {
	return contracts.Payment{}, errNotConfigured()
}

func errNotConfigured() error {
	return &fault.Error{Kind: fault.BadRequest, Code: "payment_config_missing",
		Detail: "The platform's payment configuration is inactive. This is not the partner's fault: contact support."}
}
