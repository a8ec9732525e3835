// Package idempotency is what makes POST and PATCH safe to retry, apart from HTTP (guard.Idempotency
// applies it to requests): the first request with an idempotency-key stores its response with a
// hash of the request; a replay with the same request gets the stored response, a different request
// with the same key a conflict saying what the key was first used for, and so does a replay while the
// first request is still running. Keys are scoped to the caller. "The same request" is the same
// method, path and meaning: a JSON body is compared as JSON, so a client that re-serialises it
// (spacing, key order) replays.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"mime"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Header is the request header carrying the key.
const Header = "Idempotency-Key"

// Record is a stored request and, once done, its response.
type Record struct {
	RequestHash string
	Method      string    // of the first request, to tell a caller who reuses the key
	Path        string    // idem
	CreatedAt   time.Time // idem
	Done        bool
	Status      int
	ContentType string
	Body        []byte
}

// Store keeps records until they expire.
type Store interface {
	// Begin stores first, an in-flight record, for scope and key unless one exists; it returns the
	// existing record and false when there is one.
	Begin(ctx context.Context, scope, key string, first Record, expires time.Time) (Record, bool, error)
	// Finish stores the response of a begun request.
	Finish(ctx context.Context, scope, key string, r Record) error
	// Abandon deletes a begun record, so the request can be tried again (after a server error).
	Abandon(ctx context.Context, scope, key string) error
}

// Hash is what identifies a request under a key: its method, path and meaning (see meaning).
func Hash(method, path, contentType string, body []byte) string {
	sum := sha256.Sum256(append([]byte(method+" "+path+"\n"), meaning(contentType, body)...))
	return hex.EncodeToString(sum[:])
}

// InProgress is the conflict of a key sent again while its first request is still running.
func InProgress() *fault.Error {
	return &fault.Error{Kind: fault.Conflict, Code: "idempotency_request_in_progress",
		Detail: "A request with this idempotency-key is still in progress; retry later."}
}

// Reused is the conflict of a key sent again with another request: it says which request the key
// belongs to, so the caller can tell a bug in its key generation from a retry it changed.
func Reused(first Record) *fault.Error {
	e := &fault.Error{Kind: fault.Conflict, Code: "idempotency_key_reused",
		Detail: "This idempotency-key was used with a different request; use a new key for a new attempt."}
	if first.Method == "" { // a record stored before requests were described
		return e
	}
	at := first.CreatedAt.UTC().Format(time.RFC3339)
	e.Detail = "This idempotency-key was first used for " + first.Method + " " + first.Path + " at " + at +
		" with a different body; send that request again to get its answer, or use a new key for a new attempt."
	e.Extensions = map[string]any{"firstRequest": map[string]any{"method": first.Method, "path": first.Path, "at": at}}
	return e
}

// meaning is what a body says: a JSON body in canonical form (keys sorted, no insignificant
// space, strings and numbers as written), so two serialisations of one request compare equal;
// any other body, or JSON that does not parse, as its bytes.
func meaning(contentType string, body []byte) []byte {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return body
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || dec.More() {
		return body
	}
	canonical, err := json.Marshal(v)
	if err != nil {
		return body
	}
	return append([]byte("json:"), canonical...)
}

// Scope keeps one caller's keys apart from another's.
func Scope(p access.Principal) string {
	if p.PartnerID != "" {
		return "partner#" + p.PartnerID
	}
	return "user#" + p.UserID
}
