//go:build !purego

package onnx

import "golang.org/x/sys/cpu"

// vectorKernels reports whether the assembly kernels can run: on amd64 they need AVX2 and FMA
// (Haswell, Zen and later). Without them the scalar kernels run.
var vectorKernels = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// gemmKernel is gemmKernelGo in AVX2 and FMA: the tile in twelve registers, two vectors of
// input and a broadcast weight per multiply-add pair.
//
//go:noescape
func gemmKernel(k int, a, b *float32, ldb int, c *float32, ldc int, bias, slope *float32, flags int)

// depthwise3x3s1 and depthwise3x3s2 are depthwisePlaneGo of stride 1 and 2 in assembly.
//
//go:noescape
func depthwise3x3s1(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32)

//go:noescape
func depthwise3x3s2(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32)
