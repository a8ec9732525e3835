//go:build !purego

#include "textflag.h"

// Instructions Go's assembler does not know, encoded (Arm A64 manual, Advanced SIMD):
// FMLA Vd.4S, Vn.4S, Vm.S[i]; FMAX and FMIN Vd.4S, Vn.4S, Vm.4S.
#define FMLAE(d, n, m, i) WORD $(0x4F801000 | (((i)&1)<<21) | ((m)<<16) | (((i)>>1)<<11) | ((n)<<5) | (d))
#define FMAX(d, n, m) WORD $(0x4E20F400 | ((m)<<16) | ((n)<<5) | (d))
#define FMIN(d, n, m) WORD $(0x4EA0F400 | ((m)<<16) | ((n)<<5) | (d))

// func gemmKernel(k int, a, b *float32, ldb int, c *float32, ldc int, bias, slope *float32, flags int)
//
// The tile: row r of the output in V(8+4r) to V(11+4r), four columns each. Each step loads 16
// input values (V0 to V3), from rows of b ldb apart, and the 6 weights of the step (V4 and the low half of V5), and
// multiplies each weight, by lane, into its row.
TEXT ·gemmKernel(SB), NOSPLIT, $0-72
	MOVD k+0(FP), R4
	MOVD a+8(FP), R0
	MOVD b+16(FP), R1
	MOVD ldb+24(FP), R7
	LSL  $2, R7 // bytes between rows of b
	MOVD c+32(FP), R2
	MOVD ldc+40(FP), R3
	LSL  $2, R3 // bytes between rows of c
	MOVD flags+64(FP), R5
	TBNZ $0, R5, accumulate // kernelAccumulate
	MOVD bias+48(FP), R6
	VLD1 (R6), [V6.S4]
	FMOVD 16(R6), F7
	VDUP V6.S[0], V8.S4
	VDUP V6.S[0], V9.S4
	VDUP V6.S[0], V10.S4
	VDUP V6.S[0], V11.S4
	VDUP V6.S[1], V12.S4
	VDUP V6.S[1], V13.S4
	VDUP V6.S[1], V14.S4
	VDUP V6.S[1], V15.S4
	VDUP V6.S[2], V16.S4
	VDUP V6.S[2], V17.S4
	VDUP V6.S[2], V18.S4
	VDUP V6.S[2], V19.S4
	VDUP V6.S[3], V20.S4
	VDUP V6.S[3], V21.S4
	VDUP V6.S[3], V22.S4
	VDUP V6.S[3], V23.S4
	VDUP V7.S[0], V24.S4
	VDUP V7.S[0], V25.S4
	VDUP V7.S[0], V26.S4
	VDUP V7.S[0], V27.S4
	VDUP V7.S[1], V28.S4
	VDUP V7.S[1], V29.S4
	VDUP V7.S[1], V30.S4
	VDUP V7.S[1], V31.S4
	B    steps

accumulate:
	MOVD R2, R6
	VLD1 (R6), [V8.S4, V9.S4, V10.S4, V11.S4]
	ADD  R3, R6
	VLD1 (R6), [V12.S4, V13.S4, V14.S4, V15.S4]
	ADD  R3, R6
	VLD1 (R6), [V16.S4, V17.S4, V18.S4, V19.S4]
	ADD  R3, R6
	VLD1 (R6), [V20.S4, V21.S4, V22.S4, V23.S4]
	ADD  R3, R6
	VLD1 (R6), [V24.S4, V25.S4, V26.S4, V27.S4]
	ADD  R3, R6
	VLD1 (R6), [V28.S4, V29.S4, V30.S4, V31.S4]

steps:
	CBZ R4, end

loop:
	VLD1.P (R1)(R7), [V0.S4, V1.S4, V2.S4, V3.S4]
	VLD1.P 16(R0), [V4.S4]
	FMOVD.P 8(R0), F5
	FMLAE(8, 0, 4, 0)
	FMLAE(9, 1, 4, 0)
	FMLAE(10, 2, 4, 0)
	FMLAE(11, 3, 4, 0)
	FMLAE(12, 0, 4, 1)
	FMLAE(13, 1, 4, 1)
	FMLAE(14, 2, 4, 1)
	FMLAE(15, 3, 4, 1)
	FMLAE(16, 0, 4, 2)
	FMLAE(17, 1, 4, 2)
	FMLAE(18, 2, 4, 2)
	FMLAE(19, 3, 4, 2)
	FMLAE(20, 0, 4, 3)
	FMLAE(21, 1, 4, 3)
	FMLAE(22, 2, 4, 3)
	FMLAE(23, 3, 4, 3)
	FMLAE(24, 0, 5, 0)
	FMLAE(25, 1, 5, 0)
	FMLAE(26, 2, 5, 0)
	FMLAE(27, 3, 5, 0)
	FMLAE(28, 0, 5, 1)
	FMLAE(29, 1, 5, 1)
	FMLAE(30, 2, 5, 1)
	FMLAE(31, 3, 5, 1)
	SUBS $1, R4
	BNE  loop

