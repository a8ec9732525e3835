// Package uploads keeps upload slots: a presigned URL a client PUTs one file to, then names by its
// id in a request that reads the file (an extraction, a liveness check). A slot belongs to the
// owner who opened it; to anyone else it does not exist.
package uploads

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// AcceptedMIME are the content types a slot accepts: the files imagefile recognises.
var AcceptedMIME = []string{imagefile.MIMEJPEG, imagefile.MIMEPNG, imagefile.MIMEWebP, imagefile.MIMEPDF}

// Slot is a presigned upload slot.
type Slot struct {
	ID          string
	OwnerID     string
	Key         string
	ContentType string
	Size        int64
	Name        string
	ExpiresAt   time.Time
}

// Store keeps upload slots.
type Store interface {
	PutUpload(ctx context.Context, s Slot) error
	// Upload returns an upload slot; NotFound when unknown.
	Upload(ctx context.Context, id string) (Slot, error)
}

// Blobs presigns the PUT of a slot's file.
type Blobs interface {
	// PresignPut returns a URL and the headers a client must send to PUT exactly size bytes of
	// contentType at key before ttl runs out.
	PresignPut(
		ctx context.Context,
		key, contentType string,
		size int64,
		ttl time.Duration,
	) (string, map[string]string, error)
}

// Quota is the daily allowance of test operations (testmode.Quota): a test key's upload is one.
type Quota interface {
	Use(ctx context.Context, ownerID string, n int) error
}

// Counter reserves units of a bounded counter (testmode.Counter, dynamo.RateRepo).
type Counter interface {
	// Reserve adds n to subject's counter if the result stays at or under max, keeping the counter
	// until expires; false, changing nothing, when it would go over.
	Reserve(ctx context.Context, subject string, n, max int, expires time.Time) (bool, error)
}

// Service opens and finds upload slots.
type Service struct {
	Store    Store
	Blobs    Blobs
	MaxBytes int64         // largest accepted file
	TTL      time.Duration // how long a presigned upload URL works
	// TestQuota counts a test key's upload as one test operation; Storage bounds the bytes one
	// account may open per UTC day (DailyBytes): a slot is storage the account asks for, free in
	// test mode and not yet charged in live mode, so neither may turn into unbounded storage.
	TestQuota  Quota
	Storage    Counter
	DailyBytes int64
	Now        func() time.Time
}

