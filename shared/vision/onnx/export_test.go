//go:build cgo

package onnx

// For the external tests of this directory (facematch_bench_test.go): an onnxruntime session of a
// model, made once.
var NewOrtSession = newOrtSession
