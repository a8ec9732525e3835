package liveness

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// The reference comparison's tolerances.
const (
	// modelTolerance bounds the difference between package onnx and Python's onnxruntime on the
	// same input tensors: the same float32 arithmetic in another order (and batch normalisation
	// folded into the convolutions) moves results by about 1e-6.
	modelTolerance = 1e-4
	// cropTolerance bounds the difference, in 8-bit levels, between Go's crop and cv2.resize's:
	// none, as cropInput follows OpenCV's fixed-point arithmetic.
	cropTolerance = 0
	// fusedTolerance bounds the difference between Go's fused P(real) and the one the upstream
	// pipeline gets from OpenCV's crops of the same pixels with onnxruntime: the same crops, and
	// the models within modelTolerance.
	fusedTolerance = 1e-4
)

// referenceOutput is what testdata/reference.py writes.
type referenceOutput struct {
	Versions      map[string]string `json:"versions"`
	DetectorInput *float64          `json:"detectorInput"`
	Scores        []float64         `json:"scores"`
	Boxes         []float64         `json:"boxes"`
	Faces         [][5]float64      `json:"faces"`
	Same          map[string]struct {
		Logits  []float64 `json:"logits"`
		Softmax []float64 `json:"softmax"`
	} `json:"same"`
	Decoded *struct {
		MaxPixelDiff  int        `json:"maxPixelDiff"`
		MeanPixelDiff float64    `json:"meanPixelDiff"`
		Fused         [3]float64 `json:"fused"`
	} `json:"decoded"`
	CV2 *struct {
		BBox  [4]int     `json:"bbox"`
		Fused [3]float64 `json:"fused"`
		Small refCrop    `json:"small"`
		Large refCrop    `json:"large"`
	} `json:"cv2"`
}

type refCrop struct {
	Box     [4]int    `json:"box"`
	Tensor  []float64 `json:"tensor"`
	Softmax []float64 `json:"softmax"`
}

// TestReferenceComparison runs the Go pipeline, hands the tensors it fed its models to
// testdata/reference.py (Python onnxruntime 1.29.0 and OpenCV, in the project's .venv), and
// checks that both give the same model outputs on the same inputs, that Python's rendition of
// UltraFace's post-processing finds the same faces, and that upstream's cv2 crops give the same
// crops and scores. Under CI=true a missing Python or package fails the test.
func TestReferenceComparison(t *testing.T) {
	python := filepath.Join("..", "..", "..", ".venv", "bin", "python")
	refNeed(t, python, "make venv, then .venv/bin/pip install onnxruntime==1.29.0 opencv-python-headless")
	refNeed(t, filepath.Join(refModelsDir(), DetectorFile), "set MODELS_DIR")
	m, err := Load(refModelsDir())
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()

	oneFace := refRead(t, "one-face.jpg")
	tests := []struct {
		name  string
		data  []byte
		faces int
	}{
		{name: "one face", data: oneFace, faces: 1},
		// The face near the left edge, in a crop too small for the 4.0× context: the crop box is
		// capped and shifted.
		{name: "face at the edge", data: edgeCrop(t, oneFace, image.Rect(170, 30, 450, 300)), faces: 1},
		// On a larger canvas: the two crops differ, and the detector's input is averaged down
		// first (the image is over 640×480).
		{name: "face on a canvas", data: onCanvas(t, oneFace, 1200, 1000), faces: 1},
		{name: "two faces", data: refRead(t, "two-faces.jpg"), faces: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tr trace
			r, err := m.check(context.Background(), tt.data, &tr)
			if tt.faces == 1 && err != nil {
				t.Fatal(err)
			}
			if tt.faces > 1 && !errors.Is(err, ErrMultipleFaces) {
				t.Fatalf("error %v, want ErrMultipleFaces", err)
			}
			ref := runReference(t, python, tt.data, tr)
			t.Logf("reference: %v", ref.Versions)

			if d := ref.DetectorInput; d != nil {
				if *d != 0 {
					t.Errorf("detector input differs from UltraFace's cv2.resize by up to %g", *d)
				} else {
					t.Logf("detector input: identical to UltraFace's cv2.resize preprocessing")
				}
			}
			if d := maxDiff(tr.scores, ref.Scores); !(d <= modelTolerance) {
				t.Errorf("detector scores differ by up to %g", d)
			} else {
				t.Logf("detector scores: max |Go − Python| = %.3g", d)
			}
			if d := maxDiff(tr.boxes, ref.Boxes); !(d <= modelTolerance) {
				t.Errorf("detector boxes differ by up to %g", d)
			} else {
				t.Logf("detector boxes: max |Go − Python| = %.3g", d)
			}
			if len(ref.Faces) != tt.faces {
				t.Fatalf("Python finds %d faces, want %d", len(ref.Faces), tt.faces)
			}
			if tt.faces != 1 {
				return
			}

			for _, c := range []struct {
				name   string
				logits []float32
				prob   float64
			}{{"small", tr.smallLogits, r.ScoreSmall}, {"large", tr.largeLogits, r.ScoreLarge}} {
				same := ref.Same[c.name]
				if d := maxDiff(c.logits, same.Logits); !(d <= modelTolerance) {
					t.Errorf("%s model: logits differ by up to %g", c.name, d)
				}
				if d := math.Abs(c.prob - same.Softmax[1]); !(d <= modelTolerance) {
					t.Errorf("%s model: P(real) %v in Go, %v in Python", c.name, c.prob, same.Softmax[1])
				} else {
					t.Logf("%s model on the same crop: P(real) Go %.6f, Python %.6f, |diff| = %.3g (logits %.3g)",
						c.name, c.prob, same.Softmax[1], d, maxDiff(c.logits, same.Logits))
				}
			}

			cv := ref.CV2
			if cv == nil {
				t.Fatal("no cv2 reference")
			}
			if got := [4]int{tr.face.bx, tr.face.by, tr.face.bw, tr.face.bh}; got != cv.BBox {
				t.Errorf("bbox %v in Go, %v in Python", got, cv.BBox)
			}
			for _, c := range []struct {
				name   string
				box    [4]int
				tensor []float32
				ref    refCrop
			}{{"small", tr.smallBox, tr.smallIn, cv.Small}, {"large", tr.largeBox, tr.largeIn, cv.Large}} {
				if c.box != c.ref.Box {
					t.Errorf("%s crop box %v in Go, %v upstream", c.name, c.box, c.ref.Box)
				}
				d := maxDiff(c.tensor, c.ref.Tensor)
				off := 0
				for i, v := range c.tensor {
					if float64(v) != c.ref.Tensor[i] {
						off++
					}
				}
				if !(d <= cropTolerance) {
					t.Errorf("%s crop differs from cv2.resize by up to %g levels", c.name, d)
				}
				t.Logf("%s crop %v: max |Go − cv2| = %g level(s), %d of %d values differ; P(real) on cv2's crop %.6f",
					c.name, c.box, d, off, len(c.tensor), c.ref.Softmax[1])
			}
			if d := math.Abs(r.Confidence - cv.Fused[1]); !(d <= fusedTolerance) {
				t.Errorf("fused P(real) %v in Go, %v upstream with cv2", r.Confidence, cv.Fused[1])
			} else {
				t.Logf("fused P(real): Go %.6f, upstream with cv2 %.6f, |diff| = %.3g", r.Confidence, cv.Fused[1], d)
			}
			if dec := ref.Decoded; dec != nil {
				// Information, not a test: libjpeg and Go's image/jpeg decode differently.
				t.Logf(
					"decoded by cv2.imdecode instead: pixels differ by up to %d levels (mean %.2f); fused P(real) %.6f",
					dec.MaxPixelDiff,
					dec.MeanPixelDiff,
					dec.Fused[1],
				)
			}
		})
	}
}

