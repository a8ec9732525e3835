package onnx

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Protobuf wire types.
const (
	wireVarint  = 0
	wireFixed64 = 1
	wireBytes   = 2
	wireFixed32 = 5
)

// field is one field of a protobuf message as it is on the wire: its number, wire type, and
// either its scalar value (varint, fixed32, fixed64) or its bytes (length-delimited).
type field struct {
	num   int
	wire  int
	value uint64
	bytes []byte
}

var errTruncated = errors.New("truncated protobuf message")

// fields calls fn for each field of msg in order and stops at the first error. ONNX models are
// protobuf messages; reading the few fields this package needs from the wire format costs less
// code than a dependency on generated message types.
func fields(msg []byte, fn func(field) error) error {
	for len(msg) > 0 {
		key, n := binary.Uvarint(msg)
		if n <= 0 {
			return errTruncated
		}
		msg = msg[n:]
		f := field{num: int(key >> 3), wire: int(key & 7)}
		if f.num <= 0 || key>>3 > math.MaxInt32 {
			return fmt.Errorf("protobuf field number %d", key>>3)
		}
		switch f.wire {
		case wireVarint:
			if f.value, n = binary.Uvarint(msg); n <= 0 {
				return errTruncated
			}
			msg = msg[n:]
		case wireFixed64:
			if len(msg) < 8 {
				return errTruncated
			}
			f.value, msg = binary.LittleEndian.Uint64(msg), msg[8:]
		case wireFixed32:
			if len(msg) < 4 {
				return errTruncated
			}
			f.value, msg = uint64(binary.LittleEndian.Uint32(msg)), msg[4:]
		case wireBytes:
			l, n := binary.Uvarint(msg)
			if n <= 0 || l > uint64(len(msg)-n) {
				return errTruncated
			}
			f.bytes, msg = msg[n:n+int(l)], msg[n+int(l):]
		default:
			return fmt.Errorf("protobuf wire type %d (groups are not used by ONNX)", f.wire)
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	return nil
}

// str returns a length-delimited field as a string.
func (f field) str() (string, error) {
	if f.wire != wireBytes {
		return "", fmt.Errorf("field %d: wire type %d, want bytes", f.num, f.wire)
	}
	return string(f.bytes), nil
}

// int returns a varint field as a signed integer (int64 and int32 fields: two's complement).
func (f field) int() (int64, error) {
	if f.wire != wireVarint {
		return 0, fmt.Errorf("field %d: wire type %d, want varint", f.num, f.wire)
	}
	return int64(f.value), nil
}

// appendInts appends a repeated int64 field's values, packed or not.
func (f field) appendInts(dst []int64) ([]int64, error) {
	switch f.wire {
	case wireVarint:
		return append(dst, int64(f.value)), nil
	case wireBytes:
		for b := f.bytes; len(b) > 0; {
			v, n := binary.Uvarint(b)
			if n <= 0 {
				return nil, errTruncated
			}
			dst, b = append(dst, int64(v)), b[n:]
		}
		return dst, nil
	}
	return nil, fmt.Errorf("field %d: wire type %d, want repeated integers", f.num, f.wire)
}

// appendFloats appends a repeated float field's values, packed or not.
func (f field) appendFloats(dst []float32) ([]float32, error) {
	switch f.wire {
	case wireFixed32:
		return append(dst, math.Float32frombits(uint32(f.value))), nil
	case wireBytes:
		if len(f.bytes)%4 != 0 {
			return nil, errTruncated
		}
		for b := f.bytes; len(b) > 0; b = b[4:] {
			dst = append(dst, math.Float32frombits(binary.LittleEndian.Uint32(b)))
		}
		return dst, nil
	}
	return nil, fmt.Errorf("field %d: wire type %d, want repeated floats", f.num, f.wire)
}
