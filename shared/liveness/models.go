//go:build cgo

package liveness

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	ort "github.com/yalue/onnxruntime_go"
)

// Models holds the three onnxruntime sessions, created once per process (a Lambda cold start)
// and shared by every Check. It is safe for concurrent use: onnxruntime's Run is thread-safe, and
// each Check brings its own input and output tensors.
type Models struct {
	cfg                    config
	detector, small, large *ort.DynamicAdvancedSession
	mu                     sync.RWMutex // held for reading by Checks in flight, for writing by Close
	closed                 bool
}

// runtimeEnv is onnxruntime's environment, which the C library allows once per process.
var runtimeEnv struct {
	sync.Mutex
	library string
}

// initRuntime loads onnxruntime's shared library from library and creates its environment, once
// per process; later calls must name the same library.
func initRuntime(library string) error {
	runtimeEnv.Lock()
	defer runtimeEnv.Unlock()
	if runtimeEnv.library != "" {
		if library != runtimeEnv.library {
			return fmt.Errorf("liveness: onnxruntime is already loaded from %s, not %s", runtimeEnv.library, library)
		}
		return nil
	}
	if !ort.IsInitialized() {
		ort.SetSharedLibraryPath(library)
		if err := ort.InitializeEnvironment(ort.WithLogLevelError()); err != nil {
			return fmt.Errorf("liveness: loading onnxruntime 1.29 from %s (fetch it with infra/onnxruntime.sh, or set ONNXRUNTIME_LIB): %w", library, err)
		}
	}
	runtimeEnv.library = library
	return nil
}

// Load checks the three models in modelsDir against its SHA256SUMS (when there is one), loads
// onnxruntime from the library given by WithLibrary (required; see LibraryPath) and creates one
// session per model. Close releases the sessions; the onnxruntime environment stays for the
// process's life.
func Load(modelsDir string, opts ...Option) (*Models, error) {
	cfg := defaults()
	for _, o := range opts {
		o(&cfg)
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if cfg.library == "" {
		return nil, errors.New("liveness: no onnxruntime library: pass WithLibrary(liveness.LibraryPath(os.Getenv))")
	}
	if err := verifyModels(modelsDir); err != nil {
		return nil, err
	}
	if err := initRuntime(cfg.library); err != nil {
		return nil, err
	}
	m := &Models{cfg: cfg}
	var err error
	if m.detector, err = newSession(filepath.Join(modelsDir, DetectorFile), []string{"input"}, []string{"scores", "boxes"}, cfg.threads); err != nil {
		return nil, err
	}
	if m.small, err = newSession(filepath.Join(modelsDir, SmallModelFile), []string{"input"}, []string{"output"}, cfg.threads); err != nil {
		m.Close()
		return nil, err
	}
	if m.large, err = newSession(filepath.Join(modelsDir, LargeModelFile), []string{"input"}, []string{"output"}, cfg.threads); err != nil {
		m.Close()
		return nil, err
	}
	return m, nil
}

func newSession(path string, inputs, outputs []string, threads int) (*ort.DynamicAdvancedSession, error) {
	o, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("liveness: session options: %w", err)
	}
	defer o.Destroy()
	// No spinning: onnxruntime's workers otherwise busy-wait between runs, burning the vCPUs a
	// Lambda bills and the other requests of a shared machine need.
	for _, set := range []func() error{
		func() error { return o.SetIntraOpNumThreads(threads) },
		func() error { return o.SetInterOpNumThreads(1) },
		func() error { return o.AddSessionConfigEntry("session.intra_op.allow_spinning", "0") },
		func() error { return o.SetLogSeverityLevel(ort.LoggingLevelError) },
	} {
		if err := set(); err != nil {
			return nil, fmt.Errorf("liveness: session options: %w", err)
		}
	}
	s, err := ort.NewDynamicAdvancedSession(path, inputs, outputs, o)
	if err != nil {
		return nil, fmt.Errorf("liveness: loading %s: %w", filepath.Base(path), err)
	}
	return s, nil
}

// Close releases the sessions once the checks in flight end; Check then returns ErrClosed.
func (m *Models) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil
	}
	m.closed = true
	var errs []error
	for _, s := range []*ort.DynamicAdvancedSession{m.detector, m.small, m.large} {
		if s != nil {
			errs = append(errs, s.Destroy())
		}
	}
	return errors.Join(errs...)
}

// Check decodes a selfie (JPEG, PNG or WebP), finds its one face and judges whether it is live.
//
// Errors: ErrUnsupported, ErrCorrupt or ErrTooLarge for the image itself (the caller's to fix:
// 415 or 413), ErrNoFace or ErrMultipleFaces when the photo does not show exactly one face (the
// caller's to retake: 422), ctx.Err() when ctx ends between stages, ErrClosed after Close, and
// onnxruntime's failures wrapped (the server's fault).
func (m *Models) Check(ctx context.Context, data []byte) (Result, error) {
	return m.check(ctx, data, nil)
}

// trace receives the intermediate tensors of a check, for the reference comparison.
type trace struct {
	img                      pixels
	detectorIn               []float32
	scores, boxes            []float32
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
	if err := m.run(m.detector, in, []int64{1, 3, detectorH, detectorW}, []outputSpec{
		{scores, []int64{1, detectorBoxes, 2}}, {boxes, []int64{1, detectorBoxes, 4}},
	}); err != nil {
		return Result{}, fmt.Errorf("liveness: face detector: %w", err)
	}
	faces := findFaces(scores, boxes, img.w, img.h, m.cfg.faceThreshold, m.cfg.nmsIoU, m.cfg.minFaceSize)
	if tr != nil {
		tr.img, tr.detectorIn, tr.scores, tr.boxes = img, in, scores, boxes
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
		s     *ort.DynamicAdvancedSession
		scale float64
	}{{m.small, smallScale}, {m.large, largeScale}} {
		x0, y0, x1, y1 := cropBox(img.w, img.h, f, mdl.scale)
		crop := cropInput(img, x0, y0, x1, y1)
		logits := make([]float32, 3)
		if err := m.run(mdl.s, crop, []int64{1, 3, cropSide, cropSide}, []outputSpec{{logits, []int64{1, 3}}}); err != nil {
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

// outputSpec is a Go buffer onnxruntime writes one output into, with its shape.
type outputSpec struct {
	data  []float32
	shape []int64
}

// run runs one session on an input tensor over in, writing into the outputs' buffers. The tensors
// wrap Go memory for the call only.
func (m *Models) run(s *ort.DynamicAdvancedSession, in []float32, shape []int64, outs []outputSpec) error {
	input, err := ort.NewTensor(ort.NewShape(shape...), in)
	if err != nil {
		return err
	}
	defer input.Destroy()
	values := make([]ort.Value, len(outs))
	for i, o := range outs {
		t, err := ort.NewTensor(ort.NewShape(o.shape...), o.data)
		if err != nil {
			return err
		}
		defer t.Destroy()
		values[i] = t
	}
	return s.Run([]ort.Value{input}, values)
}
