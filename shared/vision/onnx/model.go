package onnx

import (
	"encoding/binary"
	"fmt"
	"math"
)

// ONNX tensor element types this package reads (TensorProto.DataType).
const (
	typeFloat = 1
	typeInt8  = 3
	typeInt64 = 7
)

// ONNX attribute types (AttributeProto.AttributeType).
const (
	attrTypeFloat   = 1
	attrTypeInt     = 2
	attrTypeString  = 3
	attrTypeTensor  = 4
	attrTypeFloats  = 6
	attrTypeInts    = 7
	attrTypeUnknown = 0
)

// maxElements bounds one tensor's element count, so that a corrupt header cannot ask for
// gigabytes: the largest tensor of the liveness models has 307,200.
const maxElements = 1 << 26

// tensor is a constant: an initializer, a Constant node's value, or a folded result. Exactly one
// of f32 and i64 holds its elements, in row-major order.
type tensor struct {
	shape []int
	f32   []float32
	i64   []int64
	i8    []int8 // quantised weights, read only by DequantizeLinear (quant.go)
}

// attribute is one node attribute; typ says which field holds its value.
type attribute struct {
	typ    int
	f      float32
	i      int64
	s      string
	t      *tensor
	ints   []int64
	floats []float32
}

// node is one NodeProto.
type node struct {
	op, name, domain string
	inputs, outputs  []string
	attrs            map[string]attribute
}

// valueInfo is a graph input or output: its name and declared shape (-1 for a dimension that is
// not a fixed number).
type valueInfo struct {
	name  string
	elem  int
	shape []int
}

// graph is what Load needs of a ModelProto.
type graph struct {
	opset          int
	nodes          []node
	initializers   map[string]*tensor
	inputs, output []valueInfo
}

