// Package handoff is the mobile handoff domain: short-lived sessions through which a phone uploads
// one file that another client then consumes, once.
package handoff

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// Status is a session's state:
//
//	created → uploading → ready → consumed
//	   └──────────┴─────────┴──→ expired (at expiresAt, unless consumed)
//
// uploading is set when the upload page announces that it starts sending; ready when a file is in
// storage, learned from S3's event, checked when the session is read, or at once for a file sent
// through the API.
type Status string

// Statuses.
const (
	StatusCreated   Status = "created"
	StatusUploading Status = "uploading"
	StatusReady     Status = "ready"
	StatusConsumed  Status = "consumed"
	StatusExpired   Status = "expired"
)

// File is the session's file. Key is a copy nobody can write to (see ReadyKey), so the name, size
// and type recorded with it describe the bytes every later reader gets.
type File struct {
	Key        string
	Name       string
	MIME       string
	Size       int64
	UploadedAt time.Time
}

// Session is one handoff.
type Session struct {
	ID         string
	Status     Status // as stored; see Current
	File       *File
	CreatedAt  time.Time
	ExpiresAt  time.Time
	ConsumedBy string // the user who consumed it
	ConsumedAt *time.Time
	// OwnerID is the user who created the session with a credential: only that user consumes it.
	OwnerID string
	// TokenHash is the SHA-256 (hex) of the consumeToken of a session created without a
	// credential; the token itself is shown once, in the creation response, and never stored.
	TokenHash string
	// Attempts are the presigned uploads handed out, each with its own storage key: attempt ID →
	// the file name announced for it ("" when none was).
	Attempts map[string]string
}

// Current is the status at now: an unconsumed session past its expiry is expired.
func (s Session) Current(now time.Time) Status {
	if s.Status != StatusConsumed && !now.Before(s.ExpiresAt) {
		return StatusExpired
	}
	return s.Status
}

// Consumer is who takes a session's file: the authenticated user, and the consume tokens the
// request presents (X-Consume-Token), needed for sessions created without a credential.
type Consumer struct {
	UserID string
	Tokens []string
}

// Upload is a presigned form POST straight to storage: the fields, then the file as "file".
type Upload struct {
	Method    string            `json:"method"`
	URL       string            `json:"url"`
	Fields    map[string]string `json:"fields"`
	MaxSize   int64             `json:"maxSize"`
	ExpiresAt time.Time         `json:"expiresAt"`
}

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

// MIMEHEIC is the type of the photos iPhones take.
const MIMEHEIC = "image/heic"

// Sniff recognises an accepted file by its first bytes; "" for anything else.
func Sniff(head []byte) string {
	if mime, ok := imagefile.Sniff(head); ok {
		return mime
	}
	// HEIF/HEIC: an ISO base media file whose ftyp box names a HEIF brand.
	if len(head) >= 12 && string(head[4:8]) == "ftyp" {
		for _, brand := range []string{"heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"} {
			if bytes.Equal(head[8:12], []byte(brand)) {
				return MIMEHEIC
			}
		}
	}
	return ""
}

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

// HashToken is what is stored of a consume token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// presign signs a form POST for one attempt, valid for the upload window only: a policy kept past
// it (in a phone's history, a log, a shared screenshot) no longer lets anyone write.
func (s *Service) presign(ctx context.Context, sess Session, attempt string, now time.Time) (Upload, error) {
	until := sess.ExpiresAt
	if s.UploadWindow > 0 && now.Add(s.UploadWindow).Before(until) {
		until = now.Add(s.UploadWindow)
	}
	url, fields, err := s.Blobs.PresignPost(ctx, Key(sess.ID, attempt), s.MaxBytes, until.Sub(now))
	if err != nil {
		return Upload{}, err
	}
	return Upload{Method: "POST", URL: url, Fields: fields, MaxSize: s.MaxBytes, ExpiresAt: until}, nil
}

// Key is where a presigned upload lands: handoff/<session>/<attempt>, the prefix S3 reports
// (template.yaml's notification filter) and the bucket's lifecycle expires.
func Key(sessionID, attempt string) string { return landing(sessionID) + attempt }

func landing(sessionID string) string { return "handoff/" + sessionID + "/" }

// ReadyKey is a fresh key for a session's file once it is ready: under handoff-ready/, which no
// presigned upload names, so a form POST with a kept policy cannot replace what consumers read.
// Each candidate file gets its own, so a loser of a race never overwrites the winner.
func ReadyKey(sessionID string) string {
	return "handoff-ready/" + sessionID + "/" + newAttempt()
}

// SessionOf is the session and attempt a landed upload's key belongs to; "" for other keys.
func SessionOf(key string) (id, attempt string) {
	rest, ok := strings.CutPrefix(key, "handoff/")
	if !ok {
		return "", ""
	}
	id, attempt, ok = strings.Cut(rest, "/")
	if !ok || id == "" || attempt == "" || strings.Contains(attempt, "/") {
		return "", ""
	}
	return id, attempt
}

func newAttempt() string { return strings.ToLower(rand.Text())[:16] }

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

