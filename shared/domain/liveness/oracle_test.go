//go:build cgo

package liveness

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/trustline/platform/internal/benchtest"
	"github.com/trustline/platform/shared/vision/imagefile"
)

// oracleTolerance bounds how far package onnx's outputs and scores may be from onnxruntime's.
const oracleTolerance = 1e-4

// onnxruntimeLibrary is where make onnxruntime puts onnxruntime 1.29's library (the version
// github.com/yalue/onnxruntime_go v1.35 is built for), relative to this package.
func onnxruntimeLibrary() string {
	return filepath.Join("..", "..", "..", ".local", "onnxruntime", "linux-"+runtime.GOARCH, "libonnxruntime.so.1")
}

// ortNet runs one model through onnxruntime: the oracle package onnx is checked against.
type ortNet struct {
	session *ort.DynamicAdvancedSession
	in      ort.Shape
	outs    []ort.Shape
}

func (n *ortNet) Run(in []float32, outs ...[]float32) error {
	input, err := ort.NewTensor(n.in, in)
	if err != nil {
		return err
	}
	defer input.Destroy()
	values := make([]ort.Value, len(outs))
	for i, o := range outs {
		t, err := ort.NewTensor(n.outs[i], o)
		if err != nil {
			return err
		}
		defer t.Destroy()
		values[i] = t
	}
	return n.session.Run([]ort.Value{input}, values)
}

var oracle struct {
	once sync.Once
	m    *Models
	err  error
}

// onnxruntimeModels is the liveness pipeline with onnxruntime running the models, loaded once per
// test binary. The oracle is what vouches for package onnx: without its library (make onnxruntime
// fetches it) the test fails under CI=true, and skips only on a machine that has not fetched it.
func onnxruntimeModels(tb testing.TB) *Models {
	tb.Helper()
	lib := onnxruntimeLibrary()
	refNeed(tb, lib, "the onnxruntime oracle needs its library: run make onnxruntime")
	refNeed(tb, filepath.Join(refModelsDir(), DetectorFile), "set MODELS_DIR")
	oracle.once.Do(func() { oracle.m, oracle.err = loadOnnxruntime(lib) })
	if oracle.err != nil {
		tb.Fatal(oracle.err)
	}
	return oracle.m
}

func loadOnnxruntime(lib string) (*Models, error) {
	ort.SetSharedLibraryPath(lib)
	if err := ort.InitializeEnvironment(ort.WithLogLevelError()); err != nil {
		return nil, fmt.Errorf("loading onnxruntime from %s: %w", lib, err)
	}
	nets := map[string]*ortNet{}
	for name, tensors := range modelTensors {
		o, err := ort.NewSessionOptions()
		if err != nil {
			return nil, err
		}
		// One thread, no spinning: the figures compare one core with one core.
		for _, set := range []func() error{
			func() error { return o.SetIntraOpNumThreads(1) },
			func() error { return o.SetInterOpNumThreads(1) },
			func() error { return o.AddSessionConfigEntry("session.intra_op.allow_spinning", "0") },
			func() error { return o.SetLogSeverityLevel(ort.LoggingLevelError) },
		} {
			if err := set(); err != nil {
				return nil, err
			}
		}
		shape := func(s []int) ort.Shape {
			out := make(ort.Shape, len(s))
			for i, d := range s {
				out[i] = int64(d)
			}
			return out
		}
		n := &ortNet{in: shape(tensors.in[0].Shape)}
		var outNames []string
		for _, t := range tensors.out {
			outNames = append(outNames, t.Name)
			n.outs = append(n.outs, shape(t.Shape))
		}
		s, err := ort.NewDynamicAdvancedSession(
			filepath.Join(refModelsDir(), name),
			[]string{tensors.in[0].Name},
			outNames,
			o,
		)
		o.Destroy()
		if err != nil {
			return nil, fmt.Errorf("onnxruntime session for %s: %w", name, err)
		}
		n.session = s
		nets[name] = n
	}
	return &Models{
		cfg:      defaults(),
		detector: nets[DetectorFile],
		small:    nets[SmallModelFile],
		large:    nets[LargeModelFile],
	}, nil
}

