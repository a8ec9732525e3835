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
func gemmKernel(k int, a, b *float32, ldb int, c *float32, ldc int, bias, slope *float32, flags int)

// depthwise3x3s1 and depthwise3x3s2 are depthwisePlaneGo of stride 1 and 2 in assembly.
//
//go:noescape
func depthwise3x3s1(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32)

//go:noescape
func depthwise3x3s2(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32)