// Create opens a presigned upload slot for one file of the owner's, returning the slot, its URL
// and the headers the PUT must send. Under an idempotency key (an attempt in ctx) the slot's id is
// the key's: a run after a crash finds the slot an earlier run opened and answers it, with a
// fresh URL to the same file, taking nothing of the quotas again.
func (s *Service) Create(
	ctx context.Context,
	ownerID string,
	live bool,
	name, contentType string,
	size int64,
) (Slot, string, map[string]string, error) {
	var problems []string
	if !slices.Contains(AcceptedMIME, contentType) {
		if contentType == "" {
			problems = append(problems, "contentType: required")
		} else {
			return Slot{}, "", nil, fault.Newf(fault.UnsupportedMedia, "contentType %q is not one of %s.", contentType,
				strings.Join(AcceptedMIME, ", "))
		}
	}
	if size <= 0 {
		problems = append(problems, "size: required, the file's length in bytes")
	}
	if len(name) > 255 {
		problems = append(problems, "fileName: at most 255 characters")
	}
	if len(problems) > 0 {
		return Slot{}, "", nil, &fault.Error{
			Kind:          fault.Invalid,
			Code:          "validation_failed",
			Detail:        "The upload is not valid.",
			InvalidParams: problems,
		}
	}
	if size > s.MaxBytes {
		return Slot{}, "", nil, fault.Newf(fault.TooLarge, "The file is over the %d MB limit of one document.",
			s.MaxBytes>>20)
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	id := "upl_" + strings.ToLower(idempotency.Text(ctx, "upload"))
	if u, ok, err := s.opened(ctx, id, ownerID); ok || err != nil {
		if err != nil {
			return Slot{}, "", nil, err
		}
		url, headers, err := s.Blobs.PresignPut(ctx, u.Key, u.ContentType, u.Size, s.TTL)
		return u, url, headers, err
	}
	if err := s.reserve(ctx, ownerID, live, size, now().UTC()); err != nil {
		return Slot{}, "", nil, err
	}
	u := Slot{
		ID:          id,
		OwnerID:     ownerID,
		ContentType: contentType,
		Size:        size,
		Name:        name,
		ExpiresAt:   now().Add(s.TTL),
	}
	u.Key = RawKey(ownerID, u.ID)
	url, headers, err := s.Blobs.PresignPut(ctx, u.Key, contentType, size, s.TTL)
	if err != nil {
		return Slot{}, "", nil, err
	}
	if err := s.Store.PutUpload(ctx, u); err != nil {
		return Slot{}, "", nil, err
	}
	return u, url, headers, nil
}

// opened is the slot id names that an earlier run of this request (under the same idempotency
// key) opened, and true; false without a key or when none was opened.
func (s *Service) opened(ctx context.Context, id, ownerID string) (Slot, bool, error) {
	if _, ok := idempotency.AttemptOf(ctx); !ok {
		return Slot{}, false, nil
	}
	u, err := s.Store.Upload(ctx, id)
	switch {
	case fault.Is(err, fault.NotFound):
		return Slot{}, false, nil
	case err != nil:
		return Slot{}, false, err
	case u.OwnerID != ownerID:
		return Slot{}, false, fmt.Errorf("uploads: the slot id of the key is another owner's")
	}
	return u, true, nil
}

// reserve takes a test key's upload from the daily test quota, and the slot's bytes from the
// account's daily storage, before anything is presigned or stored.
func (s *Service) reserve(ctx context.Context, ownerID string, live bool, size int64, now time.Time) error {
	if !live && s.TestQuota != nil {
		if err := s.TestQuota.Use(ctx, ownerID, 1); err != nil {
			return err
		}
	}
	if s.Storage == nil || s.DailyBytes <= 0 {
		return nil
	}
	day := now.Truncate(24 * time.Hour)
	next := day.Add(24 * time.Hour)
	counter := "uploadbytes#" + ownerID + "#" + day.Format(time.DateOnly)
	ok, err := s.Storage.Reserve(ctx, counter, int(size), int(s.DailyBytes), next.Add(24*time.Hour))
	if err != nil || ok {
		return err
	}
	return &fault.Error{
		Kind:       fault.RateLimited,
		Code:       "upload_quota_exceeded",
		RetryAfter: int(next.Sub(now).Seconds()) + 1,
		Detail: fmt.Sprintf(
			"An account may open %d MB of uploads per UTC day; this one would go over. Retry tomorrow.",
			s.DailyBytes>>20,
		),
	}
}

// Get returns the owner's upload slot; another owner's is NotFound, as an unknown one.
func (s *Service) Get(ctx context.Context, id, ownerID string) (Slot, error) {
	u, err := s.Store.Upload(ctx, id)
	if err != nil && !fault.Is(err, fault.NotFound) {
		return Slot{}, err
	}
	if err != nil || u.OwnerID != ownerID {
		return Slot{}, fault.Newf(fault.NotFound, "No upload %q.", id)
	}
	return u, nil
}

// Key is where the owner's upload slot keeps its file.
func (s *Service) Key(ctx context.Context, id, ownerID string) (string, error) {
	u, err := s.Get(ctx, id, ownerID)
	return u.Key, err
}

// RawKey is where a document file is kept, uploaded to a slot or sent inline: under raw/, which
// the bucket's lifecycle expires.
func RawKey(ownerID, id string) string { return fmt.Sprintf("raw/%s/%s", ownerID, id) }
