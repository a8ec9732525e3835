//go:build !purego

#include "textflag.h"

// func depthwise3x3s1(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32)
//
// The nine weights duplicated in V16 to V24; for each output row, over its blocks of 8 columns
// (V0, V1), dst += the three taps of each kernel row, src[i], src[i+1] and src[i+2].
TEXT ·depthwise3x3s1(SB), NOSPLIT, $0-64
	MOVD dst+0(FP), R1
	MOVD src+8(FP), R2
	MOVD oh+24(FP), R6
	MOVD ldd+32(FP), R3
	LSL  $2, R3 // bytes between output rows
	MOVD lds+40(FP), R4
	LSL  $2, R4 // bytes between input rows
	MOVD step+48(FP), R12
	LSL  $2, R12 // bytes from one output row's first input row to the next one's
	MOVD w+56(FP), R5
	VLD1R.P 4(R5), [V16.S4]
	VLD1R.P 4(R5), [V17.S4]
	VLD1R.P 4(R5), [V18.S4]
	VLD1R.P 4(R5), [V19.S4]
	VLD1R.P 4(R5), [V20.S4]
	VLD1R.P 4(R5), [V21.S4]
	VLD1R.P 4(R5), [V22.S4]
	VLD1R.P 4(R5), [V23.S4]
	VLD1R.P 4(R5), [V24.S4]

depthwise3x3s1row:
	MOVD R1, R0
	MOVD R2, R9
	ADD  R4, R9, R10
	ADD  R4, R10, R11
	MOVD blocks+16(FP), R8

depthwise3x3s1block:
	VLD1 (R0), [V0.S4, V1.S4]
	VLD1  (R9), [V2.S4, V3.S4]
	ADD   $4, R9, R7
	VLD1  (R7), [V4.S4, V5.S4]
	ADD   $8, R9, R7
	VLD1  (R7), [V6.S4, V7.S4]
	VFMLA V16.S4, V2.S4, V0.S4
	VFMLA V16.S4, V3.S4, V1.S4
	VFMLA V17.S4, V4.S4, V0.S4
	VFMLA V17.S4, V5.S4, V1.S4
	VFMLA V18.S4, V6.S4, V0.S4
	VFMLA V18.S4, V7.S4, V1.S4
	VLD1  (R10), [V2.S4, V3.S4]
	ADD   $4, R10, R7
	VLD1  (R7), [V4.S4, V5.S4]
	ADD   $8, R10, R7
	VLD1  (R7), [V6.S4, V7.S4]
	VFMLA V19.S4, V2.S4, V0.S4
	VFMLA V19.S4, V3.S4, V1.S4
	VFMLA V20.S4, V4.S4, V0.S4
	VFMLA V20.S4, V5.S4, V1.S4
	VFMLA V21.S4, V6.S4, V0.S4
	VFMLA V21.S4, V7.S4, V1.S4
	VLD1  (R11), [V2.S4, V3.S4]
	ADD   $4, R11, R7
	VLD1  (R7), [V4.S4, V5.S4]
	ADD   $8, R11, R7
	VLD1  (R7), [V6.S4, V7.S4]
	VFMLA V22.S4, V2.S4, V0.S4
	VFMLA V22.S4, V3.S4, V1.S4
	VFMLA V23.S4, V4.S4, V0.S4
	VFMLA V23.S4, V5.S4, V1.S4
	VFMLA V24.S4, V6.S4, V0.S4
	VFMLA V24.S4, V7.S4, V1.S4
	VST1.P [V0.S4, V1.S4], 32(R0)
	ADD    $32, R9
	ADD    $32, R10
	ADD    $32, R11
	SUBS   $1, R8
	BNE    depthwise3x3s1block

	ADD  R3, R1
	ADD  R12, R2
	SUBS $1, R6
	BNE  depthwise3x3s1row
	RET

