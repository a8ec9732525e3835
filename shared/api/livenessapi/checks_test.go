package livenessapi

import (
	"context"
	"sync"

	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/foundation/fault"
)

// records is an in-memory liveness.Records for the handler tests.
type records struct {
	mu  sync.Mutex
	put []liveness.Record
}

func (r *records) Put(_ context.Context, rec liveness.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.put = append(r.put, rec)
	return nil
}

func (r *records) Get(_ context.Context, id string) (liveness.Record, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rec := range r.put {
		if rec.ID == id {
			return rec, nil
		}
	}
	return liveness.Record{}, fault.New(fault.NotFound, "No such liveness check.")
}

func (r *records) List(context.Context, string, bool, int, string) (liveness.Page, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return liveness.Page{Items: append([]liveness.Record(nil), r.put...)}, nil
}
