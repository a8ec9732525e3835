package coreinsurance

import (
	"context"
	"testing"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Without a core system, production prices and issues nothing: an upstream fault naming the
// provider, never a price or a contract.
func TestUnconfiguredRefuses(t *testing.T) {
	if p, err := (Unconfigured{}).Price(context.Background(), contracts.Contract{}); !fault.Is(err, fault.Upstream) ||
		p != (contracts.Pricing{}) {
		t.Errorf("Price = %+v, %v; want an upstream fault", p, err)
	}
	if i, err := (Unconfigured{}).Issue(context.Background(), contracts.Contract{}, 1); !fault.Is(
		err,
		fault.Upstream,
	) ||
		i.ContractID != "" {
		t.Errorf("Issue = %+v, %v; want an upstream fault", i, err)
	}
}
