package onnx

import "math"

// gemmColumns is the width of the column blocks gemm works through: a block of the input matrix
// (k rows of it) stays in the L2 cache while every output row is computed over it.
const gemmColumns = 512

// gemm sets out = act(w·x + bias) for w [m×k], x [k×n] and out [m×n], row-major, with one bias and
// one PRelu slope per output row. It is the scalar reference of the vector path (packedGEMM) and
// its fallback on a CPU without the vector instructions. Go does not vectorise, so the loop is
// shaped for scalar code:
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
				x0, x1, x2, x3 := x[j0:j1][:len(o0)], x[n+j0 : n+j1][:len(o0)], x[2*n+j0 : 2*n+j1][:len(o0)],
					x[3*n+j0 : 3*n+j1][:len(o0)]
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

// The vector path computes the same product as gemm the way GEMM libraries do: the weights are
// packed once, at Load, into panels of gemmMR rows; the input is taken gemmKC rows and gemmNR
// columns at a time, a panel that stays in the L1 cache while every weight panel streams past it
// from L2 (copied into contiguous memory first when there are many weight panels, see
// gemmPackRows, and at the right edge, padded with zeros); and a micro-kernel in assembly (gemmKernel) keeps a
// gemmMR×gemmNR tile of the output
// in vector registers over the whole panel. The blocking is here, in Go; the assembly only runs
// the tile.
const (
	gemmMR = 6   // output rows (channels) of a tile: one broadcast weight each
	gemmNR = 16  // output columns (positions) of a tile: two AVX2 or four NEON vectors
	gemmKC = 256 // steps of the inner dimension per input panel: 256·16 floats, 16 KB of L1
)

// gemmPackRows is the number of weight rows above which a whole input panel is copied (packed)
// before the weight panels stream past it: the copy then pays for itself over 16 or more tiles,
// and keeps the panel in contiguous cache lines. Below, the micro-kernel reads the input where it
// is, which measured faster on the liveness models (most of their products have fewer rows).
const gemmPackRows = 96

// Flags of a micro-kernel call.
const (
	// kernelAccumulate adds to the tile in c; without it the tile starts from the bias.
	kernelAccumulate = 1 << iota
	// kernelActivate ends with max(v, 0) + slope·min(v, 0) per row: PRelu, or Relu with slope 0.
	kernelActivate
)

// packedGEMM is the weight matrix [m×k] of a product, with its bias and activation, laid out for
// the micro-kernel.
type packedGEMM struct {
	m, k int
	// panels are ⌈m/gemmMR⌉ panels of k steps of gemmMR weights: row i, step p at
	// i/gemmMR·k·gemmMR + p·gemmMR + i%gemmMR.
	panels []float32
	bias   []float32 // one per row, padded with zeros to whole panels
	slope  []float32 // likewise, for the activation; nil for none
}

// packGEMM packs the weights w[i·rowStride + p·colStride] of rows i < m and steps p < k, which
// lets a MatMul's [k×n] matrix be packed as its transpose.
func packGEMM(m, k int, w []float32, rowStride, colStride int, bias []float32, act int, slope []float32) *packedGEMM {
	mPad := (m + gemmMR - 1) / gemmMR * gemmMR
	g := &packedGEMM{m: m, k: k, panels: make([]float32, mPad*k), bias: make([]float32, mPad)}
	for i := range m {
		panel := g.panels[i/gemmMR*k*gemmMR+i%gemmMR:][:(k-1)*gemmMR+1]
		if colStride == 1 { // a convolution's row: read in order, no index arithmetic
			for p, v := range w[i*rowStride:][:k] {
				panel[p*gemmMR] = v
			}
			continue
		}
		for p := range k {
			panel[p*gemmMR] = w[i*rowStride+p*colStride]
		}
	}
	if bias != nil {
		copy(g.bias, bias[:m])
	}
	switch act {
	case actRelu:
		g.slope = make([]float32, mPad)
	case actPRelu:
		g.slope = make([]float32, mPad)
		copy(g.slope, slope[:m])
	}
	return g
}

// scratch is the memory run needs: an input panel and the edge tiles.
func (g *packedGEMM) scratch() int { return gemmKC*gemmNR + len(g.bias)*gemmNR }

