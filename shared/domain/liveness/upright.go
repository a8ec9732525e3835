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
// reading each pixel once, a row at a time. w and h are at most W and H.
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
