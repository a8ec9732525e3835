package facematch

import (
	"fmt"
	"image"
	"math"
	"slices"
	"sort"

	"github.com/trustline/platform/shared/domain/liveness"
	"github.com/trustline/platform/shared/vision/onnx"
)

// detectFaces runs YuNet on the image fitted into its 640×640 input, in sc's memory, and returns
// the faces and the sampler of the image that the alignment reads.
func detectFaces(detector Runner, cfg config, p liveness.Upright, sc *scratch) ([]Face, sampler, error) {
	scale, src := detectorInput(p, sc)
	if err := detector.Run(sc.detIn, sc.detOuts...); err != nil {
		return nil, src, fmt.Errorf("facematch: face detector: %w", err)
	}
	faces := decodeFaces(sc.detOuts, cfg.faceScore)
	var kept []Face
	for _, r := range faces {
		f := r.face(1/scale, p.W, p.H)
		if f.Box.Dx() < cfg.minFace || f.Box.Dy() < cfg.minFace {
			continue
		}
		kept = append(kept, f)
	}
	return kept, src, nil
}

var strides = [3]int{8, 16, 32}

// rawFace is a detection in the detector's input pixels, before rounding.
type rawFace struct {
	x0, y0, x1, y1 float64
	score          float64
	lm             [5][2]float64
}

// decodeFaces reads YuNet's outputs (cls, obj, bbox, kps per stride 8, 16, 32, in that order) as
// OpenCV's FaceDetectorYN does and merges overlapping faces.
func decodeFaces(outs [][]float32, threshold float64) []rawFace {
	var found []rawFace
	for si, stride := range strides {
		cols := detectorSide / stride
		cls, obj, box, kps := outs[si], outs[3+si], outs[6+si], outs[9+si]
		s := float64(stride)
		for idx := range cls {
			score := math.Sqrt(min(1, max(0, float64(cls[idx]))) * min(1, max(0, float64(obj[idx]))))
			if score < threshold {
				continue
			}
			r, c := float64(idx/cols), float64(idx%cols)
			cx, cy := (c+float64(box[4*idx]))*s, (r+float64(box[4*idx+1]))*s
			w, h := math.Exp(float64(box[4*idx+2]))*s, math.Exp(float64(box[4*idx+3]))*s
			f := rawFace{x0: cx - w/2, y0: cy - h/2, x1: cx + w/2, y1: cy + h/2, score: score}
			for n := range 5 {
				f.lm[n] = [2]float64{(float64(kps[10*idx+2*n]) + c) * s, (float64(kps[10*idx+2*n+1]) + r) * s}
			}
			found = append(found, f)
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].score > found[j].score })
	var kept []rawFace
	for _, f := range found {
		if !slices.ContainsFunc(kept, func(k rawFace) bool { return iou(f, k) > nmsIoU }) {
			kept = append(kept, f)
		}
	}
	return kept
}

func iou(a, b rawFace) float64 {
	iw := min(a.x1, b.x1) - max(a.x0, b.x0)
	ih := min(a.y1, b.y1) - max(a.y0, b.y0)
	if iw <= 0 || ih <= 0 {
		return 0
	}
	inter := iw * ih
	return inter / ((a.x1-a.x0)*(a.y1-a.y0) + (b.x1-b.x0)*(b.y1-b.y0) - inter)
}

// face maps a detection back to the image's pixels (pixel centres scaled by k) and clips its box
// to w×h.
func (r rawFace) face(k float64, w, h int) Face {
	back := func(v float64) float64 { return (v+0.5)*k - 0.5 }
	f := Face{Score: r.score,
		Box: image.Rect(int(math.Round(back(r.x0))), int(math.Round(back(r.y0))), int(math.Round(back(r.x1))),
			int(math.Round(back(r.y1)))).
			Intersect(image.Rect(0, 0, w, h)),
	}
	for i, l := range r.lm {
		f.Landmarks[i] = [2]float64{back(l[0]), back(l[1])}
	}
	return f
}

// checkDetector refuses a detector network that is not YuNet's shape: a [1 3 640 640] input and
// 12 outputs (cls, obj, bbox and kps at three strides).
func checkDetector(det *onnx.Net) error {
	s := det.Input().Shape
	if slices.Equal(s, []int{1, 3, detectorSide, detectorSide}) && len(det.Outputs()) == 12 {
		return nil
	}
	return fmt.Errorf("facematch: %s takes %v and gives %d outputs, want [1 3 640 640] and 12",
		DetectorFile, s, len(det.Outputs()))
}
