// Package memstore provides an in-memory webhook.Store, with the conditions of the DynamoDB one
// (claims, attempt counts, recovery marks), for unit tests of the delivery engine.
package memstore

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Store keeps deliveries in memory. The zero value is ready; it is safe for concurrent use.
type Store struct {
	mu sync.Mutex
	ds map[string]*record
}

var _ webhook.Store = (*Store)(nil)

type record struct {
	d              webhook.Delivery
	claimedAttempt int
	claimedAt      time.Time
	claimedUntil   time.Time
}

// PutDelivery stores a new delivery; Conflict when its ID exists.
func (s *Store) PutDelivery(_ context.Context, d webhook.Delivery) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ds == nil {
		s.ds = map[string]*record{}
	}
	if _, ok := s.ds[d.ID]; ok {
		return fault.New(fault.Conflict, "The delivery exists.")
	}
	d.Attempts = slices.Clone(d.Attempts)
	s.ds[d.ID] = &record{d: d}
	return nil
}

// Delivery returns a copy of a delivery; NotFound when unknown.
func (s *Store) Delivery(_ context.Context, id string) (webhook.Delivery, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.ds[id]
	if !ok {
		return webhook.Delivery{}, fault.New(fault.NotFound, "No such delivery.")
	}
	d := clone(r.d)
	if r.claimedAttempt != 0 {
		d.Claimed = &webhook.Claim{N: r.claimedAttempt, At: r.claimedAt, Until: r.claimedUntil}
	}
	return d, nil
}

// ClaimAttempt reserves attempt n: the delivery must be pending with n-1 attempts and no live
// claim; Conflict otherwise.
func (s *Store) ClaimAttempt(_ context.Context, id string, n int, until, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.ds[id]
	if !ok || r.d.Status != webhook.StatusPending || len(r.d.Attempts) != n-1 ||
		(r.claimedAttempt != 0 && !r.claimedUntil.Before(now)) {
		return fault.New(fault.Conflict, "The attempt is taken or done.")
	}
	r.claimedAttempt, r.claimedAt, r.claimedUntil = n, now, until
	return nil
}

// RecordAttempt appends the attempt made under the claim, sets the status and, while pending, the
// next due time; a success drops the body, as the DynamoDB store does. Conflict without the claim.
func (s *Store) RecordAttempt(
	_ context.Context,
	id string,
	a webhook.Attempt,
	status webhook.Status,
	next time.Time,
) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.ds[id]
	if !ok || len(r.d.Attempts) != a.N-1 || r.claimedAttempt != a.N {
		return fault.New(fault.Conflict, "The attempt was recorded already.")
	}
	r.d.Attempts, r.d.Status = append(r.d.Attempts, a), status
	r.claimedAttempt, r.claimedAt, r.claimedUntil = 0, time.Time{}, time.Time{}
	switch status {
	case webhook.StatusPending:
		r.d.NextAt = next
	case webhook.StatusSucceeded:
		r.d.Body = nil
	}
	return nil
}

// DueDeliveries lists pending deliveries due before the given time, oldest due first.
func (s *Store) DueDeliveries(_ context.Context, before time.Time, limit int) ([]webhook.Delivery, error) {
	var out []webhook.Delivery
	for _, d := range s.sorted(func(a, b webhook.Delivery) bool { return a.NextAt.Before(b.NextAt) }, false) {
		if d.Status == webhook.StatusPending && d.NextAt.Before(before) && len(out) < limit {
			out = append(out, d)
		}
	}
	return out, nil
}

