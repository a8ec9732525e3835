package onnx

import (
	"errors"
	"fmt"
	"slices"
)

func (c *compiler) constant(n node, _ []*val) ([]*val, error) {
	a, ok := n.attrs["value"]
	if !ok || a.typ != attrTypeTensor || a.t == nil {
		return nil, errors.New("a tensor value is needed")
	}
	return []*val{{shape: a.t.shape, c: a.t, id: -1}}, nil
}

func (c *compiler) shapeOf(_ node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 1); err != nil {
		return nil, err
	}
	dims := make([]int64, len(ins[0].shape))
	for i, d := range ins[0].shape {
		dims[i] = int64(d)
	}
	shape := []int{len(dims)}
	return []*val{{shape: shape, c: &tensor{shape: shape, i64: dims}, id: -1}}, nil
}

// gather implements Gather on constants only: in PyTorch's exports it picks a dimension out of a
// Shape.
func (c *compiler) gather(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 2, 2); err != nil {
		return nil, err
	}
	data, indices := ins[0], ins[1]
	if data.c == nil {
		return nil, errors.New("gathering from a computed tensor is not supported (only from constants)")
	}
	idx, err := constInts(indices, "Gather's indices")
	if err != nil {
		return nil, err
	}
	a, err := attrInt(n, "axis", 0)
	if err != nil {
		return nil, err
	}
	axis, err := axisOf(a, len(data.shape))
	if err != nil {
		return nil, err
	}
	dim := data.shape[axis]
	outer, inner := numel(data.shape[:axis]), numel(data.shape[axis+1:])
	shape := slices.Concat(data.shape[:axis], indices.shape, data.shape[axis+1:])
	from := make([]int32, 0, numel(shape))
	for o := range outer {
		for _, i := range idx {
			if i < 0 {
				i += int64(dim)
			}
			if i < 0 || i >= int64(dim) {
				return nil, fmt.Errorf("index %d is out of range for dimension %d", i, dim)
			}
			for k := range inner {
				from = append(from, int32((o*dim+int(i))*inner+k))
			}
		}
	}
	return []*val{{shape: shape, c: pick(data.c, shape, from), id: -1}}, nil
}

// pick builds a constant of the given shape from t's elements at the indices from.
func pick(t *tensor, shape []int, from []int32) *tensor {
	out := &tensor{shape: shape}
	if t.i64 != nil {
		out.i64 = make([]int64, len(from))
		for i, f := range from {
			out.i64[i] = t.i64[f]
		}
	} else {
		out.f32 = make([]float32, len(from))
		for i, f := range from {
			out.f32[i] = t.f32[f]
		}
	}
	return out
}

// view returns v with another shape and the same elements: a constant is relabelled, a runtime
// value aliased.
func (c *compiler) view(op string, v *val, shape []int) *val {
	if v.c != nil {
		return &val{shape: shape, c: &tensor{shape: shape, f32: v.c.f32, i64: v.c.i64}, id: -1}
	}
	return c.emit(&layer{op: op, ins: []operand{{id: v.id, shape: v.shape}}, alias: true}, shape)
}

func (c *compiler) unsqueeze(n node, ins []*val) ([]*val, error) {
	var axes []int64
	if c.opset >= 13 {
		if err := need(ins, 2, 2); err != nil {
			return nil, err
		}
		var err error
		if axes, err = constInts(ins[1], "Unsqueeze's axes"); err != nil {
			return nil, err
		}
	} else {
		if err := need(ins, 1, 1); err != nil {
			return nil, err
		}
		var ok bool
		var err error
		if axes, ok, err = attrInts(n, "axes"); err != nil || !ok {
			return nil, errors.Join(err, errors.New("axes are needed"))
		}
	}
	r := len(ins[0].shape) + len(axes)
	ones := make([]bool, r)
	for _, a := range axes {
		ax, err := axisOf(a, r)
		if err != nil {
			return nil, err
		}
		if ones[ax] {
			return nil, fmt.Errorf("axis %d twice", a)
		}
		ones[ax] = true
	}
	shape := make([]int, 0, r)
	rest := ins[0].shape
	for _, one := range ones {
		if one {
			shape = append(shape, 1)
		} else {
			shape, rest = append(shape, rest[0]), rest[1:]
		}
	}
	return []*val{c.view("Unsqueeze", ins[0], shape)}, nil
}