// oraclePhotos are the test photos: every photo in ../shared/testdata/faces and in testdata/
// (upstream's sample photos, when they are added there), each as it is and changed the ways a
// selfie varies (mirrored, smaller, framed on larger canvases, cut at an edge, recompressed,
// darker), plus a photo with no face.
func oraclePhotos(t *testing.T) map[string][]byte {
	faces := filepath.Join("..", "..", "..", "..", "shared", "testdata", "faces")
	refNeed(
		t,
		faces,
		"the face photos are not in the repository (docs/models.md, Test photos); the tests read them from ../shared/testdata/faces",
	)
	photos := map[string][]byte{}
	for _, dir := range []string{faces, "testdata"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			switch strings.ToLower(filepath.Ext(e.Name())) {
			case ".jpg", ".jpeg", ".png", ".webp":
			default:
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			addVariants(t, photos, e.Name(), data)
		}
	}
	if len(photos) == 0 {
		t.Fatalf("no photos in %s", faces)
	}
	wall := image.NewRGBA(image.Rect(0, 0, 320, 240))
	draw.Draw(wall, wall.Bounds(), image.NewUniform(color.Gray{Y: 128}), image.Point{}, draw.Src)
	photos["grey wall"] = encodeJPEG(t, wall, 90)
	return photos
}

// addVariants adds a photo and its variants to photos.
func addVariants(t *testing.T, photos map[string][]byte, name string, data []byte) {
	photos[name] = data
	img, _, err := imagefile.Decode(context.Background(), data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	variants := map[string]image.Image{
		"mirrored": remap(img, w, h, func(x, y int) (int, int) { return w - 1 - x, y }),
		"half":     remap(img, w/2, h/2, func(x, y int) (int, int) { return 2 * x, 2 * y }),
		"framed":   framed(img, w*2, h*3/2),
		// As TestCheckFramedPhoto: the large-context model sees the frame.
		"on a canvas": framed(img, max(1200, w), max(1000, h)),
		"left 60%":    remap(img, w*6/10, h, func(x, y int) (int, int) { return x, y }),
		"darker": shade(img, func(c color.RGBA) color.RGBA {
			return color.RGBA{uint8(int(c.R) * 6 / 10), uint8(int(c.G) * 6 / 10), uint8(int(c.B) * 6 / 10), 255}
		}),
	}
	for v, img := range variants {
		photos[name+", "+v] = encodeJPEG(t, img, 92)
	}
	photos[name+", quality 30"] = encodeJPEG(t, img, 30)
}

func remap(img image.Image, w, h int, from func(x, y int) (int, int)) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			sx, sy := from(x, y)
			out.Set(x, y, img.At(b.Min.X+sx, b.Min.Y+sy))
		}
	}
	return out
}

func framed(img image.Image, w, h int) image.Image {
	canvas := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(canvas, canvas.Bounds(), image.NewUniform(color.Gray{Y: 120}), image.Point{}, draw.Src)
	b := img.Bounds()
	draw.Draw(canvas, b.Sub(b.Min).Add(image.Pt((w-b.Dx())/2, (h-b.Dy())/2)), img, b.Min, draw.Src)
	return canvas
}

func shade(img image.Image, f func(color.RGBA) color.RGBA) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.SetRGBA(x, y, f(color.RGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.RGBA)))
		}
	}
	return out
}

