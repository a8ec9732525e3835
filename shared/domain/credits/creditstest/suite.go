// Package creditstest holds the contract suite of the credits ledger, run on every store that keeps
// one (the DynamoDB repository and Memory), and Memory, the in-memory ledger the domains' unit tests
// charge on.
package creditstest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/foundation/fault"
)

// RunLedgerSuite checks the promises of the ledger on the stores newLedger makes, one per
// subtest, holding the given users with no credits: every movement is recorded with the balance
// change, in one transaction (a debit past the balance changes nothing, credits to an unknown user
// are NotFound), and a user's ledger is listed newest first, page by page, by cursors that serve
// only that user's ledger.
func RunLedgerSuite(t *testing.T, newLedger func(t *testing.T, userIDs ...string) credits.Ledger) {
	cases := []struct {
		name  string
		users []string
		run   func(t *testing.T, l credits.Ledger)
	}{
		{"a debit past the balance changes nothing", []string{"usr_1"}, debitPastTheBalance},
		{"credits to an unknown user", []string{"usr_1"}, unknownUser},
		{"the ledger, newest first, page by page", []string{"usr_1", "usr_2"}, newestFirst},
		{"a movement made once is made once", []string{"usr_1", "usr_2"}, madeOnce},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newLedger(t, tc.users...)) })
	}
}

// entries reads a user's whole ledger, limit entries a page, checking each page's size.
func entries(t *testing.T, l credits.Ledger, user string, limit int) []credits.Entry {
	t.Helper()
	var all []credits.Entry
	cursor := ""
	for i := 0; ; i++ {
		if i > 50 {
			t.Fatal("more than 50 pages")
		}
		page, next, err := l.Entries(context.Background(), user, limit, cursor)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		if len(page) > limit || (next != "" && len(page) < limit) {
			t.Fatalf(
				"page %d: %d entries of %d, next %q: a page holds at most limit entries, and a short one ends the ledger",
				i,
				len(page),
				limit,
				next,
			)
		}
		all = append(all, page...)
		if next == "" {
			return all
		}
		cursor = next
	}
}

// sum is the balance the entries make.
func sum(es []credits.Entry) int {
	n := 0
	for _, e := range es {
		n += e.Amount
	}
	return n
}

func debitPastTheBalance(t *testing.T, l credits.Ledger) {
	ctx := context.Background()
	if err := l.Move(ctx, credits.Grant("usr_1", 5, credits.ReasonGrant, "", time.Time{})); err != nil {
		t.Fatal(err)
	}
	err := l.Move(ctx, credits.Charge("usr_1", 6, credits.ReasonExtraction, "ext_1", time.Time{}))
	if f := fault.As(err); err == nil || f.Kind != fault.PaymentRequired || f.Code != "insufficient_credits" {
		t.Errorf("a debit past the balance: %v, want PaymentRequired (insufficient_credits)", err)
	}
	if err := l.Move(ctx, credits.Charge("usr_1", 5, credits.ReasonExtraction, "ext_2", time.Time{})); err != nil {
		t.Errorf("a debit of the whole balance: %v", err)
	}
	if err := l.Move(ctx, credits.Charge("usr_1", 1, credits.ReasonExtraction, "ext_3", time.Time{})); !fault.Is(
		err,
		fault.PaymentRequired,
	) {
		t.Errorf("a debit of an empty balance: %v, want PaymentRequired", err)
	}
	es := entries(t, l, "usr_1", 10)
	if len(es) != 2 || sum(es) != 0 {
		t.Errorf("ledger %+v; want the grant and the one debit made, summing to the balance, 0", es)
	}
}

func unknownUser(t *testing.T, l credits.Ledger) {
	ctx := context.Background()
	if err := l.Move(ctx, credits.Grant("usr_404", 5, credits.ReasonGrant, "", time.Time{})); !fault.Is(
		err,
		fault.NotFound,
	) {
		t.Errorf("credits to an unknown user: %v, want NotFound", err)
	}
	if err := l.Move(ctx, credits.Charge("usr_404", 1, credits.ReasonExtraction, "ext_1",
		time.Time{})); err == nil {
		t.Error("a debit of an unknown user was taken")
	}
	if es := entries(t, l, "usr_404", 10); len(es) != 0 {
		t.Errorf("an unknown user's ledger: %+v, want none", es)
	}
}