func (c *compiler) reshape(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 2, 2); err != nil {
		return nil, err
	}
	allowZero, err := attrInt(n, "allowzero", 0)
	if err != nil {
		return nil, err
	}
	if allowZero != 0 {
		return nil, errors.New("allowzero=1 is not supported")
	}
	want, err := constInts(ins[1], "Reshape's shape")
	if err != nil {
		return nil, err
	}
	in := ins[0].shape
	shape := make([]int, len(want))
	infer := -1
	known := 1
	for i, d := range want {
		switch {
		case d == 0:
			if i >= len(in) {
				return nil, fmt.Errorf("shape %v: dimension %d copies no input dimension", want, i)
			}
			shape[i] = in[i]
		case d == -1:
			if infer >= 0 {
				return nil, fmt.Errorf("shape %v: two inferred dimensions", want)
			}
			infer = i
			continue
		case d < 0 || d > maxElements:
			return nil, fmt.Errorf("shape %v: dimension %d", want, d)
		default:
			shape[i] = int(d)
		}
		known *= shape[i]
	}
	if infer >= 0 {
		if known == 0 || numel(in)%known != 0 {
			return nil, fmt.Errorf("%v cannot take shape %v", in, want)
		}
		shape[infer] = numel(in) / known
	}
	if numel(shape) != numel(in) {
		return nil, fmt.Errorf("%v to %v changes the element count", in, want)
	}
	return []*val{c.view("Reshape", ins[0], shape)}, nil
}

func (c *compiler) concat(n node, ins []*val) ([]*val, error) {
	if len(ins) == 0 || slices.Contains(ins, nil) {
		return nil, errors.New("inputs are missing")
	}
	a, ok := n.attrs["axis"]
	if !ok || a.typ != attrTypeInt {
		return nil, errors.New("an integer axis is needed")
	}
	r := len(ins[0].shape)
	axis, err := axisOf(a.i, r)
	if err != nil {
		return nil, err
	}
	shape := slices.Clone(ins[0].shape)
	shape[axis] = 0
	ints := ins[0].c != nil && ins[0].c.i64 != nil
	for _, v := range ins {
		if len(v.shape) != r {
			return nil, fmt.Errorf("inputs of ranks %d and %d", r, len(v.shape))
		}
		for i, d := range v.shape {
			if i != axis && d != shape[i] {
				return nil, fmt.Errorf("inputs of shapes %v and %v differ off axis %d", ins[0].shape, v.shape, axis)
			}
		}
		shape[axis] += v.shape[axis]
		if isInt := v.c != nil && v.c.i64 != nil; isInt != ints {
			return nil, errors.New("int64 and float32 inputs together")
		}
	}
	outer := numel(shape[:axis])
	chunks := make([]int, len(ins))
	for i, v := range ins {
		chunks[i] = numel(v.shape[axis:])
	}
	if ints { // shape arithmetic, all constant
		out := make([]int64, 0, numel(shape))
		for o := range outer {
			for i, v := range ins {
				out = append(out, v.c.i64[o*chunks[i]:(o+1)*chunks[i]]...)
			}
		}
		return []*val{{shape: shape, c: &tensor{shape: shape, i64: out}, id: -1}}, nil
	}
	v, err := c.layerOf("Concat", ins, shape, func(ins [][]float32, out, _ []float32) {
		at := 0
		for o := range outer {
			for i, in := range ins {
				at += copy(out[at:], in[o*chunks[i]:(o+1)*chunks[i]])
			}
		}
	}, 0)
	return []*val{v}, err
}

// strides returns row-major strides of a shape.
func strides(shape []int) []int {
	s := make([]int, len(shape))
	step := 1
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = step
		step *= shape[i]
	}
	return s
}

// stridedCopy copies into dst, of the given shape, the elements of src at flat index
// Σ (start[i] + dst index[i]) · stride[i]: Transpose and Slice. The last dimension is the inner
// loop.
func stridedCopy[T float32 | int64](dst, src []T, shape, start, stride []int) {
	at := 0
	for i, s := range start {
		at += s * stride[i]
	}
	r := len(shape)
	if r == 0 {
		dst[0] = src[at]
		return
	}
	inner, step := shape[r-1], stride[r-1]
	outer := shape[:r-1]
	idx := make([]int, len(outer))
	for o := 0; o < len(dst); o += inner {
		row := dst[o : o+inner]
		for i := range row {
			row[i] = src[at+i*step]
		}
		for i := len(idx) - 1; i >= 0; i-- {
			idx[i]++
			at += stride[i]
			if idx[i] < outer[i] {
				break
			}
			at -= stride[i] * outer[i]
			idx[i] = 0
		}
	}
}

