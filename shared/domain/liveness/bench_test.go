package liveness

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/draw"

	"github.com/trustline/platform/internal/benchtest"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// BenchmarkCheck measures one check of one-face.jpg (decoding, detection, both classifiers) with
// the product's pure-Go models and reports p50 and p95 latency, CPU time per check and the
// process's resident memory. Run it on one core, as a Lambda of the configured memory size has
// little more: go test -run '^$' -bench Check -cpu 1 ./shared/domain/liveness. BenchmarkCheckOnnxruntime
// (oracle_test.go) measures the same pipeline with onnxruntime in place of package onnx.
func BenchmarkCheck(b *testing.B) {
	m, err := Load(refModelsDir())
	if err != nil {
		b.Fatal(err)
	}
	benchmarkCheck(b, m)
}

// BenchmarkCheckPhoneSelfie measures a check of a phone camera's photo: one-face.jpg enlarged to
// 12 megapixels (3024×4032) and stored a quarter turn off (EXIF orientation 6), as phones store
// portraits. Decoding and reducing it to the detector's input cost more than the three models.
func BenchmarkCheckPhoneSelfie(b *testing.B) {
	m, err := Load(refModelsDir())
	if err != nil {
		b.Fatal(err)
	}
	data := phoneSelfie(b)
	ctx := context.Background()
	if _, err := m.Check(ctx, data); err != nil {
		b.Fatal(err)
	}
	benchtest.Report(b, func() error { _, err := m.Check(ctx, data); return err })
}

// phoneSelfie is one-face.jpg enlarged to 3024×4032 and stored a quarter turn off with EXIF
// orientation 6, as a phone stores a portrait.
func phoneSelfie(b *testing.B) []byte {
	src, err := jpeg.Decode(bytes.NewReader(refRead(b, "one-face.jpg")))
	if err != nil {
		b.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, 3024, 4032))
	draw.CatmullRom.Scale(big, big.Bounds(), src, src.Bounds(), draw.Src, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, imagefile.Rotate(big, 270), &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	exif := exifJPEG("MM", 6)
	return append(exif[:len(exif)-4], buf.Bytes()[2:]...) // the EXIF block, then the photo after its SOI
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
	cpu0 := benchtest.CPU()
	for b.Loop() {
		if _, err := Load(dir); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((benchtest.CPU()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

func benchmarkCheck(b *testing.B, m *Models) {
	data := refRead(b, "one-face.jpg")
	ctx := context.Background()
	if _, err := m.Check(ctx, data); err != nil { // the first check allocates the scratch memory
		b.Fatal(err)
	}
	benchtest.Report(b, func() error { _, err := m.Check(ctx, data); return err })
	// After the loop: b.Loop's first call deletes metrics reported before it.
	if rss, ok := residentMB(); ok {
		b.ReportMetric(rss, "MB-RSS")
	}
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
