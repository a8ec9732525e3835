package liveness

import (
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"runtime"

	"github.com/trustline/platform/shared/ocr"
)

// The model files Load reads from the models directory.
const (
	DetectorFile   = "ultraface-rfb-320.onnx"
	SmallModelFile = "minifasnet-v2-scale2.7.onnx"
	LargeModelFile = "minifasnet-v1se-scale4.0.onnx"
)

// LibraryFile is the file name of onnxruntime's shared library on Linux.
const LibraryFile = "libonnxruntime.so.1"

// Attack types reported in Result.AttackType.
const (
	// AttackNone: the face was judged live.
	AttackNone = "none"
	// AttackUnknown: the face was judged a spoof. MiniFASNet has two spoof classes (0 and 2), but
	// Silent-Face-Anti-Spoofing publishes no label map: its code and READMEs only say class 1 is a
	// real face. Its author answered in issues #46 and #2 that the three classes are "2D fake, real,
	// 3D fake" (flat media, printed or on a screen, versus masks), which is no split between print
	// and replay, and was trained on a private data set, so no finer kind is claimed.
	AttackUnknown = "unknown"
)

// The errors Check returns, wrapped with details; test with errors.Is. ErrUnsupported, ErrCorrupt
// and ErrTooLarge also match the ocr package's errors of the same names.
var (
	// ErrNoFace: no face was found (above the detector's score threshold and the minimum size).
	ErrNoFace = errors.New("liveness: no face in the image")
	// ErrMultipleFaces: more than one face was found; a selfie must show exactly one.
	ErrMultipleFaces = errors.New("liveness: more than one face in the image")
	// ErrUnsupported: the bytes are not a JPEG, PNG or WebP image (judged by content).
	ErrUnsupported = errors.New("liveness: not a JPEG, PNG or WebP image")
	// ErrCorrupt: the file claims a supported type but cannot be decoded.
	ErrCorrupt = errors.New("liveness: corrupt or truncated image")
	// ErrTooLarge: the image has more pixels than WithMaxPixels allows, or 16 bits per channel.
	ErrTooLarge = errors.New("liveness: image over the pixel limit")
	// ErrClosed: Check was called after Close.
	ErrClosed = errors.New("liveness: models closed")
	// ErrNoCgo: this binary was built without cgo, so it cannot load onnxruntime.
	ErrNoCgo = errors.New("liveness: needs a cgo build with onnxruntime's shared library (CGO_ENABLED=1)")
)

// Result is the verdict on one selfie. Scores are probabilities in [0, 1].
type Result struct {
	// IsLive is Confidence >= the configured threshold.
	IsLive bool
	// Confidence is the fused probability that the face is real: the mean of ScoreSmall and
	// ScoreLarge.
	Confidence float64
	// ScoreSmall is P(real) from MiniFASNetV2 on the 2.7× crop; ScoreLarge from MiniFASNetV1SE on
	// the 4.0× crop.
	ScoreSmall, ScoreLarge float64
	// Fused is the mean of the two models' softmax vectors: [spoof class 0, real, spoof class 2].
	Fused [3]float64
	// AttackType is AttackNone when live, else AttackUnknown (see its comment).
	AttackType string
	// ProcessingMs is the wall time of the check, decoding included, in milliseconds.
	ProcessingMs int64
	// Face is the detected face in the upright image's pixel coordinates.
	Face image.Rectangle
	// FaceScore is the detector's confidence in the face.
	FaceScore float64
}

// Defaults of the options.
const (
	// DefaultThreshold is the fused P(real) at or above which a face is live. At 0.5 a live
	// verdict always agrees with upstream's decision (the argmax of the fused vector is class 1),
	// while the rare case upstream calls real with P(real) under one half (say 0.45 real against
	// 0.30 and 0.25 of spoof) is refused: for identity checks a doubtful face should be retaken.
	// Raise it to trade more false rejections for fewer accepted spoofs (Minivision's Android
	// demo defaults to 0.915 on its own models).
	DefaultThreshold = 0.5
	// DefaultFaceScoreThreshold is the detector score a face must exceed: 0.7, as in UltraFace's
	// demos; a blurred or half-turned face between 0.5 and 0.7 is better retaken than scored.
	DefaultFaceScoreThreshold = 0.7
	// DefaultMinFaceSize is the shorter side, in pixels, under which a detection is ignored:
	// MiniFASNet needs an 80×80 crop of 2.7 face widths, so a face under 30 pixels would be
	// upscaled, and such small faces in a selfie are bystanders, not the subject.
	DefaultMinFaceSize = 32
	// DefaultThreads is onnxruntime's intra-op threads per model: one. The models are small
	// enough that a second thread costs more than it saves (measured on two vCPUs: 20.7 ms p50
	// and 22 ms of CPU per check with one thread, 22.5 ms and 28 ms with two), and concurrent
	// checks use the cores anyway.
	DefaultThreads = 1
)

