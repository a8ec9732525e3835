package facematch

import (
	"context"
	"errors"
	"fmt"
	"image"
	"slices"
	"sync"
	"time"

	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/vision/imagefile"
	"github.com/trustline/platform/shared/vision/modelfiles"
	"github.com/trustline/platform/shared/vision/onnx"
)

// The model files Load reads from the models directory.
const (
	DetectorFile   = "yunet-2023mar-int8bq.onnx"
	RecognizerFile = "sface-2021dec-int8bq.onnx"
)

// DefaultThreshold is the cosine similarity at or over which two faces are called the same
// person: OpenCV's published threshold for SFace (LFW), kept after measuring it on real people's
// photos printed on generated document pages (TestCalibrationRealPhotos; docs/identity-api.md, "Face match").
const DefaultThreshold = 0.363

// Defaults of the detector.
const (
	DefaultFaceScore   = 0.6
	DefaultMinFaceSize = 20
	nmsIoU             = 0.3
	detectorSide       = 640
	alignedSide        = 112
	embeddingSize      = 128
)

// template is the ArcFace 112×112 alignment template: the eyes (the one on the image's left
// first), the nose tip and the mouth corners, in YuNet's landmark order.
var template = [5][2]float64{
	{38.2946, 51.6963},
	{73.5318, 51.5014},
	{56.0252, 71.7366},
	{41.5493, 92.3655},
	{70.7299, 92.2041},
}

// The errors Compare and Detect return; test with errors.Is. ErrUnsupported, ErrCorrupt and
// ErrTooLarge are liveness's: the images are decoded the same way.
var (
	ErrNoFace        = errors.New("facematch: no face found")
	ErrMultipleFaces = errors.New("facematch: more than one face")
	ErrClosed        = errors.New("facematch: models closed")
)

// ImageError says which image (ImageDocument or ImageSelfie) an error is about.
type ImageError struct {
	Image string
	Err   error
}

// The images of a comparison, as ImageError names them.
const (
	ImageDocument = "document"
	ImageSelfie   = "selfie"
)

func (e *ImageError) Error() string { return e.Image + ": " + e.Err.Error() }
func (e *ImageError) Unwrap() error { return e.Err }

// Face is one detected face in the image's upright pixels.
type Face struct {
	Box       image.Rectangle
	Score     float64
	Landmarks [5][2]float64 // eyes, nose tip, mouth corners, as template orders them
}

// Result is a comparison's outcome.
type Result struct {
	IsMatch      bool
	Similarity   float64 // cosine of the embeddings, −1 to 1
	Threshold    float64
	Document     Face
	Selfie       Face
	ProcessingMs int64
	// SelfieEmbedding is the selfie's face as SFace embeds it (unit length): what a later
	// comparison of the same person needs, never an image. Not part of any answer.
	SelfieEmbedding []float32 `json:"-"`
}

// Runner runs one model: an *onnx.Net, or another runtime's session on the same model (the
// onnxruntime benchmark's, shared/vision/onnx/facematch_bench_test.go).
type Runner interface {
	// Run writes the model's outputs for one input; its error is the runtime's.
	Run(in []float32, outs ...[]float32) error
}

// Option changes a setting of Load.
type Option func(*config)

type config struct {
	threshold, faceScore float64
	minFace              int
	maxPixels            int64
}

// WithThreshold sets the cosine similarity at which faces match (default DefaultThreshold).
func WithThreshold(t float64) Option { return func(c *config) { c.threshold = t } }

// WithFaceScoreThreshold sets the detector score a face needs (default DefaultFaceScore).
func WithFaceScoreThreshold(s float64) Option { return func(c *config) { c.faceScore = s } }

// WithMaxPixels bounds the images decoded (default: imagefile's bound).
func WithMaxPixels(n int64) Option {
	return func(c *config) {
		if n > 0 {
			c.maxPixels = n
		}
	}
}

// Models holds YuNet and SFace, loaded once per process and shared by every comparison; safe for
// concurrent use.
type Models struct {
	cfg                  config
	detector, recognizer Runner
	scratch              sync.Pool // *scratch
	mu                   sync.RWMutex
	closed               bool
}

