package credits_test

import (
	"testing"

	"github.com/trustline/platform/shared/domain/credits"
)

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 credits", 1: "1 credit", 2: "2 credits", 50: "50 credits",
		-1: "-1 credit"} {
		if got := credits.Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

// A debit of one credit the balance cannot cover says "1 credit", not "1 credits", and what to do.
func TestInsufficientDetail(t *testing.T) {
	for n, want := range map[int]string{
		1: "This needs 1 credit and the balance is lower; nothing was charged. " + credits.WhatToDo,
		3: "This needs 3 credits and the balance is lower; nothing was charged. " + credits.WhatToDo,
	} {
		if got := credits.Insufficient(n).Detail; got != want {
			t.Errorf("Insufficient(%d) = %q, want %q", n, got, want)
		}
	}
}
