package onnx

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

func randoms(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = r.Float32()*2 - 1
	}
	return v
}

// load loads an encoded test model or fails the test.
func load(t testing.TB, m testModel) *Net {
	t.Helper()
	n, err := Load(m.encode())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// run runs n on in and returns its outputs.
func run(t testing.TB, n *Net, in []float32) [][]float32 {
	t.Helper()
	var outs [][]float32
	for _, o := range n.Outputs() {
		outs = append(outs, make([]float32, numel(o.Shape)))
	}
	if err := n.Run(in, outs...); err != nil {
		t.Fatal(err)
	}
	return outs
}

// near fails the test when got and want differ by more than tol (relative to want's scale).
func near(t *testing.T, what string, got []float32, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	for i := range got {
		if d := math.Abs(float64(got[i]) - want[i]); !(d <= tol*max(1, math.Abs(want[i]))) {
			t.Fatalf("%s: value %d is %v, want %v", what, i, got[i], want[i])
		}
	}
}

// convSpec is a convolution for the reference implementation.
type convSpec struct {
	cin, h, w, cout, kh, kw int
	sh, sw, dh, dw, group   int
	pads                    [4]int // top, left, bottom, right
}

func (s convSpec) outSize() (int, int) {
	return (s.h+s.pads[0]+s.pads[2]-s.dh*(s.kh-1)-1)/s.sh + 1, (s.w+s.pads[1]+s.pads[3]-s.dw*(s.kw-1)-1)/s.sw + 1
}

// referenceConv is the textbook convolution, in float64.
func referenceConv(s convSpec, x, w, b []float32) []float64 {
	oh, ow := s.outSize()
	out := make([]float64, s.cout*oh*ow)
	cpg, opg := s.cin/s.group, s.cout/s.group
	for o := range s.cout {
		g := o / opg
		for oy := range oh {
			for ox := range ow {
				sum := float64(b[o])
				for c := range cpg {
					for ky := range s.kh {
						for kx := range s.kw {
							iy := oy*s.sh - s.pads[0] + ky*s.dh
							ix := ox*s.sw - s.pads[1] + kx*s.dw
							if iy < 0 || iy >= s.h || ix < 0 || ix >= s.w {
								continue
							}
							sum += float64(x[(g*cpg+c)*s.h*s.w+iy*s.w+ix]) * float64(w[((o*cpg+c)*s.kh+ky)*s.kw+kx])
						}
					}
				}
				out[(o*oh+oy)*ow+ox] = sum
			}
		}
	}
	return out
}

// convModel is one Conv node over the input, with its weights and bias as initializers, and the
// given nodes after it (reading "conv", the last writing "y").
func convModel(s convSpec, w, b []float32, after ...pb) testModel {
	oh, ow := s.outSize()
	conv := nodeOf(
		"Conv",
		[]string{"x", "w", "b"},
		[]string{"conv"},
		attrIs("kernel_shape", int64(s.kh), int64(s.kw)),
		attrIs("strides", int64(s.sh), int64(s.sw)),
		attrIs(
			"dilations",
			int64(s.dh),
			int64(s.dw),
		),
		attrIs("pads", int64(s.pads[0]), int64(s.pads[1]), int64(s.pads[2]), int64(s.pads[3])),
		attrI("group", int64(s.group)),
	)
	out := "conv"
	if len(after) > 0 {
		out = "y"
	}
	return testModel{
		nodes: append([]pb{conv}, after...),
		inits: []pb{
			floatTensor("w", []int{s.cout, s.cin / s.group, s.kh, s.kw}, w),
			floatTensor("b", []int{s.cout}, b),
		},
		input:   valueOf("x", []int{1, s.cin, s.h, s.w}),
		outputs: []pb{valueOf(out, []int{1, s.cout, oh, ow})},
	}
}

func TestConv(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		name string
		s    convSpec
	}{
		{"3x3 stride 2 pad 1 (im2col)", convSpec{3, 24, 31, 16, 3, 3, 2, 2, 1, 1, 1, [4]int{1, 1, 1, 1}}},
		{"3x3 dilation 3 pad 3", convSpec{8, 15, 20, 6, 3, 3, 1, 1, 3, 3, 1, [4]int{3, 3, 3, 3}}},
		{"3x3 dilation 5 pad 5", convSpec{5, 15, 20, 7, 3, 3, 1, 1, 5, 5, 1, [4]int{5, 5, 5, 5}}},
		{
			"1x1 pointwise, rows and inner sums not multiples of 4",
			convSpec{7, 9, 70, 13, 1, 1, 1, 1, 1, 1, 1, [4]int{}},
		},
		{"1x1 pointwise over more than one column block", convSpec{16, 30, 40, 9, 1, 1, 1, 1, 1, 1, 1, [4]int{}}},
		{"1x1 stride 2", convSpec{4, 9, 9, 5, 1, 1, 2, 2, 1, 1, 1, [4]int{}}},
		{"depthwise 3x3 pad 1", convSpec{6, 11, 13, 6, 3, 3, 1, 1, 1, 1, 6, [4]int{1, 1, 1, 1}}},
		{"depthwise 3x3 stride 2", convSpec{5, 20, 17, 5, 3, 3, 2, 2, 1, 1, 5, [4]int{1, 1, 1, 1}}},
		{"depthwise 5x5 valid to 1x1", convSpec{12, 5, 5, 12, 5, 5, 1, 1, 1, 1, 12, [4]int{}}},
		{
			"depthwise dilated, asymmetric pads and strides",
			convSpec{4, 9, 11, 4, 3, 3, 1, 2, 2, 1, 4, [4]int{2, 0, 1, 3}},
		},
		{"depthwise 3x3 on an image 2 wide", convSpec{3, 4, 2, 3, 3, 3, 1, 1, 1, 1, 3, [4]int{1, 1, 1, 1}}},
		{"grouped, two channels a group", convSpec{8, 7, 9, 4, 3, 3, 1, 1, 1, 1, 2, [4]int{1, 1, 1, 1}}},
		{"asymmetric pads and strides", convSpec{3, 10, 12, 4, 2, 3, 2, 1, 1, 2, 1, [4]int{0, 2, 1, 0}}},
		{"1x1 input", convSpec{32, 1, 1, 8, 1, 1, 1, 1, 1, 1, 1, [4]int{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.s
			w := randoms(r, s.cout*s.cin/s.group*s.kh*s.kw)
			b := randoms(r, s.cout)
			x := randoms(r, s.cin*s.h*s.w)
			got := run(t, load(t, convModel(s, w, b)), x)[0]
			near(t, "conv", got, referenceConv(s, x, w, b), 1e-5)
		})
	}
}

// TestConvFusions checks what Load folds into a convolution: the batch normalisation after it and
// then the activation, for Relu and for PRelu with a slope per channel and one for all.
func TestConvFusions(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	s := convSpec{4, 8, 10, 6, 3, 3, 1, 1, 1, 1, 1, [4]int{1, 1, 1, 1}}
	w, b, x := randoms(r, 6*4*9), randoms(r, 6), randoms(r, 4*8*10)
	gamma, beta, mean := randoms(r, 6), randoms(r, 6), randoms(r, 6)
	variance := make([]float32, 6)
	for i := range variance {
		variance[i] = 0.5 + r.Float32()
	}
	slope := randoms(r, 6)
	bn := nodeOf(
		"BatchNormalization",
		[]string{"conv", "gamma", "beta", "mean", "var"},
		[]string{"bn"},
		attrF("epsilon", 1e-3),
		attrF("momentum", 0.9),
	)
	bnInits := []pb{floatTensor("gamma", []int{6}, gamma), floatTensor("beta", []int{6}, beta),
		floatTensor("mean", []int{6}, mean), floatTensor("var", []int{6}, variance)}
	normalised := func() []float64 {
		out := referenceConv(s, x, w, b)
		for i := range out {
			c := i / 80
			out[i] = (out[i]-float64(mean[c]))/math.Sqrt(float64(variance[c])+1e-3)*float64(gamma[c]) + float64(beta[c])
		}
		return out
	}
	tests := []struct {
		name  string
		nodes []pb
		inits []pb
		want  func() []float64
	}{
		{
			"BatchNormalization then Relu",
			[]pb{bn, nodeOf("Relu", []string{"bn"}, []string{"y"})},
			bnInits,
			func() []float64 {
				out := normalised()
				for i := range out {
					out[i] = max(out[i], 0)
				}
				return out
			},
		},
		{
			"PRelu per channel",
			[]pb{nodeOf("PRelu", []string{"conv", "slope"}, []string{"y"})},
			[]pb{floatTensor("slope", []int{6, 1, 1}, slope)},
			func() []float64 {
				out := referenceConv(s, x, w, b)
				for i := range out {
					if out[i] < 0 {
						out[i] *= float64(slope[i/80])
					}
				}
				return out
			},
		},
		{
			"PRelu one slope",
			[]pb{nodeOf("PRelu", []string{"conv", "slope"}, []string{"y"})},
			[]pb{floatTensor("slope", []int{1}, slope[:1])},
			func() []float64 {
				out := referenceConv(s, x, w, b)
				for i := range out {
					if out[i] < 0 {
						out[i] *= float64(slope[0])
					}
				}
				return out
			},
		},
		// A slope per column of the last axis broadcasts along W, not per channel: not fused.
		{
			"PRelu along the last axis",
			[]pb{nodeOf("PRelu", []string{"conv", "slope"}, []string{"y"})},
			[]pb{floatTensor("slope", []int{10}, randoms(rand.New(rand.NewPCG(5, 6)), 10))},
			func() []float64 {
				sl := randoms(rand.New(rand.NewPCG(5, 6)), 10)
				out := referenceConv(s, x, w, b)
				for i := range out {
					if out[i] < 0 {
						out[i] *= float64(sl[i%10])
					}
				}
				return out
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := convModel(s, w, b, tt.nodes...)
			m.inits = append(m.inits, tt.inits...)
			n := load(t, m)
			near(t, "output", run(t, n, x)[0], tt.want(), 1e-5)
		})
	}
	t.Run("folded into one step", func(t *testing.T) {
		m := convModel(s, w, b, bn, nodeOf("Relu", []string{"bn"}, []string{"y"}))
		m.inits = append(m.inits, bnInits...)
		if n := load(t, m); len(n.steps) != 1 {
			t.Errorf("%d steps, want the convolution alone", len(n.steps))
		}
	})
	t.Run("not folded when the convolution's output is read twice", func(t *testing.T) {
		m := convModel(s, w, b, bn, nodeOf("Add", []string{"bn", "conv"}, []string{"y"}))
		m.inits = append(m.inits, bnInits...)
		n := load(t, m)
		want, plain := normalised(), referenceConv(s, x, w, b)
		for i := range want {
			want[i] += plain[i]
		}
		near(t, "output", run(t, n, x)[0], want, 1e-5)
	})
}

// TestTail runs the shape arithmetic and post-processing of PyTorch's UltraFace export at operator
// set 9: Transpose, Shape → Gather → Unsqueeze → Concat → Reshape, Softmax on the last axis,
// Slice with attributes, Mul and Add of broadcast constants, Exp, Div, Sub and Concat.
func TestTail(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const c, h, w = 8, 3, 5 // 8 channels = 2 anchors × 4 box values
	x := randoms(r, c*h*w)
	priors := randoms(r, 2*h*w*2)
	nodes := []pb{
		nodeOf("Transpose", []string{"x"}, []string{"t"}, attrIs("perm", 0, 2, 3, 1)),
		nodeOf("Constant", nil, []string{"zero"}, attrT("value", intTensor("", nil, []int64{0}))),
		nodeOf("Shape", []string{"t"}, []string{"shape"}),
		nodeOf("Gather", []string{"shape", "zero"}, []string{"batch"}, attrI("axis", 0)),
		nodeOf("Constant", nil, []string{"minus1"}, attrT("value", intTensor("", nil, []int64{-1}))),
		nodeOf("Constant", nil, []string{"four"}, attrT("value", intTensor("", nil, []int64{4}))),
		nodeOf("Unsqueeze", []string{"batch"}, []string{"b1"}, attrIs("axes", 0)),
		nodeOf("Unsqueeze", []string{"minus1"}, []string{"m1"}, attrIs("axes", 0)),
		nodeOf("Unsqueeze", []string{"four"}, []string{"f1"}, attrIs("axes", 0)),
		nodeOf("Concat", []string{"b1", "m1", "f1"}, []string{"newshape"}, attrI("axis", 0)),
		nodeOf("Reshape", []string{"t", "newshape"}, []string{"boxes"}),            // [1, 30, 4]
		nodeOf("Softmax", []string{"boxes"}, []string{"scores"}, attrI("axis", 2)), // opset 9: the last axis here
		nodeOf("Slice", []string{"boxes"}, []string{"xy"}, attrIs("axes", 2), attrIs("starts", 0), attrIs("ends", 2)),
		nodeOf(
			"Slice",
			[]string{"boxes"},
			[]string{"wh"},
			attrIs("axes", 2),
			attrIs("starts", 2),
			attrIs("ends", math.MaxInt64),
		),
		nodeOf("Mul", []string{"xy", "priors"}, []string{"xyp"}),
		nodeOf("Add", []string{"xyp", "half"}, []string{"centre"}),
		nodeOf("Exp", []string{"wh"}, []string{"size"}),
		nodeOf("Div", []string{"size", "two"}, []string{"halfsize"}),
		nodeOf("Sub", []string{"centre", "halfsize"}, []string{"lo"}),
		nodeOf("Concat", []string{"lo", "centre"}, []string{"out"}, attrI("axis", 2)),
	}
	m := testModel{
		opset: 9,
		nodes: nodes,
		inits: []pb{floatTensor("priors", []int{2 * h * w, 2}, priors), floatTensor("half", []int{1}, []float32{0.5}),
			floatTensor("two", nil, []float32{2})},
		input:   valueOf("x", []int{1, c, h, w}),
		outputs: []pb{valueOf("scores", []int{1, 2 * h * w, 4}), valueOf("out", []int{1, 2 * h * w, 4})},
	}
	n := load(t, m)
	outs := run(t, n, x)
	// boxes[0][a][k] = x[0][(a%2)*4+k][a/2/w][a/2%w]: NHWC, then 4 values per anchor.
	boxes := make([]float64, 2*h*w*4)
	for i := range boxes {
		a, k := i/4, i%4
		pix, anchor := a/2, a%2
		boxes[i] = float64(x[(anchor*4+k)*h*w+pix])
	}
	scores := make([]float64, len(boxes))
	out := make([]float64, len(boxes))
	for a := range 2 * h * w {
		row := boxes[a*4 : a*4+4]
		var sum float64
		for _, v := range row {
			sum += math.Exp(v)
		}
		for k, v := range row {
			scores[a*4+k] = math.Exp(v) / sum
		}
		for k := range 2 {
			centre := row[k]*float64(priors[a*2+k]) + 0.5
			out[a*4+k] = centre - math.Exp(row[2+k])/2
			out[a*4+2+k] = centre
		}
	}
	near(t, "scores", outs[0], scores, 1e-6)
	near(t, "boxes", outs[1], out, 1e-6)
}

// TestSqueezeExcitation runs MiniFASNetV1SE's block at operator set 17: GlobalAveragePool, two
// 1×1 convolutions with Relu and Sigmoid between, Mul broadcast per channel, the residual Add,
// then Reshape, MatMul, BatchNormalization (folded into the MatMul) and a last MatMul.
func TestSqueezeExcitation(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	const c, h, w, mid = 6, 4, 5, 3
	x := randoms(r, c*h*w)
	w1, b1, w2, b2 := randoms(r, mid*c), randoms(r, mid), randoms(r, c*mid), randoms(r, c)
	fc := randoms(r, c*h*w*4)
	gamma, beta, mean := randoms(r, 4), randoms(r, 4), randoms(r, 4)
	variance := []float32{0.5, 1, 1.5, 2}
	last := randoms(r, 4*3)
	m := testModel{
		nodes: []pb{
			nodeOf("GlobalAveragePool", []string{"x"}, []string{"pool"}),
			nodeOf("Conv", []string{"pool", "w1", "b1"}, []string{"fc1"}, attrIs("kernel_shape", 1, 1)),
			nodeOf("Relu", []string{"fc1"}, []string{"relu"}),
			nodeOf("Conv", []string{"relu", "w2", "b2"}, []string{"fc2"}, attrIs("kernel_shape", 1, 1)),
			nodeOf("Sigmoid", []string{"fc2"}, []string{"gate"}),
			nodeOf("Mul", []string{"x", "gate"}, []string{"scaled"}),
			nodeOf("Add", []string{"x", "scaled"}, []string{"sum"}),
			nodeOf("Reshape", []string{"sum", "flat"}, []string{"flatsum"}, attrI("allowzero", 0)),
			nodeOf("MatMul", []string{"flatsum", "fc"}, []string{"linear"}),
			nodeOf(
				"BatchNormalization",
				[]string{"linear", "gamma", "beta", "mean", "var"},
				[]string{"bn"},
				attrF("epsilon", 1e-5),
				attrI("training_mode", 0),
			),
			nodeOf("MatMul", []string{"bn", "last"}, []string{"y"}),
		},
		inits: []pb{
			floatTensor("w1", []int{mid, c, 1, 1}, w1), floatTensor("b1", []int{mid}, b1),
			floatTensor("w2", []int{c, mid, 1, 1}, w2), floatTensor("b2", []int{c}, b2),
			intTensor("flat", []int{2}, []int64{-1, c * h * w}), floatTensor("fc", []int{c * h * w, 4}, fc),
			floatTensor(
				"gamma",
				[]int{4},
				gamma,
			), floatTensor("beta", []int{4}, beta), floatTensor("mean", []int{4}, mean),
			floatTensor("var", []int{4}, variance), floatTensor("last", []int{4, 3}, last),
		},
		input:   valueOf("x", []int{1, c, h, w}),
		outputs: []pb{valueOf("y", []int{1, 3})},
	}
	n := load(t, m)
	pool := make([]float64, c)
	for i, v := range x {
		pool[i/(h*w)] += float64(v) / (h * w)
	}
	hidden := make([]float64, mid)
	for j := range mid {
		s := float64(b1[j])
		for i := range c {
			s += float64(w1[j*c+i]) * pool[i]
		}
		hidden[j] = max(s, 0)
	}
	sum := make([]float64, c*h*w)
	for i, v := range x {
		ch := i / (h * w)
		s := float64(b2[ch])
		for j := range mid {
			s += float64(w2[ch*mid+j]) * hidden[j]
		}
		sum[i] = float64(v) + float64(v)/(1+math.Exp(-s))
	}
	bn := make([]float64, 4)
	for j := range 4 {
		var s float64
		for i, v := range sum {
			s += v * float64(fc[i*4+j])
		}
		bn[j] = (s-float64(mean[j]))/math.Sqrt(float64(variance[j])+1e-5)*float64(gamma[j]) + float64(beta[j])
	}
	want := make([]float64, 3)
	for k := range 3 {
		for j := range 4 {
			want[k] += bn[j] * float64(last[j*3+k])
		}
	}
	near(t, "output", run(t, n, x)[0], want, 1e-5)
}

// TestBatchNormAlone: a batch normalisation of the input itself has no producer to fold into.
func TestBatchNormAlone(t *testing.T) {
	x := []float32{1, 2, 3, 4, 5, 6}
	n := load(t, testModel{
		nodes: []pb{nodeOf("BatchNormalization", []string{"x", "g", "b", "m", "v"}, []string{"y"})},
		inits: []pb{floatTensor("g", []int{2}, []float32{2, 3}), floatTensor("b", []int{2}, []float32{1, -1}),
			floatTensor("m", []int{2}, []float32{0, 1}), floatTensor("v", []int{2}, []float32{1, 4})},
		input:   valueOf("x", []int{1, 2, 3}),
		outputs: []pb{valueOf("y", []int{1, 2, 3})},
	})
	e := math.Sqrt(1 + 1e-5)
	f := math.Sqrt(4 + 1e-5)
	near(t, "output", run(t, n, x)[0], []float64{2/e + 1, 4/e + 1, 6/e + 1, 3*3/f - 1, 3*4/f - 1, 3*5/f - 1}, 1e-6)
}

// TestSliceInputs: from operator set 10 on, Slice takes starts, ends and axes as inputs, and
// Unsqueeze (from 13) its axes; negative indices count from the end.
func TestSliceInputs(t *testing.T) {
	x := make([]float32, 2*5)
	for i := range x {
		x[i] = float32(i)
	}
	n := load(t, testModel{
		nodes: []pb{
			nodeOf("Slice", []string{"x", "starts", "ends", "axes"}, []string{"s"}),
			nodeOf("Unsqueeze", []string{"s", "ax"}, []string{"y"}),
		},
		inits: []pb{intTensor("starts", []int{1}, []int64{-4}), intTensor("ends", []int{1}, []int64{-1}),
			intTensor("axes", []int{1}, []int64{1}), intTensor("ax", []int{1}, []int64{0})},
		input:   valueOf("x", []int{2, 5}),
		outputs: []pb{valueOf("y", []int{1, 2, 3})},
	})
	near(t, "output", run(t, n, x)[0], []float64{1, 2, 3, 6, 7, 8}, 0)
	if got := n.Outputs()[0].Shape; !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("output shape %v", got)
	}
}

