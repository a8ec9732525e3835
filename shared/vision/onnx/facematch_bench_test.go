//go:build cgo

package onnx_test

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	xdraw "golang.org/x/image/draw"

	"github.com/trustline/platform/shared/domain/facematch"
	"github.com/trustline/platform/shared/foundation/benchtime"
	"github.com/trustline/platform/shared/vision/onnx"
)

// BenchmarkFaceMatch measures one whole face match (decoding both images, YuNet on each, the
// alignment, SFace on each, the cosine) of a generated passport page carrying one-face.jpg as
// its portrait against one-face.jpg as the selfie, with this package's networks ("go") and with
// onnxruntime's sessions in their place ("onnxruntime": one thread, each session made once,
// before the loop; the rest of the pipeline is the same Go code). It reports p50 and p95 latency
// and CPU time per match. Run it on one core:
//
//	go test -run '^$' -bench FaceMatch -cpu 1 ./shared/vision/onnx
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
	detData, recData := read(
		filepath.Join(dir, facematch.DetectorFile),
	), read(
		filepath.Join(dir, facematch.RecognizerFile),
	)

	b.Run("go", func(b *testing.B) {
		m, err := facematch.Load(dir)
		if err != nil {
			b.Fatal(err)
		}
		benchmarkMatch(b, m, document, selfie)
	})
	b.Run("onnxruntime", func(b *testing.B) {
		det, rec := loadNet(b, detData), loadNet(b, recData)
		m := facematch.New(
			onnx.NewOrtSession(b, detData, det.Input(), det.Outputs()),
			onnx.NewOrtSession(b, recData, rec.Input(), rec.Outputs()),
		)
		benchmarkMatch(b, m, document, selfie)
	})
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
	benchtime.Report(b, func() error { _, err := m.Compare(ctx, document, selfie); return err })
	b.ReportMetric(r.Similarity, "similarity")
}

// portraitPage prints the photo over the portrait placeholder of a generated TD3 passport page
// (1250×880, the placeholder at 4 mm from the left, 10 mm from the top, 31 mm wide, 10 px/mm).
func portraitPage(b *testing.B, pageData, photoData []byte) []byte {
	page, err := png.Decode(bytes.NewReader(pageData))
	if err != nil {
		b.Fatal(err)
	}
	photo, err := jpeg.Decode(bytes.NewReader(photoData))
	if err != nil {
		b.Fatal(err)
	}
	out := image.NewRGBA(page.Bounds())
	draw.Draw(out, out.Bounds(), page, image.Point{}, draw.Src)
	pb := photo.Bounds()
	xdraw.CatmullRom.Scale(out, image.Rect(46, 104, 346, 104+300*pb.Dy()/pb.Dx()), photo, pb, draw.Src, nil)
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}
