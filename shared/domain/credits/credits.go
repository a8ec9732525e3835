// Package credits is the money of the identity API as the rest of the code sees it: a movement of
// a user's balance with its ledger entry, the ledger's reasons, and Ledger, the one port that
// moves credits. It imports nothing but fault, so that every domain can charge without reaching
// accounts.
//
// Every balance change is a Movement written with its ledger entry in one atomic write, so the
// balance is always the sum of the ledger. Liveness and face match charge through Ledger.Move and
// refund a failed check the same way; extraction, batches and paid invoices hand their Movement to
// their own repository, which writes it in the transaction that creates the extractions or marks the
// invoice paid (a charge never exists without what it pays for). The DynamoDB repositories build
// both from the same write.
package credits

import (
	"context"
	"strconv"
	"time"

	"github.com/trustline/platform/shared/foundation/fault"
)

// The ledger's reasons: what a movement was for.
const (
	ReasonGrant      = "grant"      // given by an operator
	ReasonExtraction = "extraction" // one document
	ReasonBatch      = "batch"      // a batch of documents, charged at once
	ReasonRefund     = "refund"     // a charge given back: the work failed or could not be kept
	ReasonLiveness   = "liveness"
	// ReasonVerification is a verification: its document, selfie and checks.
	ReasonVerification = "verification"
	ReasonFaceMatch    = "face_match"
	ReasonInvoice      = "invoice" // a plan's credits, granted when its invoice is paid
)

// Movement is one change of a user's balance and its ledger entry.
type Movement struct {
	UserID    string
	Amount    int    // credits added; negative for a charge; 0 moves nothing
	Reason    string // one of the Reason constants
	Reference string // what it is for: an extraction, a batch, a check, an invoice
	At        time.Time
	// Once makes the movement at most once: its entry is named by its user, reason, reference and
	// At (which must be set), and Move of it again changes nothing and is ErrMoved. A request run
	// again under its idempotency key charges, and refunds, this way.
	Once bool
}

// ErrMoved is Move's answer to a Once movement made before: nothing changed.
var ErrMoved = &fault.Error{Kind: fault.Conflict, Code: "moved_before",
	Detail: "This movement of credits was made before; nothing changed."}

// MadeOnce is m made at most once, at at (Movement.Once).
func (m Movement) MadeOnce(at time.Time) Movement {
	m.Once, m.At = true, at
	return m
}

// Charge is the movement taking n credits from a user for reference.
func Charge(userID string, n int, reason, reference string, at time.Time) Movement {
	return Movement{UserID: userID, Amount: -n, Reason: reason, Reference: reference, At: at}
}

// Refund is the movement giving back n credits charged for reference.
func Refund(userID string, n int, reference string, at time.Time) Movement {
	return Movement{UserID: userID, Amount: n, Reason: ReasonRefund, Reference: reference, At: at}
}

// Grant is the movement adding n credits to a user for reason (an operator's grant, a paid
// invoice).
func Grant(userID string, n int, reason, reference string, at time.Time) Movement {
	return Movement{UserID: userID, Amount: n, Reason: reason, Reference: reference, At: at}
}

// Refusal is the error of a movement that could not be made: insufficient credits for a charge,
// NotFound for a user that does not exist.
func (m Movement) Refusal() *fault.Error {
	if m.Amount < 0 {
		return Insufficient(-m.Amount)
	}
	return fault.New(fault.NotFound, "No such user.")
}

// Entry is one movement as the ledger lists it.
type Entry struct {
	ID        string
	Amount    int
	Reason    string
	Reference string
	At        time.Time
}

// Ledger keeps users' balances and their ledger.
type Ledger interface {
	// Move changes the balance by m.Amount and records the entry, in one atomic write. A charge
	// the balance cannot cover is PaymentRequired (insufficient_credits), a user that does not
	// exist NotFound; nothing changes then.
	Move(ctx context.Context, m Movement) error
	// Entries lists a user's movements, newest first, limit at most (1 to 100) from cursor (a
	// previous page's next; Invalid when it is not one of this user's); next is empty on the last
	// page.
	Entries(ctx context.Context, userID string, limit int, cursor string) (entries []Entry, next string, err error)
}

// Count writes a number of credits for a message, singular for one: "1 credit", "5 credits".
func Count(n int) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " credit"
	}
	return strconv.Itoa(n) + " credits"
}

// Insufficient is the answer to a charge of n credits the balance cannot cover: nothing was
// charged. It says the two ways on, since a new account's first live call ends here: a test key,
// free, or live credits.
func Insufficient(n int) *fault.Error {
	return &fault.Error{Kind: fault.PaymentRequired, Code: "insufficient_credits",
		Detail: "This needs " + Count(n) + " and the balance is lower; nothing was charged. " + WhatToDo}
}

// WhatToDo is what a caller short of credits can do, as the 402's detail says it.
const WhatToDo = "Test keys (sk_test_) are free, within a daily quota of test operations: create one in " +
	"the console (API keys) or with POST /v1/api-keys. To buy live credits, move to a paid plan (an " +
	"administrator changes it on request): each of its invoices, once paid (GET /v1/billing/invoices, or " +
	"the console's Billing page), adds its credits to the balance."
