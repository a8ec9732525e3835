package creditstest_test

import (
	"testing"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/credits/creditstest"
)

func TestMemoryKeepsTheLedgersPromises(t *testing.T) {
	creditstest.RunLedgerSuite(t, func(_ *testing.T, userIDs ...string) credits.Ledger {
		return creditstest.NewMemory(userIDs...)
	})
}
