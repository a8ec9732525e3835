package onnx

// runDepthwise convolves each channel with its own kernel, row by row: for each output row and
// kernel row, the three taps of a 3-wide kernel are summed in one pass over the columns where all
// of them fall inside the image, the columns at the padded edges tap by tap. The activation is
// applied to each channel while it is in the L1 cache.
func (l *convLayer) runDepthwise(in, out []float32) {
	n := l.oh * l.ow
	taps := l.kh * l.kw
	x0, x1 := make([]int, l.kw), make([]int, l.kw)
	lo, hi := 0, l.ow // the output columns every tap of a kernel row reaches
	for kx := range l.kw {
		x0[kx], x1[kx] = outRange(l.ow, l.w, l.sw, l.padL, kx*l.dw)
		lo, hi = max(lo, x0[kx]), min(hi, x1[kx])
	}
	hi = max(lo, hi)
	for ch := range l.cout {
		dst := out[ch*n : (ch+1)*n]
		src := in[ch*l.h*l.w : (ch+1)*l.h*l.w]
		fill(dst, l.bias[ch])
		w := l.weight[ch*taps : (ch+1)*taps]
		for ky := range l.kh {
			y0, y1 := outRange(l.oh, l.h, l.sh, l.padT, ky*l.dh)
			k := w[ky*l.kw : (ky+1)*l.kw]
			for oy := y0; oy < y1; oy++ {
				d := dst[oy*l.ow : (oy+1)*l.ow]
				s := src[(oy*l.sh-l.padT+ky*l.dh)*l.w : (oy*l.sh-l.padT+ky*l.dh+1)*l.w]
				// The edges, tap by tap.
				for kx, kv := range k {
					off := kx*l.dw - l.padL
					for ox := x0[kx]; ox < min(lo, x1[kx]); ox++ {
						d[ox] += kv * s[ox*l.sw+off]
					}
					for ox := max(hi, x0[kx]); ox < x1[kx]; ox++ {
						d[ox] += kv * s[ox*l.sw+off]
					}
				}
				if lo >= hi {
					continue
				}
				if len(k) == 3 && l.sw == 1 && l.dw == 1 {
					k0, k1, k2 := k[0], k[1], k[2]
					dd := d[lo:hi]
					s0 := s[lo-l.padL : hi-l.padL][:len(dd)]
					s1 := s[lo-l.padL+1 : hi-l.padL+1][:len(dd)]
					s2 := s[lo-l.padL+2 : hi-l.padL+2][:len(dd)]
					for i := range dd {
						dd[i] += k0*s0[i] + k1*s1[i] + k2*s2[i]
					}
					continue
				}
				if len(k) == 3 && l.sw == 2 && l.dw == 1 {
					k0, k1, k2 := k[0], k[1], k[2]
					dd := d[lo:hi]
					ss := s[2*lo-l.padL : 2*(hi-1)-l.padL+3]
					for i := range dd {
						t := ss[2*i : 2*i+3 : 2*i+3]
						dd[i] += k0*t[0] + k1*t[1] + k2*t[2]
					}
					continue
				}
				for kx, kv := range k {
					off := kx*l.dw - l.padL
					for ox := lo; ox < hi; ox++ {
						d[ox] += kv * s[ox*l.sw+off]
					}
				}
			}
		}
		if l.act != actNone {
			activate(dst, l.act, l.slope, ch)
		}
	}
}

// depthwiseBlock is the number of output columns a depthwise kernel computes at a time.
const depthwiseBlock = 8

// depthwise3x3Plan is the layout of runDepthwise3x3's scratch: a channel's input inside zeros for
// the padding, as wide and as tall as the kernels read (whole blocks of output columns), then
// its output, rows whole blocks wide, unless the rows are already.
func (l *convLayer) depthwise3x3Plan() (blocks, wp, hp, out int) {
	blocks = (l.ow + depthwiseBlock - 1) / depthwiseBlock
	wp = l.sw*depthwiseBlock*blocks + 2
	hp = (l.oh-1)*l.sh + 3
	if blocks*depthwiseBlock != l.ow {
		out = l.oh * blocks * depthwiseBlock
	}
	return blocks, wp, hp, out
}

// runDepthwise3x3 is runDepthwise for 3×3 kernels of column stride 1 or 2, undilated, with the
// vector kernels. Each channel is copied inside zeros, so that every output, edges included, is
// the sum of nine taps (no case for the padding), and one kernel call computes the channel:
// depthwise3x3s1 or depthwise3x3s2, whole blocks of depthwiseBlock columns.
func (l *convLayer) runDepthwise3x3(in, out, scratch []float32) {
	n := l.oh * l.ow
	blocks, wp, hp, qlen := l.depthwise3x3Plan()
	ld := blocks * depthwiseBlock
	p := scratch[:wp*hp]
	clear(p) // the padding; each channel overwrites only the inside
	rows, cols := max(0, min(l.h, hp-l.padT)), max(0, min(l.w, wp-l.padL))
	for ch := range l.cout {
		dst := out[ch*n : (ch+1)*n]
		src := in[ch*l.h*l.w : (ch+1)*l.h*l.w]
		for y := range rows {
			copy(p[(l.padT+y)*wp+l.padL:][:cols], src[y*l.w:][:cols])
		}
		q := dst
		if qlen > 0 {
			q = scratch[wp*hp:][:qlen]
		}
		fill(q, l.bias[ch])
		w := l.weight[ch*9 : (ch+1)*9]
		if l.sw == 1 {
			depthwise3x3s1(&q[0], &p[0], blocks, l.oh, ld, wp, l.sh*wp, &w[0])
		} else {
			depthwise3x3s2(&q[0], &p[0], blocks, l.oh, ld, wp, l.sh*wp, &w[0])
		}
		if qlen > 0 {
			for oy := range l.oh {
				copy(dst[oy*l.ow:(oy+1)*l.ow], q[oy*ld:])
			}
		}
		if l.act != actNone {
			activate(dst, l.act, l.slope, ch)
		}
	}
}

// depthwisePlaneGo is the definition of the depthwise kernels, in Go: the assembly versions are
// tested against it, and it stands in for them where there is no assembly. For each output row
// oy < oh and column i < blocks·depthwiseBlock it adds to dst[oy·ldd + i] the nine taps
// w[3r+c]·src[oy·step + r·lds + stride·i + c].
func depthwisePlaneGo(dst, src []float32, blocks, oh, ldd, lds, step, stride int, w []float32) {
	for oy := range oh {
		for i := range blocks * depthwiseBlock {
			sum := dst[oy*ldd+i]
			for r := range 3 {
				s := src[oy*step+r*lds+stride*i:]
				sum += w[3*r]*s[0] + w[3*r+1]*s[1] + w[3*r+2]*s[2]
			}
			dst[oy*ldd+i] = sum
		}
	}
}
