package liveness

import "image"

// Reducing a phone photo reads every one of its pixels: a closure call per pixel (pixels.at) cost
// 360 ms for 12 megapixels, and reading them in upright order through an orientation of 5 to 8
// would walk the stored image down its columns, a cache miss a pixel. So the reductions read the
// stored image by rows, in storage order, and map the boxes instead: an EXIF orientation turns and
// mirrors the grid of boxes, which still covers the same pixels.

// storedRows returns a reader of img's stored rows: row(y, dst) writes the 8-bit RGB of (x, y)
// from the bounds' origin into dst[3x:3x+3], for every x.
func storedRows(img image.Image) func(y int, dst []uint8) {
	b := img.Bounds()
	w := b.Dx()
	switch m := img.(type) {
	case *image.YCbCr:
		if m.SubsampleRatio == image.YCbCrSubsampleRatio420 && b.Min == (image.Point{}) {
			return func(y int, dst []uint8) {
				ys := m.Y[y*m.YStride : y*m.YStride+w]
				cb := m.Cb[(y/2)*m.CStride:]
				cr := m.Cr[(y/2)*m.CStride:]
				dst = dst[:3*len(ys)]
				for x, yv := range ys {
					// yccToRGB, written out: the call is over the inlining budget.
					yy := int32(yv) * 0x10101
					cb1, cr1 := int32(cb[x/2])-128, int32(cr[x/2])-128
					d := dst[3*x : 3*x+3 : 3*x+3]
					d[0], d[1], d[2] = clamp16(yy+91881*cr1), clamp16(yy-22554*cb1-46802*cr1), clamp16(yy+116130*cb1)
				}
			}
		}
		return func(y int, dst []uint8) {
			for x := range w {
				px, py := x+b.Min.X, y+b.Min.Y
				c := m.COffset(px, py)
				dst[3*x], dst[3*x+1], dst[3*x+2] = yccToRGB(m.Y[m.YOffset(px, py)], m.Cb[c], m.Cr[c])
			}
		}
	case *image.Gray:
		return func(y int, dst []uint8) {
			p := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := range w {
				dst[3*x], dst[3*x+1], dst[3*x+2] = p[x], p[x], p[x]
			}
		}
	case *image.RGBA:
		return func(y int, dst []uint8) {
			p := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := range w {
				dst[3*x], dst[3*x+1], dst[3*x+2] = p[4*x], p[4*x+1], p[4*x+2]
			}
		}
	}
	at := rgbReader(img) // the other types are rare: through the colour model
	return func(y int, dst []uint8) {
		for x := range w {
			dst[3*x], dst[3*x+1], dst[3*x+2] = at(x, y)
		}
	}
}

// yccToRGB is image/color's YCbCrToRGB, the same integer arithmetic (the 4:2:0 loop of
// storedRows writes it out).
func yccToRGB(y, cb, cr uint8) (uint8, uint8, uint8) {
	yy := int32(y) * 0x10101
	cb1, cr1 := int32(cb)-128, int32(cr)-128
	return clamp16(yy + 91881*cr1), clamp16(yy - 22554*cb1 - 46802*cr1), clamp16(yy + 116130*cb1)
}

// clamp16 is v>>16 clamped to 0..255, as color.YCbCrToRGB clamps.
func clamp16(v int32) uint8 {
	if uint32(v)&0xff000000 == 0 {
		return uint8(v >> 16)
	}
	return uint8(^(v >> 31))
}

// reduceBoxes sums the upright image of img under orientation over a grid of boxes, upright box
// (i, j) covering the upright columns [ux[i], ux[i+1]) and rows [uy[j], uy[j+1]), reading the
// stored image by rows; it calls put once per box with its sums and pixel count. A decoded
// JPEG's planes are summed before they are converted (planeMeans).
func reduceBoxes(img image.Image, orientation int, ux, uy []int, put func(i, j int, r, g, b, n uint64)) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	// The stored grid, and how a stored box index maps back to the upright one.
	same := func(k, _ int) int { return k }
	flip := func(k, n int) int { return n - 1 - k }
	sx, sy := ux, uy
	mapX, mapY := same, same // stored column index → upright, stored row index → upright
	transposed := false
	switch orientation {
	case 2:
		sx, mapX = mirror(ux, w), flip
	case 3:
		sx, sy, mapX, mapY = mirror(ux, w), mirror(uy, h), flip, flip
	case 4:
		sy, mapY = mirror(uy, h), flip
	case 5: // stored (x, y) is upright (y, x)
		sx, sy, transposed = uy, ux, true
	case 6: // upright (x, y) is stored (y, h-1-x)
		sx, sy, mapY, transposed = uy, mirror(ux, h), flip, true
	case 7: // upright (x, y) is stored (w-1-y, h-1-x)
		sx, sy, mapX, mapY, transposed = mirror(uy, w), mirror(ux, h), flip, flip, true
	case 8: // upright (x, y) is stored (w-1-y, x)
		sx, sy, mapX, transposed = mirror(uy, w), ux, flip, true
	}
	scols, srows := len(sx)-1, len(sy)-1
	mapped := func(si, sj int, r, g, bl, n uint64) {
		a, c := mapX(si, scols), mapY(sj, srows)
		if transposed {
			a, c = c, a
		}
		put(a, c, r, g, bl, n)
	}
	if m, ok := img.(*image.YCbCr); ok && b.Min == (image.Point{}) {
		if hs, vs, ok := chromaShifts(m.SubsampleRatio); ok {
			planeMeans(m, hs, vs, sx, sy, mapped)
			return
		}
	}
	boxMeans(storedRows(img), w, sx, sy, mapped)
}

