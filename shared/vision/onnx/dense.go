package onnx

import (
	"errors"
	"fmt"
)

// flatten compiles Flatten: a view of the input as [Π dims before axis, Π the rest].
func (c *compiler) flatten(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 1); err != nil {
		return nil, err
	}
	a, err := attrInt(n, "axis", 1)
	if err != nil {
		return nil, err
	}
	r := len(ins[0].shape)
	if a < 0 {
		a += int64(r)
	}
	if a < 0 || a > int64(r) { // axis r is allowed: [all, 1]
		return nil, fmt.Errorf("axis %d is out of range for rank %d", a, r)
	}
	shape := []int{numel(ins[0].shape[:a]), numel(ins[0].shape[a:])}
	return []*val{c.view("Flatten", ins[0], shape)}, nil
}

// dropout compiles Dropout for inference, where it is the identity: a view, so that nothing is
// fused across it. Its mask output and training mode are refused.
func (c *compiler) dropout(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 1, 3); err != nil {
		return nil, err
	}
	if len(ins) > 2 && ins[2] != nil {
		return nil, errors.New("the training_mode input is not supported (inference only)")
	}
	if len(ins) > 1 && ins[1] != nil && ins[1].c == nil {
		return nil, errors.New("the ratio must be a constant")
	}
	if len(n.outputs) > 1 && n.outputs[1] != "" {
		return nil, errors.New("the mask output is not supported")
	}
	return []*val{c.view("Dropout", ins[0], ins[0].shape)}, nil
}

// gemm compiles Gemm, Y = alpha · A · B (Bᵀ when transB) + beta · C, for a computed [m×k] A and
// constant B and C, C being one value or one per column: it becomes the matrix product MatMul
// compiles to, with C as the bias, so that a batch normalisation after it folds in too.
func (c *compiler) gemm(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 2, 3); err != nil {
		return nil, err
	}
	a, b := ins[0], ins[1]
	alpha, err := attrFloat(n, "alpha", 1)
	if err != nil {
		return nil, err
	}
	beta, err := attrFloat(n, "beta", 1)
	if err != nil {
		return nil, err
	}
	transA, err := attrInt(n, "transA", 0)
	if err != nil {
		return nil, err
	}
	transB, err := attrInt(n, "transB", 0)
	if err != nil {
		return nil, err
	}
	if transA != 0 {
		return nil, errors.New("transA=1 is not supported")
	}
	bw, err := constFloats(b, "Gemm's B")
	if err != nil {
		return nil, err
	}
	if a.c != nil || len(a.shape) != 2 || len(b.shape) != 2 {
		return nil, fmt.Errorf(
			"%v by %v is not supported (a computed 2-D matrix by a constant one is)",
			a.shape,
			b.shape,
		)
	}
	m, k := a.shape[0], a.shape[1]
	nn := b.shape[1]
	if transB != 0 {
		nn = b.shape[0]
	}
	if bk := numel(b.shape) / nn; bk != k {
		return nil, fmt.Errorf("%v by %v (transB=%d): inner dimensions differ", a.shape, b.shape, transB)
	}
	// w is [k][n], as the matrix product reads it: B itself, or Bᵀ, times alpha. The transpose
	// goes by tiles, so that reading B's columns does not miss the cache at every element.
	w := make([]float32, k*nn)
	const tile = 64
	for j0 := 0; j0 < nn; j0 += tile {
		for p0 := 0; p0 < k; p0 += tile {
			for j := j0; j < min(j0+tile, nn); j++ {
				for p := p0; p < min(p0+tile, k); p++ {
					if transB != 0 {
						w[p*nn+j] = alpha * bw[j*k+p]
					} else {
						w[p*nn+j] = alpha * bw[p*nn+j]
					}
				}
			}
		}
	}
	var bias []float32
	if len(ins) > 2 && ins[2] != nil {
		cv, err := constFloats(ins[2], "Gemm's C")
		if err != nil {
			return nil, err
		}
		shape, err := broadcast([]int{m, nn}, ins[2].shape)
		if err != nil || shape[0] != m || shape[1] != nn {
			return nil, fmt.Errorf("gemm: input C of shape %v for an output of [%d %d]", ins[2].shape, m, nn)
		}
		if len(cv) != 1 && len(cv) != nn {
			return nil, fmt.Errorf(
				"gemm: input C of shape %v is not supported (one value, or one per column, is)",
				ins[2].shape,
			)
		}
		bias = make([]float32, nn)
		for j := range bias {
			bias[j] = beta * cv[j%len(cv)]
		}
	}
	mm := &matmulLayer{m: m, k: k, n: nn, w: w, bias: bias}
	l := &layer{op: "Gemm", ins: []operand{{id: a.id, shape: a.shape}}, matmul: mm, flops: 2 * int64(m*k*nn)}
	return []*val{c.emit(l, []int{m, nn})}, nil
}