// Deliveries lists an owner's deliveries, newest first (ties: greater ID first, as DynamoDB's
// descending sort key gives). The cursor is the position of the last delivery given, in this
// owner's listing only, so that deliveries made between two pages neither repeat nor skip any.
func (s *Store) Deliveries(_ context.Context, ownerID string, f webhook.Filter) ([]webhook.Delivery, string, error) {
	var after *position
	if f.Cursor != "" {
		p, err := decodeCursor(f.Cursor)
		if err != nil || p.Owner != ownerID {
			return nil, "", fault.New(fault.Invalid, "The cursor is not valid.")
		}
		after = &p
	}
	limit := min(max(f.Limit, 1), 100)
	var page []webhook.Delivery
	for _, d := range s.sorted(func(a, b webhook.Delivery) bool { return a.CreatedAt.After(b.CreatedAt) }, true) {
		if d.OwnerID != ownerID || (after != nil && !after.before(d)) {
			continue
		}
		if (f.EndpointID != "" && d.EndpointID != f.EndpointID) || (f.Reference != "" && d.Reference != f.Reference) ||
			(f.Status != "" && d.Status != f.Status) {
			continue
		}
		if len(page) == limit {
			last := page[len(page)-1]
			return page, encodeCursor(position{Owner: ownerID, At: last.CreatedAt, ID: last.ID}), nil
		}
		page = append(page, d)
	}
	return page, "", nil
}

// position is where a page of an owner's listing ended.
type position struct {
	Owner string    `json:"o"`
	At    time.Time `json:"at"`
	ID    string    `json:"id"`
}

// before reports that the listing, newest first, gives p before d.
func (p position) before(d webhook.Delivery) bool {
	return d.CreatedAt.Before(p.At) || (d.CreatedAt.Equal(p.At) && d.ID < p.ID)
}

func encodeCursor(p position) string {
	b, _ := json.Marshal(p)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(c string) (position, error) {
	var p position
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err == nil {
		err = json.Unmarshal(b, &p)
	}
	if err == nil && (p.Owner == "" || p.ID == "" || p.At.IsZero()) {
		err = errors.New("incomplete cursor")
	}
	return p, err
}

// FailedSince lists up to limit FAILED, unrecovered deliveries of an owner's endpoint created at
// or after since, oldest first; more reports others.
func (s *Store) FailedSince(
	_ context.Context,
	ownerID, endpointID string,
	since time.Time,
	limit int,
) ([]webhook.Delivery, bool, error) {
	var out []webhook.Delivery
	for _, d := range s.sorted(func(a, b webhook.Delivery) bool { return a.CreatedAt.Before(b.CreatedAt) }, false) {
		if d.OwnerID != ownerID || d.Status != webhook.StatusFailed || d.RecoveredBy != "" ||
			d.CreatedAt.Before(since) ||
			(endpointID != "" && d.EndpointID != endpointID) {
			continue
		}
		if len(out) == limit {
			return out, true, nil
		}
		out = append(out, d)
	}
	return out, false, nil
}

// RecoverDelivery stores d and marks the FAILED delivery id, not recovered yet, recovered by it;
// Conflict, with nothing written, otherwise.
func (s *Store) RecoverDelivery(ctx context.Context, id string, d webhook.Delivery) error {
	s.mu.Lock()
	r, ok := s.ds[id]
	if !ok || r.d.Status != webhook.StatusFailed || r.d.RecoveredBy != "" {
		s.mu.Unlock()
		return fault.New(fault.Conflict, "The delivery is not failed, or was recovered already.")
	}
	r.d.RecoveredBy = d.ID
	s.mu.Unlock()
	if err := s.PutDelivery(ctx, d); err != nil {
		s.mu.Lock()
		r.d.RecoveredBy = ""
		s.mu.Unlock()
		return err
	}
	return nil
}

// sorted returns copies of every delivery in the order less gives, ties broken by ID, the greater
// first when descending.
func (s *Store) sorted(less func(a, b webhook.Delivery) bool, descending bool) []webhook.Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]webhook.Delivery, 0, len(s.ds))
	for _, r := range s.ds {
		out = append(out, clone(r.d))
	}
	slices.SortFunc(out, func(a, b webhook.Delivery) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		if descending {
			return cmp.Compare(b.ID, a.ID)
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}

func clone(d webhook.Delivery) webhook.Delivery {
	d.Attempts, d.Body = slices.Clone(d.Attempts), slices.Clone(d.Body)
	return d
}