// chromaShifts are the shifts from a luma column and row to their chroma sample's.
func chromaShifts(r image.YCbCrSubsampleRatio) (h, v uint, ok bool) {
	switch r {
	case image.YCbCrSubsampleRatio444:
		return 0, 0, true
	case image.YCbCrSubsampleRatio422:
		return 1, 0, true
	case image.YCbCrSubsampleRatio420:
		return 1, 1, true
	case image.YCbCrSubsampleRatio440:
		return 0, 1, true
	case image.YCbCrSubsampleRatio411:
		return 2, 0, true
	case image.YCbCrSubsampleRatio410:
		return 2, 1, true
	}
	return 0, 0, false
}

// planeMeans is boxMeans over a decoded JPEG's planes (bounds from (0,0)) averaged before they
// are converted: each box's mean luma and mean chroma (each luma pixel's chroma sample, as the
// conversion pairs them) become one RGB by yccToRGB's arithmetic, less half a level for the floor
// it takes of each pixel. Converting a 12-megapixel photo pixel by pixel cost more than decoding
// half of it; the means differ from those of the converted pixels by at most half a level where
// no channel is clipped, which the detectors that read them do not tell apart. put receives the
// sums of the box's n pixels that those means make, rounded.
func planeMeans(m *image.YCbCr, hs, vs uint, xs, ys []int, put func(i, j int, r, g, b, n uint64)) {
	w := xs[len(xs)-1]
	cw := (w-1)>>hs + 1
	sumY := make([]uint32, w)                              // a box row's luma, by column
	sumCb, sumCr := make([]uint32, cw), make([]uint32, cw) // its chroma, by chroma column
	for j := range len(ys) - 1 {
		clear(sumY)
		clear(sumCb)
		clear(sumCr)
		for y := ys[j]; y < ys[j+1]; y++ {
			for x, v := range m.Y[y*m.YStride:][:w] {
				sumY[x] += uint32(v)
			}
			c := (y >> vs) * m.CStride
			for k, v := range m.Cb[c:][:cw] {
				sumCb[k] += uint32(v)
			}
			for k, v := range m.Cr[c:][:cw] {
				sumCr[k] += uint32(v)
			}
		}
		rows := uint64(ys[j+1] - ys[j])
		for i := range len(xs) - 1 {
			x0, x1 := xs[i], xs[i+1]
			var sy, scb, scr uint64
			for _, v := range sumY[x0:x1] {
				sy += uint64(v)
			}
			// Each luma column x takes chroma column x>>hs.
			for x := x0; x < x1; {
				k := x >> hs
				next := min(x1, (k+1)<<hs)
				scb += uint64(next-x) * uint64(sumCb[k])
				scr += uint64(next-x) * uint64(sumCr[k])
				x = next
			}
			n := rows * uint64(x1-x0)
			r, g, b := meanRGB(sy, scb, scr, n)
			put(i, j, r, g, b, n)
		}
	}
}

// meanRGB converts the sums of n pixels' Y, Cb and Cr (each pixel's chroma sample counted once per
// pixel) by yccToRGB's arithmetic, less half a level for the floor it takes of each pixel, clips,
// and returns the sums of RGB that n pixels of that colour make, rounded.
func meanRGB(sy, scb, scr, n uint64) (r, g, b uint64) {
	fn := float64(n)
	yy := float64(sy) / fn * 0x10101
	cb1, cr1 := float64(scb)/fn-128, float64(scr)/fn-128
	sum := func(v float64) uint64 { return uint64(fn*max(0, min(255, v/65536-0.5)) + 0.5) }
	return sum(yy + 91881*cr1), sum(yy - 22554*cb1 - 46802*cr1), sum(yy + 116130*cb1)
}

// mirror is the grid g over n pixels seen from the other end.
func mirror(g []int, n int) []int {
	m := make([]int, len(g))
	for k := range g {
		m[k] = n - g[len(g)-1-k]
	}
	return m
}

// boxMeans sums an image of width w, read by rows, over the boxes of a grid: box i covers the
// columns [xs[i], xs[i+1]), box j the rows [ys[j], ys[j+1]). It calls put(i, j, sums, count) once
// per box, reading each pixel once.
func boxMeans(row func(y int, dst []uint8), w int, xs, ys []int, put func(i, j int, r, g, b, n uint64)) {
	buf := make([]uint8, 3*w)
	cols := len(xs) - 1
	acc := make([]uint64, 3*cols)
	for j := range len(ys) - 1 {
		clear(acc)
		for y := ys[j]; y < ys[j+1]; y++ {
			row(y, buf)
			for i := range cols {
				var r, g, b uint64
				seg := buf[3*xs[i] : 3*xs[i+1]]
				for k := 0; k+2 < len(seg); k += 3 {
					r, g, b = r+uint64(seg[k]), g+uint64(seg[k+1]), b+uint64(seg[k+2])
				}
				acc[3*i], acc[3*i+1], acc[3*i+2] = acc[3*i]+r, acc[3*i+1]+g, acc[3*i+2]+b
			}
		}
		rows := uint64(ys[j+1] - ys[j])
		for i := range cols {
			put(i, j, acc[3*i], acc[3*i+1], acc[3*i+2], rows*uint64(xs[i+1]-xs[i]))
		}
	}
}
