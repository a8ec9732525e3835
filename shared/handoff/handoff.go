// Package handoff is the mobile handoff domain: short-lived sessions through which a phone uploads
// one file that another client then consumes, once.
package handoff

import (
	"bytes"
	"context"
	"crypto/rand"
	"strings"
	"time"

	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/ocr"
)

// Status is a session's state:
//
//	created → uploading → ready → consumed
//	   └──────────┴─────────┴──→ expired (at expiresAt, unless consumed)
//
// uploading is set when the upload page (or an API client's PUT or POST) starts sending; ready when
// the file is in storage, learned from S3's event or checked when the session is read.
type Status string

// Statuses.
const (
	StatusCreated   Status = "created"
	StatusUploading Status = "uploading"
	StatusReady     Status = "ready"
	StatusConsumed  Status = "consumed"
	StatusExpired   Status = "expired"
)

// File is the uploaded file.
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
}

// Current is the status at now: an unconsumed session past its expiry is expired.
func (s Session) Current(now time.Time) Status {
	if s.Status != StatusConsumed && !now.Before(s.ExpiresAt) {
		return StatusExpired
	}
	return s.Status
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
	// MarkUploading moves a created session to uploading, recording the file's name when given;
	// Conflict when the session is past created or uploading, or expired.
	MarkUploading(ctx context.Context, id, name string, now time.Time) error
	// MarkReady records the file of a created or uploading session; Conflict otherwise.
	MarkReady(ctx context.Context, id string, f File, now time.Time) error
	// Consume moves a ready, unexpired session to consumed by owner; Conflict otherwise.
	Consume(ctx context.Context, id, owner string, now time.Time) (Session, error)
}

// Blobs stores the files.
type Blobs interface {
	Put(ctx context.Context, key string, data []byte, contentType string) error
	Read(ctx context.Context, key string, limit int64) ([]byte, error)
	Size(ctx context.Context, key string) (int64, error)
	Delete(ctx context.Context, key string) error
	PresignPost(ctx context.Context, key string, maxSize int64, ttl time.Duration) (string, map[string]string, error)
	PresignGet(ctx context.Context, key, fileName string, ttl time.Duration) (string, error)
}

// Service runs handoff sessions.
type Service struct {
	Store       Store
	Blobs       Blobs
	TTL         time.Duration // session lifetime
	MaxBytes    int64         // largest file
	DownloadTTL time.Duration // lifetime of a consume's download URL
	Now         func() time.Time
}

// MIMEHEIC is the type of the photos iPhones take.
const MIMEHEIC = "image/heic"

