package onnx

import (
	"errors"
	"fmt"
	"slices"
)

// convLayer is a 2-D convolution of a [1, cin, h, w] input, with what was fused into it: a batch
// normalisation (in its weights and bias) and an activation.
type convLayer struct {
	cin, h, w      int
	cout, oh, ow   int
	kh, kw         int
	sh, sw         int
	padT, padL     int
	dh, dw         int
	group          int
	weight         []float32 // [cout][cin/group][kh][kw]
	bias           []float32 // [cout]
	act            int
	slope          []float32 // [cout], for actPRelu
	depthwise      bool      // one input channel per group and per output channel
	pointwise      bool      // 1×1, stride 1, no padding: the input is the matrix as it is
	colRows, nCols int       // im2col matrix of one group: [cin/group·kh·kw] × [oh·ow]
}

func (c *compiler) conv(n node, ins []*val) ([]*val, error) {
	if err := need(ins, 2, 3); err != nil {
		return nil, err
	}
	x, wv := ins[0], ins[1]
	if x.c != nil {
		return nil, errors.New("a constant input is not supported")
	}
	if len(x.shape) != 4 || x.shape[0] != 1 {
		return nil, fmt.Errorf("input of shape %v is not supported ([1, C, H, W] is)", x.shape)
	}
	if _, err := constFloats(wv, "Conv's weights"); err != nil {
		return nil, err
	}
	if len(wv.shape) != 4 {
		return nil, fmt.Errorf("weights of shape %v are not 2-D kernels", wv.shape)
	}
	if err := explicitPads(n); err != nil {
		return nil, err
	}
	group, err := attrInt(n, "group", 1)
	if err != nil {
		return nil, err
	}
	strides, err := attrSizesOr(n, "strides", 2, 1, 1)
	if err != nil {
		return nil, err
	}
	dilations, err := attrSizesOr(n, "dilations", 2, 1, 1)
	if err != nil {
		return nil, err
	}
	pads, err := attrSizesOr(n, "pads", 4, 0, 0) // top, left, bottom, right
	if err != nil {
		return nil, err
	}
	l := &convLayer{
		cin: x.shape[1], h: x.shape[2], w: x.shape[3],
		cout: wv.shape[0], kh: wv.shape[2], kw: wv.shape[3],
		sh: strides[0], sw: strides[1], dh: dilations[0], dw: dilations[1],
		padT: pads[0], padL: pads[1], group: int(group),
	}
	if k, ok, err := attrInts(n, "kernel_shape"); err != nil {
		return nil, err
	} else if ok && (len(k) != 2 || k[0] != int64(l.kh) || k[1] != int64(l.kw)) {
		return nil, fmt.Errorf("kernel_shape %v differs from the weights' %v", k, wv.shape)
	}
	if group < 1 || l.cin%l.group != 0 || l.cout%l.group != 0 || wv.shape[1] != l.cin/l.group {
		return nil, fmt.Errorf("%d channels into %d in %d groups with weights %v", l.cin, l.cout, group, wv.shape)
	}
	l.oh = (l.h+pads[0]+pads[2]-l.dh*(l.kh-1)-1)/l.sh + 1
	l.ow = (l.w+pads[1]+pads[3]-l.dw*(l.kw-1)-1)/l.sw + 1
	if l.oh < 1 || l.ow < 1 {
		return nil, fmt.Errorf("output of %d×%d", l.oh, l.ow)
	}
	l.weight = c.own(n.inputs[1], wv)
	l.bias = make([]float32, l.cout)
	if len(ins) == 3 && ins[2] != nil {
		b, err := constFloats(ins[2], "Conv's bias")
		if err != nil {
			return nil, err
		}
		if len(b) != l.cout {
			return nil, fmt.Errorf("bias of %d values for %d channels", len(b), l.cout)
		}
		copy(l.bias, b)
	}
	l.depthwise = l.group == l.cin && l.group == l.cout
	l.pointwise = l.kh == 1 && l.kw == 1 && l.sh == 1 && l.sw == 1 && slices.Equal(pads, []int{0, 0, 0, 0})
	l.colRows, l.nCols = l.cin/l.group*l.kh*l.kw, l.oh*l.ow
	shape := []int{1, l.cout, l.oh, l.ow}
	flops := 2 * int64(l.cout) * int64(l.colRows) * int64(l.nCols)
	return []*val{
		c.emit(&layer{op: "Conv", ins: []operand{{id: x.id, shape: x.shape}}, conv: l, flops: flops}, shape),
	}, nil
}

