package app

import (
	"testing"
	"time"
)

// Every function whose routes take an Idempotency-Key holds a key no longer than its template
// Timeout when its request carries no deadline: the lease is read from the template by the
// function's name, and none is left at the default.
func TestIdempotencyLeaseIsTheFunctionsTimeout(t *testing.T) {
	for _, name := range []string{"contracts", "partners", "accounts", "extraction", "liveness", "handoff"} {
		if lease := functionTimeout(name); lease <= 0 || lease > 30*time.Second {
			t.Errorf("%s: lease %v, want its template Timeout, at most API Gateway's 30 s", name, lease)
		}
	}
	if lease := functionTimeout("no-such-function"); lease != 0 {
		t.Errorf("an unknown function: %v, want 0 (the guard's default)", lease)
	}
}
