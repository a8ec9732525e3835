package onnx

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// depthwiseLayer is a 3×3 depthwise convolution with random weights, bias and slopes.
func depthwiseLayer(r *rand.Rand, c, h, w, sh, sw int, pads [4]int, act int) *convLayer {
	l := &convLayer{cin: c, h: h, w: w, cout: c, kh: 3, kw: 3, sh: sh, sw: sw, dh: 1, dw: 1,
		padT: pads[0], padL: pads[1], group: c, depthwise: true,
		weight: randoms(r, c*9), bias: randoms(r, c), act: act, slope: randoms(r, c)}
	l.oh = (h+pads[0]+pads[2]-3)/sh + 1
	l.ow = (w+pads[1]+pads[3]-3)/sw + 1
	return l
}

// checkDepthwise runs runDepthwise3x3 against the scalar runDepthwise on one random input.
func checkDepthwise(t *testing.T, r *rand.Rand, l *convLayer) {
	t.Helper()
	what := fmt.Sprintf(
		"%d channels %d×%d, strides %d,%d, pads %d,%d, out %d×%d, act %d",
		l.cin,
		l.h,
		l.w,
		l.sh,
		l.sw,
		l.padT,
		l.padL,
		l.oh,
		l.ow,
		l.act,
	)
	in := randoms(r, l.cin*l.h*l.w)
	want := make([]float32, l.cout*l.oh*l.ow)
	got := make([]float32, len(want)+1)
	got[len(want)] = 42
	l.runDepthwise(in, want)
	_, wp, hp, q := l.depthwise3x3Plan()
	scratch := make([]float32, wp*hp+q)
	for i := range scratch {
		scratch[i] = float32(math.NaN()) // stale scratch must not leak into the result
	}
	l.runDepthwise3x3(in, got[:len(want)], scratch)
	if got[len(want)] != 42 {
		t.Fatalf("%s: wrote past the output", what)
	}
	for i := range want {
		// Nine terms of magnitude at most 1, plus the bias: two summation orders differ by far less.
		if d := math.Abs(float64(got[i] - want[i])); !(d <= 1e-5) {
			t.Fatalf("%s: output %d is %v, the scalar reference has %v", what, i, got[i], want[i])
		}
	}
}

// TestDepthwise3x3 runs the vector depthwise convolution against the scalar one on images from
// 1×1 to wider than several blocks, odd widths (tails), one channel and many, padded and not,
// strides 1 and 2 along either axis, with each activation.
func TestDepthwise3x3(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	sizes := [][2]int{
		{1, 1},
		{2, 2},
		{3, 3},
		{4, 2},
		{5, 5},
		{7, 9},
		{10, 10},
		{9, 17},
		{8, 24},
		{13, 33},
		{16, 41},
		{3, 80},
	}
	pads := [][4]int{{1, 1, 1, 1}, {0, 0, 0, 0}, {2, 0, 1, 3}, {0, 1, 1, 0}}
	for _, hw := range sizes {
		for _, p := range pads {
			for _, st := range [][2]int{{1, 1}, {2, 2}, {1, 2}, {2, 1}} {
				for _, c := range []int{1, 3} {
					if hw[0]+p[0]+p[2] < 3 || hw[1]+p[1]+p[3] < 3 {
						continue
					}
					checkDepthwise(
						t,
						r,
						depthwiseLayer(r, c, hw[0], hw[1], st[0], st[1], p, []int{actNone, actRelu, actPRelu}[c%3]),
					)
				}
			}
		}
	}
}

// TestDepthwiseKernels checks the assembly kernels alone against their definition in Go, on
// output and input rows wider than the blocks (ldd, lds) and output rows 1 or 2 input rows apart.
func TestDepthwiseKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, stride := range []int{1, 2} {
		for _, blocks := range []int{1, 2, 5} {
			for _, oh := range []int{1, 2, 7} {
				for _, sh := range []int{1, 2} {
					ldd, lds := blocks*depthwiseBlock+3, stride*blocks*depthwiseBlock+5
					src := randoms(r, (oh-1)*sh*lds+2*lds+stride*blocks*depthwiseBlock+2)
					w := randoms(r, 9)
					got := randoms(r, (oh-1)*ldd+blocks*depthwiseBlock)
					want := append([]float32(nil), got...)
					depthwisePlaneGo(want, src, blocks, oh, ldd, lds, sh*lds, stride, w)
					if stride == 1 {
						depthwise3x3s1(&got[0], &src[0], blocks, oh, ldd, lds, sh*lds, &w[0])
					} else {
						depthwise3x3s2(&got[0], &src[0], blocks, oh, ldd, lds, sh*lds, &w[0])
					}
					for i := range got {
						if d := math.Abs(float64(got[i] - want[i])); !(d <= 1e-5) {
							t.Fatalf(
								"stride %d, %d blocks, %d rows %d apart: output %d is %v, want %v",
								stride,
								blocks,
								oh,
								sh,
								i,
								got[i],
								want[i],
							)
						}
					}
				}
			}
		}
	}
}

// FuzzDepthwise3x3 drives the vector depthwise convolution against the scalar one at shapes the
// fuzzer picks.
func FuzzDepthwise3x3(f *testing.F) {
	f.Add(uint8(1), uint8(9), uint8(17), uint8(0), uint8(0x55), uint64(1))
	f.Add(uint8(2), uint8(1), uint8(1), uint8(3), uint8(0xff), uint64(2))
	f.Fuzz(func(t *testing.T, c, h, w, strides, pads uint8, seed uint64) {
		p := [4]int{int(pads) & 3, int(pads>>2) & 3, int(pads>>4) & 3, int(pads>>6) & 3}
		hh, ww := 1+int(h)%40, 1+int(w)%70
		if hh+p[0]+p[2] < 3 || ww+p[1]+p[3] < 3 {
			return
		}
		r := rand.New(rand.NewPCG(seed, 25))
		l := depthwiseLayer(r, 1+int(c)%4, hh, ww, 1+int(strides)&1, 1+int(strides>>1)&1, p, int(strides>>2)%3)
		checkDepthwise(t, r, l)
	})
}