// copyLayer is a layer (or, for a constant input, a constant) of a strided copy of its input.
func (c *compiler) copyLayer(op string, in *val, shape, start, stride []int) (*val, error) {
	if in.c != nil && in.c.i64 != nil { // shape arithmetic
		out := &tensor{shape: shape, i64: make([]int64, numel(shape))}
		stridedCopy(out.i64, in.c.i64, shape, start, stride)
		return &val{shape: shape, c: out, id: -1}, nil
	}
	return c.layerOf(op, []*val{in}, shape, func(ins [][]float32, out, _ []float32) {
		stridedCopy(out, ins[0], shape, start, stride)
	}, 0)
}

func (c *compiler) transpose(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 1); err != nil {
		return nil, err
	}
	in := ins[0].shape
	r := len(in)
	perm, ok, err := attrInts(n, "perm")
	if err != nil {
		return nil, err
	}
	if !ok {
		perm = make([]int64, r)
		for i := range perm {
			perm[i] = int64(r - 1 - i)
		}
	}
	if len(perm) != r {
		return nil, fmt.Errorf("perm %v for rank %d", perm, r)
	}
	inStride := strides(in)
	shape, stride := make([]int, r), make([]int, r)
	seen := make([]bool, r)
	for i, p := range perm {
		if p < 0 || p >= int64(r) || seen[p] {
			return nil, fmt.Errorf("perm %v", perm)
		}
		seen[p] = true
		shape[i], stride[i] = in[p], inStride[p]
	}
	v, err := c.copyLayer("Transpose", ins[0], shape, make([]int, r), stride)
	return []*val{v}, err
}

func (c *compiler) slice(n node, ins []*val) ([]*val, error) {
	var starts, ends, axes []int64
	if c.opset >= 10 {
		if len(n.attrs) > 0 {
			return nil, errors.New("starts, ends and axes are inputs from operator set 10 on, not attributes")
		}
		if err := need(ins, 3, 5); err != nil {
			return nil, err
		}
		var err error
		if starts, err = constInts(ins[1], "Slice's starts"); err != nil {
			return nil, err
		}
		if ends, err = constInts(ins[2], "Slice's ends"); err != nil {
			return nil, err
		}
		if len(ins) > 3 && ins[3] != nil {
			if axes, err = constInts(ins[3], "Slice's axes"); err != nil {
				return nil, err
			}
		}
		if len(ins) > 4 && ins[4] != nil {
			steps, err := constInts(ins[4], "Slice's steps")
			if err != nil {
				return nil, err
			}
			for _, s := range steps {
				if s != 1 {
					return nil, fmt.Errorf("step %d is not supported (1 is)", s)
				}
			}
		}
	} else {
		if err := need(ins, 1, 1); err != nil {
			return nil, err
		}
		var ok bool
		var err error
		if starts, ok, err = attrInts(n, "starts"); err != nil || !ok {
			return nil, errors.Join(err, errors.New("starts are needed"))
		}
		if ends, ok, err = attrInts(n, "ends"); err != nil || !ok {
			return nil, errors.Join(err, errors.New("ends are needed"))
		}
		if axes, _, err = attrInts(n, "axes"); err != nil {
			return nil, err
		}
	}
	in := ins[0].shape
	r := len(in)
	if axes == nil {
		for i := range starts {
			axes = append(axes, int64(i))
		}
	}
	if len(starts) != len(ends) || len(starts) != len(axes) {
		return nil, fmt.Errorf("%d starts, %d ends and %d axes", len(starts), len(ends), len(axes))
	}
	shape, start := slices.Clone(in), make([]int, r)
	for i, a := range axes {
		axis, err := axisOf(a, r)
		if err != nil {
			return nil, err
		}
		dim := int64(in[axis])
		clampIndex := func(x int64) int64 {
			if x < 0 {
				x += dim
			}
			return max(0, min(dim, x))
		}
		s, e := clampIndex(starts[i]), clampIndex(ends[i])
		start[axis], shape[axis] = int(s), int(max(0, e-s))
	}
	v, err := c.copyLayer("Slice", ins[0], shape, start, strides(in))
	return []*val{v}, err
}
