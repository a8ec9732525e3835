//go:build !unix

package recapture_test

import "time"

// cpuTime is not measured here; the benchmarks report wall time alone.
func cpuTime() (time.Duration, bool) { return 0, false }