// config is what the options set.
type config struct {
	library       string
	threshold     float64
	faceThreshold float64
	minFaceSize   int
	threads       int
	nmsIoU        float64
	maxPixels     int64
}

func defaults() config {
	return config{
		threshold:     DefaultThreshold,
		faceThreshold: DefaultFaceScoreThreshold,
		minFaceSize:   DefaultMinFaceSize,
		threads:       DefaultThreads,
		nmsIoU:        0.5,
		maxPixels:     ocr.MaxPixels,
	}
}

// Option configures Load.
type Option func(*config)

// WithLibrary sets the path of onnxruntime's shared library (see LibraryPath). The library is
// loaded once per process: a later Load naming another path fails.
func WithLibrary(path string) Option { return func(c *config) { c.library = path } }

// WithThreshold sets the fused P(real) at or above which a face is live (DefaultThreshold).
func WithThreshold(t float64) Option { return func(c *config) { c.threshold = t } }

// WithFaceScoreThreshold sets the detector score a face must exceed (DefaultFaceScoreThreshold).
func WithFaceScoreThreshold(t float64) Option { return func(c *config) { c.faceThreshold = t } }

// WithMinFaceSize sets the shorter side in pixels under which detections are ignored
// (DefaultMinFaceSize); 0 keeps them all.
func WithMinFaceSize(px int) Option { return func(c *config) { c.minFaceSize = px } }

// WithMaxPixels bounds the images Check decodes (ocr.MaxPixels); larger ones fail with ErrTooLarge
// before their pixels are allocated.
func WithMaxPixels(n int64) Option { return func(c *config) { c.maxPixels = n } }

// WithThreads sets onnxruntime's intra-op threads for each model (DefaultThreads).
func WithThreads(n int) Option { return func(c *config) { c.threads = n } }

func (c config) validate() error {
	switch {
	case c.threshold < 0 || c.threshold > 1:
		return fmt.Errorf("liveness: threshold %v is not in [0, 1]", c.threshold)
	case c.faceThreshold < 0 || c.faceThreshold >= 1:
		return fmt.Errorf("liveness: face score threshold %v is not in [0, 1)", c.faceThreshold)
	case c.minFaceSize < 0:
		return fmt.Errorf("liveness: minimum face size %d is negative", c.minFaceSize)
	case c.maxPixels < 1:
		return fmt.Errorf("liveness: pixel bound %d: need at least one", c.maxPixels)
	case c.threads < 1:
		return fmt.Errorf("liveness: %d threads: need at least one", c.threads)
	}
	return nil
}

// LibraryPath returns where onnxruntime's shared library should be: the ONNXRUNTIME_LIB
// variable when set; else LibraryFile beside the running executable when it is there (a Lambda
// bundle ships it next to bootstrap, in /var/task); else LibraryFile in $LAMBDA_TASK_ROOT when
// that is set; else the cache infra/onnxruntime.sh fills, .local/onnxruntime/linux-<GOARCH>/,
// relative to the working directory (the repository root for make run).
func LibraryPath(getenv func(string) string) string {
	if p := getenv("ONNXRUNTIME_LIB"); p != "" {
		return p
	}
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), LibraryFile); fileExists(p) {
			return p
		}
	}
	if root := getenv("LAMBDA_TASK_ROOT"); root != "" {
		return filepath.Join(root, LibraryFile)
	}
	return filepath.Join(".local", "onnxruntime", "linux-"+runtime.GOARCH, LibraryFile)
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}
