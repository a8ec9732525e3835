package onnx

import (
	"fmt"
	"math"
	"slices"
)

// Element-wise binary operations.
const (
	opAdd = iota
	opSub
	opMul
	opDiv
	opPRelu // x when x ≥ 0, else y·x
)

var binaryOps = map[string]int{"Add": opAdd, "Sub": opSub, "Mul": opMul, "Div": opDiv}

// broadcast returns the shape two shapes broadcast to, by numpy's rules (as ONNX's multi-
// directional broadcasting).
func broadcast(a, b []int) ([]int, error) {
	r := max(len(a), len(b))
	out := make([]int, r)
	for i := range r {
		da, db := 1, 1
		if j := i - (r - len(a)); j >= 0 {
			da = a[j]
		}
		if j := i - (r - len(b)); j >= 0 {
			db = b[j]
		}
		switch {
		case da == db || db == 1:
			out[i] = da
		case da == 1:
			out[i] = db
		default:
			return nil, fmt.Errorf("shapes %v and %v do not broadcast", a, b)
		}
	}
	return out, nil
}

// broadcastStrides returns the strides with which an input of shape in is read for an output of
// shape out: 0 along broadcast dimensions.
func broadcastStrides(in, out []int) []int {
	s := make([]int, len(out))
	step := 1
	for i := len(in) - 1; i >= 0; i-- {
		j := i + len(out) - len(in)
		if in[i] != 1 {
			s[j] = step
		}
		step *= in[i]
	}
	return s
}

// binaryKernel computes op element-wise over two broadcast inputs. The last dimension is the
// inner loop; the outer dimensions are walked with a counter.
func binaryKernel(op int, a, b, out []int) kernel {
	sa, sb := broadcastStrides(a, out), broadcastStrides(b, out)
	r := len(out)
	if r == 0 {
		out, sa, sb, r = []int{1}, []int{0}, []int{0}, 1
	}
	inner := out[r-1]
	ia, ib := sa[r-1], sb[r-1]
	outer := out[:r-1]
	same := slices.Equal(a, b)
	return func(ins [][]float32, dst, _ []float32) {
		x, y := ins[0], ins[1]
		if same {
			binaryRun(op, dst, x, y, 1, 1)
			return
		}
		idx := make([]int, len(outer))
		offA, offB := 0, 0
		for o := 0; o < len(dst); o += inner {
			binaryRun(op, dst[o:o+inner], x[offA:], y[offB:], ia, ib)
			for i := len(idx) - 1; i >= 0; i-- {
				idx[i]++
				offA += sa[i]
				offB += sb[i]
				if idx[i] < outer[i] {
					break
				}
				offA -= sa[i] * outer[i]
				offB -= sb[i] * outer[i]
				idx[i] = 0
			}
		}
	}
}

// binaryRun computes dst[i] = x[i·sx] op y[i·sy].
func binaryRun(op int, dst, x, y []float32, sx, sy int) {
	switch op {
	case opAdd:
		for i := range dst {
			dst[i] = x[i*sx] + y[i*sy]
		}
	case opSub:
		for i := range dst {
			dst[i] = x[i*sx] - y[i*sy]
		}
	case opMul:
		for i := range dst {
			dst[i] = x[i*sx] * y[i*sy]
		}
	case opDiv:
		for i := range dst {
			dst[i] = x[i*sx] / y[i*sy]
		}
	case opPRelu:
		for i := range dst {
			if v := x[i*sx]; v < 0 {
				dst[i] = v * y[i*sy]
			} else {
				dst[i] = v
			}
		}
	}
}

func (c *compiler) binary(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 2, 2); err != nil {
		return nil, err
	}
	shape, err := broadcast(ins[0].shape, ins[1].shape)
	if err != nil {
		return nil, err
	}
	op := binaryOps[n.op]
	v, err := c.layerOf(n.op, ins, shape, binaryKernel(op, ins[0].shape, ins[1].shape, shape), 0)
	if err == nil && v.c == nil {
		l := c.layers[len(c.layers)-1]
		l.flops = int64(numel(shape))
	}
	return []*val{v}, err
}

// Activations a convolution can apply to its output.
const (
	actNone = iota
	actRelu
	actPRelu
)

