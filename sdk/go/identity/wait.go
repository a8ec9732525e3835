package identity

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// WaitOptions tunes WaitForExtraction and WaitForVerification. Zero fields take the defaults: a
// first poll after 500 ms, each wait then twice the last up to 5 s, and 2 minutes in all.
type WaitOptions struct {
	Initial time.Duration // the wait before the second poll (the first is at once)
	Max     time.Duration // the longest wait between two polls, Retry-After aside
	Timeout time.Duration // how long to wait in all, within the context's own deadline
}

// ErrWaitTimeout is wrapped by the error of a WaitForExtraction or WaitForVerification that ran
// out of time while the work was still queued or processing.
var ErrWaitTimeout = errors.New("identity: the work did not finish in time")

// WaitForExtraction polls GET /v1/extractions/{id} until the extraction is completed or failed
// and answers it in that state: a failed extraction is not an error (its Error says why). The
// polls back off exponentially up to o.Max; a 429 waits as long as its Retry-After asks, and a
// 502, 503 or 504 is tried again, both within the deadline. Any other answer is an *APIError;
// running out of time wraps ErrWaitTimeout. o may be nil.
func (c *ClientWithResponses) WaitForExtraction(
	ctx context.Context,
	id string,
	o *WaitOptions,
	reqEditors ...RequestEditorFn,
) (*Extraction, error) {
	get := func(ctx context.Context) (*http.Response, []byte, *Extraction, error) {
		resp, err := c.GetExtractionWithResponse(ctx, id, reqEditors...)
		if err != nil {
			return nil, nil, nil, err
		}
		return resp.HTTPResponse, resp.Body, resp.JSON200, nil
	}
	return waitUntil(ctx, id, o, get, func(e *Extraction) (bool, string) {
		return e.Status == ExtractionStatusCompleted || e.Status == ExtractionStatusFailed, string(e.Status)
	})
}

// WaitForVerification polls GET /v1/verifications/{id} until the verification is completed (its
// Decision set) or failed, as WaitForExtraction does.
func (c *ClientWithResponses) WaitForVerification(
	ctx context.Context,
	id string,
	o *WaitOptions,
	reqEditors ...RequestEditorFn,
) (*Verification, error) {
	get := func(ctx context.Context) (*http.Response, []byte, *Verification, error) {
		resp, err := c.GetVerificationWithResponse(ctx, id, reqEditors...)
		if err != nil {
			return nil, nil, nil, err
		}
		return resp.HTTPResponse, resp.Body, resp.JSON200, nil
	}
	return waitUntil(ctx, id, o, get, func(v *Verification) (bool, string) {
		return v.Status == VerificationStatusCompleted || v.Status == VerificationStatusFailed, string(v.Status)
	})
}

// waitUntil polls get until done says the answer is final; done also gives the status to report
// when time runs out.
func waitUntil[T any](
	ctx context.Context,
	id string,
	o *WaitOptions,
	get func(context.Context) (*http.Response, []byte, *T, error),
	done func(*T) (bool, string),
) (*T, error) {
	var opts WaitOptions
	if o != nil {
		opts = *o
	}
	wait := cmp(opts.Initial, 500*time.Millisecond)
	ceiling := cmp(opts.Max, 5*time.Second)
	timeout := cmp(opts.Timeout, 2*time.Minute)
	deadline := time.Now().Add(timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	// The polls carry the deadline, so that the client's own retries (Retrying) wait no longer.
	parent := ctx
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()

	last := "not read"
	// ended is the error of a wait cut short: the caller's own, else running out of time.
	ended := func() error {
		if err := parent.Err(); err != nil {
			return err
		}
		return fmt.Errorf("%w: %s still %s after %s", ErrWaitTimeout, id, last, timeout)
	}
	for {
		resp, body, answer, err := get(ctx)
		if err != nil && ctx.Err() != nil {
			return nil, ended()
		}
		if err != nil {
			return nil, err
		}
		pause := wait
		switch err := check(resp, body, http.StatusOK); {
		case err == nil:
			final, status := done(answer)
			if final {
				return answer, nil
			}
			last = status
			wait = min(wait*2, ceiling)
		case retryable(resp.StatusCode):
			if ra := err.(*APIError).RetryAfter; ra > 0 {
				pause = ra
			} else {
				wait = min(wait*2, ceiling)
			}
			last = err.Error()
		default:
			return nil, err
		}
		if time.Now().Add(pause).After(deadline) {
			return nil, ended()
		}
		t := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ended()
		case <-t.C:
		}
	}
}

// retryable is a status worth polling again after a pause: rate limited, or a gateway's passing
// failure.
func retryable(status int) bool {
	switch status {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// cmp is d, or def when d is not positive.
func cmp(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}
