// Package idempotent sends again a request that is safe to send again, shared by the identity and
// partner clients: a read (GET, HEAD), or a write carrying an Idempotency-Key, whose retry the key
// makes safe (the API answers the first request's result rather than acting twice), and only the
// same key does.
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

// Retrying is a Doer that tries a request that is safe to send again (a GET or HEAD, or a request
// carrying an Idempotency-Key, with that key each time) up to Attempts times: again after a
// transport error (a time-out, a dropped connection: a write may have taken effect), a 429, 502,
// 503 or 504, or a 409 with Retry-After (a key's first request still running). The wait is the
// answer's Retry-After, else Backoff doubling; an answer asking for more than MaxWait is returned
// as it is, as is one whose wait would outlast the request context's deadline. Any other request (a
// write without a key) is sent once: sent twice it could act twice.
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
	if !safe(req) || !rewindable {
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
				wait = ra
				if ra > maxWait {
					return resp, nil
				}
			}
		}
		// A wait past the caller's deadline would only end in its context's error: the answer
		// (or the transport's error) says more.
		if d, ok := req.Context().Deadline(); ok && time.Now().Add(wait).After(d) {
			return resp, err
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			_ = resp.Body.Close()
		}
		if err := r.sleep(req.Context(), wait); err != nil {
			return nil, err
		}
	}
}

// safe reports whether req may be sent again without acting twice: a read, or a request carrying
// an Idempotency-Key (the API answers its retries with what the first one made).
func safe(req *http.Request) bool {
	switch req.Method {
	case http.MethodGet, http.MethodHead:
		return true
	}
	return req.Header.Get(Header) != ""
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
