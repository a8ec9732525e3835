package guard

import (
	"bytes"
	"context"
	"errors"
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
	// Lease is how long a run may hold its key, from its start, when its request carries no
	// deadline: the function's timeout (the template's Timeout). Under Lambda the request's
	// context ends with the invocation's deadline, which the lease follows. Zero is DefaultLease.
	Lease time.Duration
	Now   func() time.Time
}

// DefaultLease is the lease of a run with neither a deadline nor a Lease: API Gateway's longest
// wait, after which nobody awaits the answer.
const DefaultLease = 30 * time.Second

// leaseMargin lengthens every lease past the deadline it follows: the clocks of two functions
// differ by milliseconds, and a run killed at its deadline has stopped writing within a second.
const leaseMargin = time.Second

const maxIdempotencyKey = 255

// Wrap applies idempotency to h when the request carries the header. Responses of 5xx and 429
// are not stored: the lease is released, and the same request may be retried with the same key
// (at once, or after the 429's Retry-After: a quota that refused it then may take it). A run
// killed before its answer is stored (a crash, a timeout) holds the key until its lease ends;
// then the same request runs again. h runs with the key's attempt in its context
// (idempotency.Text derives what it creates from it), so that the run after a crash finds what
// the killed one made instead of making it again.
func (k Idempotency) Wrap(h HandlerFunc) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		key := r.Header.Get(idempotency.Header)
		if key == "" {
			return h(w, r, p)
		}
		if len(key) > maxIdempotencyKey {
			return fault.Newf(fault.BadRequest, "The %s header is longer than %d characters.",
				idempotency.Header, maxIdempotencyKey)
		}
		body, err := io.ReadAll(httpapi.Body(r))
		if err != nil {
			return bodyError(err)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		hash := idempotency.Hash(r.Method, r.URL.Path, r.Header.Get("Content-Type"), body)
		scope := idempotency.Scope(p)
		lock := idempotency.LockOf(scope, key)
		now := k.now()
		rec, started, err := k.Store.Begin(
			r.Context(),
			scope,
			lock.Name(),
			idempotency.Record{
				RequestHash: hash,
				Method:      r.Method,
				Path:        r.URL.Path,
				CreatedAt:   now.UTC().Truncate(time.Second),
				Seed:        lock.Seal(idempotency.NewSeed()),
				LeaseUntil:  k.leaseUntil(r.Context(), now),
			},
			now,
			now.Add(k.Window),
		)
		switch {
		case err != nil:
			return err
		case !started && rec.RequestHash != hash:
			return idempotency.Reused(rec)
		case !started && !rec.Done:
			e := idempotency.InProgress()
			e.RetryAfter = max(1, int(rec.LeaseUntil.Sub(now).Seconds()+0.999))
			return e
		case !started:
			return replay(w, rec.Answer, lock)
		}
		seed, err := lock.Open(rec.Seed)
		if err != nil {
			return err
		}
		attempt := idempotency.Attempt{Seed: seed, Started: rec.CreatedAt}
		r = r.WithContext(idempotency.WithAttempt(r.Context(), attempt))
		// The answer is recorded as the caller sees it, problems included (a 422 replays as a 422),
		// so h's error is written here rather than returned.
		rw := httptest.NewRecorder()
		httpapi.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error { return h(w, r, p) }).ServeHTTP(rw, r)
		res := rw.Result()
		ctx := context.WithoutCancel(r.Context())
		if res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests {
			_ = k.Store.Release(ctx, scope, lock.Name(), rec.LeaseUntil)
		} else if err := k.Store.Finish(ctx, scope, lock.Name(), answerOf(res, rw.Body.Bytes(), lock)); err != nil {
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

// answerOf is what is kept of a response to replay it: its status, its content type and its body,
// sealed by lock.
func answerOf(res *http.Response, body []byte, lock idempotency.Lock) idempotency.Answer {
	return idempotency.Answer{Code: res.StatusCode, Format: res.Header.Get("Content-Type"), Body: lock.Seal(body)}
}

// replay writes a kept answer again, marked idempotent-replayed: true.
func replay(w http.ResponseWriter, a idempotency.Answer, lock idempotency.Lock) error {
	body, err := lock.Open(a.Body)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", a.Format)
	w.Header().Set("Idempotent-Replayed", "true")
	w.WriteHeader(a.Code)
	_, _ = w.Write(body)
	return nil
}

// leaseUntil is when a run starting at now (on the service's clock) ends at the latest: its
// request's deadline, else Lease after now, and the margin.
func (k Idempotency) leaseUntil(ctx context.Context, now time.Time) time.Time {
	left := k.Lease
	if left <= 0 {
		left = DefaultLease
	}
	if deadline, ok := ctx.Deadline(); ok {
		left = max(time.Until(deadline), 0)
	}
	return now.Add(left + leaseMargin)
}

// bodyError is the problem of a body that could not be read whole.
func bodyError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return fault.New(fault.TooLarge, "The request is over 6 MB.")
	}
	return &fault.Error{Kind: fault.BadRequest, Detail: "The request body is malformed.", Err: err}
}

func (k Idempotency) now() time.Time {
	if k.Now != nil {
		return k.Now()
	}
	return time.Now()
}
