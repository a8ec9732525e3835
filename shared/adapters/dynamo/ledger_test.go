package dynamo

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A debit the balance does not cover changes nothing (the transaction is cancelled); credits to an
// unknown user are NotFound; each change has its ledger entry.
func TestLedgerRepo(t *testing.T) {
	ctx := context.Background()
	db := newTable(t)
	repo := NewLedgerRepo(db)
	if err := NewUserRepo(db).CreateUser(ctx, accounts.User{ID: "usr_1", Email: "l@example.com", Role: access.RoleUser,
		CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := repo.Move(ctx, credits.Grant("usr_1", 5, credits.ReasonGrant, "", time.Time{})); err != nil {
		t.Fatal(err)
	}
	if err := repo.Move(ctx, credits.Grant("usr_404", 5, credits.ReasonGrant, "", time.Time{})); fault.As(
		err,
	).Kind != fault.NotFound {
		t.Errorf("credits to an unknown user: %v, want NotFound", err)
	}
	if err := repo.Move(ctx, credits.Charge("usr_1", 6, credits.ReasonExtraction, "ext_1", time.Time{})); fault.As(
		err,
	).Kind != fault.PaymentRequired ||
		fault.As(err).Code != "insufficient_credits" {
		t.Errorf("a debit past the balance: %v, want PaymentRequired", err)
	}
	if err := repo.Move(ctx, credits.Charge("usr_1", 2, credits.ReasonExtraction, "ext_2", time.Time{})); err != nil {
		t.Fatal(err)
	}
	u, _ := NewUserRepo(db).User(ctx, "usr_1")
	entries, _, err := repo.Entries(ctx, "usr_1", 10, "")
	if err != nil || u.Credits != 3 || len(entries) != 2 || entries[0].Amount != -2 || entries[0].Reference != "ext_2" {
		t.Errorf("balance %d, ledger %+v, %v; want 3 and the two movements, newest first", u.Credits, entries, err)
	}
}
