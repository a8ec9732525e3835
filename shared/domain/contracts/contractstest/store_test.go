package contractstest_test

import (
	"testing"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/contracts/contractstest"
)

func TestStoreSuite(t *testing.T) {
	contractstest.RunStoreSuite(t, func(*testing.T) contracts.Store { return contractstest.New() })
}
