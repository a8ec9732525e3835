package onnx

import "fmt"

// matmulLayer is MatMul of a computed [m×k] matrix by a constant [k×n] one, plus a bias per
// column when a batch normalisation was folded into it.
type matmulLayer struct {
	m, k, n int
	w       []float32 // [k][n]
	bias    []float32 // [n] or nil
}

func (c *compiler) matMul(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 2, 2); err != nil {
		return nil, err
	}
	a, b := ins[0], ins[1]
	if _, err := constFloats(b, "MatMul's second operand"); err != nil {
		return nil, err
	}
	if a.c != nil || len(a.shape) != 2 || len(b.shape) != 2 || a.shape[1] != b.shape[0] {
		return nil, fmt.Errorf("%v by %v is not supported (a computed 2-D matrix by a constant one is)",
			a.shape, b.shape)
	}
	mm := &matmulLayer{m: a.shape[0], k: a.shape[1], n: b.shape[1], w: c.own(n.inputs[1], b)}
	l := &layer{op: "MatMul", ins: []operand{{id: a.id, shape: a.shape}}, matmul: mm, flops: 2 * int64(mm.m*mm.k*mm.n)}
	return []*val{c.emit(l, []int{mm.m, mm.n})}, nil
}

// scaleBy folds y·scale + shift, per output column, into the product.
func (mm *matmulLayer) scaleBy(scale, shift []float64) {
	bias := make([]float32, mm.n)
	for j := range mm.n {
		var b float64
		if mm.bias != nil {
			b = float64(mm.bias[j])
		}
		bias[j] = float32(b*scale[j] + shift[j])
	}
	for i := range mm.k { // row by row: the weights of a fully connected layer are megabytes
		row := mm.w[i*mm.n : (i+1)*mm.n]
		for j, v := range row {
			row[j] = float32(float64(v) * scale[j])
		}
	}
	mm.bias = bias
}

// kernel returns the product's kernel and the scratch it needs. The vector path computes each
// row of the output, out[i] = a[i]·w, as its transpose: wᵀ (packed) by the column a[i]ᵀ.
func (mm *matmulLayer) kernel() (kernel, int) {
	m, k, n, w, bias := mm.m, mm.k, mm.n, mm.w, mm.bias
	if vectorKernels {
		p := packGEMM(n, k, w, 1, n, bias, actNone, nil)
		return func(ins [][]float32, out, scratch []float32) {
			for i := range m {
				p.run(1, ins[0][i*k:(i+1)*k], out[i*n:(i+1)*n], scratch)
			}
		}, p.scratch()
	}
	return func(ins [][]float32, out, _ []float32) {
		a := ins[0]
		for i := range m {
			row := out[i*n : (i+1)*n]
			if bias != nil {
				copy(row, bias)
			} else {
				clear(row)
			}
			for p, v := range a[i*k : (i+1)*k] {
				axpy(row, w[p*n:(p+1)*n], v)
			}
		}
	}, 0
}

// axpy adds a·x to y.
func axpy(y, x []float32, a float32) {
	x = x[:len(y)]
	for i, v := range x {
		y[i] += a * v
	}
}
