//go:build cgo

package onnx_test

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/internal/benchtest"
	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/onnx"
	"github.com/trustline/platform/shared/vision/printed/printedtest"
)

// BenchmarkFaceMatch measures one whole face match (decoding both images, YuNet on each, the
// alignment, SFace on each, the cosine: what a match's processingMs covers) of a generated
// passport page (1250×880 PNG) carrying one-face.jpg as its portrait against a selfie: one-face.jpg
// itself (selfie, 450×431) or one-face.jpg enlarged to a phone camera's 12 megapixels and stored a
// quarter turn off, as phones store portraits (phone: 3024×4032 JPEG, EXIF orientation 6). For each:
//
//   - go: the route, with this package's networks;
//   - onnxruntime: the same Go pipeline with onnxruntime's sessions in place of the networks (one
//     thread, each session made once, before the loop);
//   - onnxruntime-models: onnxruntime's inference alone, YuNet twice and SFace twice, on the very
//     inputs the route gives the models: the floor the route is measured against;
//   - route-vs-onnxruntime: go and onnxruntime-models in turn, pair by pair, reporting the median
//     ratios of their CPU and wall times (benchtest.Versus).
//
// Each reports p50 and p95 latency and CPU time per match. Run it on one core:
//
//	go test -run '^$' -bench 'FaceMatch/selfie/route' -cpu 1 -count 5 ./shared/vision/onnx
func BenchmarkFaceMatch(b *testing.B) {
	dir := os.Getenv("MODELS_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "models")
	}
	read := func(path string) []byte {
		data, err := os.ReadFile(path)
		if err != nil {
			if os.Getenv("CI") != "true" {
				b.Skip(err)
			}
			b.Fatal(err)
		}
		return data
	}
	selfie := read(filepath.Join("..", "..", "..", "..", "shared", "testdata", "faces", "one-face.jpg"))
	document := portraitPage(
		b,
		read(filepath.Join("..", "..", "..", "testdata", "extraction", "icao-td3-clean.png")),
		selfie,
	)
	detData := read(filepath.Join(dir, facematch.DetectorFile))
	recData := read(filepath.Join(dir, facematch.RecognizerFile))
	route, err := facematch.Load(dir)
	if err != nil {
		b.Fatal(err)
	}
	det, rec := loadNet(b, detData), loadNet(b, recData)
	for _, s := range []struct {
		name string
		data []byte
	}{{"selfie", selfie}, {"phone", phoneSelfie(b, selfie)}} {
		b.Run(s.name, func(b *testing.B) {
			b.Run("go", func(b *testing.B) { benchmarkMatch(b, route, document, s.data) })
			b.Run("onnxruntime", func(b *testing.B) {
				m := facematch.New(
					onnx.NewOrtSession(b, detData, det.Input(), det.Outputs()),
					onnx.NewOrtSession(b, recData, rec.Input(), rec.Outputs()),
				)
				benchmarkMatch(b, m, document, s.data)
			})
			models := func(b *testing.B) func() error {
				return recordRuns(b, onnx.NewOrtSession(b, detData, det.Input(), det.Outputs()),
					onnx.NewOrtSession(b, recData, rec.Input(), rec.Outputs()), document, s.data)
			}
			b.Run("onnxruntime-models", func(b *testing.B) { benchtest.Report(b, models(b)) })
			b.Run("route-vs-onnxruntime", func(b *testing.B) {
				ctx := context.Background()
				match := func() error { _, err := route.Compare(ctx, document, s.data); return err }
				benchtest.Versus(b, "route", match, "onnxruntime", models(b))
			})
		})
	}
}

// recordRuns makes one match with det and rec, keeping each model run's input, and returns what
// runs them again: YuNet and SFace for the document, then for the selfie, as the match ran them.
func recordRuns(b *testing.B, det, rec facematch.Runner, document, selfie []byte) func() error {
	var runs []func() error
	record := func(r facematch.Runner) facematch.Runner {
		return runnerFunc(func(in []float32, outs ...[]float32) error {
			again, scratch := slices.Clone(in), make([][]float32, len(outs))
			for i, o := range outs {
				scratch[i] = make([]float32, len(o))
			}
			runs = append(runs, func() error { return r.Run(again, scratch...) })
			return r.Run(in, outs...)
		})
	}
	if _, err := facematch.New(record(det), record(rec)).Compare(context.Background(), document, selfie); err != nil {
		b.Fatal(err)
	}
	if len(runs) != 4 {
		b.Fatalf("a match ran the models %d times, want 4", len(runs))
	}
	return func() error {
		for _, run := range runs {
			if err := run(); err != nil {
				return err
			}
		}
		return nil
	}
}

// runnerFunc is a function as a facematch.Runner.
type runnerFunc func(in []float32, outs ...[]float32) error

func (f runnerFunc) Run(in []float32, outs ...[]float32) error { return f(in, outs...) }

// phoneSelfie is the photo enlarged to 3024×4032 and stored a quarter turn counter-clockwise with
// EXIF orientation 6, as a phone stores a portrait: 12 megapixels to decode, reduce and turn.
func phoneSelfie(b *testing.B, photoData []byte) []byte {
	photo, err := jpeg.Decode(bytes.NewReader(photoData))
	if err != nil {
		b.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, 3024, 4032))
	xdraw.CatmullRom.Scale(big, big.Bounds(), photo, photo.Bounds(), draw.Src, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, imagefile.Rotate(big, 270), &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	// An APP1 segment after SOI: "Exif", a big-endian TIFF header and one IFD entry, Orientation
	// (0x0112), SHORT, 1 value: 6.
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0}
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := append([]byte{0xFF, 0xE1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}, seg...)
	return slices.Concat(buf.Bytes()[:2], app1, buf.Bytes()[2:])
}

func loadNet(b *testing.B, data []byte) *onnx.Net {
	n, err := onnx.Load(data)
	if err != nil {
		b.Fatal(err)
	}
	return n
}

func benchmarkMatch(b *testing.B, m *facematch.Models, document, selfie []byte) {
	ctx := context.Background()
	r, err := m.Compare(ctx, document, selfie) // the first match allocates the scratch memory
	if err != nil || !r.IsMatch {
		b.Fatalf("match %+v, %v: want a match", r, err)
	}
	benchtest.Report(b, func() error { _, err := m.Compare(ctx, document, selfie); return err })
	b.ReportMetric(r.Similarity, "similarity")
}

// portraitPage prints the photo over the portrait placeholder of the generated TD3 passport page.
func portraitPage(b *testing.B, pageData, photoData []byte) []byte {
	page, err := printedtest.OnSpecimen(pageData, photoData)
	if err != nil {
		b.Fatal(err)
	}
	return page
}