// runReference writes tr's tensors to a temporary directory, runs reference.py on them and
// reads its output.
func runReference(t *testing.T, python string, data []byte, tr trace) referenceOutput {
	t.Helper()
	dir := t.TempDir()
	w, h := tr.img.w, tr.img.h
	rgb := make([]byte, 0, 3*w*h)
	for y := range h {
		for x := range w {
			r, g, b := tr.img.at(x, y)
			rgb = append(rgb, r, g, b)
		}
	}
	meta, err := json.Marshal(map[string]any{
		"width": w, "height": h,
		"faceThreshold": DefaultFaceScoreThreshold, "iou": defaults().nmsIoU, "minFaceSize": DefaultMinFaceSize,
		"scales": map[string]float64{"small": smallScale, "large": largeScale},
	})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"input.json":   meta,
		"image.rgb":    rgb,
		"detector.f32": float32LE(tr.detectorIn),
		"file":         data,
	}
	if tr.smallIn != nil {
		files["small.f32"], files["large.f32"] = float32LE(tr.smallIn), float32LE(tr.largeIn)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, filepath.Join("testdata", "reference.py"), refModelsDir(), dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("reference.py: %v\n%s", err, out)
	}
	out, err := os.ReadFile(filepath.Join(dir, "output.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ref referenceOutput
	if err := json.Unmarshal(out, &ref); err != nil {
		t.Fatal(err)
	}
	return ref
}

func float32LE(v []float32) []byte {
	out := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(f))
	}
	return out
}

// maxDiff is the largest |a[i] − b[i]|, or +Inf when the lengths differ.
func maxDiff(a []float32, b []float64) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	var d float64
	for i := range a {
		d = max(d, math.Abs(float64(a[i])-b[i]))
	}
	return d
}

// edgeCrop cuts r out of a photo and encodes it as an 8-bit PNG (png.Encode writes a JPEG's YCbCr
// with 16 bits per channel, which the check refuses).
func edgeCrop(t *testing.T, data []byte, r image.Rectangle) []byte {
	t.Helper()
	img, _, err := imagefile.Decode(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	sub := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(sub, sub.Bounds(), img, r.Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, sub); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// onCanvas centres a photo on a w×h grey canvas and encodes it as PNG.
func onCanvas(t *testing.T, data []byte, w, h int) []byte {
	t.Helper()
	img, _, err := imagefile.Decode(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(canvas, canvas.Bounds(), image.NewUniform(color.Gray{Y: 120}), image.Point{}, draw.Src)
	b := img.Bounds()
	at := image.Pt((w-b.Dx())/2, (h-b.Dy())/2)
	draw.Draw(canvas, b.Sub(b.Min).Add(at), img, b.Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, canvas); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func refModelsDir() string {
	if d := os.Getenv("MODELS_DIR"); d != "" {
		return d
	}
	return "../../../../shared/models"
}

func refRead(t testing.TB, name string) []byte {
	t.Helper()
	path := filepath.Join("..", "..", "..", "..", "shared", "testdata", "faces", name)
	refNeed(
		t,
		path,
		"the face photos are not in the repository (docs/models.md, Test photos); the tests read them from ../shared/testdata/faces",
	)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// refNeed fails the test under CI=true and skips it elsewhere when a file it needs is missing.
func refNeed(t testing.TB, path, hint string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (%s)", err, hint)
		}
		t.Skipf("%v (%s)", err, hint)
	}
}
