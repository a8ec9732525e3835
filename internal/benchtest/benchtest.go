// Package benchtest measures benchmarks the way this project reports them: wall time at the median
// and the 95th percentile of each operation, and the process's CPU time per operation (on a shared
// machine CPU time moves less than wall time). Only tests import it.
package benchtest

import (
	"slices"
	"syscall"
	"testing"
	"time"
)

// Report runs op once per b.Loop iteration and reports ms-p50, ms-p95 and cpu-ms/op; op's error
// fails the benchmark.
func Report(b *testing.B, op func() error) {
	b.Helper()
	var times []time.Duration
	cpu0 := CPU()
	for b.Loop() {
		start := time.Now()
		if err := op(); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	cpu := CPU() - cpu0
	slices.Sort(times)
	b.ReportMetric(ms(Percentile(times, 50)), "ms-p50")
	b.ReportMetric(ms(Percentile(times, 95)), "ms-p95")
	b.ReportMetric(ms(cpu)/float64(len(times)), "cpu-ms/op")
}

// Percentile is the p-th percentile (0 to 100) of sorted durations; 0 for none.
func Percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[p*(len(sorted)-1)/100]
}

// CPU is the process's user and system CPU time so far.
func CPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