end:
	TBZ  $1, R5, store // kernelActivate
	MOVD slope+56(FP), R6
	VLD1 (R6), [V4.S4]
	FMOVD 16(R6), F5
	VEOR V0.B16, V0.B16, V0.B16
	FMIN(1, 8, 0)
	FMAX(8, 8, 0)
	FMLAE(8, 1, 4, 0)
	FMIN(1, 9, 0)
	FMAX(9, 9, 0)
	FMLAE(9, 1, 4, 0)
	FMIN(1, 10, 0)
	FMAX(10, 10, 0)
	FMLAE(10, 1, 4, 0)
	FMIN(1, 11, 0)
	FMAX(11, 11, 0)
	FMLAE(11, 1, 4, 0)
	FMIN(1, 12, 0)
	FMAX(12, 12, 0)
	FMLAE(12, 1, 4, 1)
	FMIN(1, 13, 0)
	FMAX(13, 13, 0)
	FMLAE(13, 1, 4, 1)
	FMIN(1, 14, 0)
	FMAX(14, 14, 0)
	FMLAE(14, 1, 4, 1)
	FMIN(1, 15, 0)
	FMAX(15, 15, 0)
	FMLAE(15, 1, 4, 1)
	FMIN(1, 16, 0)
	FMAX(16, 16, 0)
	FMLAE(16, 1, 4, 2)
	FMIN(1, 17, 0)
	FMAX(17, 17, 0)
	FMLAE(17, 1, 4, 2)
	FMIN(1, 18, 0)
	FMAX(18, 18, 0)
	FMLAE(18, 1, 4, 2)
	FMIN(1, 19, 0)
	FMAX(19, 19, 0)
	FMLAE(19, 1, 4, 2)
	FMIN(1, 20, 0)
	FMAX(20, 20, 0)
	FMLAE(20, 1, 4, 3)
	FMIN(1, 21, 0)
	FMAX(21, 21, 0)
	FMLAE(21, 1, 4, 3)
	FMIN(1, 22, 0)
	FMAX(22, 22, 0)
	FMLAE(22, 1, 4, 3)
	FMIN(1, 23, 0)
	FMAX(23, 23, 0)
	FMLAE(23, 1, 4, 3)
	FMIN(1, 24, 0)
	FMAX(24, 24, 0)
	FMLAE(24, 1, 5, 0)
	FMIN(1, 25, 0)
	FMAX(25, 25, 0)
	FMLAE(25, 1, 5, 0)
	FMIN(1, 26, 0)
	FMAX(26, 26, 0)
	FMLAE(26, 1, 5, 0)
	FMIN(1, 27, 0)
	FMAX(27, 27, 0)
	FMLAE(27, 1, 5, 0)
	FMIN(1, 28, 0)
	FMAX(28, 28, 0)
	FMLAE(28, 1, 5, 1)
	FMIN(1, 29, 0)
	FMAX(29, 29, 0)
	FMLAE(29, 1, 5, 1)
	FMIN(1, 30, 0)
	FMAX(30, 30, 0)
	FMLAE(30, 1, 5, 1)
	FMIN(1, 31, 0)
	FMAX(31, 31, 0)
	FMLAE(31, 1, 5, 1)

store:
	VST1 [V8.S4, V9.S4, V10.S4, V11.S4], (R2)
	ADD  R3, R2
	VST1 [V12.S4, V13.S4, V14.S4, V15.S4], (R2)
	ADD  R3, R2
	VST1 [V16.S4, V17.S4, V18.S4, V19.S4], (R2)
	ADD  R3, R2
	VST1 [V20.S4, V21.S4, V22.S4, V23.S4], (R2)
	ADD  R3, R2
	VST1 [V24.S4, V25.S4, V26.S4, V27.S4], (R2)
	ADD  R3, R2
	VST1 [V28.S4, V29.S4, V30.S4, V31.S4], (R2)
	RET
