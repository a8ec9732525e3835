package onnx

import "fmt"

// attrInt returns an integer attribute or def.
func attrInt(n node, name string, def int64) (int64, error) {
	a, ok := n.attrs[name]
	if !ok {
		return def, nil
	}
	if a.typ != attrTypeInt {
		return 0, fmt.Errorf("attribute %s: type %d, want an integer", name, a.typ)
	}
	return a.i, nil
}

// attrInts returns an integer-list attribute, or nil when it is absent.
func attrInts(n node, name string) ([]int64, bool, error) {
	a, ok := n.attrs[name]
	if !ok {
		return nil, false, nil
	}
	if a.typ != attrTypeInts {
		return nil, false, fmt.Errorf("attribute %s: type %d, want integers", name, a.typ)
	}
	return a.ints, true, nil
}

// attrFloat returns a float attribute or def.
func attrFloat(n node, name string, def float32) (float32, error) {
	a, ok := n.attrs[name]
	if !ok {
		return def, nil
	}
	if a.typ != attrTypeFloat {
		return 0, fmt.Errorf("attribute %s: type %d, want a float", name, a.typ)
	}
	return a.f, nil
}

// attrString returns a string attribute or def.
func attrString(n node, name, def string) (string, error) {
	a, ok := n.attrs[name]
	if !ok {
		return def, nil
	}
	if a.typ != attrTypeString {
		return "", fmt.Errorf("attribute %s: type %d, want a string", name, a.typ)
	}
	return a.s, nil
}

// maxSize bounds every size, stride, dilation and padding a spatial attribute gives.
const maxSize = 1 << 16

// attrSizes returns a spatial attribute (kernel_shape, strides, dilations, pads) as count sizes,
// each from least to maxSize, and whether the node has it.
func attrSizes(n node, name string, count int, least int64) ([]int, bool, error) {
	v, ok, err := attrInts(n, name)
	if err != nil || !ok {
		return nil, ok, err
	}
	if len(v) != count {
		return nil, true, fmt.Errorf("attribute %s %v: want %d values", name, v, count)
	}
	sizes := make([]int, count)
	for i, d := range v {
		if d < least || d > maxSize {
			return nil, true, fmt.Errorf("attribute %s %v", name, v)
		}
		sizes[i] = int(d)
	}
	return sizes, true, nil
}

// attrSizesOr is attrSizes with count sizes of def when the node lacks the attribute.
func attrSizesOr(n node, name string, count int, least int64, def int) ([]int, error) {
	sizes, ok, err := attrSizes(n, name, count, least)
	if err != nil || ok {
		return sizes, err
	}
	sizes = make([]int, count)
	for i := range sizes {
		sizes[i] = def
	}
	return sizes, nil
}

// explicitPads refuses an auto_pad other than NOTSET: Conv and MaxPool take their padding from
// the pads attribute only.
func explicitPads(n node) error {
	if a, ok := n.attrs["auto_pad"]; ok && (a.typ != attrTypeString || a.s != "NOTSET") {
		return fmt.Errorf("auto_pad %q is not supported (explicit pads are)", a.s)
	}
	return nil
}

// axisOf normalises a possibly negative axis of a rank-r tensor.
func axisOf(axis int64, r int) (int, error) {
	if axis < 0 {
		axis += int64(r)
	}
	if axis < 0 || axis >= int64(r) {
		return 0, fmt.Errorf("axis %d is out of range for rank %d", axis, r)
	}
	return int(axis), nil
}
