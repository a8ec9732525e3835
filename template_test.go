package platform_test

import (
	"strconv"
	"strings"
	"testing"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/samtemplate"
)

// The functions that decode images or drain queues keep the Go heap under a soft limit below their
// memory size, so that the collector works harder before Lambda kills them, and have a reserved
// concurrency, so that a flood of work waits instead of taking the account's whole concurrency.
func TestWorkersBoundMemoryAndConcurrency(t *testing.T) {
	tpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	globals, _ := tpl.Globals["Function"].(map[string]any)
	for _, id := range []string{"ExtractionWorkerFunction", "LivenessFunction", "IssuanceWorkerFunction", "WebhookDispatcherFunction"} {
		t.Run(id, func(t *testing.T) {
			props := tpl.Resources[id].Properties
			if n, ok := props["ReservedConcurrentExecutions"].(int); !ok || n < 1 {
				t.Errorf("ReservedConcurrentExecutions = %v, want a positive number", props["ReservedConcurrentExecutions"])
			}
			memory, ok := props["MemorySize"].(int)
			if !ok {
				memory, _ = globals["MemorySize"].(int)
			}
			env, _ := props["Environment"].(map[string]any)
			vars, _ := env["Variables"].(map[string]any)
			limit, _ := vars["GOMEMLIMIT"].(string)
			mib, err := strconv.Atoi(strings.TrimSuffix(limit, "MiB"))
			if err != nil || !strings.HasSuffix(limit, "MiB") {
				t.Fatalf("GOMEMLIMIT = %q, want a number of MiB", limit)
			}
			// Lambda's MemorySize "MB" are MiB; the runtime's stacks and native libraries need room.
			if mib > memory*9/10 || mib < memory/2 {
				t.Errorf("GOMEMLIMIT %s for a MemorySize of %d: want between half and nine tenths of it", limit, memory)
			}
		})
	}
}