// Load reads the two models from modelsDir (checked against its SHA256SUMS, when there is one)
// and prepares them, dequantising their int8 weights.
func Load(modelsDir string, opts ...Option) (*Models, error) {
	files, release, err := modelfiles.Read(modelsDir, DetectorFile, RecognizerFile)
	if err != nil {
		return nil, fmt.Errorf("facematch: %w", err)
	}
	defer release() // the networks keep no reference to the files' bytes
	var det, rec *onnx.Net
	var derr, rerr error
	var wg sync.WaitGroup
	wg.Go(func() { det, derr = onnx.Load(files[DetectorFile]) })
	wg.Go(func() { rec, rerr = onnx.Load(files[RecognizerFile]) })
	wg.Wait()
	if err := errors.Join(derr, rerr); err != nil {
		return nil, fmt.Errorf("facematch: %w", err)
	}
	if err := checkDetector(det); err != nil {
		return nil, err
	}
	s, o := rec.Input().Shape, rec.Outputs()
	sface := slices.Equal(s, []int{1, 3, alignedSide, alignedSide}) && len(o) == 1 && numel(o[0].Shape) == embeddingSize
	if !sface {
		return nil, fmt.Errorf("facematch: %s takes %v and gives %v, want [1 3 112 112] and 128 values",
			RecognizerFile, s, o)
	}
	return newModels(det, rec, opts...), nil
}

// New makes Models of a detector and a recognizer run by another runtime, the same models as
// Load's (YuNet's 12 outputs; SFace's 128 values): to measure that runtime on the same pipeline.
func New(detector, recognizer Runner, opts ...Option) *Models {
	return newModels(detector, recognizer, opts...)
}

func newModels(det, rec Runner, opts ...Option) *Models {
	cfg := config{
		threshold: DefaultThreshold,
		faceScore: DefaultFaceScore,
		minFace:   DefaultMinFaceSize,
		maxPixels: imagefile.MaxPixels,
	}
	for _, o := range opts {
		o(&cfg)
	}
	m := &Models{cfg: cfg, detector: det, recognizer: rec}
	m.scratch.New = newScratch
	return m
}

// Threshold is the similarity at which faces match.
func (m *Models) Threshold() float64 { return m.cfg.threshold }

// Close makes later comparisons fail with ErrClosed once those in flight end.
func (m *Models) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	return nil
}

// Compare finds the document's face (the largest, when the page shows several: a ghost portrait
// beside the main one) and the selfie's only face, and compares them.
//
// Errors, each in an *ImageError naming the image: liveness.ErrUnsupported, ErrCorrupt or
// ErrTooLarge for an image itself, ErrNoFace, and ErrMultipleFaces for a selfie showing several;
// ctx.Err() when ctx ends between stages; ErrClosed after Close.
func (m *Models) Compare(ctx context.Context, document, selfie []byte) (Result, error) {
	start := time.Now()
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return Result{}, ErrClosed
	}
	var embs [2][]float32
	var faces [2]Face
	for i, img := range []struct {
		name string
		data []byte
	}{{ImageDocument, document}, {ImageSelfie, selfie}} {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		var err error
		if faces[i], embs[i], err = m.faceOf(ctx, img.name, img.data); err != nil {
			return Result{}, err
		}
	}
	sim := cosine(embs[0], embs[1])
	return Result{IsMatch: sim >= m.cfg.threshold, Similarity: sim, Threshold: m.cfg.threshold,
		Document: faces[0], Selfie: faces[1], ProcessingMs: time.Since(start).Milliseconds(),
		SelfieEmbedding: embs[1]}, nil
}

// faceOf is one image's side of a comparison (name is ImageDocument or ImageSelfie): decoded,
// its face found (the largest of a document's; a selfie's only one), aligned and embedded.
func (m *Models) faceOf(ctx context.Context, name string, data []byte) (Face, []float32, error) {
	p, err := liveness.DecodeUpright(ctx, data, m.cfg.maxPixels)
	if err != nil {
		return Face{}, nil, &ImageError{name, err}
	}
	sc := m.scratch.Get().(*scratch)
	defer m.scratch.Put(sc)
	found, src, err := detectFaces(m.detector, m.cfg, p, sc)
	if err != nil {
		return Face{}, nil, err
	}
	switch {
	case len(found) == 0:
		return Face{}, nil, &ImageError{name, ErrNoFace}
	case len(found) > 1 && name == ImageSelfie:
		return Face{}, nil, &ImageError{name, fmt.Errorf("%w: found %d", ErrMultipleFaces, len(found))}
	}
	f := slices.MaxFunc(found, func(a, b Face) int { return area(a.Box) - area(b.Box) })
	emb, err := m.embed(&src, f, sc)
	return f, emb, err
}

// Detect returns the faces of an image, best first.
func (m *Models) Detect(ctx context.Context, data []byte) ([]Face, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.closed {
		return nil, ErrClosed
	}
	p, err := liveness.DecodeUpright(ctx, data, m.cfg.maxPixels)
	if err != nil {
		return nil, err
	}
	return m.detect(p)
}

// detect runs YuNet on the image fitted into its 640×640 input.
func (m *Models) detect(p liveness.Upright) ([]Face, error) {
	sc := m.scratch.Get().(*scratch)
	defer m.scratch.Put(sc)
	found, _, err := detectFaces(m.detector, m.cfg, p, sc)
	return found, err
}

func area(r image.Rectangle) int { return r.Dx() * r.Dy() }
