package onnx

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// gemmCase is a product for the vector path to compute as the scalar reference does.
type gemmCase struct {
	m, n, k, act int
}

func (c gemmCase) String() string {
	return fmt.Sprintf("m=%d n=%d k=%d act=%d", c.m, c.n, c.k, c.act)
}

// check runs the case through gemm and through packedGEMM on the same random operands, and fails
// when an output differs by more than the rounding of two summation orders can explain:
// 4(k+1)·2⁻²⁴ times the sum of the magnitudes of its terms.
func (c gemmCase) check(t *testing.T, r *rand.Rand) {
	t.Helper()
	w, x, bias, slope := randoms(r, c.m*c.k), randoms(r, c.k*c.n), randoms(r, c.m), randoms(r, c.m)
	if c.act != actPRelu {
		slope = nil
	}
	want := make([]float32, c.m*c.n)
	gemm(c.m, c.n, c.k, w, x, want, bias, c.act, slope)

	g := packGEMM(c.m, c.k, w, c.k, 1, bias, c.act, slope)
	got := make([]float32, c.m*c.n+1)
	got[len(got)-1] = 42 // a sentinel past the end of out
	scratch := make([]float32, g.scratch())
	for i := range scratch {
		scratch[i] = float32(math.NaN()) // stale scratch must not leak into the result
	}
	g.run(c.n, x, got[:c.m*c.n], scratch)
	if got[len(got)-1] != 42 {
		t.Fatalf("%v: wrote past the output", c)
	}
	for i := range c.m {
		for j := range c.n {
			mag := math.Abs(float64(bias[i]))
			for p := range c.k {
				mag += math.Abs(float64(w[i*c.k+p]) * float64(x[p*c.n+j]))
			}
			tol := 4 * float64(c.k+1) * 0x1p-24 * mag
			if d := math.Abs(float64(got[i*c.n+j] - want[i*c.n+j])); !(d <= tol) {
				t.Fatalf(
					"%v: out[%d][%d] = %v, the scalar reference has %v (tolerance %.2g)",
					c,
					i,
					j,
					got[i*c.n+j],
					want[i*c.n+j],
					tol,
				)
			}
		}
	}
}

// TestPackedGEMM runs the vector path against the scalar reference on every combination of sizes
// around the tile (gemmMR×gemmNR), the input panel (gemmKC) and gemmPackRows: whole tiles, tails
// of one, tiny and single-row, single-column and single-step products.
func TestPackedGEMM(t *testing.T) {
	t.Logf("vector kernels: %v", vectorKernels)
	r := rand.New(rand.NewPCG(11, 12))
	ms := []int{1, 2, 5, 6, 7, 11, 12, 13, 64, gemmPackRows + 1, 128}
	ns := []int{1, 2, 7, 15, 16, 17, 31, 33, 100}
	ks := []int{1, 2, 3, 4, 5, 9, 27, 255, 256, 257, 600}
	for _, m := range ms {
		for _, n := range ns {
			for _, k := range ks {
				for _, act := range []int{actNone, actRelu, actPRelu} {
					gemmCase{m, n, k, act}.check(t, r)
				}
			}
		}
	}
}

// TestGEMMKernel checks the micro-kernel alone against its definition in Go, with every flag, on
// packed input and tiles, and on tiles inside larger matrices (ldb, ldc > gemmNR).
func TestGEMMKernel(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, k := range []int{0, 1, 2, 3, 8, 17, 256} {
		for flags := range 4 {
			for _, ldc := range []int{gemmNR, 37} {
				ldb := gemmNR // a packed input panel
				if ldc != gemmNR {
					ldb = 23 // the input where it is
				}
				a, b := randoms(r, k*gemmMR), randoms(r, max(0, k-1)*ldb+gemmNR)
				bias, slope := randoms(r, gemmMR), randoms(r, gemmMR)
				c := randoms(r, (gemmMR-1)*ldc+gemmNR)
				want := append([]float32(nil), c...)
				gemmKernelGo(k, a, b, ldb, want, ldc, bias, slope, flags)
				if k == 0 {
					a, b = make([]float32, 1), make([]float32, 1)
				}
				gemmKernel(k, &a[0], &b[0], ldb, &c[0], ldc, &bias[0], &slope[0], flags)
				for i := range c {
					if d := math.Abs(float64(c[i] - want[i])); !(d <= 1e-5*max(1, math.Abs(float64(want[i])))) {
						t.Fatalf("k=%d flags=%d ldc=%d: c[%d] = %v, want %v", k, flags, ldc, i, c[i], want[i])
					}
				}
			}
		}
	}
}

// FuzzPackedGEMM drives the vector path against the scalar reference at sizes the fuzzer picks.
func FuzzPackedGEMM(f *testing.F) {
	f.Add(uint8(7), uint16(17), uint16(3), uint8(2), uint64(1))
	f.Add(uint8(1), uint16(1), uint16(1), uint8(0), uint64(2))
	f.Add(uint8(13), uint16(100), uint16(257), uint8(1), uint64(3))
	f.Fuzz(func(t *testing.T, m uint8, n, k uint16, act uint8, seed uint64) {
		c := gemmCase{1 + int(m)%130, 1 + int(n)%300, 1 + int(k)%700, int(act) % 3}
		c.check(t, rand.New(rand.NewPCG(seed, 15)))
	})
}

// TestMatMulKernels runs MatMul's vector kernel (the transposed product through packedGEMM)
// against its scalar one, with and without a folded bias.
func TestMatMulKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 17))
	defer func(v bool) { vectorKernels = v }(vectorKernels)
	for _, s := range [][3]int{{1, 512, 128}, {1, 128, 3}, {3, 7, 17}, {2, 1, 1}, {5, 300, 33}} {
		for _, withBias := range []bool{false, true} {
			mm := &matmulLayer{m: s[0], k: s[1], n: s[2], w: randoms(r, s[1]*s[2])}
			if withBias {
				mm.bias = randoms(r, s[2])
			}
			a := randoms(r, s[0]*s[1])
			run := func(vector bool) []float32 {
				vectorKernels = vector
				k, scratch := mm.kernel()
				out := make([]float32, s[0]*s[2])
				k([][]float32{a}, out, make([]float32, scratch))
				return out
			}
			want, got := run(false), run(true)
			for i := range want {
				if d := math.Abs(float64(got[i] - want[i])); !(d <= 4*float64(s[1]+1)*0x1p-24*float64(s[1])) {
					t.Fatalf("%v, bias %v: out[%d] = %v, the scalar kernel has %v", s, withBias, i, got[i], want[i])
				}
			}
		}
	}
}
