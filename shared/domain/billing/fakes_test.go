package billing_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/billing"
	"github.com/trustline/platform/shared/domain/credits/creditstest"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/foundation/fault"
)

// memStore is an in-memory billing.Store that keeps the DynamoDB repository's promises as its
// interface states them: an invoice per period stored once (Conflict after), a subscription on the
// user (unknown users are NotFound), due while a paid plan runs, and a settlement that records the
// event and moves the invoice (granting its credits on the ledger) in one step, a replayed event
// writing nothing. Credits land on ledger, creditstest.Memory, so a test reads balances as a user
// would.
type memStore struct {
	mu       sync.Mutex
	ledger   *creditstest.Memory
	plans    map[string]string // the user's plan, by user ID; present for every user
	subs     map[string]billing.Subscription
	invoices map[string]billing.Invoice
	events   map[string]bool
}

var _ billing.Store = (*memStore)(nil)

func newMemStore(userIDs ...string) *memStore {
	s := &memStore{ledger: creditstest.NewMemory(userIDs...), plans: map[string]string{},
		subs: map[string]billing.Subscription{}, invoices: map[string]billing.Invoice{}, events: map[string]bool{}}
	for _, id := range userIDs {
		s.plans[id] = "free"
	}
	return s
}

func (s *memStore) DueSubscriptions(_ context.Context, before time.Time, limit int) ([]billing.Subscription, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var due []billing.Subscription
	for _, sub := range s.subs {
		if sub.NextPeriod.Before(before) {
			due = append(due, sub)
		}
	}
	slices.SortFunc(due, func(a, b billing.Subscription) int {
		return cmp.Or(a.NextPeriod.Compare(b.NextPeriod), strings.Compare(a.UserID, b.UserID))
	})
	return due[:min(len(due), limit)], nil
}

func (s *memStore) PutInvoice(_ context.Context, inv billing.Invoice) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.invoices[inv.Reference]; ok {
		return fault.New(fault.Conflict, "The invoice exists.")
	}
	s.invoices[inv.Reference] = inv
	return nil
}

func (s *memStore) AdvanceSubscription(_ context.Context, userID, plan string, next time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.plans[userID]; !ok {
		return fault.New(fault.NotFound, "No such user.")
	}
	s.plans[userID] = plan
	if next.IsZero() {
		delete(s.subs, userID)
		return nil
	}
	s.subs[userID] = billing.Subscription{UserID: userID, Plan: plan, NextPeriod: next}
	return nil
}

func (s *memStore) SetPendingPlan(_ context.Context, userID, plan string, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	current, ok := s.plans[userID]
	if !ok {
		return fault.New(fault.NotFound, "No such user.")
	}
	sub, running := s.subs[userID]
	if !running {
		sub = billing.Subscription{UserID: userID, Plan: current, NextPeriod: now}
	}
	sub.PendingPlan = plan
	s.subs[userID] = sub
	return nil
}

func (s *memStore) Invoice(_ context.Context, reference string) (billing.Invoice, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, ok := s.invoices[reference]
	if !ok {
		return billing.Invoice{}, fault.New(fault.NotFound, "No such invoice.")
	}
	return inv, nil
}

// Invoices pages by offset; a cursor is the user and the offset of the next invoice.
func (s *memStore) Invoices(
	_ context.Context,
	userID string,
	status billing.Status,
	limit int,
	cursor string,
) ([]billing.Invoice, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	start := 0
	if cursor != "" {
		owner, offset, _ := strings.Cut(cursor, "|")
		n, err := strconv.Atoi(offset)
		if owner != userID || err != nil || n < 0 {
			return nil, "", fault.New(fault.Invalid, "The cursor is not valid.")
		}
		start = n
	}
	var all []billing.Invoice
	for _, inv := range s.invoices {
		if inv.UserID == userID && (status == "" || inv.Status == status) {
			all = append(all, inv)
		}
	}
	slices.SortFunc(all, func(a, b billing.Invoice) int {
		return cmp.Or(b.IssuedAt.Compare(a.IssuedAt), strings.Compare(b.Reference, a.Reference))
	})
	limit = min(max(limit, 1), 100)
	end := min(start+limit, len(all))
	if start >= end {
		return nil, "", nil
	}
	next := ""
	if end < len(all) {
		next = userID + "|" + strconv.Itoa(end)
	}
	return all[start:end], next, nil
}

func (s *memStore) SettleInvoice(
	ctx context.Context,
	inv billing.Invoice,
	n payment.Notification,
	to billing.Status,
	at time.Time,
) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.events[n.EventID] {
		return false, payment.ErrReplayed
	}
	stored, ok := s.invoices[inv.Reference]
	if !ok {
		return false, fault.New(fault.NotFound, "No such invoice.")
	}
	movable := stored.Status == billing.StatusPending ||
		(to == billing.StatusPaid && stored.Status == billing.StatusFailed)
	if !movable {
		s.events[n.EventID] = true
		return false, nil
	}
	if to == billing.StatusPaid {
		if err := s.ledger.Move(ctx, inv.Grant(at)); err != nil {
			return false, err // the transaction fails whole: no event, no status
		}
		stored.PaidAt = &at
	}
	stored.Status = to
	s.invoices[inv.Reference] = stored
	s.events[n.EventID] = true
	return true, nil
}

// stored lists every invoice, by reference.
func (s *memStore) stored() []billing.Invoice {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := make([]billing.Invoice, 0, len(s.invoices))
	for _, inv := range s.invoices {
		all = append(all, inv)
	}
	slices.SortFunc(all, func(a, b billing.Invoice) int { return strings.Compare(a.Reference, b.Reference) })
	return all
}

func (s *memStore) subscription(userID string) (billing.Subscription, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sub, ok := s.subs[userID]
	return sub, ok
}

func (s *memStore) plan(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.plans[userID]
}

// fakeGateway opens links numbered in order, and records the charges and expiries asked of it.
// refuse, when set, refuses the charges of the references it returns true for.
type fakeGateway struct {
	mu      sync.Mutex
	charges []payment.Charge
	expires []time.Time
	refuse  func(reference string) bool
}

var errGatewayDown = errors.New("gateway down")

func (g *fakeGateway) Open(_ context.Context, c payment.Charge, expires time.Time) (payment.Checkout, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.refuse != nil && g.refuse(c.Reference) {
		return payment.Checkout{}, &fault.Error{
			Kind:   fault.Upstream,
			Detail: "The payment gateway refused to open the payment.",
			Err:    errGatewayDown,
		}
	}
	g.charges = append(g.charges, c)
	g.expires = append(g.expires, expires)
	id := fmt.Sprintf("pay_%d", len(g.charges))
	return payment.Checkout{ID: id, URL: "https://pay.example/" + id, ExpiresAt: expires}, nil
}

func (g *fakeGateway) opened() []payment.Charge {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.charges)
}

// clock is a settable Now.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }
