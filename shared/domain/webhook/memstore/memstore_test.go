package memstore_test

import (
	"testing"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/domain/webhook/memstore"
	"github.com/trustline/platform/shared/domain/webhook/webhooktest"
)

// The fake keeps the promises the DynamoDB repository keeps (shared/adapters/dynamo runs the same suite).
func TestStoreSuite(t *testing.T) {
	webhooktest.RunStoreSuite(t, func(*testing.T) webhook.Store { return &memstore.Store{} })
}
