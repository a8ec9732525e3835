package dynamo

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/billing"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// An invoice is settled once: paid, it credits its user with a ledger entry in the same
// transaction; settling it again changes nothing (false).
func TestInvoiceRepo(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewInvoiceRepo(db)
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := NewUserRepo(db).CreateUser(ctx, accounts.User{ID: "usr_1", Email: "i@example.com", Role: access.RoleUser,
		Plan: "free", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	inv := billing.Invoice{
		Reference:   "INV-1",
		UserID:      "usr_1",
		Plan:        "pro",
		Amount:      1000,
		Currency:    "XOF",
		Credits:     50,
		Status:      billing.StatusPending,
		PeriodStart: now,
		PeriodEnd:   now.Add(time.Hour),
		IssuedAt:    now,
		PaymentID:   "pay_1",
		PaymentURL:  "https://pay",
	}
	if err := repo.PutInvoice(ctx, inv); err != nil {
		t.Fatal(err)
	}
	paid := func(eventID string) payment.Notification {
		return payment.Notification{
			EventID:   eventID,
			Type:      payment.Succeeded,
			PaymentID: "pay_1",
			Reference: "INV-1",
			Amount:    1000,
			Currency:  "XOF",
		}
	}
	if ok, err := repo.SettleInvoice(ctx, inv, paid("evt_1"), billing.StatusPaid, now); !ok || err != nil {
		t.Fatalf("SettleInvoice = %v, %v", ok, err)
	}
	if ok, err := repo.SettleInvoice(ctx, inv, paid("evt_1"), billing.StatusPaid, now); ok ||
		!errors.Is(err, payment.ErrReplayed) {
		t.Errorf("the same event again: %v, %v; want payment.ErrReplayed", ok, err)
	}
	// Another event that finds the invoice paid changes nothing, and is recorded: its replay is one.
	if ok, err := repo.SettleInvoice(ctx, inv, paid("evt_2"), billing.StatusPaid, now); ok || err != nil {
		t.Errorf("settled again: %v, %v; want false", ok, err)
	}
	if ok, err := repo.SettleInvoice(ctx, inv, paid("evt_2"), billing.StatusFailed, now); ok ||
		!errors.Is(err, payment.ErrReplayed) {
		t.Errorf("a late event replayed: %v, %v; want payment.ErrReplayed", ok, err)
	}
	got, err := repo.Invoice(ctx, "INV-1")
	if err != nil || got.Status != billing.StatusPaid || got.PaidAt == nil {
		t.Errorf("Invoice = %+v, %v", got, err)
	}
	if u, _ := NewUserRepo(db).User(ctx, "usr_1"); u.Credits != 50 {
		t.Errorf("credits %d, want 50 once", u.Credits)
	}
	if _, err := repo.Invoice(ctx, "INV-404"); fault.As(err).Kind != fault.NotFound {
		t.Errorf("an unknown invoice: %v, want NotFound", err)
	}
	if list, _, err := repo.Invoices(ctx, "usr_1", "", 10, ""); err != nil || len(list) != 1 {
		t.Errorf("Invoices = %v, %v", list, err)
	}
}
