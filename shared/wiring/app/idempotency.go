package app

import (
	"sync"
	"time"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// idempotencyOf is the idempotency of the function's creating routes: records on the table, kept
// for the configured window, each run holding its key until its request's deadline, else for the
// function's timeout (its template Timeout), after which the same request runs again.
func idempotencyOf(d deps) guard.Idempotency {
	return guard.Idempotency{
		Store:  dynamo.NewIdempotencyRepo(d.store),
		Window: d.cfg.IdempotencyWindow,
		Lease:  functionTimeout(d.name),
		Now:    d.now,
	}
}

// timeouts are the template's functions' timeouts, by function name (the directory under
// functions/), read once.
var timeouts = sync.OnceValue(func() map[string]time.Duration {
	out := map[string]time.Duration{}
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		return out
	}
	fns, err := tmpl.Functions()
	if err != nil {
		return out
	}
	for _, fn := range fns {
		out[fn.Dir[len("functions/"):]] = time.Duration(fn.Timeout) * time.Second
	}
	return out
})

// functionTimeout is the template's Timeout of the named function; 0 (guard.DefaultLease) for a
// name the template does not have (an operator tool's).
func functionTimeout(name string) time.Duration { return timeouts()[name] }
