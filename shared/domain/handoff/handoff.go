// Package handoff is the mobile handoff domain: short-lived sessions through which a phone uploads
// one file that another client then consumes, once.
package handoff

import (
	"time"
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
