package dynamo

import (
	"testing"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/contracts/contractstest"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/idempotency/idempotencytest"
)

// The contract flow's unit tests run on contractstest.Store: the repository keeps the promises
// that fake is checked against, on a table of its own per case.
func TestContractRepoStoreSuite(t *testing.T) {
	contractstest.RunStoreSuite(t, func(t *testing.T) contracts.Store { return NewContractRepo(newTable(t)) })
}

// Keys.Wrap's unit tests run on idempotencytest.Store, checked against the same promises.
func TestIdempotencyRepoStoreSuite(t *testing.T) {
	idempotencytest.RunStoreSuite(t, func(t *testing.T) idempotency.Store { return NewIdempotencyRepo(newTable(t)) })
}
