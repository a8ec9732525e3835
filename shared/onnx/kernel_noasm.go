//go:build (!amd64 && !arm64) || purego

package onnx

import "unsafe"

// vectorKernels is false without assembly kernels: the scalar kernels run.
var vectorKernels = false

// gemmKernel runs gemmKernelGo, so the vector path's blocking can be tested on any architecture.
func gemmKernel(k int, a, b, c *float32, ldc int, bias, slope *float32, flags int) {
	gemmKernelGo(k, unsafe.Slice(a, k*gemmMR), unsafe.Slice(b, k*gemmNR), unsafe.Slice(c, (gemmMR-1)*ldc+gemmNR), ldc,
		unsafe.Slice(bias, gemmMR), unsafe.Slice(slope, gemmMR), flags)
}
