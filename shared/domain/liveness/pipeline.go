package liveness

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/trustline/platform/shared/vision/imagefile"
)

// The models' input geometry.
const (
	detectorW, detectorH = 320, 240
	detectorBoxes        = 4420
	cropSide             = 80
	smallScale           = 2.7
	largeScale           = 4.0
)

// pixels is the upright view of a decoded image, without a copy: its size and a reader of its
// 8-bit RGB at upright coordinates from (0,0); and the stored image with its orientation, for the
// passes that read every pixel (reduceBoxes).
type pixels struct {
	w, h        int
	at          func(x, y int) (r, g, b uint8)
	img         image.Image
	orientation int
}

// decode reads a JPEG, PNG or WebP image of at most maxPixels pixels and returns its upright view
// by its EXIF orientation. PDFs are refused: a selfie is a photograph.
func decode(ctx context.Context, data []byte, maxPixels int64) (pixels, error) {
	mime, ok := imagefile.Sniff(data)
	if !ok || mime == imagefile.MIMEPDF {
		return pixels{}, fmt.Errorf("%w (%d bytes)", ErrUnsupported, len(data))
	}
	img, _, err := imagefile.DecodeWithin(ctx, data, maxPixels)
	switch {
	case err == nil:
	case errors.Is(err, imagefile.ErrTooLarge):
		return pixels{}, fmt.Errorf("%w: %w", ErrTooLarge, err)
	case errors.Is(err, imagefile.ErrCorrupt):
		return pixels{}, fmt.Errorf("%w: %w", ErrCorrupt, err)
	case errors.Is(err, imagefile.ErrUnsupported):
		return pixels{}, fmt.Errorf("%w: %w", ErrUnsupported, err)
	default:
		return pixels{}, fmt.Errorf("liveness: decoding: %w", err)
	}
	orientation := 1
	if mime == imagefile.MIMEJPEG {
		orientation = exifOrientation(data)
	}
	return upright(img, orientation), nil
}

// upright maps img through an EXIF orientation (1–8): the readers turn and mirror coordinates
// instead of copying the image, which for a 40-megapixel photo would cost 160 MB per copy.
func upright(img image.Image, orientation int) pixels {
	at := rgbReader(img)
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	switch orientation {
	case 2: // mirrored
		return pixels{w, h, func(x, y int) (uint8, uint8, uint8) { return at(w-1-x, y) }, img, orientation}
	case 3: // upside down
		return pixels{w, h, func(x, y int) (uint8, uint8, uint8) { return at(w-1-x, h-1-y) }, img, orientation}
	case 4: // mirrored upside down
		return pixels{w, h, func(x, y int) (uint8, uint8, uint8) { return at(x, h-1-y) }, img, orientation}
	case 5: // transposed
		return pixels{h, w, func(x, y int) (uint8, uint8, uint8) { return at(y, x) }, img, orientation}
	case 6: // stored a quarter turn counter-clockwise: turn it clockwise
		return pixels{h, w, func(x, y int) (uint8, uint8, uint8) { return at(y, h-1-x) }, img, orientation}
	case 7: // transverse
		return pixels{h, w, func(x, y int) (uint8, uint8, uint8) { return at(w-1-y, h-1-x) }, img, orientation}
	case 8: // stored a quarter turn clockwise: turn it counter-clockwise
		return pixels{h, w, func(x, y int) (uint8, uint8, uint8) { return at(w-1-y, x) }, img, orientation}
	}
	return pixels{w, h, at, img, orientation}
}

