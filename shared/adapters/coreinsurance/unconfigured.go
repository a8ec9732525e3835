package coreinsurance

import (
	"context"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Unconfigured is the core insurance system of production without a configured one: pricing and
// issuance fail as an upstream that cannot be reached, so a paid request is left to the
// operators' alarm rather than issued by the simulator.
type Unconfigured struct{}

var _ contracts.Core = Unconfigured{}

// Price fails.
func (Unconfigured) Price(context.Context, contracts.Contract) (contracts.Pricing, error) {
	return contracts.Pricing{}, errNotConfigured
}

// Issue fails.
func (Unconfigured) Issue(context.Context, contracts.Contract, int) (contracts.Issuance, error) {
	return contracts.Issuance{}, errNotConfigured
}

var errNotConfigured = &fault.Error{
	Kind:       fault.Upstream,
	Detail:     "The core insurance system is not configured. This is not the partner's fault: contact support.",
	Extensions: map[string]any{"provider": "core-insurance", "upstreamStatus": 0},
}
