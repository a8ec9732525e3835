package dynamo

import (
	"context"
	"testing"

	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// A reference has one sandbox link: a second is refused with nothing stored, and the reference
// names the first.
func TestLinkRepoOneLinkPerReference(t *testing.T) {
	ctx := context.Background()
	repo := NewLinkRepo(newTable(t))
	first := payment.Link{ID: "pay_1", Reference: "AUT-1", Amount: 10, Currency: "XOF", ExpiresAt: at}
	if err := repo.PutLink(ctx, first); err != nil {
		t.Fatal(err)
	}
	second := first
	second.ID = "pay_2"
	conflict(t, "a second link of the reference", repo.PutLink(ctx, second))
	if _, err := repo.Link(ctx, "pay_2"); !fault.Is(err, fault.NotFound) {
		t.Errorf("the refused link was stored: %v", err)
	}
	if l, err := repo.LinkOf(ctx, "AUT-1"); err != nil || l.ID != "pay_1" || l.Amount != 10 {
		t.Errorf("LinkOf = %+v, %v, want pay_1", l, err)
	}
	if _, err := repo.LinkOf(ctx, "AUT-2"); !fault.Is(err, fault.NotFound) {
		t.Errorf("LinkOf of a reference without a link: %v, want NotFound", err)
	}
	if _, err := repo.Link(ctx, "REF#AUT-1"); !fault.Is(err, fault.NotFound) {
		t.Errorf("the reference's item read as a link: %v", err)
	}
}
