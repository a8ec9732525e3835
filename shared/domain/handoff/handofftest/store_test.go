package handofftest_test

import (
	"testing"

	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/domain/handoff/handofftest"
)

// The fake keeps the promises the DynamoDB repository keeps (shared/adapters/dynamo runs the same suite).
func TestStoreSuite(t *testing.T) {
	handofftest.RunStoreSuite(t, func(*testing.T) handoff.Store { return &handofftest.Store{} })
}