// activation compiles Relu: fused into the convolution before it when nothing else reads that
// convolution's output, else a layer of its own.
func (c *compiler) activation(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 1); err != nil {
		return nil, err
	}
	if l := c.onlyReader(n, ins[0]); l != nil && l.conv != nil && l.conv.act == actNone {
		l.conv.act = actRelu
		return []*val{ins[0]}, nil
	}
	return c.unary(n, ins)
}

// prelu compiles PRelu with a constant slope: fused into the convolution before it when the slope
// is one per channel (or one for all) and nothing else reads that output.
func (c *compiler) prelu(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 2, 2); err != nil {
		return nil, err
	}
	x := ins[0]
	slope, err := constFloats(ins[1], "PRelu's slope")
	if err != nil {
		return nil, err
	}
	shape, err := broadcast(x.shape, ins[1].shape)
	if err != nil || !slices.Equal(shape, x.shape) {
		return nil, fmt.Errorf("slope of shape %v for input %v", ins[1].shape, x.shape)
	}
	if l := c.onlyReader(n, x); l != nil && l.conv != nil && l.conv.act == actNone {
		if per := perChannel(ins[1].shape, slope, x.shape); per != nil {
			l.conv.act, l.conv.slope = actPRelu, per
			return []*val{x}, nil
		}
	}
	v, err := c.layerOf("PRelu", ins, x.shape, binaryKernel(opPRelu, x.shape, ins[1].shape, x.shape), 0)
	return []*val{v}, err
}

// perChannel returns a slope of shape s as one value per channel (axis 1) of an NCHW tensor of
// shape x, or nil when it varies along another axis.
func perChannel(s []int, slope []float32, x []int) []float32 {
	if len(x) != 4 {
		return nil
	}
	channels := x[1]
	if len(slope) == 1 {
		return slices.Repeat(slope, channels)
	}
	// Aligned to the right, the slope must be [C, 1, 1] (or [1, C, 1, 1]).
	if len(slope) != channels || len(s) < 3 || s[len(s)-3] != channels || s[len(s)-2] != 1 || s[len(s)-1] != 1 {
		return nil
	}
	return slices.Clone(slope)
}

func (c *compiler) unary(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 1); err != nil {
		return nil, err
	}
	var run kernel
	switch n.op {
	case "Relu":
		run = func(ins [][]float32, out, _ []float32) {
			for i, v := range ins[0][:len(out)] {
				out[i] = max(v, 0)
			}
		}
	case "Sigmoid":
		run = func(ins [][]float32, out, _ []float32) {
			for i, v := range ins[0][:len(out)] {
				out[i] = float32(1 / (1 + math.Exp(-float64(v))))
			}
		}
	case "Exp":
		run = func(ins [][]float32, out, _ []float32) {
			for i, v := range ins[0][:len(out)] {
				out[i] = float32(math.Exp(float64(v)))
			}
		}
	default:
		return nil, fmt.Errorf("operator %s is not supported", n.op)
	}
	v, err := c.layerOf(n.op, ins, ins[0].shape, run, 0)
	return []*val{v}, err
}

// softmax: before operator set 13 the input is seen as 2-D, [Π dims before axis, Π the rest], and
// each row normalised (default axis 1); from 13 on, along the one axis (default −1).
func (c *compiler) softmax(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 1); err != nil {
		return nil, err
	}
	shape := ins[0].shape
	def := int64(-1)
	if c.opset < 13 {
		def = 1
	}
	a, err := attrInt(n, "axis", def)
	if err != nil {
		return nil, err
	}
	axis, err := axisOf(a, len(shape))
	if err != nil {
		return nil, err
	}
	size, inner := numel(shape[axis:]), 1
	if c.opset >= 13 {
		size, inner = shape[axis], numel(shape[axis+1:])
	}
	v, err := c.layerOf("Softmax", ins, shape, func(ins [][]float32, out, _ []float32) {
		in := ins[0]
		for base := 0; base < len(out); base += size * inner {
			for j := range inner {
				m := math.Inf(-1)
				for k := range size {
					m = max(m, float64(in[base+k*inner+j]))
				}
				var sum float64
				for k := range size {
					e := math.Exp(float64(in[base+k*inner+j]) - m)
					out[base+k*inner+j] = float32(e)
					sum += e
				}
				for k := range size {
					out[base+k*inner+j] = float32(float64(out[base+k*inner+j]) / sum)
				}
			}
		}
	}, 0)
	return []*val{v}, err
}
