package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/contracts/contractstest"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/credits/creditstest"
	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/handoff/handofftest"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/idempotency/idempotencytest"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/domain/webhook/webhooktest"
)

// The repositories keep the promises of their ports, checked by the suites their in-memory fakes
// run too.
func TestDeliveryRepoSuite(t *testing.T) {
	webhooktest.RunStoreSuite(t, func(t *testing.T) webhook.Store { return NewDeliveryRepo(newTable(t)) })
}

func TestHandoffRepoSuite(t *testing.T) {
	handofftest.RunStoreSuite(t, func(t *testing.T) handoff.Store { return NewHandoffRepo(newTable(t)) })
}

func TestLedgerRepoSuite(t *testing.T) {
	creditstest.RunLedgerSuite(t, func(t *testing.T, userIDs ...string) credits.Ledger {
		db := newTable(t)
		for _, id := range userIDs {
			if err := NewUserRepo(db).CreateUser(context.Background(), accounts.User{ID: id, Email: id + "@example.com",
				Role: access.RoleUser, CreatedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
		}
		return NewLedgerRepo(db)
	})
}

// The contract flow's unit tests run on contractstest.Store: the repository keeps the promises
// that fake is checked against, on a table of its own per case.
func TestContractRepoStoreSuite(t *testing.T) {
	contractstest.RunStoreSuite(t, func(t *testing.T) contracts.Store { return NewContractRepo(newTable(t)) })
}

// guard.Idempotency's unit tests run on idempotencytest.Store, checked against the same promises.
func TestIdempotencyRepoStoreSuite(t *testing.T) {
	idempotencytest.RunStoreSuite(t, func(t *testing.T) idempotency.Store { return NewIdempotencyRepo(newTable(t)) })
}