// detectorInput stretches the image to the detector's 320×240 as UltraFace's own code does
// (cv2.resize, INTER_LINEAR; identical for images up to 640×480) and returns it as NCHW RGB
// planes of (p−127)/128. A larger image is first averaged down by whole boxes to at most
// 640×480: two-tap bilinear interpolation alone would skip most of its pixels, and the detector
// only needs the face's box.
func detectorInput(p pixels) []float32 {
	q := boxReduce(p, 2*detectorW, 2*detectorH)
	rgb := resizeLinear(q, 0, 0, q.w, q.h, detectorW, detectorH)
	const plane = detectorW * detectorH
	out := make([]float32, 3*plane)
	for i := range plane {
		out[i] = (float32(rgb[3*i]) - 127) / 128
		out[plane+i] = (float32(rgb[3*i+1]) - 127) / 128
		out[2*plane+i] = (float32(rgb[3*i+2]) - 127) / 128
	}
	return out
}

// boxReduce averages p down by whole factors per axis until it is at most maxW×maxH; p itself
// when it already fits. Boxes are a pixel wider here and there so that the whole image is
// covered.
func boxReduce(p pixels, maxW, maxH int) pixels {
	kx, ky := max(1, (p.w+maxW-1)/maxW), max(1, (p.h+maxH-1)/maxH)
	if kx == 1 && ky == 1 {
		return p
	}
	rw, rh := max(1, p.w/kx), max(1, p.h/ky)
	dst := image.NewRGBA(image.Rect(0, 0, rw, rh))
	reduceBoxes(p.img, p.orientation, grid(p.w, rw), grid(p.h, rh), func(i, j int, r, g, b, n uint64) {
		o := dst.PixOffset(i, j)
		dst.Pix[o], dst.Pix[o+1], dst.Pix[o+2], dst.Pix[o+3] = uint8((r+n/2)/n), uint8((g+n/2)/n), uint8((b+n/2)/n), 255
	})
	return upright(dst, 1)
}

// grid splits n pixels into parts boxes as evenly as whole pixels allow: box i covers
// [grid[i], grid[i+1]), and the boxes cover all n.
func grid(n, parts int) []int {
	g := make([]int, parts+1)
	for i := range g {
		g[i] = i * n / parts
	}
	return g
}

// cropInput cuts the inclusive box from the upright image, resizes it to 80×80 as cv2.resize
// does (see resizeLinear) and returns NCHW BGR planes of raw 0–255 values.
func cropInput(p pixels, x0, y0, x1, y1 int) []float32 {
	rgb := resizeLinear(p, x0, y0, x1-x0+1, y1-y0+1, cropSide, cropSide)
	const plane = cropSide * cropSide
	out := make([]float32, 3*plane)
	for i := range plane {
		out[i] = float32(rgb[3*i+2])
		out[plane+i] = float32(rgb[3*i+1])
		out[2*plane+i] = float32(rgb[3*i])
	}
	return out
}

