//go:build cgo

package onnx

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	ort "github.com/yalue/onnxruntime_go"
)

// The onnxruntime oracle: the operators the face models brought (DequantizeLinear with blocks,
// Gemm, Flatten, Dropout, MaxPool, nearest Resize) and the two models themselves run through
// onnxruntime and through this package on the same inputs.

// oracleEnv loads onnxruntime's library once per test binary. Without it (make onnxruntime
// fetches it) the test fails under CI=true and skips elsewhere.
var oracleEnv struct {
	once sync.Once
	err  error
}

func needOnnxruntime(t testing.TB) {
	t.Helper()
	lib := filepath.Join("..", "..", "..", ".local", "onnxruntime", "linux-"+runtime.GOARCH, "libonnxruntime.so.1")
	if _, err := os.Stat(lib); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the onnxruntime oracle needs its library (make onnxruntime): %v", err)
		}
		t.Skipf("the onnxruntime oracle needs its library (make onnxruntime): %v", err)
	}
	oracleEnv.once.Do(func() {
		ort.SetSharedLibraryPath(lib)
		oracleEnv.err = ort.InitializeEnvironment(ort.WithLogLevelError())
	})
	if oracleEnv.err != nil {
		t.Fatal(oracleEnv.err)
	}
}

// ortRun runs model through onnxruntime on one core: input in (of shape inShape) and the outputs
// of the given names and shapes.
func ortRun(t testing.TB, model []byte, inName string, inShape []int, in []float32, outs []Tensor) [][]float32 {
	t.Helper()
	o, err := ort.NewSessionOptions()
	if err != nil {
		t.Fatal(err)
	}
	defer o.Destroy()
	if err := errors.Join(o.SetIntraOpNumThreads(1), o.SetInterOpNumThreads(1)); err != nil {
		t.Fatal(err)
	}
	shape := func(s []int) ort.Shape {
		out := make(ort.Shape, len(s))
		for i, d := range s {
			out[i] = int64(d)
		}
		return out
	}
	var names []string
	for _, out := range outs {
		names = append(names, out.Name)
	}
	s, err := ort.NewDynamicAdvancedSessionWithONNXData(model, []string{inName}, names, o)
	if err != nil {
		t.Fatalf("onnxruntime: %v", err)
	}
	defer s.Destroy()
	input, err := ort.NewTensor(shape(inShape), in)
	if err != nil {
		t.Fatal(err)
	}
	defer input.Destroy()
	values := make([]ort.Value, len(outs))
	results := make([][]float32, len(outs))
	for i, out := range outs {
		results[i] = make([]float32, numel(out.Shape))
		v, err := ort.NewTensor(shape(out.Shape), results[i])
		if err != nil {
			t.Fatal(err)
		}
		defer v.Destroy()
		values[i] = v
	}
	if err := s.Run([]ort.Value{input}, values); err != nil {
		t.Fatalf("onnxruntime: %v", err)
	}
	return results
}

// againstOnnxruntime runs an encoded model through both and compares every output.
func againstOnnxruntime(t *testing.T, model []byte, in []float32, tol float64) {
	t.Helper()
	n, err := Load(model)
	if err != nil {
		t.Fatal(err)
	}
	got := run(t, n, in)
	want := ortRun(t, model, n.Input().Name, n.Input().Shape, in, n.Outputs())
	for i, o := range n.Outputs() {
		w := make([]float64, len(want[i]))
		for j, v := range want[i] {
			w[j] = float64(v)
		}
		near(t, o.Name, got[i], w, tol)
	}
}

// int8Tensor is a TensorProto of int8 values in raw_data.
func int8Tensor(name string, shape []int, v []int8) pb {
	var p pb
	for _, d := range shape {
		p = p.varint(1, int64(d))
	}
	raw := make([]byte, len(v))
	for i, x := range v {
		raw[i] = byte(x)
	}
	return p.varint(2, typeInt8).str(8, name).bytes(9, raw)
}

func randomInt8s(r *rand.Rand, n int) []int8 {
	v := make([]int8, n)
	for i := range v {
		v[i] = int8(r.IntN(256) - 128)
	}
	return v
}

func positives(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = 0.001 + r.Float32()*0.05
	}
	return v
}

