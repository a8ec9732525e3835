// Package contractstest is an in-memory contracts.Store, for unit tests of the contract flow: it
// keeps the conditional semantics of the DynamoDB repository (a change is written only onto the
// request it saw, a payment event once, a lease to one worker), without an emulator. RunStoreSuite
// checks it and the repository against the same promises.
package contractstest

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Store is the fake. The zero value is not usable: use New.
type Store struct {
	mu         sync.Mutex
	contracts  map[string]contracts.Contract
	events     map[string]payment.Notification
	deliveries []webhook.Delivery
	leases     map[string]time.Time
	attempts   map[string]int
	// issuing is when each ISSUANCE_IN_PROGRESS request entered that status: the repository's due
	// index keeps that time, not the UpdatedAt of later changes.
	issuing map[string]time.Time
	// Meddle, when set, runs before each conditional write of a change, with the stored request
	// it may alter: a concurrent writer, for tests of the retry on a moved request.
	Meddle func(*contracts.Contract)
}

var _ contracts.Store = (*Store)(nil)

// New is a store holding cs, each as if the changes that led to its status had been written: one
// ISSUANCE_IN_PROGRESS is due for issuance since its UpdatedAt.
func New(cs ...contracts.Contract) *Store {
	s := &Store{contracts: map[string]contracts.Contract{}, events: map[string]payment.Notification{},
		leases: map[string]time.Time{}, attempts: map[string]int{}, issuing: map[string]time.Time{}}
	for _, c := range cs {
		s.contracts[c.Reference] = c
		if c.Status == contracts.StatusIssuanceInProgress {
			s.issuing[c.Reference] = c.UpdatedAt
		}
	}
	return s
}

// PutContract stores a new request; Conflict when the reference exists. As in the repository,
// only a pending request is indexed for the sweeps (ExpiredLinks).
func (s *Store) PutContract(_ context.Context, c contracts.Contract) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.contracts[c.Reference]; ok {
		return fault.New(fault.Conflict, "The contract exists already.")
	}
	s.contracts[c.Reference] = c
	return nil
}

// Contract returns a request; NotFound when unknown.
func (s *Store) Contract(_ context.Context, reference string) (contracts.Contract, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.contracts[reference]
	if !ok {
		return c, fault.New(fault.NotFound, "No such contract request.")
	}
	return c, nil
}

// Len is the number of requests stored.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.contracts)
}

// Update applies change as the repository does: onto the request change saw, or read again.
func (s *Store) Update(_ context.Context, c contracts.Contract, change contracts.Change) (contracts.Contract, error) {
	return s.apply(c, change, nil)
}

// ApplyPayment records n's event once, with the change it makes.
func (s *Store) ApplyPayment(
	_ context.Context,
	c contracts.Contract,
	n payment.Notification,
	change contracts.Change,
) (contracts.Contract, error) {
	return s.apply(c, change, func(bool) error {
		if _, ok := s.events[n.EventID]; ok {
			return contracts.ErrReplayed
		}
		s.events[n.EventID] = n
		return nil
	})
}

// FinishIssuance writes the change and stores d with it; Conflict when d's id is stored already.
func (s *Store) FinishIssuance(
	_ context.Context,
	c contracts.Contract,
	change contracts.Change,
	d webhook.Delivery,
) (contracts.Contract, error) {
	return s.apply(c, change, func(changed bool) error {
		if !changed {
			return nil
		}
		if slices.ContainsFunc(s.deliveries, func(stored webhook.Delivery) bool { return stored.ID == d.ID }) {
			return fault.New(fault.Conflict, "The delivery exists already.")
		}
		s.deliveries = append(s.deliveries, d)
		return nil
	})
}

// apply is the repository's loop: run change on c, write what it changes if the stored request
// still has the status and payment c had, else run it again on the stored one (three tries, then
// Conflict). also writes in the same "transaction"; it sees whether the request changes.
func (s *Store) apply(
	c contracts.Contract,
	change contracts.Change,
	also func(changed bool) error,
) (contracts.Contract, error) {
	for try := 1; ; try++ {
		next, err := change(c)
		if err != nil {
			return c, err
		}
		s.mu.Lock()
		if s.Meddle != nil {
			stored := s.contracts[c.Reference]
			s.Meddle(&stored)
			s.contracts[c.Reference] = stored
		}
		stored, ok := s.contracts[c.Reference]
		written, changed := changeOf(stored, c, next)
		if changed && (!ok || stored.Status != c.Status || (c.PaidAt == nil) != (stored.PaidAt == nil)) {
			s.mu.Unlock()
			if try == 3 {
				return c, fault.New(fault.Conflict, "The request kept changing while this was written; try again.")
			}
			if !ok {
				return c, fault.New(fault.NotFound, "No such contract request.")
			}
			c = stored
			continue
		}
		if also != nil {
			if err := also(changed); err != nil {
				s.mu.Unlock()
				return c, err
			}
		}
		if changed {
			if next.Status != c.Status {
				delete(s.leases, c.Reference)
				delete(s.issuing, c.Reference)
				if next.Status == contracts.StatusIssuanceInProgress {
					s.issuing[c.Reference] = next.UpdatedAt
				}
			}
			s.contracts[c.Reference] = written
		}
		s.mu.Unlock()
		return next, nil
	}
}

