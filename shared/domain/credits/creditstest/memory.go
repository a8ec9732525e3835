package creditstest

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Memory is an in-memory credits.Ledger that keeps the DynamoDB repository's promises
// (RunLedgerSuite holds both to them): a movement changes the balance and adds its entry at once,
// a charge past the balance and a movement of an unknown user change nothing, entries list newest
// first with cursors that serve only their user's ledger. The zero value holds no user; Open adds
// one.
type Memory struct {
	mu       sync.Mutex
	balances map[string]int
	entries  map[string][]credits.Entry // per user, in the order written
	once     map[string]bool            // the Once movements made, by user, reason, reference and time
	seq      int
}

var _ credits.Ledger = (*Memory)(nil)

// NewMemory is a ledger holding the given users, each with a balance of 0.
func NewMemory(userIDs ...string) *Memory {
	m := &Memory{}
	for _, id := range userIDs {
		m.Open(id, 0)
	}
	return m
}

// Open adds a user with a balance of n credits and no entry (as an account created with them).
func (m *Memory) Open(userID string, n int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.balances == nil {
		m.balances, m.entries = map[string]int{}, map[string][]credits.Entry{}
	}
	m.balances[userID] = n
}

// Balance is a user's balance.
func (m *Memory) Balance(userID string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.balances[userID]
}

// Written lists a user's movements in the order they were made.
func (m *Memory) Written(userID string) []credits.Entry {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.entries[userID])
}

// Move implements credits.Ledger.
func (m *Memory) Move(_ context.Context, mv credits.Movement) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	balance, ok := m.balances[mv.UserID]
	if !ok || balance+mv.Amount < 0 {
		return mv.Refusal()
	}
	if mv.Once {
		made := fmt.Sprint(mv.UserID, "\x00", mv.Reason, "\x00", mv.Reference, "\x00", mv.At.UnixMilli())
		if m.once[made] {
			return credits.ErrMoved
		}
		if m.once == nil {
			m.once = map[string]bool{}
		}
		m.once[made] = true
	}
	at := mv.At
	if at.IsZero() {
		at = time.Now()
	}
	m.seq++
	m.balances[mv.UserID] = balance + mv.Amount
	m.entries[mv.UserID] = append(m.entries[mv.UserID], credits.Entry{ID: fmt.Sprintf("cl_mem%d", m.seq),
		Amount: mv.Amount, Reason: mv.Reason, Reference: mv.Reference, At: at.UTC()})
	return nil
}

// Entries implements credits.Ledger; a cursor is the user and the offset of the next entry.
func (m *Memory) Entries(_ context.Context, userID string, limit int, cursor string) ([]credits.Entry, string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	start := 0
	if cursor != "" {
		owner, offset, ok := strings.Cut(cursor, "|")
		n, err := strconv.Atoi(offset)
		if !ok || owner != userID || err != nil || n < 0 {
			return nil, "", &fault.Error{Kind: fault.Invalid, Detail: "The cursor is not valid.",
				InvalidParams: []string{"cursor: use the nextCursor of a previous page"}}
		}
		start = n
	}
	// Newest first; of movements at the same time, the last written first.
	all := slices.Clone(m.entries[userID])
	slices.Reverse(all)
	slices.SortStableFunc(all, func(a, b credits.Entry) int { return cmp.Compare(b.At.UnixNano(), a.At.UnixNano()) })
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
