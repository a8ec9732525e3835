package onnx

import (
	"errors"
	"fmt"
	"math"
)

// resizeAttrs are Resize's attributes up to operator set 21; resize refuses any that changes a
// nearest-neighbour resize from what it implements.
var resizeAttrs = []string{"antialias", "axes", "coordinate_transformation_mode", "cubic_coeff_a", "exclude_outside",
	"extrapolation_value", "keep_aspect_ratio_policy", "mode", "nearest_mode"}

// resize compiles Resize in nearest mode on the two spatial axes of an [N, C, H, W] input, with
// constant scales or sizes. Each output coordinate is mapped back to the input as
// coordinate_transformation_mode says, in float32 as onnxruntime does, then rounded as
// nearest_mode says and clamped to the input.
func (c *compiler) resize(n node, ins []*val) ([]*val, error) {
	mode, err := attrString(n, "mode", "nearest")
	if err != nil {
		return nil, err
	}
	if mode != "nearest" {
		return nil, fmt.Errorf("mode %q is not supported (nearest is)", mode)
	}
	coord, err := attrString(n, "coordinate_transformation_mode", "half_pixel")
	if err != nil {
		return nil, err
	}
	rounding, err := attrString(n, "nearest_mode", "round_prefer_floor")
	if err != nil {
		return nil, err
	}
	for _, name := range []string{"antialias", "exclude_outside"} {
		if v, err := attrInt(n, name, 0); err != nil || v != 0 {
			return nil, errors.Join(err, fmt.Errorf("%s=%d is not supported", name, v))
		}
	}
	if _, ok := n.attrs["axes"]; ok {
		return nil, errors.New("attribute axes is not supported")
	}
	if p, err := attrString(n, "keep_aspect_ratio_policy", "stretch"); err != nil || p != "stretch" {
		return nil, errors.Join(err, fmt.Errorf("keep_aspect_ratio_policy %q is not supported", p))
	}
	// Inputs: X, roi, scales, sizes from operator set 11; X, scales before.
	var scalesIn, sizesIn *val
	switch {
	case c.opset < 11:
		if err := need(ins, 2, 2); err != nil {
			return nil, err
		}
		scalesIn = ins[1]
	default:
		if err := need(ins, 1, 4); err != nil {
			return nil, err
		}
		if len(ins) > 1 && ins[1] != nil && numel(ins[1].shape) != 0 {
			return nil, errors.New("a region of interest is not supported (tf_crop_and_resize is not)")
		}
		if len(ins) > 2 && ins[2] != nil && numel(ins[2].shape) != 0 {
			scalesIn = ins[2]
		}
		if len(ins) > 3 && ins[3] != nil && numel(ins[3].shape) != 0 {
			sizesIn = ins[3]
		}
	}
	x := ins[0].shape
	if len(x) != 4 {
		return nil, fmt.Errorf("input of shape %v is not supported ([N, C, H, W] is)", x)
	}
	scale := make([]float32, 4)
	shape := make([]int, 4)
	switch {
	case scalesIn != nil && sizesIn != nil:
		return nil, errors.New("scales and sizes together")
	case scalesIn != nil:
		s, err := constFloats(scalesIn, "Resize's scales")
		if err != nil {
			return nil, err
		}
		if len(s) != 4 {
			return nil, fmt.Errorf("%d scales for rank 4", len(s))
		}
		for i, f := range s {
			if !(f > 0) || f > 1<<16 {
				return nil, fmt.Errorf("scale %v", f)
			}
			scale[i], shape[i] = f, int(float32(x[i])*f)
		}
	case sizesIn != nil:
		s, err := constInts(sizesIn, "Resize's sizes")
		if err != nil {
			return nil, err
		}
		if len(s) != 4 {
			return nil, fmt.Errorf("%d sizes for rank 4", len(s))
		}
		for i, d := range s {
			if d < 1 || d > 1<<16 {
				return nil, fmt.Errorf("size %d", d)
			}
			shape[i], scale[i] = int(d), float32(d)/float32(x[i])
		}
	default:
		return nil, errors.New("scales or sizes are needed")
	}
	if shape[0] != x[0] || shape[1] != x[1] {
		return nil, fmt.Errorf("resizing %v to %v: only the spatial axes may change", x, shape)
	}
	if numel(shape) > maxElements || shape[2] < 1 || shape[3] < 1 {
		return nil, fmt.Errorf("output shape %v is out of bounds", shape)
	}
	ys, err := nearestIndices(shape[2], x[2], scale[2], coord, rounding)
	if err != nil {
		return nil, err
	}
	xs, err := nearestIndices(shape[3], x[3], scale[3], coord, rounding)
	if err != nil {
		return nil, err
	}
	h, w, oh, ow := x[2], x[3], shape[2], shape[3]
	planes := x[0] * x[1]
	v, err := c.layerOf("Resize", ins[:1], shape, func(ins [][]float32, out, _ []float32) {
		for p := range planes {
			in := ins[0][p*h*w : (p+1)*h*w]
			o := out[p*oh*ow : (p+1)*oh*ow]
			for oy, sy := range ys {
				row, src := o[oy*ow:(oy+1)*ow], in[sy*w:(sy+1)*w]
				for ox, sx := range xs {
					row[ox] = src[sx]
				}
			}
		}
	}, 0)
	return []*val{v}, err
}

// nearestIndices maps each of out output coordinates along one axis to the input coordinate
// (of in) that nearest-neighbour resizing reads.
func nearestIndices(out, in int, scale float32, coord, rounding string) ([]int, error) {
	var original func(x float32) float32
	switch coord {
	case "asymmetric":
		original = func(x float32) float32 { return x / scale }
	case "half_pixel":
		original = func(x float32) float32 { return (x+0.5)/scale - 0.5 }
	case "pytorch_half_pixel":
		original = func(x float32) float32 {
			if out > 1 {
				return (x+0.5)/scale - 0.5
			}
			return 0
		}
	case "tf_half_pixel_for_nn":
		original = func(x float32) float32 { return (x + 0.5) / scale }
	case "align_corners":
		original = func(x float32) float32 {
			if out == 1 {
				return 0
			}
			return x * float32(in-1) / float32(out-1)
		}
	default:
		return nil, fmt.Errorf("coordinate_transformation_mode %q is not supported", coord)
	}
	var round func(x float32) float32
	switch rounding {
	case "floor":
		round = func(x float32) float32 { return float32(math.Floor(float64(x))) }
	case "ceil":
		round = func(x float32) float32 { return float32(math.Ceil(float64(x))) }
	case "round_prefer_floor":
		round = func(x float32) float32 {
			if x == float32(math.Floor(float64(x)))+0.5 {
				return float32(math.Floor(float64(x)))
			}
			return float32(math.Round(float64(x)))
		}
	case "round_prefer_ceil":
		round = func(x float32) float32 { return float32(math.Round(float64(x))) }
	default:
		return nil, fmt.Errorf("nearest_mode %q is not supported", rounding)
	}
	idx := make([]int, out)
	for i := range idx {
		idx[i] = max(0, min(in-1, int(round(original(float32(i))))))
	}
	return idx, nil
}