// TestSoftmaxOpset13: from operator set 13 on, Softmax normalises along its one axis.
func TestSoftmaxOpset13(t *testing.T) {
	x := []float32{0, 1, 2, 3}
	n := load(t, testModel{
		nodes:   []pb{nodeOf("Softmax", []string{"x"}, []string{"y"}, attrI("axis", 1))},
		input:   valueOf("x", []int{1, 2, 2}),
		outputs: []pb{valueOf("y", []int{1, 2, 2})},
	})
	a, b := 1/(1+math.E*math.E), 1/(1+math.Exp(-2))
	near(t, "output", run(t, n, x)[0], []float64{a, a, b, b}, 1e-6)
}

// TestLoadRefuses: anything this package does not implement is refused at Load, naming it.
func TestLoadRefuses(t *testing.T) {
	x := valueOf("x", []int{1, 2, 4, 4})
	y := []pb{valueOf("y", []int{1, 2, 4, 4})}
	w := floatTensor("w", []int{2, 2, 1, 1}, make([]float32, 4))
	tests := []struct {
		name string
		m    testModel
		want string
	}{
		{
			"another operator",
			testModel{
				nodes:   []pb{nodeOf("AveragePool", []string{"x"}, []string{"y"}, attrIs("kernel_shape", 1, 1))},
				input:   x,
				outputs: y,
			},
			"operator AveragePool",
		},
		{
			"another attribute",
			testModel{
				nodes:   []pb{nodeOf("Relu", []string{"x"}, []string{"y"}, attrI("alpha", 1))},
				input:   x,
				outputs: y,
			},
			"attribute alpha of Relu",
		},
		{
			"an old operator set",
			testModel{opset: 8, nodes: []pb{nodeOf("Relu", []string{"x"}, []string{"y"})}, input: x, outputs: y},
			"operator set version 8",
		},
		{
			"a newer operator set",
			testModel{opset: 22, nodes: []pb{nodeOf("Relu", []string{"x"}, []string{"y"})}, input: x, outputs: y},
			"operator set version 22",
		},
		{
			"a dynamic input shape",
			testModel{
				nodes:   []pb{nodeOf("Relu", []string{"x"}, []string{"y"})},
				input:   valueOf("x", []int{-1, 2, 4, 4}),
				outputs: y,
			},
			"not fixed",
		},
		{
			"auto_pad",
			testModel{
				nodes:   []pb{nodeOf("Conv", []string{"x", "w"}, []string{"y"}, attrS("auto_pad", "SAME_UPPER"))},
				inits:   []pb{w},
				input:   x,
				outputs: y,
			},
			"auto_pad",
		},
		{
			"a Slice step",
			testModel{nodes: []pb{nodeOf("Slice", []string{"x", "s", "e", "a", "st"}, []string{"y"})}, inits: []pb{
				intTensor(
					"s",
					[]int{1},
					[]int64{0},
				), intTensor("e", []int{1}, []int64{4}), intTensor("a", []int{1}, []int64{3}), intTensor("st", []int{1},
					[]int64{2})},
				input: x, outputs: y},
			"step 2",
		},
		{
			"training BatchNormalization",
			testModel{
				nodes: []pb{
					nodeOf(
						"BatchNormalization",
						[]string{"x", "g", "g", "g", "g"},
						[]string{"y"},
						attrI("training_mode", 1),
					),
				},
				inits:   []pb{floatTensor("g", []int{2}, []float32{1, 1})},
				input:   x,
				outputs: y,
			},
			"training mode",
		},
		{"an int32 tensor", testModel{nodes: []pb{nodeOf("Relu", []string{"x"}, []string{"y"})},
			inits: []pb{
				pb{}.varint(1, 1).varint(2, 6).str(8, "i").bytes(9, []byte{0, 0, 0, 0}),
			}, input: x, outputs: y}, "element type 6"},
		{"Gather of a computed tensor", testModel{nodes: []pb{nodeOf("Gather", []string{"x", "i"}, []string{"y"})},
			inits: []pb{intTensor("i", nil, []int64{0})}, input: x, outputs: y}, "gathering from a computed tensor"},
		{
			"a value used before it is computed",
			testModel{nodes: []pb{nodeOf("Relu", []string{"z"}, []string{"y"})}, input: x, outputs: y},
			`input "z"`,
		},
		{
			"an output nothing computes",
			testModel{nodes: []pb{nodeOf("Relu", []string{"x"}, []string{"r"})}, input: x, outputs: y},
			`output "y"`,
		},
		{"weights of the wrong size", testModel{nodes: []pb{nodeOf("Conv", []string{"x", "w"}, []string{"y"})},
			inits: []pb{
				floatTensor("w", []int{2, 2, 1, 1}, make([]float32, 3)),
			}, input: x, outputs: y}, "12 bytes of float32 data"},
		{
			"a convolution with channels not split by its groups",
			testModel{nodes: []pb{nodeOf("Conv", []string{"x", "w"}, []string{"y"}, attrI("group", 3))},
				inits: []pb{w}, input: x, outputs: y},
			"3 groups",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(tt.m.encode())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one naming %q", err, tt.want)
			}
		})
	}
}