// run sets out [m×n] = act(w·x + bias) for x [k×n], row-major. Tiles that would cross the right
// or bottom edge of out are computed whole in scratch (the input panel padded with zeros) and
// their inside copied out.
func (g *packedGEMM) run(n int, x, out, scratch []float32) {
	m, k := g.m, g.k
	x, out = x[:k*n], out[:m*n]
	bp := scratch[:gemmKC*gemmNR]
	edge := scratch[gemmKC*gemmNR:][:len(g.bias)*gemmNR]
	slope := g.bias // read only with kernelActivate, which needs g.slope
	if g.slope != nil {
		slope = g.slope
	}
	for j0 := 0; j0 < n; j0 += gemmNR {
		nr := min(gemmNR, n-j0)
		for p0 := 0; p0 < k; p0 += gemmKC {
			kc := min(gemmKC, k-p0)
			b, ldb := x[p0*n+j0:], n
			if nr < gemmNR || m > gemmPackRows {
				b, ldb = bp, gemmNR
				packColumns(bp[:kc*gemmNR], x[p0*n+j0:], n, nr)
			}
			b = b[:(kc-1)*ldb+gemmNR]
			flags := 0
			if p0 > 0 {
				flags |= kernelAccumulate
			}
			if p0+kc == k && g.slope != nil {
				flags |= kernelActivate
			}
			for i0 := 0; i0 < m; i0 += gemmMR {
				a := g.panels[i0*k+p0*gemmMR:][:kc*gemmMR]
				if nr == gemmNR && i0+gemmMR <= m {
					c := out[i0*n+j0:][:(gemmMR-1)*n+gemmNR]
					gemmKernel(kc, &a[0], &b[0], ldb, &c[0], n, &g.bias[i0], &slope[i0], flags)
				} else {
					c := edge[i0*gemmNR:][:gemmMR*gemmNR]
					gemmKernel(kc, &a[0], &b[0], ldb, &c[0], gemmNR, &g.bias[i0], &slope[i0], flags)
				}
			}
		}
		i0 := m - m%gemmMR // the first row of the edge tiles of a whole column panel
		if nr < gemmNR {
			i0 = 0
		}
		for i := i0; i < m; i++ {
			copy(out[i*n+j0:][:nr], edge[i*gemmNR:][:nr])
		}
	}
}

// packColumns copies nr ≤ gemmNR columns of len(dst)/gemmNR rows of src, whose rows are n apart,
// into dst, gemmNR values a row, padding with zeros.
func packColumns(dst, src []float32, n, nr int) {
	if nr == gemmNR { // array copies: moves inline, no call per row
		for p := 0; p < len(dst); p += gemmNR {
			*(*[gemmNR]float32)(dst[p:]) = *(*[gemmNR]float32)(src[p/gemmNR*n:])
		}
		return
	}
	for p := 0; p < len(dst); p += gemmNR {
		row := dst[p : p+gemmNR]
		copy(row, src[p/gemmNR*n:][:nr])
		clear(row[nr:])
	}
}

// gemmKernelGo is the micro-kernel's definition, in Go: the assembly versions are tested against
// it, and it stands in for them where there is no assembly. Over k steps it computes the tile
// c[r·ldc + j] (r < gemmMR, j < gemmNR) = Σ_p a[p·gemmMR + r]·b[p·ldb + j], started from bias[r]
// or, with kernelAccumulate, from c; with kernelActivate it ends with max(v, 0) + slope[r]·min(v, 0).
func gemmKernelGo(k int, a, b []float32, ldb int, c []float32, ldc int, bias, slope []float32, flags int) {
	var acc [gemmMR][gemmNR]float32
	for r := range gemmMR {
		for j := range gemmNR {
			if flags&kernelAccumulate != 0 {
				acc[r][j] = c[r*ldc+j]
			} else {
				acc[r][j] = bias[r]
			}
		}
	}
	for p := range k {
		for r := range gemmMR {
			w := a[p*gemmMR+r]
			for j := range gemmNR {
				acc[r][j] = float32(math.FMA(float64(w), float64(b[p*ldb+j]), float64(acc[r][j])))
			}
		}
	}
	for r := range gemmMR {
		for j, v := range acc[r] {
			if flags&kernelActivate != 0 {
				v = max(v, 0) + slope[r]*min(v, 0)
			}
			c[r*ldc+j] = v
		}
	}
}
