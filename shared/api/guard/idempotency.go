package guard

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/idempotency"
	"github.com/trustline/platform/shared/foundation/fault"
)

// Idempotency applies package idempotency to handlers: the request's key, its hash and the stored
// answer, replayed with the header idempotent-replayed: true.
type Idempotency struct {
	Store  idempotency.Store
	Window time.Duration // how long a key is remembered
	Now    func() time.Time
}

const maxIdempotencyKey = 255

// Wrap applies idempotency to h when the request carries the header. Responses of 5xx are not
// stored: the request may be retried with the same key.
func (k Idempotency) Wrap(h HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		key := r.Header.Get(idempotency.Header)
		if key == "" {
			return h(w, r, p)
		}
		if len(key) > maxIdempotencyKey {
			return fault.Newf(
				fault.BadRequest,
				"The %s header is longer than %d characters.",
				idempotency.Header,
				maxIdempotencyKey,
			)
		}
		body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, 1<<20))
		if err != nil {
			return fault.New(fault.TooLarge, "The request body is too large.")
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		hash := idempotency.Hash(r.Method, r.URL.Path, r.Header.Get("Content-Type"), body)
		scope := idempotency.Scope(p)
		now := k.now()
		rec, started, err := k.Store.Begin(
			r.Context(),
			scope,
			key,
			idempotency.Record{
				RequestHash: hash,
				Method:      r.Method,
				Path:        r.URL.Path,
				CreatedAt:   now.UTC().Truncate(time.Second),
			},
			now.Add(k.Window),
		)
		switch {
		case err != nil:
			return err
		case !started && rec.RequestHash != hash:
			return idempotency.Reused(rec)
		case !started && !rec.Done:
			return idempotency.InProgress()
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
		} else if err := k.Store.Finish(r.Context(), scope, key, idempotency.Record{RequestHash: hash, Done: true,
			Status:      res.StatusCode,
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

func (k Idempotency) now() time.Time {
	if k.Now != nil {
		return k.Now()
	}
	return time.Now()
}
