package recapture_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/trustline/platform/shared/vision/recapture"
)

// BenchmarkAssess times Assess on a phone photo's 4000×3000 luma and on a document photo of
// 1250×880 (the size of the corpus's passports): a document made that size, with grain. Assess
// reads a fixed number of tiles whatever the size, so both cost about the same. Besides ns/op
// (wall time) it reports cpu-ms/op, the process's CPU time per call, which a busy machine does
// not inflate; run it with -cpu 1 for one core's figure.
func BenchmarkAssess(b *testing.B) {
	doc := decodeFile(b, filepath.Join(extraction, "icao-td3-clean.png"))
	for _, size := range [][2]int{{4000, 3000}, {1250, 880}} {
		img := resized(doc, size[0], size[1], 3)
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			start, ok := cpuTime()
			for b.Loop() {
				recapture.Assess(img)
			}
			if end, _ := cpuTime(); ok {
				b.ReportMetric(float64((end-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