// Sniff recognises an accepted file by its first bytes; "" for anything else.
func Sniff(head []byte) string {
	if mime, ok := ocr.Sniff(head); ok {
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

// Create opens a session with its presigned upload.
func (s *Service) Create(ctx context.Context) (Session, Upload, error) {
	now := s.now()
	sess := Session{ID: "hs_" + strings.ToLower(rand.Text()), Status: StatusCreated, CreatedAt: now, ExpiresAt: now.Add(s.TTL)}
	up, err := s.presign(ctx, sess, now)
	if err != nil {
		return Session{}, Upload{}, err
	}
	if err := s.Store.PutSession(ctx, sess); err != nil {
		return Session{}, Upload{}, err
	}
	return sess, up, nil
}

func (s *Service) presign(ctx context.Context, sess Session, now time.Time) (Upload, error) {
	ttl := sess.ExpiresAt.Sub(now)
	url, fields, err := s.Blobs.PresignPost(ctx, Key(sess.ID), s.MaxBytes, ttl)
	if err != nil {
		return Upload{}, err
	}
	return Upload{Method: "POST", URL: url, Fields: fields, MaxSize: s.MaxBytes, ExpiresAt: sess.ExpiresAt}, nil
}

// Key is where a session's file is stored: under handoff/, which the bucket's lifecycle expires.
func Key(sessionID string) string { return "handoff/" + sessionID }

// SessionOf is the session a storage key belongs to; "" for other keys.
func SessionOf(key string) string {
	id, ok := strings.CutPrefix(key, "handoff/")
	if !ok || strings.Contains(id, "/") {
		return ""
	}
	return id
}

// Get returns a session with its current status. A session still waiting for its file is checked
// against storage, so a lost storage event cannot leave it waiting.
func (s *Service) Get(ctx context.Context, id string) (Session, error) {
	sess, err := s.Store.Session(ctx, id)
	if err != nil {
		return Session{}, err
	}
	now := s.now()
	if st := sess.Current(now); st == StatusCreated || st == StatusUploading {
		if size, err := s.Blobs.Size(ctx, Key(id)); err == nil {
			if err := s.complete(ctx, sess, size); err != nil {
				return Session{}, err
			}
			return s.Store.Session(ctx, id)
		} else if !fault.Is(err, fault.NotFound) {
			return Session{}, err
		}
	}
	sess.Status = sess.Current(now)
	return sess, nil
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
// fresh presigned upload is returned.
func (s *Service) Start(ctx context.Context, id, name string) (Upload, error) {
	sess, err := s.open(ctx, id)
	if err != nil {
		return Upload{}, err
	}
	if err := s.Store.MarkUploading(ctx, id, clip(name), s.now()); err != nil {
		return Upload{}, err
	}
	return s.presign(ctx, sess, s.now())
}

// Upload stores a file sent through the API (PUT or multipart POST to uploadUrl).
func (s *Service) Upload(ctx context.Context, id, name string, data []byte) (Session, error) {
	if _, err := s.open(ctx, id); err != nil {
		return Session{}, err
	}
	if int64(len(data)) > s.MaxBytes {
		return Session{}, fault.Newf(fault.TooLarge, "The file is over the %d MB limit.", s.MaxBytes>>20)
	}
	mime := Sniff(data)
	if mime == "" {
		return Session{}, fault.New(fault.UnsupportedMedia, "The file is not a JPEG, PNG, WebP, HEIC or PDF (judged by its content).")
	}
	if err := s.Store.MarkUploading(ctx, id, clip(name), s.now()); err != nil {
		return Session{}, err
	}
	if err := s.Blobs.Put(ctx, Key(id), data, mime); err != nil {
		return Session{}, err
	}
	sess, err := s.Store.Session(ctx, id)
	if err != nil {
		return Session{}, err
	}
	if err := s.complete(ctx, sess, int64(len(data))); err != nil {
		return Session{}, err
	}
	return s.Get(ctx, id)
}

// Uploaded handles storage's notice that a session's file landed.
func (s *Service) Uploaded(ctx context.Context, key string, size int64) error {
	id := SessionOf(key)
	if id == "" {
		return nil
	}
	sess, err := s.Store.Session(ctx, id)
	if fault.Is(err, fault.NotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.complete(ctx, sess, size)
}

// complete checks a landed file and makes the session ready. A file of another type is deleted
// and the session waits for a proper one.
func (s *Service) complete(ctx context.Context, sess Session, size int64) error {
	if st := sess.Current(s.now()); st != StatusCreated && st != StatusUploading {
		return nil
	}
	head, err := s.Blobs.Read(ctx, Key(sess.ID), 512)
	if err != nil {
		return err
	}
	mime := Sniff(head)
	if mime == "" || size > s.MaxBytes {
		return s.Blobs.Delete(ctx, Key(sess.ID))
	}
	f := File{Key: Key(sess.ID), MIME: mime, Size: size, UploadedAt: s.now()}
	if sess.File != nil {
		f.Name = sess.File.Name
	}
	err = s.Store.MarkReady(ctx, sess.ID, f, s.now())
	if fault.Is(err, fault.Conflict) {
		return nil // another notice, or a read, got there first
	}
	return err
}

// Consume hands the file to an API caller, once: its metadata and a short-lived download URL.
func (s *Service) Consume(ctx context.Context, id, owner string) (Session, string, time.Time, error) {
	sess, err := s.take(ctx, id, owner)
	if err != nil {
		return Session{}, "", time.Time{}, err
	}
	url, err := s.Blobs.PresignGet(ctx, sess.File.Key, sess.File.Name, s.DownloadTTL)
	if err != nil {
		return Session{}, "", time.Time{}, err
	}
	return sess, url, s.now().Add(s.DownloadTTL), nil
}

func (s *Service) take(ctx context.Context, id, owner string) (Session, error) {
	sess, err := s.Get(ctx, id)
	if err != nil {
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
	sess, err = s.Store.Consume(ctx, id, owner, s.now())
	if fault.Is(err, fault.Conflict) {
		return Session{}, fault.New(fault.Conflict, "This handoff session was consumed already.")
	}
	return sess, err
}

// File returns a handoff file for the owner's own use (an extraction, a liveness check): a ready
// session is consumed by this use; one the owner consumed before may be used again.
func (s *Service) File(ctx context.Context, id, owner string) (File, error) {
	sess, err := s.Store.Session(ctx, id)
	if fault.Is(err, fault.NotFound) {
		return File{}, fault.Newf(fault.NotFound, "No mobile handoff session %q.", id)
	}
	if err != nil {
		return File{}, err
	}
	if sess.Status == StatusConsumed {
		if sess.ConsumedBy != owner {
			return File{}, fault.New(fault.Conflict, "This handoff session was consumed already.")
		}
		return *sess.File, nil
	}
	sess, err = s.take(ctx, id, owner)
	if err != nil {
		return File{}, err
	}
	return *sess.File, nil
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
