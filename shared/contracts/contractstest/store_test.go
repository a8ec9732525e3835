package contractstest_test

import (
	"testing"

	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/contracts/contractstest"
)

func TestStoreSuite(t *testing.T) {
	contractstest.RunStoreSuite(t, func(*testing.T) contracts.Store { return contractstest.New() })
}
