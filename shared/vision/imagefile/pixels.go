package imagefile

import (
	"image"
	"image/color"
	"image/draw"
)

// Grayscale returns img's luma as an 8-bit grey image with bounds starting at (0,0). A JPEG's luma
// plane is copied as is; an *image.Gray with origin (0,0) is returned itself, not copied.
func Grayscale(img image.Image) *image.Gray {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	switch src := img.(type) {
	case *image.Gray:
		if b.Min == (image.Point{}) {
			return src
		}
		dst := image.NewGray(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			copy(dst.Pix[y*dst.Stride:y*dst.Stride+w], src.Pix[src.PixOffset(b.Min.X, b.Min.Y+y):])
		}
		return dst
	case *image.YCbCr:
		dst := image.NewGray(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			copy(dst.Pix[y*dst.Stride:y*dst.Stride+w], src.Y[src.YOffset(b.Min.X, b.Min.Y+y):])
		}
		return dst
	case *image.RGBA:
		return lumaRGB(src.Pix, src.Stride, src.PixOffset(b.Min.X, b.Min.Y), w, h)
	case *image.NRGBA:
		// Alpha is ignored: uploads of documents are opaque.
		return lumaRGB(src.Pix, src.Stride, src.PixOffset(b.Min.X, b.Min.Y), w, h)
	}
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dst.Pix[y*dst.Stride+x] = color.GrayModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.Gray).Y
		}
	}
	return dst
}

// lumaRGB converts 4-byte RGB(A) pixels with the weights of color.GrayModel.
func lumaRGB(pix []byte, stride, off, w, h int) *image.Gray {
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		row := pix[off+y*stride : off+y*stride+4*w]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		for x := range out {
			r, g, b := uint32(row[4*x]), uint32(row[4*x+1]), uint32(row[4*x+2])
			out[x] = uint8((19595*r + 38470*g + 7471*b + 1<<15) >> 16)
		}
	}
	return dst
}

// Rotate turns img clockwise by degrees, one of 0, 90, 180 or 270 (negative values and multiples
// of 360 are normalised: -90 is 270). An image photographed a quarter turn counter-clockwise
// (text running bottom to top) is upright after Rotate(img, 90). Any other angle returns img
// unchanged. The result has bounds starting at (0,0); grey images stay grey, others become RGBA.
func Rotate(img image.Image, degrees int) image.Image {
	d := ((degrees % 360) + 360) % 360
	if d%90 != 0 || d == 0 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if d != 180 {
		dw, dh = h, w
	}
	// dst(x', y') = src(sx, sy); for each destination pixel the offsets of its source pixel.
	src := func(x, y int) (int, int) {
		switch d {
		case 90:
			return y, h - 1 - x
		case 180:
			return w - 1 - x, h - 1 - y
		default: // 270
			return w - 1 - y, x
		}
	}
	if g, ok := img.(*image.Gray); ok {
		dst := image.NewGray(image.Rect(0, 0, dw, dh))
		for y := 0; y < dh; y++ {
			row := dst.Pix[y*dst.Stride : y*dst.Stride+dw]
			for x := range row {
				sx, sy := src(x, y)
				row[x] = g.Pix[g.PixOffset(b.Min.X+sx, b.Min.Y+sy)]
			}
		}
		return dst
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
		b = rgba.Bounds()
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < dh; y++ {
		row := dst.Pix[y*dst.Stride : y*dst.Stride+4*dw]
		for x := 0; x < dw; x++ {
			sx, sy := src(x, y)
			o := rgba.PixOffset(b.Min.X+sx, b.Min.Y+sy)
			copy(row[4*x:4*x+4], rgba.Pix[o:o+4])
		}
	}
	return dst
}

// Downscale returns g shrunk so that its longer side is at most maxSide, each destination pixel
// the mean of the source pixels it covers (an area average: text stays legible where sampling
// would drop strokes); g itself when it already fits or maxSide is not positive. It allocates the
// result, one row of sums and one of pixels, never a copy at g's size.
func Downscale(g *image.Gray, maxSide int) *image.Gray {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	side := max(w, h)
	if maxSide <= 0 || side <= maxSide {
		return g
	}
	return downscaleRows(w, h, maxSide, func(y int, out []uint8) {
		copy(out, g.Pix[g.PixOffset(b.Min.X, b.Min.Y+y):][:w])
	})
}

// downscaleRows is Downscale over a w×h image whose rows row writes, one at a time, into a
// buffer: the source is never held whole in grey. At or under maxSide it copies the rows.
func downscaleRows(w, h, maxSide int, row func(y int, out []uint8)) *image.Gray {
	side := max(w, h)
	if maxSide <= 0 || side <= maxSide {
		dst := image.NewGray(image.Rect(0, 0, w, h))
		for y := range h {
			row(y, dst.Pix[y*dst.Stride:][:w])
		}
		return dst
	}
	dw, dh := max(1, w*maxSide/side), max(1, h*maxSide/side)
	// xs[i] is the first source column of destination column i; xs[dw] == w.
	xs := make([]int, dw+1)
	for i := range xs {
		xs[i] = i * w / dw
	}
	dst := image.NewGray(image.Rect(0, 0, dw, dh))
	sums := make([]uint64, dw)
	buf := make([]uint8, w)
	for j := range dh {
		y0, y1 := j*h/dh, (j+1)*h/dh
		clear(sums)
		for y := y0; y < y1; y++ {
			row(y, buf)
			for i := range sums {
				var s uint64
				for _, v := range buf[xs[i]:xs[i+1]] {
					s += uint64(v)
				}
				sums[i] += s
			}
		}
		out := dst.Pix[j*dst.Stride:][:dw]
		rows := uint64(y1 - y0)
		for i, s := range sums {
			n := uint64(xs[i+1]-xs[i]) * rows
			out[i] = uint8((s + n/2) / n)
		}
	}
	return dst
}
