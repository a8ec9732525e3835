package benchtest

import (
	"slices"
	"testing"
	"time"
)

// Versus runs a and then other once per b.Loop iteration and reports, as medians over the
// iterations, each one's CPU time (nameA-cpu-ms, nameB-cpu-ms) and the ratios a/other of the pairs'
// CPU and wall times (cpu-ratio, wall-ratio). Measured pair by pair, side by side, a ratio holds
// on a shared machine whose speed drifts while a run lasts, which two benchmarks run one after the
// other do not. Run it with GOMAXPROCS 1 (-cpu 1) so that CPU time is one core's work.
func Versus(b *testing.B, nameA string, a func() error, nameB string, other func() error) {
	b.Helper()
	var cpuA, cpuB, cpuRatio, wallRatio []float64
	for b.Loop() {
		c0, t0 := CPU(), time.Now()
		if err := a(); err != nil {
			b.Fatal(err)
		}
		c1, t1 := CPU(), time.Now()
		if err := other(); err != nil {
			b.Fatal(err)
		}
		c2, t2 := CPU(), time.Now()
		cpuA, cpuB = append(cpuA, ms(c1-c0)), append(cpuB, ms(c2-c1))
		if c2 > c1 && t2.After(t1) {
			cpuRatio = append(cpuRatio, float64(c1-c0)/float64(c2-c1))
			wallRatio = append(wallRatio, float64(t1.Sub(t0))/float64(t2.Sub(t1)))
		}
	}
	b.ReportMetric(median(cpuA), nameA+"-cpu-ms")
	b.ReportMetric(median(cpuB), nameB+"-cpu-ms")
	b.ReportMetric(median(cpuRatio), "cpu-ratio")
	b.ReportMetric(median(wallRatio), "wall-ratio")
}

// median is the middle value (the mean of the two middle ones for an even count); 0 for none.
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if n := len(s); n%2 == 0 {
		return (s[n/2-1] + s[n/2]) / 2
	}
	return s[len(s)/2]
}