// quantised is the initializers and node of a DequantizeLinear of random int8 weights of the
// given shape into out: scales of scaleShape, blocks of block along axis (0: none).
func quantised(r *rand.Rand, out string, shape, scaleShape []int, axis, block int64) ([]pb, pb) {
	inits := []pb{
		int8Tensor(out+"_q", shape, randomInt8s(r, numel(shape))),
		floatTensor(out+"_s", scaleShape, positives(r, numel(scaleShape))),
		int8Tensor(out+"_z", scaleShape, randomInt8s(r, numel(scaleShape))),
	}
	attrs := []pb{attrI("axis", axis)}
	if block > 0 {
		attrs = append(attrs, attrI("block_size", block))
	}
	return inits, nodeOf("DequantizeLinear", []string{out + "_q", out + "_s", out + "_z"}, []string{out}, attrs...)
}

func TestOracleFaceOperators(t *testing.T) {
	needOnnxruntime(t)
	r := rand.New(rand.NewPCG(25, 1))
	floatConst := func(name string, v ...float32) pb { return floatTensor(name, []int{len(v)}, v) }
	tests := []struct {
		name string
		m    func() testModel
	}{
		{"DequantizeLinear blocked along axis 1 with a short last block, into Gemm with transB", func() testModel {
			wi, wn := quantised(r, "w", []int{7, 20}, []int{7, 3}, 1, 8)
			bi, bn := quantised(r, "b", []int{7}, []int{2}, 0, 4)
			return testModel{
				opset:   21,
				nodes:   []pb{wn, bn, nodeOf("Gemm", []string{"x", "w", "b"}, []string{"y"}, attrI("transB", 1))},
				inits:   append(wi, bi...),
				input:   valueOf("x", []int{3, 20}),
				outputs: []pb{valueOf("y", []int{3, 7})},
			}
		}},
		{"DequantizeLinear blocked along axis 0, per axis and per tensor", func() testModel {
			ai, an := quantised(r, "a", []int{6, 5}, []int{2, 5}, 0, 4)
			bi, bn := quantised(r, "b", []int{6, 5}, []int{5}, 1, 0)
			ci, cn := quantised(r, "c", []int{6, 5}, []int{}, 1, 0)
			return testModel{opset: 21, nodes: []pb{an, bn, cn,
				nodeOf("Mul", []string{"x", "a"}, []string{"xa"}), nodeOf("Add", []string{"xa", "b"}, []string{"xb"}),
				nodeOf("Sub", []string{"xb", "c"}, []string{"y"})},
				inits: slicesConcat(
					ai,
					bi,
					ci,
				), input: valueOf("x", []int{1, 6, 5}), outputs: []pb{valueOf("y", []int{1, 6, 5})}}
		}},
		{"Gemm with alpha, beta and a scalar C", func() testModel {
			return testModel{
				opset: 21,
				nodes: []pb{
					nodeOf("Gemm", []string{"x", "w", "c"}, []string{"y"}, attrF("alpha", 0.5), attrF("beta", 2)),
				},
				inits:   []pb{floatTensor("w", []int{9, 4}, randoms(r, 36)), floatConst("c", 0.25)},
				input:   valueOf("x", []int{2, 9}),
				outputs: []pb{valueOf("y", []int{2, 4})},
			}
		}},
		{"Gemm without C then BatchNormalization (folded)", func() testModel {
			v := positives(r, 5)
			return testModel{
				opset: 13,
				nodes: []pb{nodeOf("Gemm", []string{"x", "w"}, []string{"g"}, attrI("transB", 1)),
					nodeOf(
						"BatchNormalization",
						[]string{"g", "s", "b", "m", "v"},
						[]string{"y"},
						attrF("epsilon", 2e-5),
					)},
				inits: []pb{floatTensor("w", []int{5, 70}, randoms(r, 350)), floatTensor("s", []int{5}, randoms(r, 5)),
					floatTensor(
						"b",
						[]int{5},
						randoms(r, 5),
					), floatTensor("m", []int{5}, randoms(r, 5)), floatTensor("v", []int{5}, v)},
				input:   valueOf("x", []int{1, 70}),
				outputs: []pb{valueOf("y", []int{1, 5})},
			}
		}},
		{"Dropout with a ratio, Flatten, Gemm", func() testModel {
			return testModel{opset: 21, nodes: []pb{nodeOf("Relu", []string{"x"}, []string{"r"}),
				nodeOf(
					"Dropout",
					[]string{"r", "ratio"},
					[]string{"d"},
				), nodeOf("Flatten", []string{"d"}, []string{"f"}),
				nodeOf("Gemm", []string{"f", "w", "c"}, []string{"y"}, attrI("transB", 1))},
				inits: []pb{
					floatTensor("ratio", nil, []float32{0.4}),
					floatTensor("w", []int{6, 48}, randoms(r, 288)),
					floatTensor("c", []int{6}, randoms(r, 6)),
				},
				input: valueOf("x", []int{1, 3, 4, 4}), outputs: []pb{valueOf("y", []int{1, 6})}}
		}},
		{"Flatten at axis 2", func() testModel {
			return testModel{
				opset: 13,
				nodes: []pb{
					nodeOf("Relu", []string{"x"}, []string{"r"}),
					nodeOf("Flatten", []string{"r"}, []string{"y"}, attrI("axis", 2)),
				},
				input:   valueOf("x", []int{2, 3, 4, 5}),
				outputs: []pb{valueOf("y", []int{6, 20})},
			}
		}},
		{"MaxPool 2x2 stride 2 on odd sizes", func() testModel {
			return testModel{
				opset: 21,
				nodes: []pb{
					nodeOf(
						"MaxPool",
						[]string{"x"},
						[]string{"y"},
						attrIs("kernel_shape", 2, 2),
						attrIs("strides", 2, 2),
						attrIs("pads", 0, 0, 0, 0),
						attrI("ceil_mode", 0),
					),
				},
				input:   valueOf("x", []int{1, 3, 9, 11}),
				outputs: []pb{valueOf("y", []int{1, 3, 4, 5})},
			}
		}},
		{"MaxPool 3x3 stride 2 pad 1", func() testModel {
			return testModel{
				opset: 13,
				nodes: []pb{
					nodeOf(
						"MaxPool",
						[]string{"x"},
						[]string{"y"},
						attrIs("kernel_shape", 3, 3),
						attrIs("strides", 2, 2),
						attrIs("pads", 1, 1, 1, 1),
					),
				},
				input:   valueOf("x", []int{1, 2, 10, 7}),
				outputs: []pb{valueOf("y", []int{1, 2, 5, 4})},
			}
		}},
		{"MaxPool 3x2 stride 1, asymmetric pads", func() testModel {
			return testModel{
				opset: 13,
				nodes: []pb{
					nodeOf(
						"MaxPool",
						[]string{"x"},
						[]string{"y"},
						attrIs("kernel_shape", 3, 2),
						attrIs("pads", 2, 0, 1, 1),
					),
				},
				input:   valueOf("x", []int{1, 2, 6, 5}),
				outputs: []pb{valueOf("y", []int{1, 2, 7, 5})},
			}
		}},
		{"Resize nearest x2, asymmetric, floor (YuNet's)", func() testModel {
			return resizeModel(
				floatConst("scales", 1, 1, 2, 2),
				[]int{1, 2, 5, 7},
				[]int{1, 2, 10, 14},
				attrS("coordinate_transformation_mode", "asymmetric"),
				attrS("mode", "nearest"),
				attrS("nearest_mode", "floor"),
				attrF("cubic_coeff_a", -0.75),
			)
		}},
		{"Resize nearest x1.5, defaults (half_pixel, round_prefer_floor)", func() testModel {
			return resizeModel(
				floatConst("scales", 1, 1, 1.5, 1.5),
				[]int{1, 2, 6, 7},
				[]int{1, 2, 9, 10},
				attrS("mode", "nearest"),
			)
		}},
		{"Resize nearest down x0.6, half_pixel, round_prefer_ceil", func() testModel {
			return resizeModel(
				floatConst("scales", 1, 1, 0.6, 0.6),
				[]int{1, 1, 10, 9},
				[]int{1, 1, 6, 5},
				attrS("mode", "nearest"),
				attrS("nearest_mode", "round_prefer_ceil"),
			)
		}},
		{"Resize nearest to sizes, align_corners, ceil", func() testModel {
			m := resizeModel(
				nil,
				[]int{1, 2, 5, 6},
				[]int{1, 2, 8, 13},
				attrS("mode", "nearest"),
				attrS("coordinate_transformation_mode", "align_corners"),
				attrS("nearest_mode", "ceil"),
			)
			m.inits = append(m.inits, intTensor("sizes", []int{4}, []int64{1, 2, 8, 13}))
			m.nodes[0] = nodeOf(
				"Resize",
				[]string{"x", "", "", "sizes"},
				[]string{"y"},
				attrS("mode", "nearest"),
				attrS("coordinate_transformation_mode", "align_corners"),
				attrS("nearest_mode", "ceil"),
			)
			return m
		}},
		{"Resize nearest x3, pytorch_half_pixel and tf_half_pixel_for_nn", func() testModel {
			return testModel{opset: 13, nodes: []pb{
				nodeOf(
					"Resize",
					[]string{"x", "roi", "scales"},
					[]string{"a"},
					attrS("mode", "nearest"),
					attrS("coordinate_transformation_mode", "pytorch_half_pixel"),
				),
				nodeOf(
					"Resize",
					[]string{"x", "roi", "scales"},
					[]string{"b"},
					attrS("mode", "nearest"),
					attrS("coordinate_transformation_mode", "tf_half_pixel_for_nn"),
				)},
				inits:   []pb{floatTensor("roi", []int{0}, nil), floatConst("scales", 1, 1, 3, 3)},
				input:   valueOf("x", []int{1, 1, 4, 3}),
				outputs: []pb{valueOf("a", []int{1, 1, 12, 9}), valueOf("b", []int{1, 1, 12, 9})}}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.m()
			n, err := Load(m.encode())
			if err != nil {
				t.Fatal(err)
			}
			againstOnnxruntime(t, m.encode(), randoms(r, numel(n.Input().Shape)), 1e-5)
		})
	}
}

