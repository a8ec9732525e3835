package extraction_test

import (
	"context"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
)

// batchList lists the memory's batches, as the store's list of an owner's batches does.
type batchList struct{ m *memory }

type (
	extractionPage = extraction.Page[extraction.Extraction]
	batchPage      = extraction.Page[extraction.Batch]
)

func (batchList) Extractions(context.Context, string, extraction.Filter) (extractionPage, error) {
	return extractionPage{}, nil
}

func (l batchList) Batches(_ context.Context, owner string, live bool, _ int, _ string) (batchPage, error) {
	l.m.mu.Lock()
	defer l.m.mu.Unlock()
	var p batchPage
	for _, b := range l.m.batches {
		if b.OwnerID == owner && b.Live == live {
			p.Items = append(p.Items, b)
		}
	}
	return p, nil
}

// A batch in a list says its status and counts as its read does (GET /v1/batches/{id}, derived
// from its extractions) at every step: from the counts kept on the batch, or, for a batch stored
// before they were kept, from its extractions.
func TestBatchListAgreesWithTheBatch(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		counted bool
	}{{"counts kept", true}, {"stored before the counts", false}} {
		t.Run(tc.name, func(t *testing.T) {
			m, r := newMemory(), &reader{}
			now := time.Now()
			s := service(m, r, &now)
			s.Lists = batchList{m}
			m.credits["u1"] = 5
			live := extraction.Caller{OwnerID: "u1", Live: true}
			docs := []extraction.Document{{Type: "auto", Data: []byte(pngSig + "ok")},
				{Type: "auto", Data: []byte(pngSig + "u")}, {Type: "auto", Data: []byte(pngSig + "ok")}}
			b, items, err := s.Submit(ctx, live, docs, true)
			if err != nil {
				t.Fatal(err)
			}
			check := func(step string) {
				t.Helper()
				if !tc.counted {
					stored := m.batches[b.ID]
					stored.Counted, stored.Completed, stored.Failed, stored.Started = false, 0, 0, false
					m.batches[b.ID] = stored
				}
				page, err := s.ListBatches(ctx, live, true, 20, "")
				if err != nil || len(page.Items) != 1 {
					t.Fatalf("%s: list %+v, %v", step, page, err)
				}
				_, read, _ := s.GetBatch(ctx, live, b.ID)
				wantStatus, wantDone, wantFailed := extraction.BatchStatus(read)
				status, done, failed := page.Items[0].Status()
				if status != wantStatus || done != wantDone || failed != wantFailed {
					t.Errorf("%s: the list says %s, %d completed, %d failed; the batch %s, %d, %d", step,
						status, done, failed, wantStatus, wantDone, wantFailed)
				}
			}
			check("submitted")
			for _, e := range items {
				if err := s.Process(ctx, e.ID); err != nil {
					t.Fatal(err)
				}
				check("after " + e.ID)
			}
			if status, done, failed := m.batches[b.ID].Status(); tc.counted &&
				(status != extraction.StatusCompleted || done != 2 || failed != 1) {
				t.Errorf("the kept counts: %s, %d completed, %d failed; want completed, 2, 1", status, done, failed)
			}
		})
	}
}
