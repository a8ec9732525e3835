package payment

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Without a gateway, production opens no link: payment_config_missing, for contracts and invoices.
func TestUnconfiguredRefuses(t *testing.T) {
	_, err := Unconfigured{}.Open(context.Background(), Charge{}, time.Now())
	var f *fault.Error
	if !errors.As(err, &f) || f.Kind != fault.BadRequest || f.Code != "payment_config_missing" {
		t.Errorf("err = %v, want payment_config_missing", err)
	}
}
