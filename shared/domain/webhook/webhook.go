// Package webhook is the one delivery engine of both APIs: a delivery is a stored record (the exact
// body, its attempts) plus SQS messages that wake the dispatcher at each attempt's due time. It signs
// with each API's own headers and the Standard Webhooks headers, retries on a configurable schedule
// counted from the first attempt, and sends through a Sender (webhookhttp, which keeps every target
// on the public internet).
package webhook

import (
	"context"
	"crypto/rand"
	"strings"
	"time"
)

// Scheme is which API's conventions a delivery follows.
type Scheme string

// Schemes.
const (
	SchemePartner  Scheme = "partner"  // x-insurance-* headers, the partner's configured webhook
	SchemeIdentity Scheme = "identity" // X-Service-* headers, a user's webhook endpoint
)

// Status of a delivery.
type Status string

// Statuses. PENDING until an attempt succeeds (SUCCEEDED) or the last retry fails (FAILED, final).
const (
	StatusPending   Status = "PENDING"
	StatusSucceeded Status = "SUCCEEDED"
	StatusFailed    Status = "FAILED"
)

// Delivery is one event on its way to one target.
type Delivery struct {
	ID           string
	Scheme       Scheme
	OwnerID      string // partner ID or user ID
	EndpointID   string // identity endpoints; empty for the partner's single webhook
	Event        string
	Reference    string // x-insurance-reference; the extraction ID for identity events
	Body         []byte // sent byte for byte at every attempt
	Status       Status
	Attempts     []Attempt
	CreatedAt    time.Time
	NextAt       time.Time // due time of the next attempt, while pending
	RedeliveryOf string    // the delivery this one repeats, if any
	RecoveredBy  string    // the delivery a recovery made of this failed one, if any
	// ExpiresAt ends the record: its body reports on personal data. The body itself is dropped
	// as soon as the delivery succeeds.
	ExpiresAt time.Time
	// Claimed is the attempt started and not recorded yet, if any: in progress until its Until,
	// interrupted after it (the dispatcher stopped mid-attempt).
	Claimed *Claim
}

// Claim is an attempt as started: its number, when it started, and until when it is taken.
type Claim struct {
	N         int
	At, Until time.Time
}

// Attempt is one POST.
type Attempt struct {
	N          int       `json:"attempt"`
	At         time.Time `json:"at"`
	StatusCode int       `json:"statusCode,omitempty"`
	DurationMs int64     `json:"durationMs"`
	// ErrorClass says why an attempt failed, as one of the Error* classes; Error says it in words.
	// Neither carries the transport's own message (addresses, resolver details).
	ErrorClass string `json:"errorClass,omitempty"`
	Error      string `json:"error,omitempty"`
}

// Classes of failed attempts.
const (
	ErrorTimeout    = "timeout"     // no answer within the timeout
	ErrorRefused    = "refused"     // the connection was refused
	ErrorTLS        = "tls"         // TLS handshake or certificate failed
	ErrorDNS        = "dns"         // the host name did not resolve
	ErrorBlocked    = "blocked"     // the target resolves to a non-public address or port
	ErrorConnection = "connection"  // the connection failed otherwise (reset, unreachable)
	ErrorHTTPStatus = "http_status" // the receiver answered, not with 2xx
	ErrorNoTarget   = "no_target"   // no URL is configured any more
	// ErrorInterrupted: the attempt started and the dispatcher stopped before its answer was
	// recorded. Its POST may have reached the receiver (receivers deduplicate by webhook-id).
	ErrorInterrupted = "interrupted"
)

// Succeeded reports a 2xx answer.
func (a Attempt) Succeeded() bool {
	return a.StatusCode >= 200 && a.StatusCode < 300 && a.ErrorClass == ""
}

// Target is where and how a delivery is sent at the time of an attempt.
type Target struct {
	URL    string
	Secret []byte // nil: no signature headers
	// Previous is the secret a rotation replaced, while its overlap lasts: webhook-signature also
	// carries a signature under it, so a receiver not yet updated keeps verifying.
	Previous []byte
}

// NewID returns a delivery ID: the same value is the webhook-id header, stable across attempts.
func NewID() string { return "msg_" + strings.ToLower(rand.Text()) }

// Store keeps deliveries. Conflict faults mean another worker holds the attempt or it is done.
type Store interface {
	PutDelivery(ctx context.Context, d Delivery) error
	Delivery(ctx context.Context, id string) (Delivery, error)
	// ClaimAttempt reserves attempt n (n-1 attempts recorded, status pending, no live claim) until
	// the given time, recording that it started at now (Delivery.Claimed); Conflict otherwise.
	ClaimAttempt(ctx context.Context, id string, n int, until, now time.Time) error
	// RecordAttempt appends attempt a, sets the status and, while pending, the next due time.
	RecordAttempt(ctx context.Context, id string, a Attempt, status Status, next time.Time) error
	// DueDeliveries lists pending deliveries whose next attempt was due before the given time.
	DueDeliveries(ctx context.Context, before time.Time, limit int) ([]Delivery, error)
	// Deliveries lists an owner's deliveries, newest first, one page at a time.
	Deliveries(ctx context.Context, ownerID string, f Filter) ([]Delivery, string, error)
	// FailedSince lists up to limit FAILED deliveries of an owner's endpoint ("" for a partner's
	// webhook) created at or after since and not recovered yet, oldest first; more reports others.
	FailedSince(
		ctx context.Context,
		ownerID, endpointID string,
		since time.Time,
		limit int,
	) (ds []Delivery, more bool, err error)
	// RecoverDelivery stores d, a new delivery that sends failed delivery id again, and marks id
	// recovered by d, in one transaction; Conflict, with nothing written, when id is not FAILED or
	// was recovered already.
	RecoverDelivery(ctx context.Context, id string, d Delivery) error
}

// Filter selects deliveries for a listing.
type Filter struct {
	EndpointID string
	Reference  string
	Status     Status
	Limit      int
	Cursor     string
}

// Targets resolves where a delivery goes now: the owner's current URL and secret.
type Targets interface {
	Target(ctx context.Context, d Delivery) (Target, error)
}

// Waker sends the wake-up message of an attempt, due at the given time.
type Waker interface {
	Send(ctx context.Context, body string, due time.Time) error
}

// Request is one attempt's POST, signed: the target URL, the headers (name to value), the body.
type Request struct {
	URL     string
	Headers map[string]string
	Body    []byte
}

// Sender makes the POST of an attempt (webhookhttp.Sender, over the public internet only).
type Sender interface {
	// Send POSTs r once, within ctx's deadline, without following redirects, and returns the
	// status code the receiver answered (whatever it is). An error means no answer: a *SendError
	// gives its class and a sentence fit for the delivery history; any other error counts as
	// ErrorConnection.
	Send(ctx context.Context, r Request) (statusCode int, err error)
}

// SendError is why a POST got no answer: Class is one of the Error* classes, Detail a fixed
// sentence. Neither carries the transport's own message, since the delivery history is shown to
// the account and raw dial errors would tell it about the network the sender runs in.
type SendError struct {
	Class  string
	Detail string
}

// Error is the class and the sentence.
func (e *SendError) Error() string { return e.Class + ": " + e.Detail }
