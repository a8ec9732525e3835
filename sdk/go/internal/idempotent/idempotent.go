// Package idempotent sends again, with the same Idempotency-Key, a write whose answer did not come
// or asks to be tried again, shared by the identity and partner clients: the key makes the retry
// safe (the API answers the first request's result rather than acting twice), and only the same
// key does.
package idempotent

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/trustline/platform/sdk/go/internal/retryafter"
)

// Doer sends a request: an *http.Client, or the generated clients' HttpRequestDoer.
type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Retrying is a Doer that tries a request carrying an Idempotency-Key up to Attempts times, with
// that key each time: again after a transport error (a time-out, a dropped connection: the
// request may have taken effect), a 429, 502, 503 or 504, or a 409 with Retry-After (the key's
// first request still running). The wait is the answer's Retry-After, else Backoff doubling; an
// answer asking for more than MaxWait is returned as it is. Requests without a key are sent once.
type Retrying struct {
	Next     Doer
	Attempts int           // 0: 3
	Backoff  time.Duration // 0: 500 ms
	MaxWait  time.Duration // 0: 60 s
	// Sleep waits d or until ctx ends; nil is a timer.
	Sleep func(ctx context.Context, d time.Duration) error
}

// Do implements Doer.
func (r Retrying) Do(req *http.Request) (*http.Response, error) {
	rewindable := req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
	if req.Header.Get("Idempotency-Key") == "" || !rewindable {
		return r.Next.Do(req)
	}
	attempts, backoff, maxWait := r.Attempts, r.Backoff, r.MaxWait
	if attempts <= 0 {
		attempts = 3
	}
	if backoff <= 0 {
		backoff = 500 * time.Millisecond
	}
	if maxWait <= 0 {
		maxWait = time.Minute
	}
	for attempt := 1; ; attempt++ {
		try := req.Clone(req.Context())
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			try.Body = body
		}
		resp, err := r.Next.Do(try)
		if attempt == attempts || !again(req.Context(), resp, err) {
			return resp, err
		}
		wait := backoff << (attempt - 1)
		if resp != nil {
			if ra, ok := retryafter.Parse(resp.Header, time.Now()); ok {
				if ra > maxWait {
					return resp, nil
				}
				wait = ra
			}
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			_ = resp.Body.Close()
		}
		if err := r.sleep(req.Context(), wait); err != nil {
			return nil, err
		}
	}
}

// again reports whether an attempt's outcome is worth another attempt with the same key.
func again(ctx context.Context, resp *http.Response, err error) bool {
	if err != nil {
		return ctx.Err() == nil && !errors.Is(err, context.Canceled)
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable,
		http.StatusGatewayTimeout:
		return true
	case http.StatusConflict:
		return resp.Header.Get("Retry-After") != "" // idempotency_request_in_progress
	}
	return false
}

func (r Retrying) sleep(ctx context.Context, d time.Duration) error {
	if r.Sleep != nil {
		return r.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
