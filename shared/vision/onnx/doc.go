// Package onnx runs small convolutional ONNX models (float32, batch 1, CPU) in pure Go: no cgo and
// no native library, so the liveness function is a static binary like every other function.
//
// It implements exactly the operators of the three liveness models (UltraFace RFB-320 at opset 9,
// MiniFASNetV2 and MiniFASNetV1SE at opset 17) and of the two face-match models (YuNet and SFace,
// opset 21, their weights int8 in blocks, dequantised to float32 at Load; see Operators), and
// refuses at Load any other
// operator, attribute, data type or dynamic shape, naming it. Load reads the model's protobuf with
// a minimal wire-format reader, infers every shape from the fixed input shape, evaluates what
// depends only on constants (the shape arithmetic of PyTorch's exports), folds batch normalisation
// into the convolution or matrix product before it and fuses the activation after a convolution
// into it. Convolutions run as matrix products (1×1 convolutions on the input as it is, others
// through im2col), depthwise ones directly.
//
// The matrix products (of convolutions and MatMul) and the 3×3 depthwise convolutions run on
// vector kernels in assembly, AVX2 with FMA on amd64 (chosen at run time) and NEON on arm64: a
// GEMM blocked as GEMM libraries do (weights packed at Load, input panels for the L1 cache, a
// 6×16 register-tiled micro-kernel) and one call per depthwise channel. The scalar Go kernels are
// their reference in tests and the fallback on other CPUs and with -tags purego.
//
// A Net is immutable after Load and safe for concurrent use: each Run takes its own scratch
// memory from a pool.
package onnx
