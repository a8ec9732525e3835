package onnx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// faceModel reads one of the face-match models, or skips (fails under CI) when it is absent.
func faceModel(tb testing.TB, name string) []byte {
	tb.Helper()
	dir := os.Getenv("MODELS_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "models")
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, os.ErrNotExist) && os.Getenv("CI") != "true" {
		tb.Skipf("%v (set MODELS_DIR)", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// BenchmarkLoad measures what a cold start pays per model: parsing, dequantising the int8 blocks,
// folding batch normalisations and transposing the fully connected layer.
func BenchmarkLoad(b *testing.B) {
	for _, name := range []string{"yunet-2023mar-int8bq.onnx", "sface-2021dec-int8bq.onnx"} {
		b.Run(strings.TrimSuffix(name, ".onnx"), func(b *testing.B) {
			data := faceModel(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Load(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDequantizeRefuses: what DequantizeLinear cannot take is refused at Load, naming the cause.
func TestDequantizeRefuses(t *testing.T) {
	q := pb{}.varint(1, 4).varint(2, typeInt8).str(8, "q").bytes(9, []byte{1, 2, 3, 4})
	tests := []struct {
		name  string
		scale pb
		attrs []pb
		opset int
		want  string
	}{
		{
			"blocks before operator set 21",
			floatTensor("s", []int{2}, []float32{1, 2}),
			[]pb{attrI("axis", 0), attrI("block_size", 2)},
			19,
			"operator set 21",
		},
		{
			"a scale of the wrong block count",
			floatTensor("s", []int{3}, []float32{1, 2, 3}),
			[]pb{attrI("axis", 0), attrI("block_size", 2)},
			21,
			"want [2]",
		},
		{
			"a per-axis scale of the wrong length",
			floatTensor("s", []int{3}, []float32{1, 2, 3}),
			[]pb{attrI("axis", 0)},
			21,
			"along axis 0",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := testModel{opset: tt.opset,
				nodes: []pb{
					nodeOf("DequantizeLinear", []string{"q", "s"}, []string{"w"}, tt.attrs...),
					nodeOf("Mul", []string{"x", "w"}, []string{"y"}),
				},
				inits: []pb{q, tt.scale}, input: valueOf("x", []int{4}), outputs: []pb{valueOf("y", []int{4})}}
			_, err := Load(m.encode())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Load: %v, want an error naming %q", err, tt.want)
			}
		})
	}
}
