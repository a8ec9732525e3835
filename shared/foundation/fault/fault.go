// Package fault provides the error kinds domain packages return; httpapi translates them, in one
// place, into problem responses.
package fault

import (
	"errors"
	"fmt"
)

// Kind classifies an error by what the caller can do about it.
type Kind int

// The kinds. Internal is the zero value: anything unclassified is the server's fault.
const (
	Internal         Kind = iota
	BadRequest            // malformed request: bad JSON, missing header
	Invalid               // well-formed but refused by a business rule (422)
	Unauthorized          // no valid credential
	Forbidden             // valid credential, not allowed
	NotFound              // no such resource (for this caller)
	MethodNotAllowed      // the path exists with other methods
	Conflict              // state or idempotency conflict
	Gone                  // existed, expired
	TooLarge              // request body over a limit
	UnsupportedMedia      // content type or file type not accepted
	PaymentRequired       // not enough credits
	RateLimited           // too many requests
	Upstream              // a provider failed
	Unavailable           // temporarily unavailable
	HeadersTooLarge       // request line and headers over the gateway's limit (431)
	RequestTimeout        // the request's body did not arrive within the gateway's wait (408)
)

// Error is a classified error. Code, when set, is the problem kind slug (e.g. payment_config_missing)
// and overrides the kind's default slug.
type Error struct {
	Kind          Kind
	Code          string
	Detail        string         // safe to show the caller
	InvalidParams []string       // one entry per validation problem, naming the field
	Extensions    map[string]any // e.g. provider and upstreamStatus
	RetryAfter    int            // seconds, for RateLimited and Unavailable
	Err           error          // cause, logged, never shown
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Detail, e.Err)
	}
	return e.Detail
}

func (e *Error) Unwrap() error { return e.Err }

// New returns an error of the given kind with a detail safe to show the caller.
func New(kind Kind, detail string) *Error { return &Error{Kind: kind, Detail: detail} }

// Newf is New with formatting.
func Newf(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Detail: fmt.Sprintf(format, args...)}
}

// As returns the *Error inside err, or an Internal one wrapping it.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Kind: Internal, Err: err}
}

// Is reports whether err is a fault of the given kind.
func Is(err error, kind Kind) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == kind
}
