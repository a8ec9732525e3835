package dynamo

import (
	"testing"

	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/contracts/contractstest"
)

// The contract flow's unit tests run on contractstest.Store: the repository keeps the promises
// that fake is checked against, on a table of its own per case.
func TestContractRepoStoreSuite(t *testing.T) {
	contractstest.RunStoreSuite(t, func(t *testing.T) contracts.Store { return NewContractRepo(newTable(t)) })
}
