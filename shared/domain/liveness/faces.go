package liveness

import (
	"image"
	"math"
	"sort"
)

// face is one detection in image pixels: its box and upstream's integer [x, y, w, h] of it.
type face struct {
	x1, y1, x2, y2 float64 // clipped to the image
	score          float64
	bx, by, bw, bh int // Silent-Face-Anti-Spoofing's bbox: int(left), int(top), int(w+1), int(h+1)
}

func (f face) rect() image.Rectangle {
	return image.Rect(int(f.x1), int(f.y1), int(math.Ceil(f.x2)), int(math.Ceil(f.y2)))
}

// findFaces turns the detector's outputs (scores [4420×2], boxes [4420×4] normalised x1,y1,x2,y2)
// into faces of a w×h image: class-1 scores above threshold, hard non-maximum suppression at
// iou (as UltraFace's box_utils.hard_nms), boxes clipped to the image, those whose shorter side is
// under minSize dropped. Best score first.
func findFaces(scores, boxes []float32, w, h int, threshold, iou float64, minSize int) []face {
	type cand struct {
		b     [4]float64
		score float64
	}
	var cands []cand
	for i := 0; i < len(scores)/2 && 4*i+3 < len(boxes); i++ {
		s := float64(scores[2*i+1])
		if !(s > threshold) { // also drops NaN
			continue
		}
		cands = append(cands, cand{
			b:     [4]float64{float64(boxes[4*i]), float64(boxes[4*i+1]), float64(boxes[4*i+2]), float64(boxes[4*i+3])},
			score: s,
		})
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	var kept []cand
	for len(cands) > 0 {
		best := cands[0]
		kept = append(kept, best)
		rest := cands[:0]
		for _, c := range cands[1:] {
			if iouOf(best.b, c.b) <= iou {
				rest = append(rest, c)
			}
		}
		cands = rest
	}
	var faces []face
	for _, c := range kept {
		f := face{
			x1: clamp(c.b[0]*float64(w), 0, float64(w)), y1: clamp(c.b[1]*float64(h), 0, float64(h)),
			x2: clamp(c.b[2]*float64(w), 0, float64(w)), y2: clamp(c.b[3]*float64(h), 0, float64(h)),
			score: c.score,
		}
		if f.x2-f.x1 < float64(minSize) || f.y2-f.y1 < float64(minSize) || f.x2-f.x1 < 1 || f.y2-f.y1 < 1 {
			continue
		}
		f.bx, f.by = int(f.x1), int(f.y1)
		f.bw, f.bh = int(f.x2-f.x1+1), int(f.y2-f.y1+1)
		faces = append(faces, f)
	}
	return faces
}

// iouOf is box_utils.iou_of: overlap over union, with its epsilon.
func iouOf(a, b [4]float64) float64 {
	area := func(x1, y1, x2, y2 float64) float64 { return max(x2-x1, 0) * max(y2-y1, 0) }
	overlap := area(max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
	return overlap / (area(a[0], a[1], a[2], a[3]) + area(b[0], b[1], b[2], b[3]) - overlap + 1e-5)
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }

// cropBox is Silent-Face-Anti-Spoofing's CropImage._get_new_box: the face's bbox centred and
// scaled by scale, capped so it fits a srcW×srcH image, shifted inside it. It returns inclusive
// pixel bounds.
func cropBox(srcW, srcH int, f face, scale float64) (x0, y0, x1, y1 int) {
	bw, bh := float64(f.bw), float64(f.bh)
	scale = min(float64(srcH-1)/bh, min(float64(srcW-1)/bw, scale))
	nw, nh := bw*scale, bh*scale
	cx, cy := bw/2+float64(f.bx), bh/2+float64(f.by)
	ltx, lty := cx-nw/2, cy-nh/2
	rbx, rby := cx+nw/2, cy+nh/2
	if ltx < 0 {
		rbx -= ltx
		ltx = 0
	}
	if lty < 0 {
		rby -= lty
		lty = 0
	}
	if rbx > float64(srcW-1) {
		ltx -= rbx - float64(srcW-1)
		rbx = float64(srcW - 1)
	}
	if rby > float64(srcH-1) {
		lty -= rby - float64(srcH-1)
		rby = float64(srcH - 1)
	}
	// Python's int() truncates toward zero, as Go's conversion does; the clamps only guard
	// against rounding a hair outside the image.
	x0, y0 = max(int(ltx), 0), max(int(lty), 0)
	x1, y1 = min(int(rbx), srcW-1), min(int(rby), srcH-1)
	return x0, y0, x1, y1
}