// changeOf is stored with what next changes of prior written onto it, as the repository's update
// does: the status, UpdatedAt, PaidAt and Issuance once set (never cleared), IssuanceRun, the
// steps it adds to the history; false when next changes none of them.
func changeOf(stored, prior, next contracts.Contract) (contracts.Contract, bool) {
	changed := false
	if next.PaidAt != nil && (prior.PaidAt == nil || !prior.PaidAt.Equal(*next.PaidAt)) {
		stored.PaidAt, changed = next.PaidAt, true
	}
	if next.Issuance != nil && (prior.Issuance == nil || *prior.Issuance != *next.Issuance) {
		stored.Issuance, changed = next.Issuance, true
	}
	if next.IssuanceRun != prior.IssuanceRun || next.Status != prior.Status || !next.UpdatedAt.Equal(prior.UpdatedAt) {
		changed = true
	}
	if len(next.History) > len(prior.History) { // the steps next adds, after those stored
		stored.History, changed = append(slices.Clip(stored.History), next.History[len(prior.History):]...), true
	}
	stored.Status, stored.IssuanceRun, stored.UpdatedAt = next.Status, next.IssuanceRun, next.UpdatedAt
	return stored, changed
}

// ClaimIssuance leases a request being issued to one worker. A lease holds up to its end, to the
// millisecond, as the repository compares.
func (s *Store) ClaimIssuance(_ context.Context, reference string, until, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	lease, held := s.leases[reference]
	if s.contracts[reference].Status != contracts.StatusIssuanceInProgress ||
		(held && lease.UnixMilli() >= now.UnixMilli()) {
		return fault.New(fault.Conflict, "The request is being issued by another worker.")
	}
	s.leases[reference] = until
	return nil
}

// ReleaseIssuance ends a lease; NotFound when the request is unknown.
func (s *Store) ReleaseIssuance(_ context.Context, reference string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.contracts[reference]; !ok {
		return fault.New(fault.NotFound, "No such contract request.")
	}
	delete(s.leases, reference)
	return nil
}

// Leased tells whether a worker holds the request's lease.
func (s *Store) Leased(reference string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.leases[reference]
	return ok
}

// ExpiredLinks lists pending requests whose link expired before the given time, earliest first.
func (s *Store) ExpiredLinks(_ context.Context, before time.Time, limit int) ([]contracts.Contract, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var due []dueItem
	for _, c := range s.contracts {
		if c.Status == contracts.StatusPendingPayment {
			due = append(due, dueItem{c.Payment.ExpiresAt, c.Reference})
		}
	}
	var cs []contracts.Contract
	for _, d := range firstDue(due, before, limit) {
		cs = append(cs, s.contracts[d.ref])
	}
	return cs, nil
}

// DueIssuances lists requests being issued since before the given time, oldest first.
func (s *Store) DueIssuances(_ context.Context, before time.Time, limit int) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var due []dueItem
	for ref, at := range s.issuing {
		due = append(due, dueItem{at, ref})
	}
	var refs []string
	for _, d := range firstDue(due, before, limit) {
		refs = append(refs, d.ref)
	}
	return refs, nil
}

// dueItem is an entry of a due index: the repository's key is the time in milliseconds, then the
// reference.
type dueItem struct {
	at  time.Time
	ref string
}

// firstDue is the first limit items due before the given time, as the repository reads its index.
func firstDue(due []dueItem, before time.Time, limit int) []dueItem {
	due = slices.DeleteFunc(due, func(d dueItem) bool { return d.at.UnixMilli() >= before.UnixMilli() })
	slices.SortFunc(due, func(a, b dueItem) int {
		return cmp.Or(cmp.Compare(a.at.UnixMilli(), b.at.UnixMilli()), cmp.Compare(a.ref, b.ref))
	})
	return due[:max(0, min(limit, len(due)))]
}

// IssuanceAttempt counts an attempt; NotFound when the request is unknown.
func (s *Store) IssuanceAttempt(_ context.Context, reference string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.contracts[reference]; !ok {
		return 0, fault.New(fault.NotFound, "No such contract request.")
	}
	s.attempts[reference]++
	return s.attempts[reference], nil
}

// Recorded tells whether the payment event was recorded.
func (s *Store) Recorded(eventID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.events[eventID]
	return ok
}

// Deliveries are the webhook deliveries stored, in order.
func (s *Store) Deliveries() []webhook.Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.deliveries)
}