// resizeModel is one Resize node (opset 13) from x of shape in to y of shape out, with an empty
// region of interest and the given scales (nil: none).
func resizeModel(scales pb, in, out []int, attrs ...pb) testModel {
	inits := []pb{floatTensor("roi", []int{0}, nil)}
	ins := []string{"x", "roi"}
	if scales != nil {
		inits = append(inits, scales)
		ins = append(ins, "scales")
	}
	return testModel{opset: 13, nodes: []pb{nodeOf("Resize", ins, []string{"y"}, attrs...)},
		inits: inits, input: valueOf("x", in), outputs: []pb{valueOf("y", out)}}
}

func slicesConcat(s ...[]pb) []pb {
	var out []pb
	for _, x := range s {
		out = append(out, x...)
	}
	return out
}

// forOnnxruntime re-encodes a model in the form onnxruntime 1.29 accepts, computing the same
// thing: without the graph inputs no node reads (SFace's quantiser left the float weights it
// replaced among them, and onnxruntime refuses it), and without block_size on a DequantizeLinear
// whose scale is one value in a vector (one block is per-tensor quantisation, as YuNet's biases have it;
// the operator's definition allows it, onnxruntime refuses it).
func forOnnxruntime(t testing.TB, model []byte) []byte {
	t.Helper()
	g, err := parseModel(model)
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]bool{}
	for _, n := range g.nodes {
		for _, in := range n.inputs {
			read[in] = true
		}
	}
	copyFields := func(data []byte, keep func(f *field) (bool, error)) (pb, error) {
		var out pb
		err := fields(data, func(f field) error {
			ok, err := keep(&f)
			if err != nil || !ok {
				return err
			}
			switch f.wire {
			case wireBytes:
				out = out.bytes(f.num, f.bytes)
			case wireVarint:
				out = out.varint(f.num, int64(f.value))
			default:
				return errors.New("unexpected wire type at the top of a model or graph")
			}
			return nil
		})
		return out, err
	}
	out, err := copyFields(model, func(f *field) (bool, error) {
		if f.num != 7 {
			return true, nil
		}
		body, err := copyFields(f.bytes, func(gf *field) (bool, error) {
			switch gf.num {
			case 11:
				v, err := parseValueInfo(gf.bytes)
				return read[v.name], err
			case 1:
				n, err := parseNode(gf.bytes)
				if err != nil || n.op != "DequantizeLinear" || len(n.inputs) < 2 ||
					g.initializers[n.inputs[1]] == nil ||
					len(g.initializers[n.inputs[1]].f32) != 1 ||
					len(g.initializers[n.inputs[1]].shape) > 1 {
					return true, err
				}
				gf.bytes, err = copyFields(gf.bytes, func(nf *field) (bool, error) {
					if nf.num != 5 {
						return true, nil
					}
					name, _, err := parseAttribute(nf.bytes)
					return name != "block_size", err
				})
				return true, err
			}
			return true, nil
		})
		f.bytes = body
		return true, err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestOracleFaceModels runs YuNet and SFace through onnxruntime and this package on the same
// input: a smooth synthetic image in the models' 0–255 range.
func TestOracleFaceModels(t *testing.T) {
	needOnnxruntime(t)
	dir := os.Getenv("MODELS_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "models")
	}
	for _, name := range []string{"yunet-2023mar-int8bq.onnx", "sface-2021dec-int8bq.onnx"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if errors.Is(err, os.ErrNotExist) && os.Getenv("CI") != "true" {
				t.Skipf("%v (set MODELS_DIR)", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			n, err := Load(data)
			if err != nil {
				t.Fatal(err)
			}
			shape := n.Input().Shape
			in := make([]float32, numel(shape))
			h, w := shape[2], shape[3]
			for i := range in {
				c, y, x := i/(h*w), i/w%h, i%w
				in[i] = float32(127.5 + 100*math.Sin(float64(x)/17+float64(c))*math.Cos(float64(y)/23))
			}
			got := run(t, n, in)
			want := ortRun(t, forOnnxruntime(t, data), n.Input().Name, shape, in, n.Outputs())
			for i, o := range n.Outputs() {
				worst := 0.0
				for j := range got[i] {
					worst = max(worst, math.Abs(float64(got[i][j]-want[i][j]))/max(1, math.Abs(float64(want[i][j]))))
				}
				t.Logf("%s: largest difference %.2g", o.Name, worst)
				if worst > 1e-4 {
					t.Errorf("%s differs from onnxruntime by %g", o.Name, worst)
				}
			}
		})
	}
}

// ortSession is one model's onnxruntime session on one thread, made once and run many times (the
// benchmarks' onnxruntime side; ortRun makes one per call).
type ortSession struct {
	s    *ort.DynamicAdvancedSession
	in   ort.Shape
	outs []ort.Shape
}

func ortShape(s []int) ort.Shape {
	out := make(ort.Shape, len(s))
	for i, d := range s {
		out[i] = int64(d)
	}
	return out
}

// newOrtSession prepares model (as forOnnxruntime re-encodes it) with input and outputs, destroyed
// when tb ends.
func newOrtSession(tb testing.TB, model []byte, input Tensor, outputs []Tensor) *ortSession {
	tb.Helper()
	needOnnxruntime(tb)
	o, err := ort.NewSessionOptions()
	if err != nil {
		tb.Fatal(err)
	}
	defer o.Destroy()
	if err := errors.Join(o.SetIntraOpNumThreads(1), o.SetInterOpNumThreads(1)); err != nil {
		tb.Fatal(err)
	}
	r := &ortSession{in: ortShape(input.Shape)}
	var names []string
	for _, out := range outputs {
		names = append(names, out.Name)
		r.outs = append(r.outs, ortShape(out.Shape))
	}
	if r.s, err = ort.NewDynamicAdvancedSessionWithONNXData(forOnnxruntime(tb, model), []string{input.Name}, names,
		o); err != nil {
		tb.Fatalf("onnxruntime: %v", err)
	}
	tb.Cleanup(func() { _ = r.s.Destroy() })
	return r
}

// Run runs the session on in, writing outs (the tensors wrap the slices: no copy).
func (r *ortSession) Run(in []float32, outs ...[]float32) error {
	input, err := ort.NewTensor(r.in, in)
	if err != nil {
		return err
	}
	defer input.Destroy()
	values := make([]ort.Value, len(outs))
	for i, o := range outs {
		v, err := ort.NewTensor(r.outs[i], o)
		if err != nil {
			return err
		}
		defer v.Destroy()
		values[i] = v
	}
	return r.s.Run([]ort.Value{input}, values)
}

// BenchmarkFaceModels runs YuNet and SFace once per iteration, in this package and in onnxruntime
// on one thread (its session made once, outside the loop), on the same input: a match costs one
// YuNet and one SFace run per image. BenchmarkFaceMatch (facematch_bench_test.go) measures the
// whole match.
func BenchmarkFaceModels(b *testing.B) {
	for _, name := range []string{"yunet-2023mar-int8bq.onnx", "sface-2021dec-int8bq.onnx"} {
		data := faceModel(b, name)
		n, err := Load(data)
		if err != nil {
			b.Fatal(err)
		}
		in := make([]float32, numel(n.Input().Shape))
		for i := range in {
			in[i] = float32(i % 251)
		}
		var outs [][]float32
		for _, o := range n.Outputs() {
			outs = append(outs, make([]float32, numel(o.Shape)))
		}
		for _, rt := range []string{"go", "onnxruntime"} {
			b.Run(name+"/"+rt, func(b *testing.B) {
				var r interface {
					Run(in []float32, outs ...[]float32) error
				} = n
				if rt == "onnxruntime" {
					r = newOrtSession(b, data, n.Input(), n.Outputs())
				}
				for b.Loop() {
					if err := r.Run(in, outs...); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
