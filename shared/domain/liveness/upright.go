package liveness

import (
	"context"
	"image"
)

// Upright is a decoded image read upright by its EXIF orientation, without a copy: its size, a
// reader of its 8-bit RGB at upright coordinates from (0,0), and BoxMeans for a pass that reads
// every pixel.
type Upright struct {
	W, H int
	At   func(x, y int) (r, g, b uint8)
	p    pixels
}

// BoxMeans averages the image over a grid of w×h boxes (box (i, j) covers the columns
// [i·W/w, (i+1)·W/w) and the rows [j·H/h, (j+1)·H/h)) and calls put with each box's mean RGB,
// reading each pixel once, a row at a time; a decoded JPEG's boxes are averaged in its planes,
// then converted (planeMeans). w and h are at most W and H.
func (u Upright) BoxMeans(w, h int, put func(i, j int, r, g, b float32)) {
	reduceBoxes(u.p.img, u.p.orientation, grid(u.W, w), grid(u.H, h), func(i, j int, r, g, b, n uint64) {
		put(i, j, float32(r)/float32(n), float32(g)/float32(n), float32(b)/float32(n))
	})
}

// UprightOf reads an image already decoded and upright (a page the extraction worker turned), as
// DecodeUpright reads a photo: grey as three equal channels.
func UprightOf(img image.Image) Upright {
	p := upright(img, 1)
	return Upright{W: p.w, H: p.h, At: p.at, p: p}
}

// DecodeUpright decodes a JPEG, PNG or WebP photograph of at most maxPixels pixels as Check does,
// for the other face models (package facematch) to read the same pixels. Errors: ErrUnsupported,
// ErrCorrupt, ErrTooLarge, wrapped.
func DecodeUpright(ctx context.Context, data []byte, maxPixels int64) (Upright, error) {
	p, err := decode(ctx, data, maxPixels)
	return Upright{W: p.w, H: p.h, At: p.at, p: p}, err
}

// RGB writes the upright image's 8-bit RGB into dst (grown to 3·W·H bytes), row after row from
// (0,0), and returns it: a copy for the passes that sample a small image at many arbitrary points
// (bilinear resampling), which through At would pay a call and a colour conversion per tap. It
// reads the stored image by rows, as the reductions do, and places each stored row where the
// orientation puts it.
func (u Upright) RGB(dst []uint8) []uint8 {
	n := 3 * u.W * u.H
	if cap(dst) < n {
		dst = make([]uint8, n)
	}
	dst = dst[:n]
	w, h := u.p.img.Bounds().Dx(), u.p.img.Bounds().Dy() // stored
	row := storedRows(u.p.img)
	if u.p.orientation < 2 || u.p.orientation > 8 {
		for y := range h {
			row(y, dst[3*w*y:3*w*(y+1)])
		}
		return dst
	}
	buf := make([]uint8, 3*w)
	W := u.W
	for y := range h {
		row(y, buf)
		// The upright pixel of stored (x, y) is base + x·step.
		var base, step int
		switch u.p.orientation {
		case 2:
			base, step = y*W+w-1, -1
		case 3:
			base, step = (h-1-y)*W+w-1, -1
		case 4:
			base, step = (h-1-y)*W, 1
		case 5:
			base, step = y, W
		case 6:
			base, step = h-1-y, W
		case 7:
			base, step = (w-1)*W+h-1-y, -W
		case 8:
			base, step = (w-1)*W+y, -W
		}
		for x := range w {
			i := 3 * (base + x*step)
			dst[i], dst[i+1], dst[i+2] = buf[3*x], buf[3*x+1], buf[3*x+2]
		}
	}
	return dst
}