// Start is the upload page telling that it starts sending: the session becomes uploading, and a
// fresh presigned upload of its own is returned, so the announced name goes with its bytes.
func (s *Service) Start(ctx context.Context, id, name string) (Upload, error) {
	sess, err := s.open(ctx, id)
	if err != nil {
		return Upload{}, err
	}
	if len(sess.Attempts) >= MaxAttempts {
		return Upload{}, fault.Newf(
			fault.Conflict,
			"This handoff session has had %d upload attempts: start a new session.",
			MaxAttempts,
		)
	}
	attempt := newAttempt()
	if err := s.Store.MarkUploading(ctx, id, attempt, clip(name), MaxAttempts, s.now()); err != nil {
		return Upload{}, err
	}
	return s.presign(ctx, sess, attempt, s.now())
}

// Upload stores a file sent through the API (PUT or multipart POST to uploadUrl) at a fresh
// ready key, then records it with one conditional write: of concurrent uploads exactly one wins,
// and the others get 409 with their copy removed.
func (s *Service) Upload(ctx context.Context, id, name string, data []byte) (Session, error) {
	if _, err := s.open(ctx, id); err != nil {
		return Session{}, err
	}
	if int64(len(data)) > s.MaxBytes {
		return Session{}, fault.Newf(fault.TooLarge, "The file is over the %d MB limit.", s.MaxBytes>>20)
	}
	mime := Sniff(data)
	if mime == "" {
		return Session{}, fault.New(
			fault.UnsupportedMedia,
			"The file is not a JPEG, PNG, WebP, HEIC or PDF (judged by its content).",
		)
	}
	f := File{Key: ReadyKey(id), Name: clip(name), MIME: mime, Size: int64(len(data)), UploadedAt: s.now()}
	if err := s.Blobs.Put(ctx, f.Key, data, mime); err != nil {
		return Session{}, err
	}
	if err := s.Store.MarkReady(ctx, id, f, s.now()); err != nil {
		// The losing copy goes now; if this delete fails, the bucket's lifecycle removes it.
		_ = s.Blobs.Delete(ctx, f.Key)
		if !fault.Is(err, fault.Conflict) {
			return Session{}, err
		}
		if _, err := s.open(ctx, id); err != nil {
			return Session{}, err
		}
		return Session{}, fault.New(fault.Conflict, "This handoff session already has its file.")
	}
	return s.Get(ctx, id)
}

// Uploaded handles storage's notice that a presigned upload landed.
func (s *Service) Uploaded(ctx context.Context, key string) error {
	id, _ := SessionOf(key)
	if id == "" {
		return nil
	}
	sess, err := s.Store.Session(ctx, id)
	if fault.Is(err, fault.NotFound) {
		return s.Blobs.Delete(ctx, key)
	}
	if err != nil {
		return err
	}
	return s.land(ctx, sess, key)
}

// land turns a landed upload into the session's file: it is copied to a fresh ready key, judged
// there (size, type by content), and recorded with one conditional write. Judging the copy, not
// the landing key that a kept policy can still overwrite, keeps the metadata true to the bytes.
// A landing on a session that already has its file, or has expired, is deleted and changes
// nothing; so is a file of another type, and the session keeps waiting.
func (s *Service) land(ctx context.Context, sess Session, key string) error {
	_, attempt := SessionOf(key)
	if !s.waiting(sess) {
		return s.Blobs.Delete(ctx, key)
	}
	name, known := sess.Attempts[attempt]
	if !known {
		return nil // an attempt newer than this read of the session: its own notice handles it
	}
	ready := ReadyKey(sess.ID)
	if err := s.Blobs.Copy(ctx, key, ready); fault.Is(err, fault.NotFound) {
		return nil // another notice, or a read, took it
	} else if err != nil {
		return err
	}
	size, err := s.Blobs.Size(ctx, ready)
	if err != nil {
		return err
	}
	head, err := s.Blobs.Read(ctx, ready, 512)
	if err != nil {
		return err
	}
	mime := Sniff(head)
	if mime == "" || size > s.MaxBytes {
		if err := s.Blobs.Delete(ctx, ready); err != nil {
			return err
		}
		return s.Blobs.Delete(ctx, key)
	}
	err = s.Store.MarkReady(
		ctx,
		sess.ID,
		File{Key: ready, Name: name, MIME: mime, Size: size, UploadedAt: s.now()},
		s.now(),
	)
	if fault.Is(err, fault.Conflict) {
		return s.Blobs.Delete(ctx, ready) // another upload, notice or read got there first
	}
	if err != nil {
		return err
	}
	return s.Blobs.Delete(ctx, key)
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
			return fault.New(
				fault.Forbidden,
				"This handoff session was opened without a credential: send the consumeToken of its creation response in the X-Consume-Token header.",
			)
		}
		if !tokenMatches(sess.TokenHash, c.Tokens) {
			return fault.New(
				fault.Forbidden,
				"The X-Consume-Token header does not hold this handoff session's consumeToken.",
			)
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

func notFound(err error, id string) error {
	if fault.Is(err, fault.NotFound) {
		return fault.Newf(fault.NotFound, "No mobile handoff session %q.", id)
	}
	return err
}

func clip(name string) string {
	if len(name) > 255 {
		return name[:255]
	}
	return name
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now().UTC()
}
