// Package idempotency is what makes POST and PATCH safe to retry, apart from HTTP (guard.Idempotency
// applies it to requests): the first request with an idempotency-key stores its response with a
// hash of the request; a replay with the same request gets the stored response, a different request
// with the same key a conflict saying what the key was first used for, and so does a replay while the
// first request is still running. Keys are scoped to the caller. "The same request" is the same
// method, path and meaning: a JSON body is compared as JSON, and a multipart form part by part, so a
// client that re-serialises it (spacing, key order, another boundary) replays.
//
// A key is never stuck: the run that holds it holds it on a lease that ends with the request's own
// deadline (the function's timeout), after which the same request runs again. What a run creates
// takes its ids from the key's seed (Text), so a run after a crash finds what an earlier run made
// and answers it instead of making it twice.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"time"

	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Header is the request header carrying the key.
const Header = "Idempotency-Key"

// Record is a stored request and, once done, its answer.
type Record struct {
	RequestHash string
	Method      string    // of the first request, to tell a caller who reuses the key
	Path        string    // idem
	CreatedAt   time.Time // idem
	// Seed is what the request's runs derive the ids of what they create from (Text): set by the
	// first run, kept by every later one (sealed by guard.Idempotency, see Lock).
	Seed []byte
	// LeaseUntil is, while the record is not done, when the run holding the key ends at the latest
	// (its request's deadline); zero when no run holds it (released after a server error).
	LeaseUntil time.Time
	Done       bool
	Answer     Answer // once Done
}

// Answer is what a finished request answered, kept to be given as it is to each replay. It is its
// caller's: the store keeps it as given, and this package never reads it (guard.Idempotency keeps
// an HTTP response there, its status as Code, its content type as Format, its body sealed by the
// key's Lock).
type Answer struct {
	Code   int
	Format string
	Body   []byte
}

// Store keeps records until they expire. Times are compared to the millisecond.
type Store interface {
	// Begin takes the key for first (a record in progress, with its Seed and LeaseUntil), to expire
	// at expires, and returns first and true, unless a record of scope and key that has not expired
	// at now exists. A record in progress of the same request (RequestHash) whose lease ended
	// before now is taken over: it gets first's LeaseUntil and is returned with it, its Seed and
	// CreatedAt, and true; of concurrent takers one wins. Any other record is returned as it is,
	// with false.
	Begin(ctx context.Context, scope, key string, first Record, now, expires time.Time) (Record, bool, error)
	// Finish stores the answer of a begun request: its record is done from then on.
	Finish(ctx context.Context, scope, key string, a Answer) error
	// Release ends the lease that ends at lease of a record in progress, so that its request may
	// run again at once (after a server error); the record, its request and its seed stay, so the
	// key stays that request's. A finished record, or one another run holds, is left as it is.
	Release(ctx context.Context, scope, key string, lease time.Time) error
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
// space, strings and numbers as written), so two serialisations of one request compare equal; a
// multipart form as its parts (formParts); any other body, or one that does not parse, as its
// bytes.
func meaning(contentType string, body []byte) []byte {
	mt, params, err := mime.ParseMediaType(contentType)
	if err == nil && mt == "multipart/form-data" {
		if parts, ok := formParts(params["boundary"], body); ok {
			return parts
		}
	}
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

// formParts is a multipart form without its boundary, which every client draws at random for each
// sending: each part's form name, file name, content type and content, in order, each length
// prefixed. ok is false when the body is not a well-formed form.
func formParts(boundary string, body []byte) (out []byte, ok bool) {
	if boundary == "" {
		return nil, false
	}
	out = []byte("multipart:")
	field := func(b []byte) { out = append(binary.AppendUvarint(out, uint64(len(b))), b...) }
	r := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		p, err := r.NextRawPart()
		if errors.Is(err, io.EOF) {
			return out, true
		}
		if err != nil {
			return nil, false
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, false
		}
		field([]byte(p.FormName()))
		field([]byte(p.FileName()))
		field([]byte(p.Header.Get("Content-Type")))
		field(data)
	}
}

// Scope keeps one caller's keys apart from another's. A request without a credential (a handoff
// session may be opened without one) has a scope of its own, where the key, a random UUID, is all
// that ties a retry to its first request.
func Scope(p access.Principal) string {
	switch {
	case p.PartnerID != "":
		return "partner#" + p.PartnerID
	case p.UserID == "":
		return "anonymous"
	}
	return "user#" + p.UserID
}
