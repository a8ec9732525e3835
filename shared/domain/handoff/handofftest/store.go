// Package handofftest provides an in-memory handoff.Store, with the conditions of the DynamoDB
// one, for unit tests of the handoff service, and the contract suite both are checked by.
package handofftest

import (
	"context"
	"maps"
	"reflect"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/handoff"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Store keeps sessions in memory. The zero value is ready; it is safe for concurrent use.
type Store struct {
	mu       sync.Mutex
	sessions map[string]handoff.Session
}

var _ handoff.Store = (*Store)(nil)

// PutSession stores a new session; Conflict when another session has its ID (the same session
// again is a retried call, stored once, as the DynamoDB store does).
func (m *Store) PutSession(_ context.Context, s handoff.Session) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.sessions == nil {
		m.sessions = map[string]handoff.Session{}
	}
	s = clone(s)
	if old, ok := m.sessions[s.ID]; ok {
		if reflect.DeepEqual(old, s) {
			return nil
		}
		return fault.New(fault.Conflict, "The handoff session exists already.")
	}
	m.sessions[s.ID] = s
	return nil
}

// Session returns a copy of a session; NotFound when unknown.
func (m *Store) Session(_ context.Context, id string) (handoff.Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok {
		return handoff.Session{}, fault.New(fault.NotFound, "No such handoff session.")
	}
	return clone(s), nil
}

// open is the session id while it can take a file: created or uploading, and unexpired.
func (m *Store) open(id string, now time.Time) (handoff.Session, error) {
	s, ok := m.sessions[id]
	if !ok || (s.Status != handoff.StatusCreated && s.Status != handoff.StatusUploading) || !now.Before(s.ExpiresAt) {
		return s, fault.New(fault.Conflict, "The handoff session cannot take a file now.")
	}
	return s, nil
}

// MarkUploading records one more upload attempt of an open session, below maxAttempts; Conflict
// otherwise.
func (m *Store) MarkUploading(_ context.Context, id, attempt, name string, maxAttempts int, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.open(id, now)
	if err != nil || len(s.Attempts) >= maxAttempts {
		return fault.New(fault.Conflict, "The handoff session cannot take a file now.")
	}
	s.Status, s.Attempts = handoff.StatusUploading, maps.Clone(s.Attempts)
	if s.Attempts == nil {
		s.Attempts = map[string]string{}
	}
	s.Attempts[attempt] = name
	m.sessions[id] = s
	return nil
}

// MarkReady records the file of an open session; Conflict otherwise.
func (m *Store) MarkReady(_ context.Context, id string, f handoff.File, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.open(id, now)
	if err != nil {
		return err
	}
	s.Status, s.File = handoff.StatusReady, &f
	m.sessions[id] = s
	return nil
}

// Consume moves a ready, unexpired session to consumed by owner; Conflict otherwise.
func (m *Store) Consume(_ context.Context, id, owner string, now time.Time) (handoff.Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok || s.Status != handoff.StatusReady || !now.Before(s.ExpiresAt) {
		return handoff.Session{}, fault.New(fault.Conflict, "The handoff session is not ready to consume.")
	}
	s.Status, s.ConsumedBy, s.ConsumedAt = handoff.StatusConsumed, owner, &now
	m.sessions[id] = s
	return clone(s), nil
}

func clone(s handoff.Session) handoff.Session {
	s.Attempts = maps.Clone(s.Attempts)
	if s.File != nil {
		f := *s.File
		s.File = &f
	}
	if s.ConsumedAt != nil {
		at := *s.ConsumedAt
		s.ConsumedAt = &at
	}
	return s
}
