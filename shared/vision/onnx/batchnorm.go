package onnx

import (
	"errors"
	"fmt"
	"math"
)

// batchNorm compiles inference-mode BatchNormalization. Its statistics are constants, so it is
// folded into the convolution or matrix product before it when nothing else reads that output;
// otherwise it is a per-channel scale and shift.
func (c *compiler) batchNorm(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 5, 5); err != nil {
		return nil, err
	}
	if mode, err := attrInt(n, "training_mode", 0); err != nil || mode != 0 {
		return nil, errors.Join(err, errors.New("training mode is not supported"))
	}
	if spatial, err := attrInt(n, "spatial", 1); err != nil || spatial != 1 {
		return nil, errors.Join(err, errors.New("spatial=0 is not supported"))
	}
	for _, out := range n.outputs[1:] {
		if out != "" {
			return nil, errors.New("running statistics outputs (training) are not supported")
		}
	}
	eps, err := attrFloat(n, "epsilon", 1e-5)
	if err != nil {
		return nil, err
	}
	x := ins[0]
	if len(x.shape) < 2 {
		return nil, fmt.Errorf("input of rank %d", len(x.shape))
	}
	channels := x.shape[1]
	var p [4][]float32
	for i, what := range []string{"scale", "bias", "mean", "variance"} {
		if p[i], err = constFloats(ins[i+1], "BatchNormalization's "+what); err != nil {
			return nil, err
		}
		if len(p[i]) != channels {
			return nil, fmt.Errorf("%s has %d values for %d channels", what, len(p[i]), channels)
		}
	}
	// y = (x − mean) / √(var + ε) · scale + bias = x · s + (bias − mean · s), in float64.
	scale, shift := make([]float64, channels), make([]float64, channels)
	for i := range channels {
		scale[i] = float64(p[0][i]) / math.Sqrt(float64(p[3][i])+float64(eps))
		shift[i] = float64(p[1][i]) - float64(p[2][i])*scale[i]
	}
	if l := c.onlyReader(n, x); l != nil {
		switch {
		case l.conv != nil && l.conv.act == actNone:
			l.conv.scaleBy(scale, shift)
			return []*val{x}, nil
		case l.matmul != nil:
			l.matmul.scaleBy(scale, shift)
			return []*val{x}, nil
		}
	}
	inner := numel(x.shape[2:])
	s32, b32 := make([]float32, channels), make([]float32, channels)
	for i := range channels {
		s32[i], b32[i] = float32(scale[i]), float32(shift[i])
	}
	v, err := c.layerOf("BatchNormalization", ins[:1], x.shape, func(ins [][]float32, out, _ []float32) {
		for i := range out {
			ch := (i / inner) % channels
			out[i] = ins[0][i]*s32[ch] + b32[ch]
		}
	}, 0)
	return []*val{v}, err
}
