package onnx

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// maxPool compiles MaxPool over the two spatial axes of an [N, C, H, W] input, with explicit pads
// (padding never wins the maximum), floor rounding of the output size and no dilation.
func (c *compiler) maxPool(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 1); err != nil {
		return nil, err
	}
	if len(n.outputs) > 1 && n.outputs[1] != "" {
		return nil, errors.New("the indices output is not supported")
	}
	x := ins[0].shape
	if len(x) != 4 {
		return nil, fmt.Errorf("input of shape %v is not supported ([N, C, H, W] is)", x)
	}
	if err := explicitPads(n); err != nil {
		return nil, err
	}
	if ceil, err := attrInt(n, "ceil_mode", 0); err != nil || ceil != 0 {
		return nil, errors.Join(err, errors.New("ceil_mode=1 is not supported"))
	}
	if order, err := attrInt(n, "storage_order", 0); err != nil || order != 0 {
		return nil, errors.Join(err, errors.New("storage_order=1 is not supported"))
	}
	kernelShape, ok, err := attrSizes(n, "kernel_shape", 2, 1)
	if err != nil || !ok {
		return nil, errors.Join(err, errors.New("kernel_shape: two positive sizes are needed"))
	}
	kh, kw := kernelShape[0], kernelShape[1]
	dil, err := attrSizesOr(n, "dilations", 2, 0, 1)
	if err != nil {
		return nil, err
	}
	if dil[0] != 1 || dil[1] != 1 {
		return nil, fmt.Errorf("dilations %v are not supported (1 is)", dil)
	}
	st, err := attrSizesOr(n, "strides", 2, 1, 1)
	if err != nil {
		return nil, err
	}
	pads, err := attrSizesOr(n, "pads", 4, 0, 0) // top, left, bottom, right
	if err != nil {
		return nil, err
	}
	if pads[0] >= kh || pads[2] >= kh || pads[1] >= kw || pads[3] >= kw {
		return nil, fmt.Errorf("pads %v as large as the kernel %v", pads, kernelShape)
	}
	h, w := x[2], x[3]
	oh, ow := (h+pads[0]+pads[2]-kh)/st[0]+1, (w+pads[1]+pads[3]-kw)/st[1]+1
	if h+pads[0]+pads[2] < kh || w+pads[1]+pads[3] < kw {
		return nil, fmt.Errorf("kernel %v larger than the padded input %v", kernelShape, x)
	}
	shape := []int{x[0], x[1], oh, ow}
	planes := x[0] * x[1]
	run := func(ins [][]float32, out, _ []float32) {
		for p := range planes {
			in := ins[0][p*h*w : (p+1)*h*w]
			o := out[p*oh*ow : (p+1)*oh*ow]
			for oy := range oh {
				y0 := oy*st[0] - pads[0]
				y1 := min(y0+kh, h)
				y0 = max(y0, 0)
				for ox := range ow {
					x0 := ox*st[1] - pads[1]
					x1 := min(x0+kw, w)
					x0 = max(x0, 0)
					m := float32(math.Inf(-1))
					for y := y0; y < y1; y++ {
						for _, v := range in[y*w+x0 : y*w+x1] {
							m = max(m, v)
						}
					}
					o[oy*ow+ox] = m
				}
			}
		}
	}
	unpadded := slices.Equal(pads, []int{0, 0, 0, 0})
	if kh == 2 && kw == 2 && st[0] == 2 && st[1] == 2 && unpadded {
		// YuNet's halving: the general loop's bounds and slices per output cost eight times the
		// comparisons. max is commutative and associative for floats (NaN wins, +0 over −0), so
		// the order changes nothing.
		run = func(ins [][]float32, out, _ []float32) {
			for p := range planes {
				in := ins[0][p*h*w : (p+1)*h*w]
				o := out[p*oh*ow : (p+1)*oh*ow]
				for oy := range oh {
					r0, r1 := in[2*oy*w:][:2*ow], in[(2*oy+1)*w:][:2*ow]
					row := o[oy*ow : (oy+1)*ow]
					for ox := range row {
						row[ox] = max(r0[2*ox], r0[2*ox+1], r1[2*ox], r1[2*ox+1])
					}
				}
			}
		}
	}
	v, err := c.layerOf("MaxPool", ins, shape, run, 0)
	return []*val{v}, err
}

func (c *compiler) globalAveragePool(_ node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 1); err != nil {
		return nil, err
	}
	in := ins[0].shape
	if len(in) < 3 {
		return nil, fmt.Errorf("input of rank %d", len(in))
	}
	shape := slices.Clone(in)
	for i := 2; i < len(shape); i++ {
		shape[i] = 1
	}
	area := numel(in[2:])
	v, err := c.layerOf("GlobalAveragePool", ins, shape, func(ins [][]float32, out, _ []float32) {
		for i := range out {
			var s float64
			for _, x := range ins[0][i*area : (i+1)*area] {
				s += float64(x)
			}
			out[i] = float32(s / float64(area))
		}
	}, 0)
	return []*val{v}, err
}
