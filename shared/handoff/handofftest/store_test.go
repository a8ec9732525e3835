package handofftest_test

import (
	"testing"

	"github.com/trustline/platform/shared/handoff"
	"github.com/trustline/platform/shared/handoff/handofftest"
)

// The fake keeps the promises the DynamoDB repository keeps (shared/dynamo runs the same suite).
func TestStoreSuite(t *testing.T) {
	handofftest.RunStoreSuite(t, func(*testing.T) handoff.Store { return &handofftest.Store{} })
}
