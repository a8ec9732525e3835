//go:build !purego

#include "textflag.h"

// func depthwise3x3s1(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32)
//
// The nine weights broadcast in Y7 to Y15; for each output row, over its blocks of 8 columns,
// dst += the three taps of each kernel row, src[i], src[i+1] and src[i+2] by unaligned loads,
// in three sums (Y0 to Y2) so that the multiply-adds of a block do not wait on each other.
TEXT ·depthwise3x3s1(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ oh+24(FP), R9
	MOVQ ldd+32(FP), R10
	SHLQ $2, R10 // bytes between output rows
	MOVQ lds+40(FP), R8
	SHLQ $2, R8 // bytes between input rows
	MOVQ step+48(FP), R12
	SHLQ $2, R12 // bytes from one output row's first input row to the next one's
	MOVQ w+56(FP), AX
	VBROADCASTSS 0(AX), Y7
	VBROADCASTSS 4(AX), Y8
	VBROADCASTSS 8(AX), Y9
	VBROADCASTSS 12(AX), Y10
	VBROADCASTSS 16(AX), Y11
	VBROADCASTSS 20(AX), Y12
	VBROADCASTSS 24(AX), Y13
	VBROADCASTSS 28(AX), Y14
	VBROADCASTSS 32(AX), Y15

depthwise3x3s1row:
	MOVQ DI, BX
	MOVQ SI, R11
	LEAQ (SI)(R8*1), R13
	LEAQ (R13)(R8*1), R14
	MOVQ blocks+16(FP), CX

depthwise3x3s1block:
	VMOVUPS (BX), Y0
	VFMADD231PS (R11), Y7, Y0
	VFMADD231PS 4(R11), Y8, Y0
	VFMADD231PS 8(R11), Y9, Y0
	VMULPS      (R13), Y10, Y1
	VFMADD231PS 4(R13), Y11, Y1
	VFMADD231PS 8(R13), Y12, Y1
	VMULPS      (R14), Y13, Y2
	VFMADD231PS 4(R14), Y14, Y2
	VFMADD231PS 8(R14), Y15, Y2
	VADDPS      Y1, Y0, Y0
	VADDPS      Y2, Y0, Y0
	VMOVUPS     Y0, (BX)
	ADDQ $32, BX
	ADDQ $32, R11
	ADDQ $32, R13
	ADDQ $32, R14
	DECQ CX
	JNZ  depthwise3x3s1block

	ADDQ R10, DI
	ADDQ R12, SI
	DECQ R9
	JNZ  depthwise3x3s1row
	VZEROUPPER
	RET

// func depthwise3x3s2(dst, src *float32, blocks, oh, ldd, lds, step int, w *float32)
//
// As depthwise3x3s1 with the taps src[2i], src[2i+1] and src[2i+2]: 16 inputs are split into
// their even (Y3) and odd (Y4) elements by VSHUFPS and VPERMPD, and the even elements of the 16
// from src[2i+2] (Y5) are the third tap.
TEXT ·depthwise3x3s2(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ oh+24(FP), R9
	MOVQ ldd+32(FP), R10
	SHLQ $2, R10 // bytes between output rows
	MOVQ lds+40(FP), R8
	SHLQ $2, R8 // bytes between input rows
	MOVQ step+48(FP), R12
	SHLQ $2, R12 // bytes from one output row's first input row to the next one's
	MOVQ w+56(FP), AX
	VBROADCASTSS 0(AX), Y7
	VBROADCASTSS 4(AX), Y8
	VBROADCASTSS 8(AX), Y9
	VBROADCASTSS 12(AX), Y10
	VBROADCASTSS 16(AX), Y11
	VBROADCASTSS 20(AX), Y12
	VBROADCASTSS 24(AX), Y13
	VBROADCASTSS 28(AX), Y14
	VBROADCASTSS 32(AX), Y15

depthwise3x3s2row:
	MOVQ DI, BX
	MOVQ SI, R11
	LEAQ (SI)(R8*1), R13
	LEAQ (R13)(R8*1), R14
	MOVQ blocks+16(FP), CX

depthwise3x3s2block:
	VMOVUPS (BX), Y0
	VMOVUPS     (R11), Y1
	VMOVUPS     32(R11), Y2
	VSHUFPS     $0x88, Y2, Y1, Y3 // s0 s2 s8 s10 | s4 s6 s12 s14
	VSHUFPS     $0xDD, Y2, Y1, Y4 // s1 s3 s9 s11 | s5 s7 s13 s15
	VPERMPD     $0xD8, Y3, Y3     // s0 s2 s4 ... s14
	VPERMPD     $0xD8, Y4, Y4     // s1 s3 s5 ... s15
	VMOVUPS     8(R11), Y1
	VMOVUPS     40(R11), Y2
	VSHUFPS     $0x88, Y2, Y1, Y5
	VPERMPD     $0xD8, Y5, Y5     // s2 s4 s6 ... s16
	VFMADD231PS Y3, Y7, Y0
	VFMADD231PS Y4, Y8, Y0
	VFMADD231PS Y5, Y9, Y0
	VMOVUPS     (R13), Y1
	VMOVUPS     32(R13), Y2
	VSHUFPS     $0x88, Y2, Y1, Y3 // s0 s2 s8 s10 | s4 s6 s12 s14
	VSHUFPS     $0xDD, Y2, Y1, Y4 // s1 s3 s9 s11 | s5 s7 s13 s15
	VPERMPD     $0xD8, Y3, Y3     // s0 s2 s4 ... s14
	VPERMPD     $0xD8, Y4, Y4     // s1 s3 s5 ... s15
	VMOVUPS     8(R13), Y1
	VMOVUPS     40(R13), Y2
	VSHUFPS     $0x88, Y2, Y1, Y5
	VPERMPD     $0xD8, Y5, Y5     // s2 s4 s6 ... s16
	VFMADD231PS Y3, Y10, Y0
	VFMADD231PS Y4, Y11, Y0
	VFMADD231PS Y5, Y12, Y0
	VMOVUPS     (R14), Y1
	VMOVUPS     32(R14), Y2
	VSHUFPS     $0x88, Y2, Y1, Y3 // s0 s2 s8 s10 | s4 s6 s12 s14
	VSHUFPS     $0xDD, Y2, Y1, Y4 // s1 s3 s9 s11 | s5 s7 s13 s15
	VPERMPD     $0xD8, Y3, Y3     // s0 s2 s4 ... s14
	VPERMPD     $0xD8, Y4, Y4     // s1 s3 s5 ... s15
	VMOVUPS     8(R14), Y1
	VMOVUPS     40(R14), Y2
	VSHUFPS     $0x88, Y2, Y1, Y5
	VPERMPD     $0xD8, Y5, Y5     // s2 s4 s6 ... s16
	VFMADD231PS Y3, Y13, Y0
	VFMADD231PS Y4, Y14, Y0
	VFMADD231PS Y5, Y15, Y0
	VMOVUPS     Y0, (BX)
	ADDQ $32, BX
	ADDQ $64, R11
	ADDQ $64, R13
	ADDQ $64, R14
	DECQ CX
	JNZ  depthwise3x3s2block

	ADDQ R10, DI
	ADDQ R12, SI
	DECQ R9
	JNZ  depthwise3x3s2row
	VZEROUPPER
	RET
