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
// stored image by rows; it calls put once per box with its sums and pixel count.
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
	boxMeans(storedRows(img), w, sx, sy, func(si, sj int, r, g, bl, n uint64) {
		a, c := mapX(si, scols), mapY(sj, srows)
		if transposed {
			a, c = c, a
		}
		put(a, c, r, g, bl, n)
	})
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
