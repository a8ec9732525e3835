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
		return nil, nil, nil, fmt.Errorf("operator set version %d is not supported (%d to %d are)",
			g.opset, minOpset, maxOpset)
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
		return nil, nil, nil, fmt.Errorf("input %q: shape %v is not fixed (dynamic shapes are not supported)",
			in.name, in.shape)
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

// finalise turns a convolution or matrix product, with what was fused into it, into its kernel.
func (l *layer) finalise() error {
	switch {
	case l.conv != nil:
		l.run, l.scratch = l.conv.kernel()
	case l.matmul != nil:
		l.run, l.scratch = l.matmul.kernel()
	case l.run == nil && !l.alias:
		return fmt.Errorf("%s: no kernel", l.op)
	}
	return nil
}