func encodeJPEG(t *testing.T, img image.Image, quality int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// outcome is the kind of a check's result: a verdict, or which photo error.
func outcome(r Result, err error) string {
	switch {
	case errors.Is(err, ErrNoFace):
		return "no face"
	case errors.Is(err, ErrMultipleFaces):
		return "several faces"
	case err != nil:
		return "error: " + err.Error()
	case r.IsLive:
		return "live"
	}
	return "spoof"
}

// TestOnnxruntimeOracle runs the liveness pipeline on every test photo twice, with package onnx
// (the product) and with onnxruntime 1.29 running the same models, and checks that every model
// output (the detector's 4,420 scores and boxes, each classifier's logits) and every score (each
// model's P(real), the fused confidence) agree within 1e-4, and the verdicts are identical.
func TestOnnxruntimeOracle(t *testing.T) {
	reference := onnxruntimeModels(t)
	product, err := Load(refModelsDir())
	if err != nil {
		t.Fatal(err)
	}
	var worst struct{ detector, logits, score float64 }
	for name, data := range oraclePhotos(t) {
		t.Run(name, func(t *testing.T) {
			var got, want trace
			r, err := product.check(context.Background(), data, &got)
			wr, werr := reference.check(context.Background(), data, &want)
			if g, w := outcome(r, err), outcome(wr, werr); g != w {
				t.Fatalf("verdict %q, onnxruntime's %q", g, w)
			}
			if err != nil && !errors.Is(err, ErrNoFace) && !errors.Is(err, ErrMultipleFaces) {
				t.Fatal(err)
			}
			d := max(maxDiff32(got.scores, want.scores), maxDiff32(got.boxes, want.boxes))
			worst.detector = max(worst.detector, d)
			if !(d <= oracleTolerance) {
				t.Errorf("detector outputs differ by up to %g", d)
			}
			if len(got.faces) != len(want.faces) {
				t.Fatalf("%d faces, onnxruntime's outputs give %d", len(got.faces), len(want.faces))
			}
			if err != nil {
				t.Logf("%s; detector outputs within %.2g", outcome(r, err), d)
				return
			}
			if got.smallBox != want.smallBox || got.largeBox != want.largeBox {
				t.Fatalf("crops %v %v, onnxruntime's %v %v", got.smallBox, got.largeBox, want.smallBox, want.largeBox)
			}
			l := max(maxDiff32(got.smallLogits, want.smallLogits), maxDiff32(got.largeLogits, want.largeLogits))
			worst.logits = max(worst.logits, l)
			if !(l <= oracleTolerance) {
				t.Errorf("classifier logits differ by up to %g", l)
			}
			for _, s := range []struct {
				what      string
				got, want float64
			}{{"P(real) 2.7×", r.ScoreSmall, wr.ScoreSmall}, {"P(real) 4.0×", r.ScoreLarge, wr.ScoreLarge},
				{"fused confidence", r.Confidence, wr.Confidence}} {
				d := math.Abs(s.got - s.want)
				worst.score = max(worst.score, d)
				if !(d <= oracleTolerance) {
					t.Errorf("%s %v, onnxruntime's %v", s.what, s.got, s.want)
				}
			}
			t.Logf(
				"%s, confidence %.6f (onnxruntime %.6f); detector within %.2g, logits within %.2g",
				outcome(r, err),
				r.Confidence,
				wr.Confidence,
				d,
				l,
			)
		})
	}
	t.Logf(
		"largest differences from onnxruntime: detector outputs %.2g, logits %.2g, scores %.2g",
		worst.detector,
		worst.logits,
		worst.score,
	)
}

// TestOnnxruntimeOracleTensors feeds each model random tensors of its input's range (the detector
// (p−127)/128, the classifiers raw 0–255 levels) and checks every output value against
// onnxruntime's within 1e-4: inputs no photo produces reach every operator's edge cases.
func TestOnnxruntimeOracleTensors(t *testing.T) {
	reference := onnxruntimeModels(t)
	product, err := Load(refModelsDir())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(13, 14))
	for _, c := range []struct {
		name      string
		got, want runner
		in        int
		outs      []int
		value     func() float32
	}{
		{DetectorFile, product.detector, reference.detector, 3 * detectorH * detectorW, []int{detectorBoxes * 2,
			detectorBoxes * 4},
			func() float32 { return (float32(r.IntN(256)) - 127) / 128 }},
		{SmallModelFile, product.small, reference.small, 3 * cropSide * cropSide, []int{3},
			func() float32 { return float32(r.IntN(256)) }},
		{LargeModelFile, product.large, reference.large, 3 * cropSide * cropSide, []int{3},
			func() float32 { return float32(r.IntN(256)) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			var worst float64
			for range 4 {
				in := make([]float32, c.in)
				for i := range in {
					in[i] = c.value()
				}
				got, want := make([][]float32, len(c.outs)), make([][]float32, len(c.outs))
				for i, n := range c.outs {
					got[i], want[i] = make([]float32, n), make([]float32, n)
				}
				if err := c.got.Run(in, got...); err != nil {
					t.Fatal(err)
				}
				if err := c.want.Run(in, want...); err != nil {
					t.Fatal(err)
				}
				for i := range got {
					worst = max(worst, maxDiff32(got[i], want[i]))
				}
			}
			if !(worst <= oracleTolerance) {
				t.Errorf("outputs differ from onnxruntime's by up to %g", worst)
			}
			t.Logf("outputs within %.2g of onnxruntime's", worst)
		})
	}
}

