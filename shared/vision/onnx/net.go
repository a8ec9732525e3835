package onnx

import (
	"fmt"
	"slices"
	"sync"
)

// Net is a loaded model, ready to run. It is immutable and safe for concurrent use.
type Net struct {
	input   Tensor
	outputs []Tensor
	steps   []step
	inBuf   int   // the input's buffer: the caller's slice during a Run
	outBufs []int // each output's buffer
	bufLen  []int // length of each buffer
	scratch int
	maxIns  int
	flops   int64
	pool    sync.Pool // *workspace
}

// Tensor names a model input or output and gives its shape.
type Tensor struct {
	Name  string
	Shape []int
}

// step is one kernel over buffers.
type step struct {
	op  string
	ins []stepOperand
	out int
	len int
	run kernel
}

// stepOperand is a buffer (with the operand's length) or a constant.
type stepOperand struct {
	buf, len int
	c        []float32
}

// workspace is one Run's memory: a buffer per planned slot, the im2col scratch, and the operand
// list a step is handed.
type workspace struct {
	bufs    [][]float32
	scratch []float32
	ins     [][]float32
}

// Load reads an ONNX model (a serialised ModelProto) and prepares it to run. It fails, naming the
// cause, on anything this package does not implement: another operator, attribute, data type,
// dynamic shape, or more than one input. The Net keeps no reference to model: its bytes may be
// unmapped or reused once Load returns.
func Load(model []byte) (*Net, error) {
	g, err := parseModel(model)
	if err != nil {
		return nil, fmt.Errorf("onnx: %w", err)
	}
	c, ins, outs, err := compile(g)
	if err != nil {
		return nil, fmt.Errorf("onnx: %w", err)
	}
	n := &Net{input: Tensor{ins[0].name, ins[0].shape}}
	for _, o := range outs {
		n.outputs = append(n.outputs, Tensor{o.name, o.shape})
	}
	n.plan(c, outs)
	n.pool.New = func() any { return n.newWorkspace() }
	return n, nil
}

// Input is the model's input.
func (n *Net) Input() Tensor { return n.input }

// Outputs are the model's outputs, in the order Run writes them.
func (n *Net) Outputs() []Tensor { return slices.Clone(n.outputs) }

// FLOPs is the number of floating-point operations of one Run (multiply-adds count two), for
// benchmarks.
func (n *Net) FLOPs() int64 { return n.flops }

// plan assigns each runtime value a buffer, reusing the buffer of a value nothing reads any more;
// aliases (reshapes) share their source's buffer.
func (n *Net) plan(c *compiler, outs []valueInfo) {
	root := make([]int, len(c.shapes)) // the value whose buffer each value uses
	for id := range root {
		root[id] = id
	}
	lastUse := make([]int, len(c.shapes))
	for i, l := range c.layers {
		if l.alias {
			root[l.out] = root[l.ins[0].id]
		}
		lastUse[root[l.out]] = max(lastUse[root[l.out]], i)
		for _, o := range l.ins {
			if o.id >= 0 {
				lastUse[root[o.id]] = i
			}
		}
	}
	live := map[int]bool{root[0]: true} // never reused: the input is the caller's memory
	outIDs := make([]int, len(outs))
	for i, o := range outs {
		outIDs[i] = root[c.vals[o.name].id]
		live[outIDs[i]] = true
	}
	buf := make([]int, len(c.shapes))
	buf[0] = 0
	n.bufLen = []int{numel(c.shapes[0])}
	var free []int
	for i, l := range c.layers {
		n.flops += l.flops
		if l.alias {
			continue
		}
		need := numel(c.shapes[l.out])
		// The smallest free buffer that holds it, else the largest (grown), else a new one.
		best := -1
		for j, b := range free {
			switch {
			case best < 0:
				best = j
			case n.bufLen[b] >= need:
				if have := n.bufLen[free[best]]; have < need || n.bufLen[b] < have {
					best = j
				}
			case n.bufLen[free[best]] < need && n.bufLen[b] > n.bufLen[free[best]]:
				best = j
			}
		}
		if best >= 0 {
			buf[l.out] = free[best]
			free = slices.Delete(free, best, best+1)
			n.bufLen[buf[l.out]] = max(n.bufLen[buf[l.out]], need)
		} else {
			buf[l.out] = len(n.bufLen)
			n.bufLen = append(n.bufLen, need)
		}
		s := step{op: l.op, out: buf[l.out], len: need, run: l.run}
		for _, o := range l.ins {
			if o.id < 0 {
				s.ins = append(s.ins, stepOperand{buf: -1, c: o.c})
			} else {
				s.ins = append(s.ins, stepOperand{buf: buf[root[o.id]], len: numel(o.shape)})
			}
		}
		n.steps = append(n.steps, s)
		n.scratch = max(n.scratch, l.scratch)
		n.maxIns = max(n.maxIns, len(s.ins))
		// Values last read here free their buffers for the steps after.
		for _, o := range l.ins {
			if r := o.id; r >= 0 && !live[root[r]] && lastUse[root[r]] == i && !slices.Contains(free, buf[root[r]]) {
				free = append(free, buf[root[r]])
			}
		}
		if r := l.out; !live[r] && lastUse[r] == i { // computed and never read
			free = append(free, buf[r])
		}
	}
	for _, id := range outIDs {
		n.outBufs = append(n.outBufs, buf[id])
	}
}

func (n *Net) newWorkspace() *workspace {
	ws := &workspace{
		bufs:    make([][]float32, len(n.bufLen)),
		scratch: make([]float32, n.scratch),
		ins:     make([][]float32, n.maxIns),
	}
	for i, l := range n.bufLen {
		if i != n.inBuf {
			ws.bufs[i] = make([]float32, l)
		}
	}
	return ws
}

// Run computes the model on in (the input's elements, row-major) and writes each output into the
// matching slice of outs, which must have the outputs' element counts. in is only read.
func (n *Net) Run(in []float32, outs ...[]float32) error {
	if len(in) != numel(n.input.Shape) {
		return fmt.Errorf(
			"onnx: input %q has %d values, want %d (shape %v)",
			n.input.Name,
			len(in),
			numel(n.input.Shape),
			n.input.Shape,
		)
	}
	if len(outs) != len(n.outputs) {
		return fmt.Errorf("onnx: %d output buffers for %d outputs", len(outs), len(n.outputs))
	}
	for i, o := range n.outputs {
		if len(outs[i]) != numel(o.Shape) {
			return fmt.Errorf(
				"onnx: output %q buffer has %d values, want %d (shape %v)",
				o.Name,
				len(outs[i]),
				numel(o.Shape),
				o.Shape,
			)
		}
	}
	ws := n.pool.Get().(*workspace)
	defer n.pool.Put(ws)
	ws.bufs[n.inBuf] = in
	defer func() { ws.bufs[n.inBuf] = nil }()
	for _, s := range n.steps {
		ins := ws.ins[:len(s.ins)]
		for i, o := range s.ins {
			if o.buf < 0 {
				ins[i] = o.c
			} else {
				ins[i] = ws.bufs[o.buf][:o.len]
			}
		}
		s.run(ins, ws.bufs[s.out][:s.len], ws.scratch)
	}
	for i, b := range n.outBufs {
		copy(outs[i], ws.bufs[b])
	}
	return nil
}
