package liveness

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/trustline/platform/shared/vision/modelfiles"
	"github.com/trustline/platform/shared/vision/onnx"
)

// runner runs one model: its input tensor in, each output written into the matching slice.
// *onnx.Net is the product's; the onnxruntime oracle test brings its own.
type runner interface {
	Run(in []float32, outs ...[]float32) error
}

// Models holds the three networks, loaded once per process (a Lambda cold start) and shared by
// every Check. It is safe for concurrent use: the networks are immutable, and each run takes its
// own scratch memory.
type Models struct {
	cfg                    config
	detector, small, large runner
	mu                     sync.RWMutex // held for reading by Checks in flight, for writing by Close
	closed                 bool
}

// The models' tensors, as Load checks them: name and shape of each input and output.
var modelTensors = map[string]struct{ in, out []onnx.Tensor }{
	DetectorFile: {
		in: []onnx.Tensor{{Name: "input", Shape: []int{1, 3, detectorH, detectorW}}},
		out: []onnx.Tensor{
			{Name: "scores", Shape: []int{1, detectorBoxes, 2}},
			{Name: "boxes", Shape: []int{1, detectorBoxes, 4}},
		},
	},
	SmallModelFile: {
		in:  []onnx.Tensor{{Name: "input", Shape: []int{1, 3, cropSide, cropSide}}},
		out: []onnx.Tensor{{Name: "output", Shape: []int{1, 3}}},
	},
	LargeModelFile: {
		in:  []onnx.Tensor{{Name: "input", Shape: []int{1, 3, cropSide, cropSide}}},
		out: []onnx.Tensor{{Name: "output", Shape: []int{1, 3}}},
	},
}

// Load reads the three models from modelsDir, checks them against its SHA256SUMS (when there is
// one) and prepares them to run in pure Go (package onnx), the three at once.
func Load(modelsDir string, opts ...Option) (*Models, error) {
	cfg := defaults()
	for _, o := range opts {
		o(&cfg)
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	names := []string{DetectorFile, SmallModelFile, LargeModelFile}
	files, release, err := modelfiles.Read(modelsDir, names...)
	if err != nil {
		return nil, fmt.Errorf("liveness: %w", err)
	}
	defer release() // the networks keep no reference to the files' bytes
	nets := make([]*onnx.Net, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() { nets[i], errs[i] = loadNet(name, files[name]) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return &Models{cfg: cfg, detector: nets[0], small: nets[1], large: nets[2]}, nil
}

// loadNet loads one model and checks its inputs and outputs are those the pipeline feeds and
// reads.
func loadNet(name string, data []byte) (*onnx.Net, error) {
	n, err := onnx.Load(data)
	if err != nil {
		return nil, fmt.Errorf("liveness: loading %s: %w", name, err)
	}
	want := modelTensors[name]
	same := func(a, b []onnx.Tensor) bool {
		return slices.EqualFunc(
			a,
			b,
			func(x, y onnx.Tensor) bool { return x.Name == y.Name && slices.Equal(x.Shape, y.Shape) },
		)
	}
	if !same([]onnx.Tensor{n.Input()}, want.in) || !same(n.Outputs(), want.out) {
		return nil, fmt.Errorf("liveness: %s takes %v and gives %v, want %v and %v",
			name, n.Input(), n.Outputs(), want.in, want.out)
	}
	return n, nil
}

// Close makes later Checks fail with ErrClosed once the checks in flight end. The networks hold no
// resource beyond memory.
func (m *Models) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	return nil
}

// Check decodes a selfie (JPEG, PNG or WebP), finds its one face and judges whether it is live.
//
// Errors: ErrUnsupported, ErrCorrupt or ErrTooLarge for the image itself (the caller's to fix:
// 415 or 413), ErrNoFace or ErrMultipleFaces when the photo does not show exactly one face (the
// caller's to retake: 422), ctx.Err() when ctx ends between stages, ErrClosed after Close.
func (m *Models) Check(ctx context.Context, data []byte) (Result, error) {
	return m.check(ctx, data, nil)
}

// trace receives the intermediate tensors of a check, for the reference comparisons.
type trace struct {
	img                      pixels
	detectorIn               []float32
	scores, boxes            []float32
	faces                    []face
	face                     face
	smallIn, largeIn         []float32
	smallLogits, largeLogits []float32
	smallBox, largeBox       [4]int
}

func (m *Models) check(ctx context.Context, data []byte, tr *trace) (Result, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	img, err := decode(ctx, data, m.cfg.maxPixels)
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return Result{}, ErrClosed
	}

	in := detectorInput(img)
	scores := make([]float32, detectorBoxes*2)
	boxes := make([]float32, detectorBoxes*4)
	if err := m.detector.Run(in, scores, boxes); err != nil {
		return Result{}, fmt.Errorf("liveness: face detector: %w", err)
	}
	faces := findFaces(scores, boxes, img.w, img.h, m.cfg.faceThreshold, m.cfg.nmsIoU, m.cfg.minFaceSize)
	if tr != nil {
		tr.img, tr.detectorIn, tr.scores, tr.boxes, tr.faces = img, in, scores, boxes, faces
	}
	switch {
	case len(faces) == 0:
		return Result{}, ErrNoFace
	case len(faces) > 1:
		return Result{}, fmt.Errorf("%w: found %d", ErrMultipleFaces, len(faces))
	}
	f := faces[0]
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}

	var probs [2][3]float64
	for i, mdl := range []struct {
		net   runner
		scale float64
	}{{m.small, smallScale}, {m.large, largeScale}} {
		x0, y0, x1, y1 := cropBox(img.w, img.h, f, mdl.scale)
		crop := cropInput(img, x0, y0, x1, y1)
		logits := make([]float32, 3)
		if err := mdl.net.Run(crop, logits); err != nil {
			return Result{}, fmt.Errorf("liveness: anti-spoofing model %d: %w", i+1, err)
		}
		probs[i] = softmax(logits)
		if tr != nil {
			tr.face = f
			if i == 0 {
				tr.smallIn, tr.smallLogits, tr.smallBox = crop, logits, [4]int{x0, y0, x1, y1}
			} else {
				tr.largeIn, tr.largeLogits, tr.largeBox = crop, logits, [4]int{x0, y0, x1, y1}
			}
		}
	}
	r := verdict(probs[0], probs[1], m.cfg.threshold)
	r.Face = f.rect()
	r.FaceScore = f.score
	r.ProcessingMs = time.Since(start).Milliseconds()
	return r, nil
}
