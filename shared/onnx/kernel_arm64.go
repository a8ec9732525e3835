//go:build !purego

package onnx

import "golang.org/x/sys/cpu"

// vectorKernels reports whether the assembly kernels can run: on arm64 they need Advanced SIMD
// (NEON), which every arm64 CPU Linux runs on has, Graviton included.
var vectorKernels = cpu.ARM64.HasASIMD

// gemmKernel is gemmKernelGo in NEON: the tile in 24 registers, each step four vectors of input
// and six weights, multiplied in by FMLA by element.
//
//go:noescape
func gemmKernel(k int, a, b, c *float32, ldc int, bias, slope *float32, flags int)
