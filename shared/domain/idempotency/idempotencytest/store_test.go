package idempotencytest_test

import (
	"testing"

	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/domain/idempotency/idempotencytest"
)

func TestStoreSuite(t *testing.T) {
	idempotencytest.RunStoreSuite(t, func(*testing.T) idempotency.Store { return idempotencytest.New() })
}
