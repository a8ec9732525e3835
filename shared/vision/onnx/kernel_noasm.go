//go:build (!amd64 && !arm64) || purego

package onnx

import "unsafe"

// vectorKernels is false without assembly kernels: the scalar kernels run.
var vectorKernels = false

// gemmKernel runs gemmKernelGo, so the vector path's blocking can be tested on any architecture.
func gemmKernel(k int, a, b *float32, ldb int, c *float32, ldc int, bias, slope *float32, flags int) {
	gemmKernelGo(
		k,
		unsafe.Slice(a, k*gemmMR),
		unsafe.Slice(b, max(0, k-1)*ldb+gemmNR),
		ldb,
		unsafe.Slice(c, (gemmMR-1)*ldc+gemmNR),
		ldc,
		unsafe.Slice(bias, gemmMR),
		unsafe.Slice(slope, gemmMR),
		flags,
	)
}

// depthwise3x3s1 and depthwise3x3s2 run depthwisePlaneGo.
func depthwise3x3s1(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32) {
	depthwisePlane(dst, src, blocks, oh, ldd, lds, step, 1, w)
}

func depthwise3x3s2(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32) {
	depthwisePlane(dst, src, blocks, oh, ldd, lds, step, 2, w)
}

func depthwisePlane(dst, src *float32, blocks, oh, ldd, lds, step, stride int, w *float32) {
	depthwisePlaneGo(
		unsafe.Slice(dst, (oh-1)*ldd+blocks*depthwiseBlock),
		unsafe.Slice(
			src,
			(oh-1)*step+2*lds+stride*blocks*depthwiseBlock+2,
		),
		blocks,
		oh,
		ldd,
		lds,
		step,
		stride,
		unsafe.Slice(w, 9),
	)
}
