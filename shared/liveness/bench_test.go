package liveness

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// BenchmarkCheck measures one check of one-face.jpg (decoding, detection, both classifiers) with
// the product's pure-Go models and reports p50 and p95 latency, CPU time per check and the
// process's resident memory. Run it on one core, as a Lambda of the configured memory size has
// little more: go test -run '^$' -bench Check -cpu 1 ./shared/liveness. BenchmarkCheckOnnxruntime
// (oracle_test.go) measures the same pipeline with onnxruntime in place of package onnx.
func BenchmarkCheck(b *testing.B) {
	m, err := Load(refModelsDir())
	if err != nil {
		b.Fatal(err)
	}
	benchmarkCheck(b, m)
}

// BenchmarkLoad measures what a cold start spends on the models: reading the three files and
// preparing them to run, from a directory laid out as the Lambda bundle's models/ (no SHA256SUMS:
// make build checks the files).
func BenchmarkLoad(b *testing.B) {
	refNeed(b, filepath.Join(refModelsDir(), DetectorFile), "set MODELS_DIR")
	dir := b.TempDir()
	for _, name := range []string{DetectorFile, SmallModelFile, LargeModelFile} {
		data, err := os.ReadFile(filepath.Join(refModelsDir(), name))
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	cpu0 := cpuTime()
	for b.Loop() {
		if _, err := Load(dir); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

func benchmarkCheck(b *testing.B, m *Models) {
	data := refRead(b, "one-face.jpg")
	ctx := context.Background()
	if _, err := m.Check(ctx, data); err != nil { // the first check allocates the scratch memory
		b.Fatal(err)
	}
	var times []time.Duration
	cpu0 := cpuTime()
	for b.Loop() {
		start := time.Now()
		if _, err := m.Check(ctx, data); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	cpu := cpuTime() - cpu0
	slices.Sort(times)
	pct := func(p float64) float64 { return float64(times[int(p*float64(len(times)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "ms-p50")
	b.ReportMetric(pct(0.95), "ms-p95")
	// CPU time per check, all threads: on a shared machine it moves less than wall time.
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(times)), "cpu-ms/op")
	// After the loop: b.Loop's first call deletes metrics reported before it.
	if rss, ok := residentMB(); ok {
		b.ReportMetric(rss, "MB-RSS")
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// residentMB reads VmRSS from /proc/self/status.
func residentMB() (float64, bool) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range bytes.Lines(data) {
		var kb float64
		if n, _ := fmt.Sscanf(string(line), "VmRSS: %f kB", &kb); n == 1 {
			return kb / 1024, true
		}
	}
	return 0, false
}
