package handoff

import (
	"bytes"
	"context"
	"crypto/rand"
	"strings"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile"
)

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

// Start is the upload page telling that it starts sending: the session becomes uploading, and a
// fresh presigned upload of its own is returned, so the announced name goes with its bytes.
func (s *Service) Start(ctx context.Context, id, name string) (Upload, error) {
	sess, err := s.open(ctx, id)
	if err != nil {
		return Upload{}, err
	}
	if len(sess.Attempts) >= MaxAttempts {
		return Upload{}, fault.Newf(fault.Conflict,
			"This handoff session has had %d upload attempts: start a new session.", MaxAttempts)
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
		return Session{}, fault.New(fault.UnsupportedMedia,
			"The file is not a JPEG, PNG, WebP, HEIC or PDF (judged by its content).")
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
	f := File{Key: ready, Name: name, MIME: mime, Size: size, UploadedAt: s.now()}
	err = s.Store.MarkReady(ctx, sess.ID, f, s.now())
	if fault.Is(err, fault.Conflict) {
		return s.Blobs.Delete(ctx, ready) // another upload, notice or read got there first
	}
	if err != nil {
		return err
	}
	return s.Blobs.Delete(ctx, key)
}

func clip(name string) string {
	if len(name) > 255 {
		return name[:255]
	}
	return name
}