// parseModel reads a serialised ModelProto.
func parseModel(data []byte) (*graph, error) {
	g := &graph{initializers: map[string]*tensor{}}
	var body []byte
	opsets := 0
	err := fields(data, func(f field) error {
		switch f.num {
		case 7: // graph
			if f.wire != wireBytes {
				return fmt.Errorf("model graph: wire type %d", f.wire)
			}
			body = f.bytes
		case 8: // opset_import
			if f.wire != wireBytes {
				return fmt.Errorf("model opset_import: wire type %d", f.wire)
			}
			domain, version := "", int64(0)
			if err := fields(f.bytes, func(o field) error {
				var err error
				switch o.num {
				case 1:
					domain, err = o.str()
				case 2:
					version, err = o.int()
				}
				return err
			}); err != nil {
				return fmt.Errorf("opset_import: %w", err)
			}
			if domain != "" && domain != "ai.onnx" {
				return fmt.Errorf("operator set domain %q is not supported", domain)
			}
			g.opset = int(version)
			opsets++
		case 25: // functions
			return fmt.Errorf("model-local functions are not supported")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if body == nil {
		return nil, fmt.Errorf("the model has no graph")
	}
	if opsets != 1 {
		return nil, fmt.Errorf("the model imports %d operator sets, want the default one only", opsets)
	}
	err = fields(body, func(f field) error {
		if f.wire != wireBytes {
			return nil
		}
		switch f.num {
		case 1:
			n, err := parseNode(f.bytes)
			if err != nil {
				return err
			}
			g.nodes = append(g.nodes, n)
		case 5:
			name, t, err := parseTensor(f.bytes)
			if err != nil {
				return fmt.Errorf("initializer %q: %w", name, err)
			}
			g.initializers[name] = t
		case 11, 12:
			v, err := parseValueInfo(f.bytes)
			if err != nil {
				return err
			}
			if f.num == 11 {
				g.inputs = append(g.inputs, v)
			} else {
				g.output = append(g.output, v)
			}
		case 15:
			return fmt.Errorf("sparse initializers are not supported")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

func parseNode(data []byte) (node, error) {
	n := node{attrs: map[string]attribute{}}
	err := fields(data, func(f field) error {
		var err error
		var s string
		switch f.num {
		case 1:
			s, err = f.str()
			n.inputs = append(n.inputs, s)
		case 2:
			s, err = f.str()
			n.outputs = append(n.outputs, s)
		case 3:
			n.name, err = f.str()
		case 4:
			n.op, err = f.str()
		case 7:
			n.domain, err = f.str()
		case 5:
			var name string
			var a attribute
			if f.wire != wireBytes {
				return fmt.Errorf("attribute: wire type %d", f.wire)
			}
			if name, a, err = parseAttribute(f.bytes); err != nil {
				return fmt.Errorf("attribute %q: %w", name, err)
			}
			if _, dup := n.attrs[name]; dup {
				return fmt.Errorf("attribute %q twice", name)
			}
			n.attrs[name] = a
		}
		return err
	})
	if err != nil {
		return n, fmt.Errorf("node %q (%s): %w", n.name, n.op, err)
	}
	return n, nil
}

func parseAttribute(data []byte) (string, attribute, error) {
	var name string
	a := attribute{typ: attrTypeUnknown}
	seen := attrTypeUnknown // the type implied by the value fields, for exports that leave type unset
	err := fields(data, func(f field) error {
		var err error
		switch f.num {
		case 1:
			name, err = f.str()
		case 20:
			var t int64
			t, err = f.int()
			a.typ = int(t)
		case 2:
			if f.wire != wireFixed32 {
				return fmt.Errorf("float: wire type %d", f.wire)
			}
			a.f, seen = math.Float32frombits(uint32(f.value)), attrTypeFloat
		case 3:
			a.i, err = f.int()
			seen = attrTypeInt
		case 4:
			if f.wire != wireBytes {
				return fmt.Errorf("string: wire type %d", f.wire)
			}
			a.s, seen = string(f.bytes), attrTypeString
		case 5:
			if f.wire != wireBytes {
				return fmt.Errorf("tensor: wire type %d", f.wire)
			}
			_, a.t, err = parseTensor(f.bytes)
			seen = attrTypeTensor
		case 7:
			a.floats, err = f.appendFloats(a.floats)
			seen = attrTypeFloats
		case 8:
			a.ints, err = f.appendInts(a.ints)
			seen = attrTypeInts
		case 6, 9, 10, 11, 14, 15, 21, 22, 23:
			return fmt.Errorf(
				"attribute field %d (graphs, strings, tensors, type or references) is not supported",
				f.num,
			)
		}
		return err
	})
	if err != nil {
		return name, a, err
	}
	if a.typ == attrTypeUnknown {
		a.typ = seen
	}
	if a.typ == attrTypeUnknown {
		return name, a, fmt.Errorf("attribute without a value")
	}
	return name, a, nil
}

// parseTensor reads a TensorProto of float32 or int64 elements, stored as raw little-endian bytes
// or in its typed fields.
func parseTensor(data []byte) (string, *tensor, error) {
	var name string
	var dims []int64
	var elem int64
	var raw []byte
	var floats []float32
	var ints []int64
	hasRaw := false
	err := fields(data, func(f field) error {
		var err error
		switch f.num {
		case 1:
			dims, err = f.appendInts(dims)
		case 2:
			elem, err = f.int()
		case 8:
			name, err = f.str()
		case 9:
			if f.wire != wireBytes {
				return fmt.Errorf("raw_data: wire type %d", f.wire)
			}
			raw, hasRaw = f.bytes, true
		case 4:
			floats, err = f.appendFloats(floats)
		case 7:
			ints, err = f.appendInts(ints)
		case 3:
			return fmt.Errorf("segmented tensors are not supported")
		case 5, 6, 10, 11:
			return fmt.Errorf("tensor data field %d is not supported", f.num)
		case 13:
			return fmt.Errorf("external tensor data is not supported")
		case 14:
			if f.value != 0 {
				return fmt.Errorf("external tensor data is not supported")
			}
		}
		return err
	})
	if err != nil {
		return name, nil, err
	}
	shape := make([]int, len(dims))
	size := 1
	for i, d := range dims {
		if d < 0 || d > maxElements || size*int(d) > maxElements {
			return name, nil, fmt.Errorf("shape %v is out of bounds", dims)
		}
		shape[i] = int(d)
		size *= int(d)
	}
	t := &tensor{shape: shape}
	switch elem {
	case typeFloat:
		if hasRaw {
			if len(raw) != 4*size {
				return name, nil, fmt.Errorf("%d bytes of float32 data for shape %v", len(raw), dims)
			}
			floats = make([]float32, size)
			for i := range floats {
				floats[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i : 4*i+4]))
			}
		}
		if len(floats) != size {
			return name, nil, fmt.Errorf("%d float32 values for shape %v", len(floats), dims)
		}
		t.f32 = floats
		if t.f32 == nil {
			t.f32 = []float32{}
		}
	case typeInt64:
		if hasRaw {
			if len(raw) != 8*size {
				return name, nil, fmt.Errorf("%d bytes of int64 data for shape %v", len(raw), dims)
			}
			ints = make([]int64, size)
			for i := range ints {
				ints[i] = int64(binary.LittleEndian.Uint64(raw[8*i:]))
			}
		}
		if len(ints) != size {
			return name, nil, fmt.Errorf("%d int64 values for shape %v", len(ints), dims)
		}
		t.i64 = ints
		if t.i64 == nil {
			t.i64 = []int64{}
		}
	case typeInt8:
		if !hasRaw || len(raw) != size {
			return name, nil, fmt.Errorf("%d bytes of int8 data for shape %v (raw data is supported)", len(raw), dims)
		}
		t.i8 = int8s(raw)
	default:
		return name, nil, fmt.Errorf("element type %d is not supported (float32, int64 and int8 are)", elem)
	}
	return name, t, nil
}

// parseValueInfo reads a graph input's or output's name, element type and shape.
func parseValueInfo(data []byte) (valueInfo, error) {
	var v valueInfo
	err := fields(data, func(f field) error {
		switch f.num {
		case 1:
			s, err := f.str()
			v.name = s
			return err
		case 2: // TypeProto
			if f.wire != wireBytes {
				return fmt.Errorf("type: wire type %d", f.wire)
			}
			return fields(f.bytes, func(t field) error {
				if t.num != 1 { // tensor_type; sequences, maps and optionals are not tensors
					return fmt.Errorf("value %q is not a tensor", v.name)
				}
				if t.wire != wireBytes {
					return fmt.Errorf("tensor type: wire type %d", t.wire)
				}
				return fields(t.bytes, func(tt field) error {
					switch tt.num {
					case 1:
						e, err := tt.int()
						v.elem = int(e)
						return err
					case 2:
						if tt.wire != wireBytes {
							return fmt.Errorf("shape: wire type %d", tt.wire)
						}
						v.shape = []int{}
						return fields(tt.bytes, func(d field) error {
							if d.num != 1 || d.wire != wireBytes {
								return nil
							}
							dim := -1
							err := fields(d.bytes, func(x field) error {
								if x.num == 1 {
									n, err := x.int()
									if err == nil && n >= 0 && n <= maxElements {
										dim = int(n)
									}
									return err
								}
								return nil
							})
							v.shape = append(v.shape, dim)
							return err
						})
					}
					return nil
				})
			})
		}
		return nil
	})
	if err != nil {
		return v, fmt.Errorf("value %q: %w", v.name, err)
	}
	return v, nil
}

// numel is the number of elements of a shape.
func numel(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}
