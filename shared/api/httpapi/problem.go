package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/logs"
)

// Problem is an RFC 9457 problem details body.
type Problem struct {
	Type          string         `json:"type"`
	Title         string         `json:"title"`
	Status        int            `json:"status"`
	Detail        string         `json:"detail"`
	Instance      string         `json:"instance"`
	RequestID     string         `json:"requestId"`
	Timestamp     string         `json:"timestamp"`
	InvalidParams []string       `json:"invalidParams,omitempty"`
	Extensions    map[string]any `json:"extensions,omitempty"`
}

type kindInfo struct {
	status int
	slug   string
	title  string
	detail string // shown when the error carries none
}

// kinds is the one map from fault kinds to HTTP.
var kinds = map[fault.Kind]kindInfo{
	fault.Internal: {
		http.StatusInternalServerError,
		"internal",
		"Internal error",
		"An internal error occurred. Quote the requestId to support.",
	},
	fault.BadRequest: {http.StatusBadRequest, "bad_request", "Bad request", "The request is malformed."},
	fault.Invalid: {
		http.StatusUnprocessableEntity,
		"validation_failed",
		"Validation failed",
		"The request was refused by a validation rule.",
	},
	fault.Unauthorized: {
		http.StatusUnauthorized,
		"unauthorized",
		"Unauthorized",
		"Authentication is missing or invalid.",
	},
	fault.Forbidden: {
		http.StatusForbidden,
		"forbidden",
		"Forbidden",
		"The credential is not allowed to do this.",
	},
	fault.NotFound: {http.StatusNotFound, "not_found", "Not found", "No such resource."},
	fault.MethodNotAllowed: {
		http.StatusMethodNotAllowed,
		"method_not_allowed",
		"Method not allowed",
		"This path does not accept this method.",
	},
	fault.Conflict: {
		http.StatusConflict,
		"conflict",
		"Conflict",
		"The request conflicts with the current state.",
	},
	fault.Gone: {http.StatusGone, "gone", "Gone", "The resource has expired."},
	fault.TooLarge: {
		http.StatusRequestEntityTooLarge,
		"payload_too_large",
		"Payload too large",
		"The request body is too large.",
	},
	fault.UnsupportedMedia: {
		http.StatusUnsupportedMediaType,
		"unsupported_media_type",
		"Unsupported media type",
		"The content type is not accepted.",
	},
	fault.PaymentRequired: {
		http.StatusPaymentRequired,
		"insufficient_credits",
		"Insufficient credits",
		"Not enough credits for this operation.",
	},
	fault.RateLimited: {
		http.StatusTooManyRequests,
		"rate_limited",
		"Too many requests",
		"Rate limit reached; retry after the Retry-After delay.",
	},
	fault.Upstream: {
		http.StatusBadGateway,
		"provider_upstream_error",
		"Upstream provider error",
		"An upstream provider failed; retry with exponential backoff.",
	},
	fault.Unavailable: {
		http.StatusServiceUnavailable,
		"unavailable",
		"Service unavailable",
		"Temporarily unavailable; retry later.",
	},
	fault.HeadersTooLarge: {
		http.StatusRequestHeaderFieldsTooLarge,
		"request_header_fields_too_large",
		"Request header fields too large",
		"The request line and headers are too large.",
	},
	fault.RequestTimeout: {
		http.StatusRequestTimeout,
		"request_timeout",
		"Request timeout",
		"The request body did not arrive in time; send it again.",
	},
}

// outOfTime is the answer to a request whose work ran out of time: a call to the store (or
// another AWS service) ended by the request's deadline, which lambdarun sets before the function's
// timeout and API Gateway's. A write may have landed before the call gave up (DynamoDB commits
// what it received, whoever waits), so the answer claims no failure: 503, to retry after the
// first attempt has surely ended, with the same Idempotency-Key, which then answers the first
// attempt's result instead of doing it twice.
func outOfTime(cause error) *fault.Error {
	return &fault.Error{
		Kind: fault.Unavailable,
		Detail: "The request ran out of time before it finished; it may have taken effect. Retry after the " +
			"Retry-After delay with the same Idempotency-Key, which answers the first attempt's result rather " +
			"than doing it twice.",
		RetryAfter: outOfTimeRetryAfter,
		Err:        cause,
	}
}

// outOfTimeRetryAfter is, in seconds, more than what is left of the function's time when it answers
// out of time (lambdarun's margin, at most 1 s): a retry then finds the first attempt ended.
const outOfTimeRetryAfter = 2

// ranOutOfTime reports whether err, internal by its kind (unclassified), comes of a context's end:
// the request's deadline, or its cancellation.
func ranOutOfTime(err error) bool {
	return fault.As(err).Kind == fault.Internal &&
		(errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled))
}

// WriteError answers err as a problem. Internal errors are logged with their cause and answered
// with a generic detail; the caller only ever sees details the domain marked as safe.
//
// An unclassified error of a context that ended (the request's deadline) is 503 with Retry-After
// (outOfTime), never 500: the work may have taken effect.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e := fault.As(err)
	if ranOutOfTime(err) {
		e = outOfTime(err)
	}
	info, ok := kinds[e.Kind]
	if !ok {
		info = kinds[fault.Internal]
	}
	log := logs.From(r.Context())
	if info.status >= 500 {
		log.ErrorContext(r.Context(), "request failed", "status", info.status, "error", err)
	} else if e.Err != nil {
		log.InfoContext(r.Context(), "request refused", "status", info.status, "error", err)
	}
	slug, detail := info.slug, e.Detail
	if e.Code != "" {
		slug = e.Code
	}
	if detail == "" || e.Kind == fault.Internal {
		detail = info.detail
	}
	p := Problem{
		Type:          baseURL(r) + "/errors/" + slug,
		Title:         info.title,
		Status:        info.status,
		Detail:        cut(detail, maxDetail),
		Instance:      r.URL.Path,
		RequestID:     RequestID(r.Context()),
		Timestamp:     time.Now().UTC().Format(time.RFC3339),
		InvalidParams: boundedParams(e.InvalidParams),
		Extensions:    e.Extensions,
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(p)
}

// baseURL is the public base of the API the request belongs to: partner paths (/api/...) have
// their own.
func baseURL(r *http.Request) string {
	b, _ := r.Context().Value(basesKey{}).(Bases)
	if strings.HasPrefix(r.URL.Path, "/api/") {
		return b.Partner
	}
	return b.Identity
}

// A problem is bounded whatever its error carries, so that no answer echoes an input at length: a
// detail or an invalidParams entry quoting what was sent (an unknown field's name, an id) is cut,
// and a list of refusals is cut after maxParams entries. The inputs themselves are bounded before
// they are used (textlimit, ReadForm); these bounds are the last word for what a refusal repeats.
const (
	maxDetail = 1024
	maxParam  = 256
	maxParams = 50
)

// cut shortens s to at most n characters, the last one an ellipsis.
func cut(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	i, kept := 0, 0
	for kept < n-1 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		kept++
	}
	return s[:i] + "…"
}

// boundedParams is ps with each entry cut to maxParam characters and at most maxParams entries,
// the last of which then counts those left out.
func boundedParams(ps []string) []string {
	if ps == nil {
		return nil
	}
	out := make([]string, 0, min(len(ps), maxParams))
	for i, p := range ps {
		if i == maxParams-1 && len(ps) > maxParams {
			out = append(out, fmt.Sprintf("(more): %d more refusals not listed", len(ps)-i))
			break
		}
		out = append(out, cut(p, maxParam))
	}
	return out
}
