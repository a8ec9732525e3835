// Package idempotency makes POST and PATCH safe to retry: the first request with an
// idempotency-key stores its response with a hash of the request; a replay with the same request gets
// the stored response (header idempotent-replayed: true), a different request with the same key gets
// 409 saying what the key was first used for, and so does a replay while the first request is still
// running. Keys are scoped to the caller. "The same request" is the same method, path and meaning:
// a JSON body is compared as JSON, so a client that re-serialises it (spacing, key order) replays.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/trustline/platform/shared/access"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/guard"
	"github.com/trustline/platform/shared/httpapi"
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

// Keys wraps handlers with idempotency.
type Keys struct {
	Store  Store
	Window time.Duration // how long a key is remembered
	Now    func() time.Time
}

const maxKey = 255

// Wrap applies idempotency to h when the request carries the header. Responses of 5xx are not
// stored: the request may be retried with the same key.
func (k Keys) Wrap(h guard.HandlerFunc) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		key := r.Header.Get(Header)
		if key == "" {
			return h(w, r, p)
		}
		if len(key) > maxKey {
			return fault.Newf(fault.BadRequest, "The %s header is longer than %d characters.", Header, maxKey)
		}
		body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, 1<<20))
		if err != nil {
			return fault.New(fault.TooLarge, "The request body is too large.")
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.Sum256(append([]byte(r.Method+" "+r.URL.Path+"\n"), meaning(r.Header.Get("Content-Type"), body)...))
		hash := hex.EncodeToString(sum[:])
		scope := scopeOf(p)
		now := k.now()
		rec, started, err := k.Store.Begin(r.Context(), scope, key,
			Record{RequestHash: hash, Method: r.Method, Path: r.URL.Path, CreatedAt: now.UTC().Truncate(time.Second)}, now.Add(k.Window))
		switch {
		case err != nil:
			return err
		case !started && rec.RequestHash != hash:
			return reused(rec)
		case !started && !rec.Done:
			return &fault.Error{Kind: fault.Conflict, Code: "idempotency_request_in_progress",
				Detail: "A request with this idempotency-key is still in progress; retry later."}
		case !started:
			w.Header().Set("Content-Type", rec.ContentType)
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(rec.Status)
			_, _ = w.Write(rec.Body)
			return nil
		}
		// The answer is recorded as the caller sees it, problems included (a 422 replays as a 422),
		// so h's error is written here rather than returned.
		rw := httptest.NewRecorder()
		httpapi.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error { return h(w, r, p) }).ServeHTTP(rw, r)
		res := rw.Result()
		if res.StatusCode >= 500 {
			_ = k.Store.Abandon(r.Context(), scope, key)
		} else if err := k.Store.Finish(r.Context(), scope, key, Record{RequestHash: hash, Done: true, Status: res.StatusCode,
			ContentType: res.Header.Get("Content-Type"), Body: rw.Body.Bytes()}); err != nil {
			return err
		}
		for name, values := range rw.Header() {
			w.Header()[name] = values
		}
		w.WriteHeader(res.StatusCode)
		_, _ = w.Write(rw.Body.Bytes())
		return nil
	}
}

// reused is the conflict of a key sent again with another request: it says which request the key
// belongs to, so the caller can tell a bug in its key generation from a retry it changed.
func reused(first Record) *fault.Error {
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

// scopeOf keeps one caller's keys apart from another's.
func scopeOf(p access.Principal) string {
	if p.PartnerID != "" {
		return "partner#" + p.PartnerID
	}
	return "user#" + p.UserID
}

func (k Keys) now() time.Time {
	if k.Now != nil {
		return k.Now()
	}
	return time.Now()
}
