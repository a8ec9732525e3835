package onnx

import (
	"errors"
	"fmt"
	"slices"
	"sort"
)

// The operator set versions Load accepts. Within them the operators below have the semantics this
// package implements; where a version changed an operator (Softmax and Unsqueeze at 13, Slice at
// 10, Reshape's allowzero at 14) both forms are handled.
const (
	minOpset = 9
	maxOpset = 21
)

// operand is an input of a layer: a runtime value (id ≥ 0) or a constant's data.
type operand struct {
	id    int
	c     []float32
	shape []int
}

// val is what a value name of the graph stands for while compiling: a constant, or a runtime
// value computed by a layer (or the graph input).
type val struct {
	shape []int
	c     *tensor
	id    int
}

// kernel computes one layer: ins are its operands' data, out its output's, scratch at least the
// layer's scratch length.
type kernel func(ins [][]float32, out, scratch []float32)

// layer is one step of the compiled net, or an alias (a reshape: no step, the output is the
// input's data).
type layer struct {
	op      string
	ins     []operand
	out     int
	alias   bool
	conv    *convLayer   // finalised into run after fusion
	matmul  *matmulLayer // likewise
	run     kernel
	scratch int
	flops   int64
}

// opSpec is an operator this package implements: the attributes it understands and how it
// compiles a node.
type opSpec struct {
	attrs []string
	build func(c *compiler, n node, ins []*val) ([]*val, error)
}

// operators are the ONNX operators Load implements; any other is refused.
var operators map[string]opSpec

// init fills operators: the table refers to the compiler's methods, which read it, a cycle a
// variable's initializer may not have.
func init() {
	operators = map[string]opSpec{
		"Add":                {nil, (*compiler).binary},
		"BatchNormalization": {[]string{"epsilon", "momentum", "spatial", "training_mode"}, (*compiler).batchNorm},
		"Concat":             {[]string{"axis"}, (*compiler).concat},
		"Constant":           {[]string{"value"}, (*compiler).constant},
		"Conv": {
			[]string{"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"},
			(*compiler).conv,
		},
		"DequantizeLinear":  {[]string{"axis", "block_size"}, (*compiler).dequantizeLinear},
		"Div":               {nil, (*compiler).binary},
		"Dropout":           {[]string{"seed"}, (*compiler).dropout},
		"Exp":               {nil, (*compiler).unary},
		"Flatten":           {[]string{"axis"}, (*compiler).flatten},
		"Gather":            {[]string{"axis"}, (*compiler).gather},
		"Gemm":              {[]string{"alpha", "beta", "transA", "transB"}, (*compiler).gemm},
		"GlobalAveragePool": {nil, (*compiler).globalAveragePool},
		"MatMul":            {nil, (*compiler).matMul},
		"MaxPool": {
			[]string{"auto_pad", "ceil_mode", "dilations", "kernel_shape", "pads", "storage_order", "strides"},
			(*compiler).maxPool,
		},
		"Mul":       {nil, (*compiler).binary},
		"PRelu":     {nil, (*compiler).prelu},
		"Relu":      {nil, (*compiler).activation},
		"Reshape":   {[]string{"allowzero"}, (*compiler).reshape},
		"Resize":    {resizeAttrs, (*compiler).resize},
		"Shape":     {nil, (*compiler).shapeOf},
		"Sigmoid":   {nil, (*compiler).unary},
		"Slice":     {[]string{"starts", "ends", "axes"}, (*compiler).slice},
		"Softmax":   {[]string{"axis"}, (*compiler).softmax},
		"Sub":       {nil, (*compiler).binary},
		"Transpose": {[]string{"perm"}, (*compiler).transpose},
		"Unsqueeze": {[]string{"axes"}, (*compiler).unsqueeze},
	}
}

