package onnx

import (
	"errors"
	"fmt"
	"slices"
)

// int8s copies raw bytes as signed 8-bit values.
func int8s(raw []byte) []int8 {
	v := make([]int8, len(raw))
	for i, b := range raw {
		v[i] = int8(b)
	}
	return v
}

// dequantizeLinear evaluates DequantizeLinear of constant int8 weights at Load: y = (x − zero
// point) · scale, with one scale for the tensor, one per slice along axis, or (block_size > 0,
// operator set 21) one per block of block_size consecutive elements along axis. The models keep
// their weights int8 in the file and this package runs them in float32, so the int8 values never
// reach a kernel: quantised activations are not supported.
func (c *compiler) dequantizeLinear(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 2, 3); err != nil {
		return nil, err
	}
	x, s := ins[0], ins[1]
	if x.c == nil || x.c.i8 == nil {
		return nil, errors.New("the input must be a constant int8 tensor (quantised weights)")
	}
	scale, err := constFloats(s, "DequantizeLinear's scale")
	if err != nil {
		return nil, err
	}
	var zero []int8
	if len(ins) > 2 && ins[2] != nil {
		if ins[2].c == nil || ins[2].c.i8 == nil {
			return nil, errors.New("the zero point must be a constant int8 tensor")
		}
		if !slices.Equal(ins[2].shape, s.shape) {
			return nil, fmt.Errorf("zero point of shape %v for scale of shape %v", ins[2].shape, s.shape)
		}
		zero = ins[2].c.i8
	}
	a, err := attrInt(n, "axis", 1)
	if err != nil {
		return nil, err
	}
	block, err := attrInt(n, "block_size", 0)
	if err != nil {
		return nil, err
	}
	shape := x.shape
	// Seen as [outer, dim, inner] around axis, the element at (o, d, i) has the scale at
	// o·ko + (d/blk)·kd + i·ki: all zero for one scale, kd = 1 for one per slice along the axis,
	// and the row-major index into the scale's own shape for blocks.
	outer, dim, inner := 1, numel(shape), 1
	ko, kd, ki, blk := 0, 0, 0, 1
	switch {
	case len(scale) == 1 && len(s.shape) <= 1 && block == 0: // per tensor
	case block == 0: // per axis
		axis, err := axisOf(a, len(shape))
		if err != nil {
			return nil, err
		}
		if len(s.shape) != 1 || s.shape[0] != shape[axis] {
			return nil, fmt.Errorf("scale of shape %v along axis %d of %v", s.shape, axis, shape)
		}
		outer, dim, inner = numel(shape[:axis]), shape[axis], numel(shape[axis+1:])
		kd = 1
	default: // blocked
		if c.opset < 21 {
			return nil, fmt.Errorf("block_size is an attribute from operator set 21 on, not %d", c.opset)
		}
		axis, err := axisOf(a, len(shape))
		if err != nil {
			return nil, err
		}
		if block < 1 || block > maxElements {
			return nil, fmt.Errorf("block_size %d", block)
		}
		outer, dim, inner = numel(shape[:axis]), shape[axis], numel(shape[axis+1:])
		blk = int(block)
		blocks := (dim + blk - 1) / blk
		want := slices.Clone(shape)
		want[axis] = blocks
		if !slices.Equal(s.shape, want) {
			return nil, fmt.Errorf(
				"scale of shape %v for blocks of %d along axis %d of %v, want %v",
				s.shape,
				block,
				axis,
				shape,
				want,
			)
		}
		ko, kd, ki = blocks*inner, inner, 1
	}
	q := x.c.i8
	out := make([]float32, len(q))
	at := 0
	for o := range outer {
		for d0 := 0; d0 < dim; d0 += blk {
			// One scale and zero point for the run of elements (d0 … d1, each of inner) ahead.
			d1 := min(d0+blk, dim)
			base := o*ko + d0/blk*kd
			for i := range inner {
				k := base + i*ki
				z, sk := int32(0), scale[k]
				if zero != nil {
					z = int32(zero[k])
				}
				if inner == 1 { // the common case, blocks along the last axis: contiguous runs
					dst := out[at : at+d1-d0]
					for j, v := range q[at : at+len(dst)] {
						// As onnxruntime: the difference in integers, then one float32 product.
						dst[j] = float32(int32(v)-z) * sk
					}
					continue
				}
				for d := d0; d < d1; d++ {
					j := at + (d-d0)*inner + i
					out[j] = float32(int32(q[j])-z) * sk
				}
			}
			at += (d1 - d0) * inner
		}
	}
	return []*val{{shape: shape, c: &tensor{shape: shape, f32: out}, id: -1}}, nil
}
