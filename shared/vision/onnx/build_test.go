package onnx

import (
	"encoding/binary"
	"math"
)

// pb builds protobuf messages for the tests' hand-made models.
type pb []byte

func (p pb) key(num, wire int) pb { return binary.AppendUvarint(p, uint64(num<<3|wire)) }

func (p pb) varint(num int, v int64) pb {
	return binary.AppendUvarint(p.key(num, wireVarint), uint64(v))
}

func (p pb) bytes(num int, b []byte) pb {
	p = binary.AppendUvarint(p.key(num, wireBytes), uint64(len(b)))
	return append(p, b...)
}

func (p pb) str(num int, s string) pb { return p.bytes(num, []byte(s)) }

func (p pb) float(num int, f float32) pb {
	return binary.LittleEndian.AppendUint32(p.key(num, wireFixed32), math.Float32bits(f))
}

// floatTensor is a TensorProto of float32 values in raw_data.
func floatTensor(name string, shape []int, v []float32) pb {
	var p pb
	for _, d := range shape {
		p = p.varint(1, int64(d))
	}
	p = p.varint(2, typeFloat).str(8, name)
	raw := make([]byte, 0, 4*len(v))
	for _, f := range v {
		raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(f))
	}
	return p.bytes(9, raw)
}

// intTensor is a TensorProto of int64 values in int64_data (packed).
func intTensor(name string, shape []int, v []int64) pb {
	var p pb
	for _, d := range shape {
		p = p.varint(1, int64(d))
	}
	p = p.varint(2, typeInt64).str(8, name)
	var packed []byte
	for _, x := range v {
		packed = binary.AppendUvarint(packed, uint64(x))
	}
	return p.bytes(7, packed)
}

func attrI(name string, v int64) pb { return pb{}.str(1, name).varint(3, v).varint(20, attrTypeInt) }

func attrF(name string, v float32) pb {
	return pb{}.str(1, name).float(2, v).varint(20, attrTypeFloat)
}

func attrS(name, v string) pb { return pb{}.str(1, name).str(4, v).varint(20, attrTypeString) }

func attrT(name string, t pb) pb { return pb{}.str(1, name).bytes(5, t).varint(20, attrTypeTensor) }

func attrIs(name string, v ...int64) pb {
	var packed []byte
	for _, x := range v {
		packed = binary.AppendUvarint(packed, uint64(x))
	}
	return pb{}.str(1, name).bytes(8, packed).varint(20, attrTypeInts)
}

// nodeOf is a NodeProto.
func nodeOf(op string, in, out []string, attrs ...pb) pb {
	p := pb{}
	for _, s := range in {
		p = p.str(1, s)
	}
	for _, s := range out {
		p = p.str(2, s)
	}
	p = p.str(3, op+"_"+out[0]).str(4, op)
	for _, a := range attrs {
		p = p.bytes(5, a)
	}
	return p
}

// valueOf is a float32 ValueInfoProto; a negative dimension is written as a symbolic one.
func valueOf(name string, shape []int) pb {
	var dims pb
	for _, d := range shape {
		if d < 0 {
			dims = dims.bytes(1, pb{}.str(2, "batch"))
		} else {
			dims = dims.bytes(1, pb{}.varint(1, int64(d)))
		}
	}
	tensorType := pb{}.varint(1, typeFloat).bytes(2, dims)
	return pb{}.str(1, name).bytes(2, pb{}.bytes(1, tensorType))
}

// testModel is a model to encode: its operator set, nodes, initializers, one input and outputs.
type testModel struct {
	opset   int
	nodes   []pb
	inits   []pb
	input   pb
	outputs []pb
}

func (m testModel) encode() []byte {
	g := pb{}
	for _, n := range m.nodes {
		g = g.bytes(1, n)
	}
	g = g.str(2, "test")
	for _, t := range m.inits {
		g = g.bytes(5, t)
	}
	g = g.bytes(11, m.input)
	for _, o := range m.outputs {
		g = g.bytes(12, o)
	}
	opset := m.opset
	if opset == 0 {
		opset = 17
	}
	return pb{}.varint(1, 8).str(2, "test").bytes(7, g).bytes(8, pb{}.str(1, "").varint(2, int64(opset)))
}
