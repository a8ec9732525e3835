package idempotency

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"time"
)

// Attempt is one run of a request under an idempotency key, as the code that creates things sees
// it: the key's seed, which every run of the request shares, and when the first run started.
type Attempt struct {
	Seed    []byte
	Started time.Time
}

type attemptKey struct{}

// WithAttempt returns ctx carrying a, for the request's run (guard.Idempotency sets it).
func WithAttempt(ctx context.Context, a Attempt) context.Context {
	return context.WithValue(ctx, attemptKey{}, a)
}

// AttemptOf is the attempt in ctx; false for a request without a key.
func AttemptOf(ctx context.Context) (Attempt, bool) {
	a, ok := ctx.Value(attemptKey{}).(Attempt)
	return a, ok && len(a.Seed) > 0
}

// NewSeed is a first run's seed: 256 random bits.
func NewSeed() []byte { return []byte(rand.Text() + rand.Text()) }

// text is rand.Text's alphabet and length: 26 base32 characters, 130 bits.
var text = base32.StdEncoding.WithPadding(base32.NoPadding)

// Text stands for crypto/rand.Text where a request creates something (an id, a reference, a
// secret): under a key (an attempt in ctx), 26 base32 characters derived from the key's seed and
// name, the same in every run of the request, so a run after a crash names what it creates as
// the first run did and finds it; without a key, rand.Text(). A name is what one request makes
// with it ("reference", "extraction#2"): two names give unrelated texts.
func Text(ctx context.Context, name string) string {
	a, ok := AttemptOf(ctx)
	if !ok {
		return rand.Text()
	}
	sum := sha256.Sum256(append(append(append([]byte{}, a.Seed...), 0), name...))
	return text.EncodeToString(sum[:])[:26]
}

// Started is when the request under ctx's key first ran (to the second), else now: the time of
// what the request creates that names it (a reference's date, a ledger entry), the same in
// every run.
func Started(ctx context.Context, now time.Time) time.Time {
	if a, ok := AttemptOf(ctx); ok && !a.Started.IsZero() {
		return a.Started
	}
	return now
}