// Operators lists the ONNX operators this package implements, sorted.
func Operators() []string {
	names := make([]string, 0, len(operators))
	for name := range operators {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// compiler turns a parsed graph into layers over runtime values.
type compiler struct {
	opset    int
	vals     map[string]*val
	uses     map[string]int // readers of each name: node inputs and graph outputs
	layers   []*layer
	inits    map[*tensor]string // initializers, by their tensors
	shapes   [][]int            // runtime value shapes, by id
	producer []int              // layer index of each runtime value; -1 for the graph input
}

func (c *compiler) newValue(shape []int) int {
	c.shapes = append(c.shapes, shape)
	c.producer = append(c.producer, len(c.layers))
	return len(c.shapes) - 1
}

// emit appends a layer computing a new runtime value of the given shape and returns the value.
func (c *compiler) emit(l *layer, shape []int) *val {
	l.out = c.newValue(shape)
	c.layers = append(c.layers, l)
	return &val{shape: shape, id: l.out}
}

// compile builds the layers of g for its one runtime input.
func compile(g *graph) (*compiler, []valueInfo, []valueInfo, error) {
	if g.opset < minOpset || g.opset > maxOpset {
		return nil, nil, nil, fmt.Errorf(
			"operator set version %d is not supported (%d to %d are)",
			g.opset,
			minOpset,
			maxOpset,
		)
	}
	c := &compiler{opset: g.opset, vals: map[string]*val{}, uses: map[string]int{}, inits: map[*tensor]string{}}
	for name, t := range g.initializers {
		c.vals[name] = &val{shape: t.shape, c: t, id: -1}
		c.inits[t] = name
	}
	// Older exports list initializers among the inputs too: those are constants with a default.
	var inputs []valueInfo
	for _, in := range g.inputs {
		if _, ok := g.initializers[in.name]; !ok {
			inputs = append(inputs, in)
		}
	}
	// Some quantising tools also leave among the inputs the float weights they replaced by
	// DequantizeLinear nodes (SFace lists 29): nothing reads those, so they are no runtime input.
	if len(inputs) > 1 {
		read := map[string]bool{}
		for _, n := range g.nodes {
			for _, name := range n.inputs {
				read[name] = true
			}
		}
		inputs = slices.DeleteFunc(inputs, func(in valueInfo) bool { return !read[in.name] })
	}
	if len(inputs) != 1 {
		return nil, nil, nil, fmt.Errorf("the graph has %d runtime inputs, want one", len(inputs))
	}
	in := inputs[0]
	if in.elem != typeFloat {
		return nil, nil, nil, fmt.Errorf("input %q: element type %d, want float32", in.name, in.elem)
	}
	if len(in.shape) == 0 || slices.Contains(in.shape, -1) || numel(in.shape) > maxElements {
		return nil, nil, nil, fmt.Errorf(
			"input %q: shape %v is not fixed (dynamic shapes are not supported)",
			in.name,
			in.shape,
		)
	}
	c.shapes = append(c.shapes, in.shape)
	c.producer = append(c.producer, -1)
	c.vals[in.name] = &val{shape: in.shape, id: 0}

	for _, n := range g.nodes {
		for _, name := range n.inputs {
			c.uses[name]++
		}
	}
	for _, out := range g.output {
		c.uses[out.name]++
	}
	for _, n := range g.nodes {
		if err := c.node(n); err != nil {
			return nil, nil, nil, fmt.Errorf("node %q (%s): %w", n.name, n.op, err)
		}
	}
	if len(g.output) == 0 {
		return nil, nil, nil, errors.New("the graph has no outputs")
	}
	outputs := make([]valueInfo, len(g.output))
	for i, out := range g.output {
		v, ok := c.vals[out.name]
		if !ok {
			return nil, nil, nil, fmt.Errorf("output %q is computed by no node", out.name)
		}
		if v.c != nil {
			return nil, nil, nil, fmt.Errorf("output %q is a constant", out.name)
		}
		outputs[i] = valueInfo{name: out.name, elem: typeFloat, shape: v.shape}
	}
	for _, l := range c.layers {
		if err := l.finalise(); err != nil {
			return nil, nil, nil, err
		}
	}
	return c, []valueInfo{in}, outputs, nil
}

// node compiles one node: its operator is one of operators, with only the attributes it
// understands; inputs that are all constant are evaluated now.
func (c *compiler) node(n node) error {
	if n.domain != "" && n.domain != "ai.onnx" {
		return fmt.Errorf("operator domain %q is not supported", n.domain)
	}
	spec, ok := operators[n.op]
	if !ok {
		return fmt.Errorf("operator %s is not supported", n.op)
	}
	for name := range n.attrs {
		if !slices.Contains(spec.attrs, name) {
			return fmt.Errorf("attribute %s of %s is not supported", name, n.op)
		}
	}
	ins := make([]*val, len(n.inputs))
	for i, name := range n.inputs {
		if name == "" { // an optional input left out
			continue
		}
		v, ok := c.vals[name]
		if !ok {
			return fmt.Errorf("input %q is not computed before it is used", name)
		}
		ins[i] = v
	}
	outs, err := spec.build(c, n, ins)
	if err != nil {
		return err
	}
	if len(outs) > len(n.outputs) {
		return fmt.Errorf("%d outputs, want %d", len(n.outputs), len(outs))
	}
	for i, name := range n.outputs {
		if name == "" {
			continue
		}
		if i >= len(outs) {
			return fmt.Errorf("output %d (%q) is not supported", i, name)
		}
		if _, dup := c.vals[name]; dup {
			return fmt.Errorf("value %q is assigned twice", name)
		}
		c.vals[name] = outs[i]
	}
	return nil
}

// operand turns a value into a layer operand; constants must be float32.
func operandOf(v *val) (operand, error) {
	if v.c == nil {
		return operand{id: v.id, shape: v.shape}, nil
	}
	if v.c.f32 == nil {
		return operand{}, errors.New("an int64 tensor as a computed operand is not supported")
	}
	return operand{id: -1, c: v.c.f32, shape: v.shape}, nil
}

// layerOf builds a layer of the given kernel over ins and, when every input is constant,
// evaluates it at once and returns a constant.
func (c *compiler) layerOf(op string, ins []*val, shape []int, run kernel, scratch int) (*val, error) {
	l := &layer{op: op, run: run, scratch: scratch}
	constant := true
	for _, v := range ins {
		o, err := operandOf(v)
		if err != nil {
			return nil, err
		}
		l.ins = append(l.ins, o)
		constant = constant && v.c != nil
	}
	if constant {
		data := make([][]float32, len(l.ins))
		for i, o := range l.ins {
			data[i] = o.c
		}
		out := make([]float32, numel(shape))
		run(data, out, make([]float32, scratch))
		return &val{shape: shape, c: &tensor{shape: shape, f32: out}, id: -1}, nil
	}
	return c.emit(l, shape), nil
}

// need checks a node's inputs: at least min, at most max, and the first min present.
func need(ins []*val, min, max int) error {
	if len(ins) < min || len(ins) > max {
		return fmt.Errorf("%d inputs, want %d to %d", len(ins), min, max)
	}
	for i := range min {
		if ins[i] == nil {
			return fmt.Errorf("input %d is missing", i)
		}
	}
	return nil
}

// constInts returns a constant int64 tensor's values.
func constInts(v *val, what string) ([]int64, error) {
	if v == nil || v.c == nil || v.c.i64 == nil {
		return nil, fmt.Errorf("%s must be a constant int64 tensor", what)
	}
	return v.c.i64, nil
}

// constFloats returns a constant float32 tensor's values.
func constFloats(v *val, what string) ([]float32, error) {
	if v == nil || v.c == nil || v.c.f32 == nil {
		return nil, fmt.Errorf("%s must be a constant float32 tensor", what)
	}
	return v.c.f32, nil
}

// onlyReader reports whether v is a runtime value that the layer producing it can change: v is
// read by this node alone (not by another node, nor as a graph output).
func (c *compiler) onlyReader(n node, v *val) *layer {
	if v.c != nil || c.uses[n.inputs[0]] != 1 || c.producer[v.id] < 0 {
		return nil
	}
	return c.layers[c.producer[v.id]]
}

// own returns a constant's values for a layer to keep and change (folding a normalisation into
// them): the initializer's own slice when this node is its only reader, else a copy. Loading
// then copies no weights, which matters at a cold start.
func (c *compiler) own(name string, v *val) []float32 {
	if c.inits[v.c] == name && c.uses[name] == 1 {
		return v.c.f32
	}
	return slices.Clone(v.c.f32)
}

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