func TestRunChecksBuffers(t *testing.T) {
	n := load(
		t,
		testModel{
			nodes:   []pb{nodeOf("Relu", []string{"x"}, []string{"y"})},
			input:   valueOf("x", []int{1, 4}),
			outputs: []pb{valueOf("y", []int{1, 4})},
		},
	)
	if err := n.Run(make([]float32, 3), make([]float32, 4)); err == nil {
		t.Error("an input of 3 values for 4 was accepted")
	}
	if err := n.Run(make([]float32, 4), make([]float32, 5)); err == nil {
		t.Error("an output buffer of 5 values for 4 was accepted")
	}
	if err := n.Run(make([]float32, 4)); err == nil {
		t.Error("a run without its output buffer was accepted")
	}
}

// TestConcurrentRuns: one Net, many goroutines, each result the same as a run alone.
func TestConcurrentRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	s := convSpec{4, 16, 16, 8, 3, 3, 1, 1, 1, 1, 1, [4]int{1, 1, 1, 1}}
	n := load(t, convModel(s, randoms(r, 8*4*9), randoms(r, 8), nodeOf("Relu", []string{"conv"}, []string{"y"})))
	inputs := make([][]float32, 8)
	want := make([][]float32, 8)
	for i := range inputs {
		inputs[i] = randoms(r, 4*16*16)
		want[i] = run(t, n, inputs[i])[0]
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(inputs))
	for i := range inputs {
		wg.Go(func() {
			for range 20 {
				out := make([]float32, 8*16*16)
				if err := n.Run(inputs[i], out); err != nil {
					errs <- err
					return
				}
				if !slices.Equal(out, want[i]) {
					errs <- fmt.Errorf("input %d: concurrent run differs", i)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestLivenessModels loads the five models this package exists for (liveness's three, face
// match's two), and checks it implements exactly their operators: each one some model uses, and
// none more.
func TestLivenessModels(t *testing.T) {
	dir := os.Getenv("MODELS_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "models")
	}
	used := map[string]bool{}
	for _, name := range []string{"ultraface-rfb-320.onnx", "minifasnet-v2-scale2.7.onnx",
		"minifasnet-v1se-scale4.0.onnx",
		"yunet-2023mar-int8bq.onnx", "sface-2021dec-int8bq.onnx"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, os.ErrNotExist) && os.Getenv("CI") != "true" {
			t.Skipf("%v (set MODELS_DIR)", err)
		}
		if err != nil {
			t.Fatal(err)
		}
		n, err := Load(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, err := parseModel(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, node := range g.nodes {
			used[node.op] = true
		}
		steps := map[string]int{}
		for _, s := range n.steps {
			steps[s.op]++
		}
		t.Logf(
			"%s: operator set %d, %v in, %v out, %.0f MFLOPs, %d nodes run as %d steps %v",
			name,
			g.opset,
			n.Input(),
			n.Outputs(),
			float64(n.FLOPs())/1e6,
			len(g.nodes),
			len(n.steps),
			steps,
		)
	}
	var models []string
	for op := range used {
		models = append(models, op)
	}
	slices.Sort(models)
	if !slices.Equal(models, Operators()) {
		t.Errorf("the models use %v, the package implements %v", models, Operators())
	}
}

// FuzzLoad: any bytes are refused or loaded, never a panic, and what loads runs.
func FuzzLoad(f *testing.F) {
	s := convSpec{2, 3, 3, 2, 3, 3, 1, 1, 1, 1, 1, [4]int{1, 1, 1, 1}}
	f.Add(
		convModel(s, make([]float32, 36), make([]float32, 2), nodeOf("Relu", []string{"conv"}, []string{"y"})).encode(),
	)
	f.Add(testModel{opset: 9, nodes: []pb{nodeOf("Softmax", []string{"x"}, []string{"y"}, attrI("axis", 1))},
		input: valueOf("x", []int{1, 4}), outputs: []pb{valueOf("y", []int{1, 4})}}.encode())
	f.Add([]byte{0x0a, 0x80})
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Load(data)
		if err != nil || numel(n.Input().Shape) > 1<<16 {
			return
		}
		var outs [][]float32
		for _, o := range n.Outputs() {
			if numel(o.Shape) > 1<<16 {
				return
			}
			outs = append(outs, make([]float32, numel(o.Shape)))
		}
		if err := n.Run(make([]float32, numel(n.Input().Shape)), outs...); err != nil {
			t.Error(err)
		}
	})
}