// func depthwise3x3s2(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32)
//
// As depthwise3x3s1 with the taps src[2i], src[2i+1] and src[2i+2]: LD2 splits 8 inputs into
// their even and odd elements, and the even elements of a load from src[2i+2] are the third tap.
TEXT ·depthwise3x3s2(SB), NOSPLIT, $0-64
	MOVD dst+0(FP), R1
	MOVD src+8(FP), R2
	MOVD oh+24(FP), R6
	MOVD ldd+32(FP), R3
	LSL  $2, R3 // bytes between output rows
	MOVD lds+40(FP), R4
	LSL  $2, R4 // bytes between input rows
	MOVD step+48(FP), R12
	LSL  $2, R12 // bytes from one output row's first input row to the next one's
	MOVD w+56(FP), R5
	VLD1R.P 4(R5), [V16.S4]
	VLD1R.P 4(R5), [V17.S4]
	VLD1R.P 4(R5), [V18.S4]
	VLD1R.P 4(R5), [V19.S4]
	VLD1R.P 4(R5), [V20.S4]
	VLD1R.P 4(R5), [V21.S4]
	VLD1R.P 4(R5), [V22.S4]
	VLD1R.P 4(R5), [V23.S4]
	VLD1R.P 4(R5), [V24.S4]

depthwise3x3s2row:
	MOVD R1, R0
	MOVD R2, R9
	ADD  R4, R9, R10
	ADD  R4, R10, R11
	MOVD blocks+16(FP), R8

depthwise3x3s2block:
	VLD1 (R0), [V0.S4, V1.S4]
	VLD2  (R9), [V2.S4, V3.S4] // s0 s2 s4 s6, s1 s3 s5 s7
	ADD   $32, R9, R7
	VLD2  (R7), [V4.S4, V5.S4] // s8 ... s14, s9 ... s15
	ADD   $8, R9, R7
	VLD2  (R7), [V6.S4, V7.S4] // s2 ... s8
	ADD   $40, R9, R7
	VLD2  (R7), [V8.S4, V9.S4] // s10 ... s16
	VFMLA V16.S4, V2.S4, V0.S4
	VFMLA V16.S4, V4.S4, V1.S4
	VFMLA V17.S4, V3.S4, V0.S4
	VFMLA V17.S4, V5.S4, V1.S4
	VFMLA V18.S4, V6.S4, V0.S4
	VFMLA V18.S4, V8.S4, V1.S4
	VLD2  (R10), [V2.S4, V3.S4] // s0 s2 s4 s6, s1 s3 s5 s7
	ADD   $32, R10, R7
	VLD2  (R7), [V4.S4, V5.S4] // s8 ... s14, s9 ... s15
	ADD   $8, R10, R7
	VLD2  (R7), [V6.S4, V7.S4] // s2 ... s8
	ADD   $40, R10, R7
	VLD2  (R7), [V8.S4, V9.S4] // s10 ... s16
	VFMLA V19.S4, V2.S4, V0.S4
	VFMLA V19.S4, V4.S4, V1.S4
	VFMLA V20.S4, V3.S4, V0.S4
	VFMLA V20.S4, V5.S4, V1.S4
	VFMLA V21.S4, V6.S4, V0.S4
	VFMLA V21.S4, V8.S4, V1.S4
	VLD2  (R11), [V2.S4, V3.S4] // s0 s2 s4 s6, s1 s3 s5 s7
	ADD   $32, R11, R7
	VLD2  (R7), [V4.S4, V5.S4] // s8 ... s14, s9 ... s15
	ADD   $8, R11, R7
	VLD2  (R7), [V6.S4, V7.S4] // s2 ... s8
	ADD   $40, R11, R7
	VLD2  (R7), [V8.S4, V9.S4] // s10 ... s16
	VFMLA V22.S4, V2.S4, V0.S4
	VFMLA V22.S4, V4.S4, V1.S4
	VFMLA V23.S4, V3.S4, V0.S4
	VFMLA V23.S4, V5.S4, V1.S4
	VFMLA V24.S4, V6.S4, V0.S4
	VFMLA V24.S4, V8.S4, V1.S4
	VST1.P [V0.S4, V1.S4], 32(R0)
	ADD    $64, R9
	ADD    $64, R10
	ADD    $64, R11
	SUBS   $1, R8
	BNE    depthwise3x3s2block

	ADD  R3, R1
	ADD  R12, R2
	SUBS $1, R6
	BNE  depthwise3x3s2row
	RET