func newestFirst(t *testing.T, l credits.Ledger) {
	ctx := context.Background()
	// Movements a tenth of a second apart, across a whole second: sorted by time, not by the
	// text of a time whose trailing zeros were trimmed (05Z after 05.11Z).
	t0 := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	var want []string // references, newest first
	for i := range 7 {
		ref := fmt.Sprintf("ext_%d", i)
		if err := l.Move(ctx, credits.Grant("usr_1", i+1, credits.ReasonRefund, ref,
			t0.Add(time.Duration(i)*110*time.Millisecond))); err != nil {
			t.Fatal(err)
		}
		want = append([]string{ref}, want...)
	}
	if err := l.Move(ctx, credits.Charge("usr_1", 3, credits.ReasonLiveness, "lvc_1",
		t0.Add(time.Second))); err != nil {
		t.Fatal(err)
	}
	want = append([]string{"lvc_1"}, want...)
	if err := l.Move(ctx, credits.Grant("usr_2", 9, credits.ReasonGrant, "other", t0)); err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{1, 3, len(want), 100} {
		es := entries(t, l, "usr_1", limit)
		refs := make([]string, len(es))
		for i, e := range es {
			refs[i] = e.Reference
		}
		if !slices.Equal(refs, want) {
			t.Errorf("limit %d: %v, want %v", limit, refs, want)
		}
		if sum(es) != 28-3 {
			t.Errorf("limit %d: the entries sum to %d, want the balance, 25", limit, sum(es))
		}
	}
	first := entries(t, l, "usr_1", 100)[0]
	if first.ID == "" || first.Amount != -3 || first.Reason != credits.ReasonLiveness ||
		!first.At.Equal(t0.Add(time.Second)) {
		t.Errorf("the debit's entry: %+v", first)
	}
	_, next, err := l.Entries(ctx, "usr_1", 2, "")
	if err != nil || next == "" {
		t.Fatalf("first page: next %q, %v", next, err)
	}
	if _, _, err := l.Entries(ctx, "usr_2", 2, next); !fault.Is(err, fault.Invalid) {
		t.Errorf("another user's cursor: %v, want Invalid", err)
	}
	if _, _, err := l.Entries(ctx, "usr_1", 2, "not a cursor"); !fault.Is(err, fault.Invalid) {
		t.Errorf("a forged cursor: %v, want Invalid", err)
	}
	if es := entries(t, l, "usr_2", 10); len(es) != 1 || es[0].Reference != "other" {
		t.Errorf("another user's ledger: %+v, want only its own", es)
	}
}

func madeOnce(t *testing.T, l credits.Ledger) {
	ctx := context.Background()
	at := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	if err := l.Move(ctx, credits.Grant("usr_1", 5, credits.ReasonGrant, "", time.Time{})); err != nil {
		t.Fatal(err)
	}
	charge := credits.Charge("usr_1", 2, credits.ReasonLiveness, "lv_1", time.Time{}).MadeOnce(at)
	refund := credits.Refund("usr_1", 2, "lv_1", time.Time{}).MadeOnce(at)
	steps := []struct {
		m    credits.Movement
		want error
	}{{charge, nil}, {charge, credits.ErrMoved}, {refund, nil}, {refund, credits.ErrMoved}}
	for i, step := range append(steps, steps[1]) {
		if err := l.Move(ctx, step.m); !errors.Is(err, step.want) {
			t.Errorf("move %d (%s): %v, want %v", i, step.m.Reason, err, step.want)
		}
	}
	other := credits.Charge("usr_1", 1, credits.ReasonLiveness, "lv_2", time.Time{}).MadeOnce(at)
	if err := l.Move(ctx, other); err != nil {
		t.Errorf("another reference's movement: %v", err)
	}
	if err := l.Move(ctx, credits.Grant("usr_2", 1, credits.ReasonGrant, "", time.Time{})); err != nil {
		t.Fatal(err)
	}
	theirs := credits.Charge("usr_2", 1, credits.ReasonLiveness, "lv_1", time.Time{}).MadeOnce(at)
	if err := l.Move(ctx, theirs); err != nil {
		t.Errorf("another user's movement of the reference: %v", err)
	}
	if es := entries(t, l, "usr_1", 10); len(es) != 4 || sum(es) != 4 {
		t.Errorf("ledger %+v; want the grant, one charge, one refund and the other charge: 4", es)
	}
}
