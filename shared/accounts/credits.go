package accounts

import (
	"strconv"

	"github.com/trustline/platform/shared/fault"
)

// CreditCount writes a number of credits for a message, singular for one: "1 credit", "5 credits".
func CreditCount(n int) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " credit"
	}
	return strconv.Itoa(n) + " credits"
}

// InsufficientCredits is the answer to a debit of n credits the balance cannot cover: nothing was
// charged.
func InsufficientCredits(n int) *fault.Error {
	return &fault.Error{Kind: fault.PaymentRequired, Code: "insufficient_credits",
		Detail: "This needs " + CreditCount(n) + " and the balance is lower; nothing was charged."}
}
