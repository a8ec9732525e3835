// Package provider calls upstream providers (the payment gateway, the core insurance system) with
// JSON over HTTPS, and turns their failures into the faults the APIs answer with.
package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/trustline/platform/shared/foundation/fault"
)

// Client calls one provider. Requests carry the key as a bearer token.
type Client struct {
	Name    string // in faults' extensions: "payment-gateway", "core-insurance"
	BaseURL string // without trailing slash
	Key     string
	HTTP    *http.Client // with its timeout
}

// Refusal is a provider's 4xx answer: the request was understood and refused.
type Refusal struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("refused with %d %s: %s", r.Status, r.Code, r.Message)
}

// maxAnswer bounds what is read of an answer.
const maxAnswer = 1 << 20

// Post sends in as JSON to path with an Idempotency-Key when key is set, and decodes a 2xx answer
// into out. A 4xx answer is a *Refusal. A network failure, a timeout, a 5xx or an undecodable
// answer is a fault of kind Upstream naming the provider and its status (0 when none came back).
func (c Client) Post(ctx context.Context, path, key string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.Key)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return c.upstream(0, err)
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return c.upstream(res.StatusCode, err)
	}
	switch {
	case res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests ||
		res.StatusCode == http.StatusRequestTimeout:
		return c.upstream(res.StatusCode, fmt.Errorf("answered %d", res.StatusCode))
	case res.StatusCode >= 400:
		r := &Refusal{Status: res.StatusCode}
		if json.Unmarshal(answer, r) != nil || r.Code == "" {
			r.Code = fmt.Sprintf("HTTP_%d", res.StatusCode)
		}
		return r
	case res.StatusCode < 200 || res.StatusCode > 299:
		return c.upstream(res.StatusCode, fmt.Errorf("answered %d", res.StatusCode))
	}
	if err := json.Unmarshal(answer, out); err != nil {
		return c.upstream(res.StatusCode, fmt.Errorf("undecodable answer: %w", err))
	}
	return nil
}

// upstream is the fault of a provider that failed; err is logged, never shown.
func (c Client) upstream(status int, err error) error {
	name := strings.ReplaceAll(c.Name, "-", " ")
	return &fault.Error{Kind: fault.Upstream, Err: fmt.Errorf("%s: %w", c.Name, err),
		Detail:     "The " + name + " did not answer as expected. Try again later.",
		Extensions: map[string]any{"provider": c.Name, "upstreamStatus": status}}
}

// AsRefusal returns the refusal inside err.
func AsRefusal(err error) (*Refusal, bool) {
	var r *Refusal
	ok := errors.As(err, &r)
	return r, ok
}
