package dynamo

import (
	"testing"

	"github.com/trustline/platform/shared/handoff"
	"github.com/trustline/platform/shared/handoff/handofftest"
	"github.com/trustline/platform/shared/webhook"
	"github.com/trustline/platform/shared/webhook/webhooktest"
)

// The repositories keep the promises of their ports, checked by the suites their in-memory fakes
// run too.
func TestDeliveryRepoSuite(t *testing.T) {
	webhooktest.RunStoreSuite(t, func(t *testing.T) webhook.Store { return NewDeliveryRepo(newTable(t)) })
}

func TestHandoffRepoSuite(t *testing.T) {
	handofftest.RunStoreSuite(t, func(t *testing.T) handoff.Store { return NewHandoffRepo(newTable(t)) })
}
