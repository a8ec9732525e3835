package handoff

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// HashToken is what is stored of a consume token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Consume hands the file to an API caller, once: its metadata and a short-lived download URL.
func (s *Service) Consume(ctx context.Context, id string, c Consumer) (Session, string, time.Time, error) {
	sess, err := s.take(ctx, id, c)
	if err != nil {
		return Session{}, "", time.Time{}, err
	}
	url, err := s.Blobs.PresignGet(ctx, sess.File.Key, sess.File.Name, s.DownloadTTL)
	if err != nil {
		return Session{}, "", time.Time{}, err
	}
	return sess, url, s.now().Add(s.DownloadTTL), nil
}

// authorize lets through the session's consumer only. Another user than the owner, or than the
// one who consumed it, is told nothing: 404, as for an unknown session. A session created without
// a credential also needs its consume token (403 without it or with another).
func authorize(sess Session, c Consumer) error {
	if c.UserID == "" || (sess.OwnerID != "" && sess.OwnerID != c.UserID) {
		return notFound(fault.New(fault.NotFound, ""), sess.ID)
	}
	if sess.OwnerID == "" {
		if len(c.Tokens) == 0 {
			return fault.New(fault.Forbidden,
				"This handoff session was opened without a credential: send the consumeToken of its creation response in the X-Consume-Token header.")
		}
		if !tokenMatches(sess.TokenHash, c.Tokens) {
			return fault.New(fault.Forbidden,
				"The X-Consume-Token header does not hold this handoff session's consumeToken.")
		}
	}
	if sess.Status == StatusConsumed && sess.ConsumedBy != c.UserID {
		return notFound(fault.New(fault.NotFound, ""), sess.ID)
	}
	return nil
}

func tokenMatches(hash string, tokens []string) bool {
	if hash == "" {
		return false
	}
	ok := 0
	for _, t := range tokens {
		ok |= subtle.ConstantTimeCompare([]byte(HashToken(t)), []byte(hash))
	}
	return ok == 1
}

func (s *Service) take(ctx context.Context, id string, c Consumer) (Session, error) {
	sess, err := s.Get(ctx, id)
	if err != nil {
		return Session{}, err
	}
	if err := authorize(sess, c); err != nil {
		return Session{}, err
	}
	switch sess.Status {
	case StatusExpired:
		return Session{}, fault.New(fault.Gone, "This handoff session has expired.")
	case StatusConsumed:
		return Session{}, fault.New(fault.Conflict, "This handoff session was consumed already.")
	case StatusCreated, StatusUploading:
		return Session{}, fault.New(fault.Conflict, "Nothing was uploaded to this handoff session yet.")
	}
	sess, err = s.Store.Consume(ctx, id, c.UserID, s.now())
	if fault.Is(err, fault.Conflict) {
		return Session{}, fault.New(fault.Conflict, "This handoff session was consumed already.")
	}
	return sess, err
}

// File returns a handoff file for its consumer's own use (an extraction, a liveness check): a
// ready session is consumed by this use; one the same user consumed before may be used again.
// The same rule as Consume decides who may.
func (s *Service) File(ctx context.Context, id string, c Consumer) (File, error) {
	sess, err := s.Store.Session(ctx, id)
	if err != nil {
		return File{}, notFound(err, id)
	}
	if err := authorize(sess, c); err != nil {
		return File{}, err
	}
	if sess.Status == StatusConsumed {
		return *sess.File, nil
	}
	sess, err = s.take(ctx, id, c)
	if err != nil {
		return File{}, err
	}
	return *sess.File, nil
}
