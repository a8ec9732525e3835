package dynamo

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/trustline/platform/shared/extraction"
	"github.com/trustline/platform/shared/fault"
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
	put := func(id, owner string, live bool, docType string, status extraction.Status, at time.Time, b *extraction.Batch) {
		t.Helper()
		e := extraction.Extraction{ID: id, OwnerID: owner, Live: live, DocumentType: docType, Status: extraction.StatusQueued, CreatedAt: at, UpdatedAt: at, SweepAt: at}
		if b != nil {
			e.BatchID = b.ID
		}
		if err := repo.CreateExtractions(ctx, owner, 0, b, []extraction.Extraction{e}); err != nil {
			t.Fatal(err)
		}
		if status.Done() {
			if _, err := repo.ClaimExtraction(ctx, id, at.Add(time.Minute), at); err != nil {
				t.Fatal(err)
			}
			e.Status, e.CompletedAt = status, &at
			if err := repo.FinishExtraction(ctx, e, 0); err != nil {
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
		{"completed passports", extraction.Filter{Live: true, Status: extraction.StatusCompleted, DocumentType: "passport"}, []string{"ext_0"}},
		{"a batch", extraction.Filter{Live: true, BatchID: "bat_1"}, []string{"ext_b"}},
		{"a batch, failed", extraction.Filter{Live: true, BatchID: "bat_1", Status: extraction.StatusFailed}, nil},
		{"from the 2nd second", extraction.Filter{Live: true, CreatedAfter: t0.Add(2 * time.Second)}, want[:5]},
		{"before the 2nd second", extraction.Filter{Live: true, CreatedBefore: t0.Add(2 * time.Second)}, []string{"ext_1", "ext_0"}},
		{"between", extraction.Filter{Live: true, CreatedAfter: t0.Add(time.Second), CreatedBefore: t0.Add(4 * time.Second)}, []string{"ext_3", "ext_2", "ext_1"}},
		{"failed, after", extraction.Filter{Live: true, Status: extraction.StatusFailed, CreatedAfter: t0.Add(2 * time.Second)}, []string{"ext_4"}},
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