// resizeLinear resizes the sw×sh region at (x0, y0) of p to dw×dh and returns it as interleaved
// RGB, as cv2.resize with INTER_LINEAR does on 8-bit images: half-pixel centres, two taps, edges
// clamped, weights in 11-bit fixed point, and the rounding of OpenCV's SIMD vertical pass. When
// shrinking, the result is bit-identical to OpenCV 4.13's (reference_test.go checks it):
// MiniFASNet reads fine texture, and crops one level off in a tenth of their values moved its
// score by up to 0.01.
func resizeLinear(p pixels, x0, y0, sw, sh, dw, dh int) []uint8 {
	xs, xa := linearTaps(sw, dw)
	ys, ya := linearTaps(sh, dh)
	// An image upright as stored and not much wider than the output (the detector's input) has
	// its source rows read whole, by storedRows; a crop of a large or turned photo reads its few
	// taps one by one.
	var readRow func(y int, dst []uint8)
	var line []uint8
	if p.orientation == 1 && p.img != nil && p.w <= 4*dw {
		readRow, line = storedRows(p.img), make([]uint8, 3*p.w)
	}
	// Horizontal pass, once per source row that an output row needs.
	rows := make([][]int32, sh)
	row := func(sy int) []int32 {
		if r := rows[sy]; r != nil {
			return r
		}
		r := make([]int32, 3*dw)
		if readRow != nil {
			readRow(y0+sy, line)
			for dx := range dw {
				p0, p1 := line[3*(x0+xs[dx]):][:3], line[3*(x0+min(xs[dx]+1, sw-1)):][:3]
				a0, a1 := int32(xa[dx][0]), int32(xa[dx][1])
				r[3*dx] = int32(p0[0])*a0 + int32(p1[0])*a1
				r[3*dx+1] = int32(p0[1])*a0 + int32(p1[1])*a1
				r[3*dx+2] = int32(p0[2])*a0 + int32(p1[2])*a1
			}
			rows[sy] = r
			return r
		}
		for dx := range dw {
			r0, g0, b0 := p.at(x0+xs[dx], y0+sy)
			r1, g1, b1 := p.at(x0+min(xs[dx]+1, sw-1), y0+sy)
			a0, a1 := int32(xa[dx][0]), int32(xa[dx][1])
			r[3*dx] = int32(r0)*a0 + int32(r1)*a1
			r[3*dx+1] = int32(g0)*a0 + int32(g1)*a1
			r[3*dx+2] = int32(b0)*a0 + int32(b1)*a1
		}
		rows[sy] = r
		return r
	}
	out := make([]uint8, 3*dw*dh)
	for dy := range dh {
		s0, s1 := row(ys[dy]), row(min(ys[dy]+1, sh-1))
		b0, b1 := int32(ya[dy][0]), int32(ya[dy][1])
		o := out[3*dw*dy : 3*dw*(dy+1)]
		for i := range o {
			// VResizeLinearVec_32s8u: (S>>4)·β>>16 per row, summed, then rounded >>2.
			v := ((s0[i]>>4)*b0)>>16 + ((s1[i]>>4)*b1)>>16
			o[i] = uint8(max(0, min(255, (v+2)>>2)))
		}
	}
	return out
}

// linearTaps returns, for each of dst output positions, OpenCV's left source index and the two
// fixed-point weights (summing to 2048) when resizing src samples to dst.
func linearTaps(src, dst int) ([]int, [][2]int16) {
	idx, w := make([]int, dst), make([][2]int16, dst)
	scale := 1 / (float64(dst) / float64(src))
	for d := range dst {
		f := float32((float64(d)+0.5)*scale - 0.5) // OpenCV keeps it in single precision
		s := int(math.Floor(float64(f)))
		f -= float32(s)
		if s < 0 {
			s, f = 0, 0
		}
		if s >= src-1 {
			s, f = src-1, 0
		}
		idx[d] = s
		w[d] = [2]int16{int16(math.RoundToEven(float64((1 - f) * 2048))), int16(math.RoundToEven(float64(f * 2048)))}
	}
	return idx, w
}

// rgbReader returns a reader of img's 8-bit RGB at offsets from its bounds' origin, fast for the
// types the decoders produce.
func rgbReader(img image.Image) func(x, y int) (r, g, b uint8) {
	o := img.Bounds().Min
	switch m := img.(type) {
	case *image.YCbCr:
		return func(x, y int) (uint8, uint8, uint8) {
			x, y = x+o.X, y+o.Y
			return color.YCbCrToRGB(m.Y[m.YOffset(x, y)], m.Cb[m.COffset(x, y)], m.Cr[m.COffset(x, y)])
		}
	case *image.RGBA:
		return func(x, y int) (uint8, uint8, uint8) {
			p := m.Pix[m.PixOffset(x+o.X, y+o.Y):]
			return p[0], p[1], p[2]
		}
	case *image.Gray:
		return func(x, y int) (uint8, uint8, uint8) {
			v := m.Pix[m.PixOffset(x+o.X, y+o.Y)]
			return v, v, v
		}
	}
	// Anything else (NRGBA, paletted, CMYK JPEGs, 16-bit PNGs) through the colour model, alpha
	// premultiplied as draw.Src onto RGBA would.
	return func(x, y int) (uint8, uint8, uint8) {
		c := color.RGBAModel.Convert(img.At(x+o.X, y+o.Y)).(color.RGBA)
		return c.R, c.G, c.B
	}
}