// scaleBy folds y·scale + shift, per output channel, into the weights and bias.
func (l *convLayer) scaleBy(scale, shift []float64) {
	per := len(l.weight) / l.cout
	for o := range l.cout {
		for i := range per {
			l.weight[o*per+i] = float32(float64(l.weight[o*per+i]) * scale[o])
		}
		l.bias[o] = float32(float64(l.bias[o])*scale[o] + shift[o])
	}
}

// kernel returns the convolution's kernel and the scratch it needs (the im2col matrix).
func (l *convLayer) kernel() (kernel, int) {
	if l.depthwise {
		if vectorKernels && l.kh == 3 && l.kw == 3 && l.dh == 1 && l.dw == 1 && (l.sw == 1 || l.sw == 2) {
			_, wp, hp, q := l.depthwise3x3Plan()
			return func(ins [][]float32, out, scratch []float32) { l.runDepthwise3x3(ins[0], out, scratch) }, wp*hp + q
		}
		return func(ins [][]float32, out, _ []float32) { l.runDepthwise(ins[0], out) }, 0
	}
	m := l.cout / l.group
	cpg := l.cin / l.group
	plane := l.h * l.w
	cols := 0 // the im2col matrix
	if !l.pointwise {
		cols = l.colRows * l.nCols
	}
	slopes := func(g int) []float32 {
		if l.act != actPRelu {
			return nil
		}
		return l.slope[g*m : (g+1)*m]
	}
	// input returns group g's matrix: the input itself for a pointwise convolution, else its
	// im2col matrix, in scratch.
	input := func(in, scratch []float32, g int) []float32 {
		x := in[g*cpg*plane : (g+1)*cpg*plane]
		if !l.pointwise {
			x = scratch[:cols]
			l.im2col(in[g*cpg*plane:(g+1)*cpg*plane], cpg, x)
		}
		return x
	}
	if vectorKernels {
		packed := make([]*packedGEMM, l.group)
		for g := range l.group {
			packed[g] = packGEMM(m, l.colRows, l.weight[g*m*l.colRows:], l.colRows, 1, l.bias[g*m:], l.act, slopes(g))
		}
		return func(ins [][]float32, out, scratch []float32) {
			for g, p := range packed {
				p.run(l.nCols, input(ins[0], scratch, g), out[g*m*l.nCols:(g+1)*m*l.nCols], scratch[cols:])
			}
		}, cols + packed[0].scratch()
	}
	return func(ins [][]float32, out, scratch []float32) {
		for g := range l.group {
			gemm(m, l.nCols, l.colRows, l.weight[g*m*l.colRows:(g+1)*m*l.colRows], input(ins[0], scratch, g),
				out[g*m*l.nCols:(g+1)*m*l.nCols], l.bias[g*m:(g+1)*m], l.act, slopes(g))
		}
	}, cols
}

// outRange returns the output positions o in [0, n) whose input position o·stride − pad + off
// falls inside [0, size).
func outRange(n, size, stride, pad, off int) (lo, hi int) {
	// o·stride ≥ pad − off  and  o·stride < size + pad − off.
	lo = max(0, ceilDiv(pad-off, stride))
	hi = min(n, ceilDiv(size+pad-off, stride))
	return lo, max(lo, hi)
}

func ceilDiv(a, b int) int {
	if a <= 0 {
		return -((-a) / b)
	}
	return (a + b - 1) / b
}

// im2col writes the input patches of cin channels as a [cin·kh·kw] × [oh·ow] matrix, zeros for
// padding.
func (l *convLayer) im2col(in []float32, cin int, col []float32) {
	n := l.oh * l.ow
	row := 0
	for ch := range cin {
		src := in[ch*l.h*l.w : (ch+1)*l.h*l.w]
		for ky := range l.kh {
			y0, y1 := outRange(l.oh, l.h, l.sh, l.padT, ky*l.dh)
			for kx := range l.kw {
				dst := col[row*n : (row+1)*n]
				row++
				x0, x1 := outRange(l.ow, l.w, l.sw, l.padL, kx*l.dw)
				for oy := range l.oh {
					d := dst[oy*l.ow : (oy+1)*l.ow]
					if oy < y0 || oy >= y1 || x0 >= x1 {
						clear(d)
						continue
					}
					clear(d[:x0])
					clear(d[x1:])
					iy := oy*l.sh - l.padT + ky*l.dh
					s := src[iy*l.w:]
					ix := x0*l.sw - l.padL + kx*l.dw
					if l.sw == 1 {
						copy(d[x0:x1], s[ix:ix+x1-x0])
						continue
					}
					for ox := x0; ox < x1; ox++ {
						d[ox] = s[ix]
						ix += l.sw
					}
				}
			}
		}
	}
}
