package billing

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// settleStore is a Store that holds one invoice and records the settlements asked of it.
type settleStore struct {
	Store
	inv     Invoice
	settled []payment.Notification
}

func (s *settleStore) Invoice(_ context.Context, ref string) (Invoice, error) {
	if ref != s.inv.Reference {
		return Invoice{}, fault.New(fault.NotFound, "no invoice")
	}
	return s.inv, nil
}

func (s *settleStore) SettleInvoice(
	_ context.Context,
	_ Invoice,
	n payment.Notification,
	_ Status,
	_ time.Time,
) (bool, error) {
	for _, seen := range s.settled {
		if seen.EventID == n.EventID {
			return false, payment.ErrReplayed
		}
	}
	s.settled = append(s.settled, n)
	return true, nil
}

// A signed notification settles an invoice only when it names the invoice's own payment, amount
// and currency; anything else is refused before the store is asked, and a replay is answered as
// received.
func TestSettleMatchesTheInvoicesPayment(t *testing.T) {
	inv := Invoice{
		Reference: "INV-1",
		UserID:    "usr_1",
		Amount:    15000,
		Currency:  "XOF",
		Credits:   100,
		Status:    StatusPending,
		PaymentID: "pay_1",
	}
	good := payment.Notification{
		EventID:   "evt_1",
		Type:      payment.Succeeded,
		PaymentID: "pay_1",
		Reference: "INV-1",
		Amount:    15000,
		Currency:  "XOF",
	}
	for name, tt := range map[string]struct {
		change func(*payment.Notification)
		code   string
	}{
		"another payment":  {func(n *payment.Notification) { n.PaymentID = "pay_2" }, "payment_mismatch"},
		"no payment":       {func(n *payment.Notification) { n.PaymentID = "" }, "payment_mismatch"},
		"another amount":   {func(n *payment.Notification) { n.Amount = 1 }, "amount_mismatch"},
		"another currency": {func(n *payment.Notification) { n.Currency = "EUR" }, "amount_mismatch"},
		"no currency":      {func(n *payment.Notification) { n.Currency = "" }, "amount_mismatch"},
	} {
		t.Run(name, func(t *testing.T) {
			store := &settleStore{inv: inv}
			n := good
			tt.change(&n)
			err := (&Service{Store: store}).Settle(context.Background(), n)
			if f := fault.As(err); f == nil || f.Kind != fault.Invalid || f.Code != tt.code {
				t.Errorf("Settle = %v, want Invalid %s", err, tt.code)
			}
			if len(store.settled) != 0 {
				t.Errorf("settled %v", store.settled)
			}
		})
	}
	t.Run("the invoice's payment, twice", func(t *testing.T) {
		store := &settleStore{inv: inv}
		for range 2 {
			if err := (&Service{Store: store}).Settle(context.Background(), good); err != nil {
				t.Errorf("Settle = %v", err)
			}
		}
		if len(store.settled) != 1 {
			t.Errorf("settled %d times, want once", len(store.settled))
		}
	})
}
