package handoff

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Store keeps sessions. Every transition is conditional on the state it leaves and on the expiry.
type Store interface {
	PutSession(ctx context.Context, s Session) error
	// Session returns one; NotFound when unknown.
	Session(ctx context.Context, id string) (Session, error)
	// MarkUploading moves a created or uploading session to uploading and records a new upload
	// attempt with the file name announced for it; Conflict when the session is past uploading,
	// expired, or already has maxAttempts attempts.
	MarkUploading(ctx context.Context, id, attempt, name string, maxAttempts int, now time.Time) error
	// MarkReady records the file of a created or uploading, unexpired session; Conflict otherwise,
	// so of concurrent calls exactly one succeeds.
	MarkReady(ctx context.Context, id string, f File, now time.Time) error
	// Consume moves a ready, unexpired session to consumed by owner; Conflict otherwise.
	Consume(ctx context.Context, id, owner string, now time.Time) (Session, error)
}

// Blobs stores the files.
type Blobs interface {
	Put(ctx context.Context, key string, data []byte, contentType string) error
	// Copy copies an object; NotFound when src is absent.
	Copy(ctx context.Context, src, dst string) error
	// List returns the keys under prefix (at most a page of them).
	List(ctx context.Context, prefix string) ([]string, error)
	Read(ctx context.Context, key string, limit int64) ([]byte, error)
	Size(ctx context.Context, key string) (int64, error)
	Delete(ctx context.Context, key string) error
	PresignPost(ctx context.Context, key string, maxSize int64, ttl time.Duration) (string, map[string]string, error)
	PresignGet(ctx context.Context, key, fileName string, ttl time.Duration) (string, error)
}

// The windows of a session's files: long enough to take and send a photo, or to fetch the file
// once consumed. The upload page asks for a fresh upload URL each time it sends.
const (
	UploadWindow = 5 * time.Minute // a presigned upload's lifetime, at most the session's
	DownloadTTL  = 5 * time.Minute // a consume's download URL's lifetime
)

// Service runs handoff sessions.
type Service struct {
	Store        Store
	Blobs        Blobs
	TTL          time.Duration // session lifetime
	UploadWindow time.Duration // lifetime of a presigned upload, at most the session's
	MaxBytes     int64         // largest file
	DownloadTTL  time.Duration // lifetime of a consume's download URL
	Now          func() time.Time
}

// MaxAttempts is how many presigned uploads one session hands out (creation's included): the
// upload routes take no credential, so the session item cannot be grown without bound.
const MaxAttempts = 10

// Create opens a session with its presigned upload. A session created by a user (ownerID set)
// belongs to that user; one created without a credential gets a consume token, returned here
// only, that every consumer must present.
//
// Under an idempotency key (an attempt in ctx) the session's id, its first upload attempt and its
// consume token are the key's (idempotency.Text): a run after a crash finds the session an earlier
// run opened and answers it, with a fresh upload to the same attempt and the same token.
func (s *Service) Create(ctx context.Context, ownerID string) (Session, Upload, string, error) {
	now := s.now()
	attempt := strings.ToLower(idempotency.Text(ctx, "attempt"))[:16]
	id := "hs_" + strings.ToLower(idempotency.Text(ctx, "session"))
	token := ""
	if ownerID == "" {
		token = "hct_" + strings.ToLower(idempotency.Text(ctx, "consume-token"))
	}
	if sess, ok, err := s.opened(ctx, id, ownerID, token); ok || err != nil {
		if err != nil {
			return Session{}, Upload{}, "", err
		}
		up, err := s.presign(ctx, sess, attempt, now)
		return sess, up, token, err
	}
	sess := Session{
		ID:        id,
		Status:    StatusCreated,
		CreatedAt: now,
		ExpiresAt: now.Add(s.TTL),
		OwnerID:   ownerID,
		Attempts:  map[string]string{attempt: ""},
	}
	if token != "" {
		sess.TokenHash = HashToken(token)
	}
	up, err := s.presign(ctx, sess, attempt, now)
	if err != nil {
		return Session{}, Upload{}, "", err
	}
	if err := s.Store.PutSession(ctx, sess); err != nil {
		return Session{}, Upload{}, "", err
	}
	return sess, up, token, nil
}

// opened is the session id names that an earlier run of this request (under the same idempotency
// key) opened, as stored, and true; false without a key or when none was opened.
func (s *Service) opened(ctx context.Context, id, ownerID, token string) (Session, bool, error) {
	if _, ok := idempotency.AttemptOf(ctx); !ok {
		return Session{}, false, nil
	}
	sess, err := s.Store.Session(ctx, id)
	switch {
	case fault.Is(err, fault.NotFound):
		return Session{}, false, nil
	case err != nil:
		return Session{}, false, err
	case sess.OwnerID != ownerID || (token != "" && sess.TokenHash != HashToken(token)):
		return Session{}, false, fmt.Errorf("handoff: the session id of the key is another's")
	}
	return sess, true, nil
}

// Get returns a session with its current status. A session still waiting for its file is checked
// against storage, so a lost storage event cannot leave it waiting.
func (s *Service) Get(ctx context.Context, id string) (Session, error) {
	sess, err := s.Store.Session(ctx, id)
	if err != nil {
		return Session{}, notFound(err, id)
	}
	if s.waiting(sess) {
		keys, err := s.Blobs.List(ctx, landing(id))
		if err != nil {
			return Session{}, err
		}
		for _, k := range keys {
			if err := s.land(ctx, sess, k); err != nil {
				return Session{}, err
			}
			if sess, err = s.Store.Session(ctx, id); err != nil {
				return Session{}, err
			}
			if !s.waiting(sess) {
				break
			}
		}
	}
	sess.Status = sess.Current(s.now())
	return sess, nil
}

func (s *Service) waiting(sess Session) bool {
	st := sess.Current(s.now())
	return st == StatusCreated || st == StatusUploading
}

// open returns a session that may still receive its file: 410 once expired, 409 once it has one.
func (s *Service) open(ctx context.Context, id string) (Session, error) {
	sess, err := s.Get(ctx, id)
	if err != nil {
		return Session{}, err
	}
	switch sess.Status {
	case StatusExpired:
		return Session{}, fault.New(fault.Gone, "This handoff session has expired: start a new one.")
	case StatusReady, StatusConsumed:
		return Session{}, fault.Newf(fault.Conflict, "This handoff session already has its file (%s).", sess.Status)
	}
	return sess, nil
}

func notFound(err error, id string) error {
	if fault.Is(err, fault.NotFound) {
		return fault.Newf(fault.NotFound, "No mobile handoff session %q.", id)
	}
	return err
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now().UTC()
}
