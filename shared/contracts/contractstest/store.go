// Package contractstest is an in-memory contracts.Store, for unit tests of the contract flow: it
// keeps the conditional semantics of the DynamoDB repository (a change is written only onto the
// request it saw, a payment event once, a lease to one worker), without an emulator.
package contractstest

import (
	"context"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/webhook"
)

// Store is the fake. The zero value is not usable: use New.
type Store struct {
	mu         sync.Mutex
	contracts  map[string]contracts.Contract
	events     map[string]contracts.PaymentEvent
	deliveries []webhook.Delivery
	leases     map[string]time.Time
	attempts   map[string]int
	// Meddle, when set, runs before each conditional write of a change, with the stored request
	// it may alter: a concurrent writer, for tests of the retry on a moved request.
	Meddle func(*contracts.Contract)
}

var _ contracts.Store = (*Store)(nil)

// New is a store holding cs.
func New(cs ...contracts.Contract) *Store {
	s := &Store{contracts: map[string]contracts.Contract{}, events: map[string]contracts.PaymentEvent{},
		leases: map[string]time.Time{}, attempts: map[string]int{}}
	for _, c := range cs {
		s.contracts[c.Reference] = c
	}
	return s
}

// PutContract stores a new request; Conflict when the reference exists.
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

// ApplyPayment records e once, with the change it makes.
func (s *Store) ApplyPayment(_ context.Context, c contracts.Contract, e contracts.PaymentEvent, change contracts.Change) (contracts.Contract, error) {
	return s.apply(c, change, func(bool) error {
		if _, ok := s.events[e.EventID]; ok {
			return contracts.ErrReplayed
		}
		s.events[e.EventID] = e
		return nil
	})
}

// FinishIssuance writes the change and stores d with it.
func (s *Store) FinishIssuance(_ context.Context, c contracts.Contract, change contracts.Change, d webhook.Delivery) (contracts.Contract, error) {
	return s.apply(c, change, func(changed bool) error {
		if changed {
			s.deliveries = append(s.deliveries, d)
		}
		return nil
	})
}

// apply is the repository's loop: run change on c, write it if the stored request still has the
// status and payment c had, else run it again on the stored one (three tries, then Conflict).
// also writes in the same "transaction"; it sees whether the request changes.
func (s *Store) apply(c contracts.Contract, change contracts.Change, also func(changed bool) error) (contracts.Contract, error) {
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
		changed := !reflect.DeepEqual(next, c)
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
			if next.Status != c.Status && c.Status == contracts.StatusIssuanceInProgress {
				delete(s.leases, c.Reference)
			}
			s.contracts[c.Reference] = next
		}
		s.mu.Unlock()
		return next, nil
	}
}

// ClaimIssuance leases a request being issued to one worker.
func (s *Store) ClaimIssuance(_ context.Context, reference string, until, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.contracts[reference].Status != contracts.StatusIssuanceInProgress || s.leases[reference].After(now) {
		return fault.New(fault.Conflict, "The request is being issued by another worker.")
	}
	s.leases[reference] = until
	return nil
}

// ReleaseIssuance ends a lease.
func (s *Store) ReleaseIssuance(_ context.Context, reference string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
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
	var due []contracts.Contract
	for _, c := range s.contracts {
		if c.Status == contracts.StatusPendingPayment && c.Payment.ExpiresAt.Before(before) {
			due = append(due, c)
		}
	}
	slices.SortFunc(due, func(a, b contracts.Contract) int { return a.Payment.ExpiresAt.Compare(b.Payment.ExpiresAt) })
	return due[:min(limit, len(due))], nil
}

// DueIssuances lists requests being issued since before the given time, oldest first.
func (s *Store) DueIssuances(_ context.Context, before time.Time, limit int) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var due []contracts.Contract
	for _, c := range s.contracts {
		if c.Status == contracts.StatusIssuanceInProgress && c.UpdatedAt.Before(before) {
			due = append(due, c)
		}
	}
	slices.SortFunc(due, func(a, b contracts.Contract) int { return a.UpdatedAt.Compare(b.UpdatedAt) })
	refs := make([]string, 0, min(limit, len(due)))
	for _, c := range due[:min(limit, len(due))] {
		refs = append(refs, c.Reference)
	}
	return refs, nil
}

// IssuanceAttempt counts an attempt.
func (s *Store) IssuanceAttempt(_ context.Context, reference string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
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