// BenchmarkCheckOnnxruntime is BenchmarkCheck with onnxruntime running the models, one thread.
func BenchmarkCheckOnnxruntime(b *testing.B) {
	benchmarkCheck(b, onnxruntimeModels(b))
}

// BenchmarkCheckVsOnnxruntime measures the route (Check with the pure-Go models: decoding,
// detection, both classifiers, what a check's processingMs covers) against onnxruntime's inference
// alone, one thread, of the three models on the very inputs the route gives them, in turn, pair
// by pair (benchtest.Versus: the median ratios of CPU and wall time), for one-face.jpg (selfie)
// and for it as a phone's 12-megapixel photo (phone, as BenchmarkCheckPhoneSelfie). Run it on one
// core:
//
//	go test -run '^$' -bench CheckVsOnnxruntime -cpu 1 -count 5 ./shared/domain/liveness
func BenchmarkCheckVsOnnxruntime(b *testing.B) {
	o := onnxruntimeModels(b)
	route, err := Load(refModelsDir())
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range []struct {
		name string
		data func(*testing.B) []byte
	}{{"selfie", func(b *testing.B) []byte { return refRead(b, "one-face.jpg") }}, {"phone", phoneSelfie}} {
		b.Run(s.name, func(b *testing.B) {
			data := s.data(b)
			ctx := context.Background()
			check := func() error { _, err := route.Check(ctx, data); return err }
			benchtest.Versus(b, "route", check, "onnxruntime", recordRuns(b, o, data))
		})
	}
}

// recordRuns makes one check with m's networks, keeping each model run's input, and returns what
// runs them again: the detector and the two classifiers, as the check ran them.
func recordRuns(b *testing.B, m *Models, data []byte) func() error {
	var runs []func() error
	record := func(r runner) runner {
		return runnerFunc(func(in []float32, outs ...[]float32) error {
			again, scratch := slices.Clone(in), make([][]float32, len(outs))
			for i, o := range outs {
				scratch[i] = make([]float32, len(o))
			}
			runs = append(runs, func() error { return r.Run(again, scratch...) })
			return r.Run(in, outs...)
		})
	}
	rec := &Models{cfg: m.cfg, detector: record(m.detector), small: record(m.small), large: record(m.large)}
	if _, err := rec.Check(context.Background(), data); err != nil {
		b.Fatal(err)
	}
	if len(runs) != 3 {
		b.Fatalf("a check ran the models %d times, want 3", len(runs))
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

// runnerFunc is a function as a runner.
type runnerFunc func(in []float32, outs ...[]float32) error

func (f runnerFunc) Run(in []float32, outs ...[]float32) error { return f(in, outs...) }

// maxDiff32 is the largest |a[i] − b[i]|, or +Inf when the lengths differ.
func maxDiff32(a, b []float32) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	var d float64
	for i := range a {
		d = max(d, math.Abs(float64(a[i])-float64(b[i])))
	}
	return d
}
