package accounts_test

import (
	"testing"

	"github.com/trustline/platform/shared/accounts"
)

func TestCreditCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 credits", 1: "1 credit", 2: "2 credits", 50: "50 credits", -1: "-1 credit"} {
		if got := accounts.CreditCount(n); got != want {
			t.Errorf("CreditCount(%d) = %q, want %q", n, got, want)
		}
	}
}

// A debit of one credit the balance cannot cover says "1 credit", not "1 credits".
func TestInsufficientCreditsDetail(t *testing.T) {
	for n, want := range map[int]string{
		1: "This needs 1 credit and the balance is lower; nothing was charged.",
		3: "This needs 3 credits and the balance is lower; nothing was charged.",
	} {
		if got := accounts.InsufficientCredits(n).Detail; got != want {
			t.Errorf("InsufficientCredits(%d) = %q, want %q", n, got, want)
		}
	}
}
