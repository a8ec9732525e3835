package dynamo

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/foundation/fault"
)

// invalid fails the test unless err is an Invalid fault (a 422).
func invalid(t *testing.T, what string, err error) {
	t.Helper()
	if f := fault.As(err); err == nil || f.Kind != fault.Invalid {
		t.Errorf("%s: %v, want Invalid", what, err)
	}
}

// pageAll reads a list to its end, limit items a page.
func pageAll[T any](t *testing.T, limit int, read func(limit int, cursor string) ([]T, string, error)) []T {
	t.Helper()
	var all []T
	cursor := ""
	for i := 0; ; i++ {
		if i > 50 {
			t.Fatal("more than 50 pages")
		}
		items, next, err := read(limit, cursor)
		if err != nil {
			t.Fatal(err)
		}
		if len(items) > limit {
			t.Fatalf("%d items, limit %d", len(items), limit)
		}
		all = append(all, items...)
		if next == "" {
			return all
		}
		cursor = next
	}
}

// The lists of extractions: each filter reads its own key, newest first, every item once to the
// end of the list, never another owner's or mode's; a cursor serves only the list that gave it.
func TestExtractionLists(t *testing.T) {
	ctx := context.Background()
	repo := NewExtractionRepo(newTable(t))
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	var want []string // newest first
	put := func(id, owner string, live bool, docType string, status extraction.Status, at time.Time,
		b *extraction.Batch) {
		t.Helper()
		e := extraction.Extraction{
			ID:           id,
			OwnerID:      owner,
			Live:         live,
			DocumentType: docType,
			Status:       extraction.StatusQueued,
			CreatedAt:    at,
			UpdatedAt:    at,
			SweepAt:      at,
		}
		if b != nil {
			e.BatchID = b.ID
		}
		if err := repo.CreateExtractions(ctx, credits.Movement{}, b, []extraction.Extraction{e}); err != nil {
			t.Fatal(err)
		}
		if status.Done() {
			if _, err := repo.ClaimExtraction(ctx, id, at.Add(time.Minute), at); err != nil {
				t.Fatal(err)
			}
			e.Status, e.CompletedAt = status, &at
			if err := repo.FinishExtraction(ctx, e, credits.Movement{}, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	statuses := []extraction.Status{extraction.StatusCompleted, extraction.StatusFailed, extraction.StatusQueued}
	types := []string{"passport", "id_card"}
	for i := range 6 {
		id := fmt.Sprintf("ext_%d", i)
		put(id, "usr_a", true, types[i%2], statuses[i%3], t0.Add(time.Duration(i)*time.Second), nil)
		want = append([]string{id}, want...)
	}
	if _, err := repo.ClaimExtraction(ctx, "ext_5", t0.Add(time.Hour), t0); err != nil { // queued → processing
		t.Fatal(err)
	}
	b := &extraction.Batch{ID: "bat_1", OwnerID: "usr_a", Live: true, Total: 1, CreatedAt: t0.Add(time.Hour)}
	put("ext_b", "usr_a", true, "passport", extraction.StatusQueued, b.CreatedAt, b)
	want = append([]string{"ext_b"}, want...)
	put("ext_test", "usr_a", false, "passport", extraction.StatusQueued, t0, nil)
	put("ext_other", "usr_b", true, "passport", extraction.StatusQueued, t0, nil)

	ids := func(f extraction.Filter, limit int) []string {
		t.Helper()
		var out []string
		for _, e := range pageAll(t, limit, func(limit int, cursor string) ([]extraction.Extraction, string, error) {
			f.Limit, f.Cursor = limit, cursor
			p, err := repo.Extractions(ctx, "usr_a", f)
			return p.Items, p.Next, err
		}) {
			out = append(out, e.ID)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		f    extraction.Filter
		want []string
	}{
		{"all", extraction.Filter{Live: true}, want},
		{"test mode", extraction.Filter{}, []string{"ext_test"}},
		{"completed", extraction.Filter{Live: true, Status: extraction.StatusCompleted}, []string{"ext_3", "ext_0"}},
		{"failed", extraction.Filter{Live: true, Status: extraction.StatusFailed}, []string{"ext_4", "ext_1"}},
		{"queued", extraction.Filter{Live: true, Status: extraction.StatusQueued}, []string{"ext_b", "ext_2"}},
		{"processing", extraction.Filter{Live: true, Status: extraction.StatusProcessing}, []string{"ext_5"}},
		{"id cards", extraction.Filter{Live: true, DocumentType: "id_card"}, []string{"ext_5", "ext_3", "ext_1"}},
		{"completed passports", extraction.Filter{Live: true, Status: extraction.StatusCompleted,
			DocumentType: "passport"}, []string{"ext_0"}},
		{"a batch", extraction.Filter{Live: true, BatchID: "bat_1"}, []string{"ext_b"}},
		{"a batch, failed", extraction.Filter{Live: true, BatchID: "bat_1", Status: extraction.StatusFailed}, nil},
		{"from the 2nd second", extraction.Filter{Live: true, CreatedAfter: t0.Add(2 * time.Second)}, want[:5]},
		{"before the 2nd second", extraction.Filter{Live: true, CreatedBefore: t0.Add(2 * time.Second)},
			[]string{"ext_1", "ext_0"}},
		{"between", extraction.Filter{Live: true, CreatedAfter: t0.Add(time.Second),
			CreatedBefore: t0.Add(4 * time.Second)}, []string{"ext_3", "ext_2", "ext_1"}},
		{"failed, after", extraction.Filter{Live: true, Status: extraction.StatusFailed,
			CreatedAfter: t0.Add(2 * time.Second)}, []string{"ext_4"}},
	} {
		for _, limit := range []int{1, 2, 100} {
			if got := ids(tc.f, limit); !slices.Equal(got, tc.want) {
				t.Errorf("%s, limit %d: %v, want %v", tc.name, limit, got, tc.want)
			}
		}
	}

	p, err := repo.Extractions(ctx, "usr_a", extraction.Filter{Live: true, Limit: 1})
	if err != nil || p.Next == "" {
		t.Fatalf("first page: %v %v", p, err)
	}
	for name, f := range map[string]extraction.Filter{
		"forged":             {Live: true, Cursor: "bm9wZQ"},
		"empty object":       {Live: true, Cursor: "e30"},
		"the other mode's":   {Cursor: p.Next},
		"another filter's":   {Live: true, Status: extraction.StatusFailed, Cursor: p.Next},
		"outside the bounds": {Live: true, CreatedBefore: t0, Cursor: p.Next},
	} {
		f.Limit = 1
		_, err := repo.Extractions(ctx, "usr_a", f)
		invalid(t, name, err)
	}
	_, err = repo.Extractions(ctx, "usr_b", extraction.Filter{Live: true, Limit: 1, Cursor: p.Next})
	invalid(t, "another owner's", err)

	bs, err := repo.Batches(ctx, "usr_a", true, 10, "")
	if err != nil || len(bs.Items) != 1 || bs.Items[0].ID != "bat_1" || bs.Next != "" {
		t.Errorf("Batches = %+v, %v", bs, err)
	}
	if bs, err := repo.Batches(ctx, "usr_a", false, 10, ""); err != nil || len(bs.Items) != 0 {
		t.Errorf("test-mode Batches = %+v, %v", bs, err)
	}
}

// A verification's record is an extraction's listed apart: in the owner's verifications, all and
// by status, and in none of its extractions.
func TestVerificationLists(t *testing.T) {
	ctx := context.Background()
	repo := NewExtractionRepo(newTable(t))
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	for _, e := range []extraction.Extraction{
		{ID: "ver_1", Verification: &extraction.VerificationRequest{}},
		{ID: "ext_1"},
	} {
		e.OwnerID, e.Live, e.DocumentType, e.Status = "usr_a", true, "passport", extraction.StatusQueued
		e.CreatedAt, e.UpdatedAt, e.SweepAt = at, at, at
		if err := repo.CreateExtractions(ctx, credits.Movement{}, nil, []extraction.Extraction{e}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name string
		f    extraction.Filter
		want []string
	}{
		{"verifications", extraction.Filter{Live: true, Verifications: true}, []string{"ver_1"}},
		{"pending verifications", extraction.Filter{Live: true, Verifications: true, Status: extraction.StatusQueued},
			[]string{"ver_1"}},
		{"extractions", extraction.Filter{Live: true}, []string{"ext_1"}},
	} {
		tt.f.Limit = 10
		p, err := repo.Extractions(ctx, "usr_a", tt.f)
		var got []string
		for _, e := range p.Items {
			got = append(got, e.ID)
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
}

// The lists of contract requests: a partner's (all, by status, by product), and the
// administrators' across partners (by status, and the attention queue, sharded), which follow each
// change of status, and a payment after the failure.
func TestContractLists(t *testing.T) {
	ctx := context.Background()
	repo := NewContractRepo(newTable(t))
	var refs []string
	for i := range 5 {
		c := pendingContract(fmt.Sprintf("AUT-%d", i))
		c.CreatedAt = at.Add(time.Duration(i) * time.Second)
		if i == 4 {
			c.PartnerID = "prt_2"
		}
		if i == 3 {
			c.Product = contracts.ProductVoyage
		}
		if err := repo.PutContract(ctx, c); err != nil {
			t.Fatal(err)
		}
		refs = append(refs, c.Reference)
	}
	to := func(ref string, change contracts.Change) {
		t.Helper()
		c, err := repo.Contract(ctx, ref)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := repo.Update(ctx, c, change); err != nil {
			t.Fatal(err)
		}
	}
	status := func(s contracts.Status) contracts.Change {
		return func(c contracts.Contract) (contracts.Contract, error) {
			c.Status, c.UpdatedAt = s, c.UpdatedAt.Add(time.Minute)
			return c, nil
		}
	}
	paid := func(c contracts.Contract) (contracts.Contract, error) {
		p := c.UpdatedAt.Add(time.Hour)
		c.PaidAt, c.UpdatedAt = &p, p
		return c, nil
	}
	to(refs[0], status(contracts.StatusPaymentFailed))
	to(refs[0], paid) // paid after the failure: an administrator must refund it
	to(refs[1], status(contracts.StatusIssuanceInProgress))
	to(refs[1], status(contracts.StatusIssuanceFailed))
	to(refs[4], status(contracts.StatusIssuanceInProgress))
	to(refs[4], status(contracts.StatusActive))

	list := func(f contracts.Filter, limit int) []string {
		t.Helper()
		var out []string
		for _, c := range pageAll(t, limit, func(limit int, cursor string) ([]contracts.Contract, string, error) {
			f.Limit, f.Cursor = limit, cursor
			p, err := repo.Contracts(ctx, f)
			return p.Items, p.Next, err
		}) {
			out = append(out, c.Reference)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		f    contracts.Filter
		want []string
	}{
		{"a partner's", contracts.Filter{PartnerID: "prt_1"}, []string{refs[3], refs[2], refs[1], refs[0]}},
		{"pending", contracts.Filter{PartnerID: "prt_1", Status: contracts.StatusPendingPayment}, []string{refs[3],
			refs[2]}},
		{"voyage", contracts.Filter{PartnerID: "prt_1", Product: contracts.ProductVoyage}, []string{refs[3]}},
		{"pending auto", contracts.Filter{PartnerID: "prt_1", Status: contracts.StatusPendingPayment,
			Product: contracts.ProductAuto}, []string{refs[2]}},
		{"created from the 2nd second", contracts.Filter{PartnerID: "prt_1", CreatedAfter: at.Add(2 * time.Second)},
			[]string{refs[3], refs[2]}},
		{"the other partner's", contracts.Filter{PartnerID: "prt_2"}, []string{refs[4]}},
		{"attention", contracts.Filter{}, []string{refs[1], refs[0]}},
		{"active, every partner", contracts.Filter{Status: contracts.StatusActive}, []string{refs[4]}},
		{"pending, every partner", contracts.Filter{Status: contracts.StatusPendingPayment}, []string{refs[3],
			refs[2]}},
		{"in progress, every partner", contracts.Filter{Status: contracts.StatusIssuanceInProgress}, nil},
	} {
		for _, limit := range []int{1, 2, 100} {
			if got := list(tc.f, limit); !slices.Equal(got, tc.want) {
				t.Errorf("%s, limit %d: %v, want %v", tc.name, limit, got, tc.want)
			}
		}
	}
	to(refs[0], status(contracts.StatusRefunded))
	if got := list(contracts.Filter{}, 10); !slices.Equal(got, []string{refs[1]}) {
		t.Errorf("attention after a refund: %v", got)
	}

	p, err := repo.Contracts(ctx, contracts.Filter{PartnerID: "prt_1", Limit: 1})
	if err != nil || p.Next == "" {
		t.Fatalf("first page: %+v %v", p, err)
	}
	q, err := repo.Contracts(ctx, contracts.Filter{Status: contracts.StatusPendingPayment, Limit: 1})
	if err != nil || q.Next == "" {
		t.Fatalf("first sharded page: %+v %v", q, err)
	}
	for name, f := range map[string]contracts.Filter{
		"another partner's":              {PartnerID: "prt_2", Cursor: p.Next},
		"a partner's, across partners":   {Status: contracts.StatusPendingPayment, Cursor: p.Next},
		"another status's":               {Status: contracts.StatusActive, Cursor: q.Next},
		"a status list's, for attention": {Cursor: q.Next},
		"a sharded one, for a partner's": {PartnerID: "prt_1", Cursor: q.Next},
		"forged":                         {PartnerID: "prt_1", Cursor: "e30"},
	} {
		f.Limit = 1
		_, err := repo.Contracts(ctx, f)
		invalid(t, name, err)
	}
}
