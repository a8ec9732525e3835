package liveness

import "context"

// Upright is a decoded image read upright by its EXIF orientation, without a copy: its size and a
// reader of its 8-bit RGB at upright coordinates from (0,0).
type Upright struct {
	W, H int
	At   func(x, y int) (r, g, b uint8)
}

// DecodeUpright decodes a JPEG, PNG or WebP photograph of at most maxPixels pixels as Check does,
// for the other face models (package facematch) to read the same pixels. Errors: ErrUnsupported,
// ErrCorrupt, ErrTooLarge, wrapped.
func DecodeUpright(ctx context.Context, data []byte, maxPixels int64) (Upright, error) {
	p, err := decode(ctx, data, maxPixels)
	return Upright{W: p.w, H: p.h, At: p.at}, err
}
