package onnx

import "math"

// gemmColumns is the width of the column blocks gemm works through: a block of the input matrix
// (k rows of it) stays in the L2 cache while every output row is computed over it.
const gemmColumns = 512

// gemm sets out = act(w·x + bias) for w [m×k], x [k×n] and out [m×n], row-major, with one bias and
// one PRelu slope per output row. Go does not vectorise, so the loop is shaped for scalar code:
// four output rows accumulate four input rows per pass over a block of columns, which reads each
// input value once for 16 multiply-adds and keeps the sixteen weights in registers; the first pass
// starts from the bias, and the activation is applied to each block while it is in the L1 cache.
func gemm(m, n, k int, w, x, out, bias []float32, act int, slope []float32) {
	for j0 := 0; j0 < n; j0 += gemmColumns {
		j1 := min(n, j0+gemmColumns)
		i := 0
		for ; i+4 <= m; i += 4 {
			o0 := out[i*n+j0 : i*n+j1]
			o1 := out[(i+1)*n+j0 : (i+1)*n+j1][:len(o0)]
			o2 := out[(i+2)*n+j0 : (i+2)*n+j1][:len(o0)]
			o3 := out[(i+3)*n+j0 : (i+3)*n+j1][:len(o0)]
			w0, w1, w2, w3 := w[i*k:(i+1)*k], w[(i+1)*k:(i+2)*k], w[(i+2)*k:(i+3)*k], w[(i+3)*k:(i+4)*k]
			p := 0
			if k >= 4 {
				x0, x1, x2, x3 := x[j0:j1][:len(o0)], x[n+j0 : n+j1][:len(o0)], x[2*n+j0 : 2*n+j1][:len(o0)], x[3*n+j0 : 3*n+j1][:len(o0)]
				a0, a1, a2, a3 := w0[0], w0[1], w0[2], w0[3]
				b0, b1, b2, b3 := w1[0], w1[1], w1[2], w1[3]
				c0, c1, c2, c3 := w2[0], w2[1], w2[2], w2[3]
				d0, d1, d2, d3 := w3[0], w3[1], w3[2], w3[3]
				e0, e1, e2, e3 := bias[i], bias[i+1], bias[i+2], bias[i+3]
				for j := range o0 {
					v0, v1, v2, v3 := x0[j], x1[j], x2[j], x3[j]
					o0[j] = e0 + a0*v0 + a1*v1 + a2*v2 + a3*v3
					o1[j] = e1 + b0*v0 + b1*v1 + b2*v2 + b3*v3
					o2[j] = e2 + c0*v0 + c1*v1 + c2*v2 + c3*v3
					o3[j] = e3 + d0*v0 + d1*v1 + d2*v2 + d3*v3
				}
				p = 4
			} else {
				fill(o0, bias[i])
				fill(o1, bias[i+1])
				fill(o2, bias[i+2])
				fill(o3, bias[i+3])
			}
			for ; p+4 <= k; p += 4 {
				x0 := x[p*n+j0 : p*n+j1][:len(o0)]
				x1 := x[(p+1)*n+j0 : (p+1)*n+j1][:len(o0)]
				x2 := x[(p+2)*n+j0 : (p+2)*n+j1][:len(o0)]
				x3 := x[(p+3)*n+j0 : (p+3)*n+j1][:len(o0)]
				a0, a1, a2, a3 := w0[p], w0[p+1], w0[p+2], w0[p+3]
				b0, b1, b2, b3 := w1[p], w1[p+1], w1[p+2], w1[p+3]
				c0, c1, c2, c3 := w2[p], w2[p+1], w2[p+2], w2[p+3]
				d0, d1, d2, d3 := w3[p], w3[p+1], w3[p+2], w3[p+3]
				for j := range o0 {
					v0, v1, v2, v3 := x0[j], x1[j], x2[j], x3[j]
					o0[j] += a0*v0 + a1*v1 + a2*v2 + a3*v3
					o1[j] += b0*v0 + b1*v1 + b2*v2 + b3*v3
					o2[j] += c0*v0 + c1*v1 + c2*v2 + c3*v3
					o3[j] += d0*v0 + d1*v1 + d2*v2 + d3*v3
				}
			}
			for ; p < k; p++ {
				xp := x[p*n+j0 : p*n+j1][:len(o0)]
				a, b, c, d := w0[p], w1[p], w2[p], w3[p]
				for j, v := range xp {
					o0[j] += a * v
					o1[j] += b * v
					o2[j] += c * v
					o3[j] += d * v
				}
			}
			if act != actNone {
				activate(o0, act, slope, i)
				activate(o1, act, slope, i+1)
				activate(o2, act, slope, i+2)
				activate(o3, act, slope, i+3)
			}
		}
		for ; i < m; i++ {
			o := out[i*n+j0 : i*n+j1]
			fill(o, bias[i])
			wi := w[i*k : (i+1)*k]
			p := 0
			for ; p+4 <= k; p += 4 {
				x0 := x[p*n+j0 : p*n+j1][:len(o)]
				x1 := x[(p+1)*n+j0 : (p+1)*n+j1][:len(o)]
				x2 := x[(p+2)*n+j0 : (p+2)*n+j1][:len(o)]
				x3 := x[(p+3)*n+j0 : (p+3)*n+j1][:len(o)]
				a0, a1, a2, a3 := wi[p], wi[p+1], wi[p+2], wi[p+3]
				for j := range o {
					o[j] += a0*x0[j] + a1*x1[j] + a2*x2[j] + a3*x3[j]
				}
			}
			for ; p < k; p++ {
				axpy(o, x[p*n+j0:p*n+j1], wi[p])
			}
			if act != actNone {
				activate(o, act, slope, i)
			}
		}
	}
}

// activate applies an activation to the values of output channel ch: Relu, or PRelu with the
// channel's slope. The factor is picked by the sign bit rather than by a branch, which a
// processor would mispredict on half the values.
func activate(v []float32, act int, slope []float32, ch int) {
	f := [2]float32{1, 0}
	if act == actPRelu {
		f[1] = slope[ch]
	}
	for i, x := range v {
		v[i] = x * f[math.Float32bits(x)>>31]
	}
}

func fill(s []float32, v float32) {
	for i := range s {
		s[i] = v
	}
}
