package imagefile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/webp"
)

// MaxPixels is the default bound of the images Decode accepts: 40 megapixels is more than any
// phone camera or a page scanned at 600 dpi produces, and refuses decompression bombs before their
// pixels are allocated. DecodeWithin takes another bound (MAX_IMAGE_MEGAPIXELS).
const MaxPixels = 40_000_000

// The errors Decode returns, wrapped with details; test with errors.Is.
var (
	// ErrUnsupported: the bytes are none of JPEG, PNG, WebP or PDF.
	ErrUnsupported = errors.New("imagefile: unsupported file type")
	// ErrTooLarge: the image has more pixels than the bound, or 16 bits per channel (four or eight
	// bytes a pixel once decoded: a small file of a flat 16-bit image decodes to gigabytes).
	ErrTooLarge = errors.New("imagefile: image over the pixel limit")
	// ErrCorrupt: the file says it is a supported type but cannot be decoded or rendered.
	ErrCorrupt = errors.New("imagefile: corrupt or truncated file")
	// ErrPDFRenderer: the file is a PDF and pdftoppm is not on PATH; pass the PDF's bytes to an
	// engine that reads PDFs itself.
	ErrPDFRenderer = errors.New("imagefile: no PDF renderer (pdftoppm) on PATH")
)

// Decode is DecodeWithin with the default bound, MaxPixels.
func Decode(ctx context.Context, data []byte) (image.Image, string, error) {
	return DecodeWithin(ctx, data, MaxPixels)
}

// DecodeWithin decodes a JPEG, PNG or WebP image of at most maxPixels pixels and 8 bits per
// channel whose decoding fits the budget of maxPixels (BudgetFor: memory and JPEG scans, judged
// from its headers before anything is allocated), or renders the first page of a PDF at 200 dpi with pdftoppm
// (poppler), cropped to
// maxPixels, and returns the image with the sniffed media type. Its errors wrap ErrUnsupported,
// ErrTooLarge (ErrTooCostly too, for a file over the budget), ErrCorrupt or ErrPDFRenderer; a PDF refused with
// ErrPDFRenderer still has its
// media type returned. Rendering ends with ctx or after pdfTimeout.
func DecodeWithin(ctx context.Context, data []byte, maxPixels int64) (image.Image, string, error) {
	return decode(ctx, data, maxPixels, false)
}

// DecodeGray decodes as DecodeWithin does, then keeps only the luma, 8 bits a pixel, shrunk so
// that its longer side is at most maxSide: what reading text needs, in memory bounded by maxSide
// whatever the file (a PDF is rendered in grey directly). The colour image is dropped as soon as
// its luma is taken, and a JPEG's luma plane is used without a copy.
func DecodeGray(ctx context.Context, data []byte, maxPixels int64, maxSide int) (*image.Gray, string, error) {
	img, mime, err := decode(ctx, data, maxPixels, true)
	if err != nil {
		return nil, mime, err
	}
	return Downscale(luma(img), maxSide), mime, nil
}

// luma is an image's luma: a JPEG's Y plane without a copy, else its grey conversion.
func luma(img image.Image) *image.Gray {
	if ycc, ok := img.(*image.YCbCr); ok {
		return &image.Gray{Pix: ycc.Y, Stride: ycc.YStride, Rect: ycc.Rect}
	}
	return Grayscale(img)
}

// DecodeInk decodes as DecodeGray does but keeps, of a colour image, each pixel's lightest
// channel (max of red, green and blue) rather than its luma: black ink stays black while coloured
// inks (a violet stamp, a blue pen, a tinted background) turn light. An MRZ is printed in black
// (carbon ink, so that readers see it in near infrared, where coloured inks vanish); this is the
// visible-light approximation of their view. Grey images and PDFs are as DecodeGray returns them.
// The channel is taken row by row into the shrunk image, so memory beyond the decoded file stays
// bounded by maxSide, as DecodeGray's.
func DecodeInk(ctx context.Context, data []byte, maxPixels int64, maxSide int) (*image.Gray, string, error) {
	ink, _, mime, err := decodeInk(ctx, data, maxPixels, maxSide, false)
	return ink, mime, err
}

// DecodeInkAndLuma decodes once and returns DecodeInk's image and DecodeGray's: the ink to read,
// and the luma to judge the picture by (a colour photo's edges and glare are in its luma; its
// lightest channel softens them).
func DecodeInkAndLuma(
	ctx context.Context,
	data []byte,
	maxPixels int64,
	maxSide int,
) (ink, luma *image.Gray, mime string, err error) {
	return decodeInk(ctx, data, maxPixels, maxSide, true)
}

func decodeInk(
	ctx context.Context,
	data []byte,
	maxPixels int64,
	maxSide int,
	withLuma bool,
) (ink, grey *image.Gray, mime string, err error) {
	img, mime, err := decode(ctx, data, maxPixels, true)
	if err != nil {
		return nil, nil, mime, err
	}
	if g, ok := img.(*image.Gray); ok {
		ink = Downscale(Grayscale(g), maxSide)
		return ink, ink, mime, nil
	}
	if withLuma {
		grey = Downscale(luma(img), maxSide)
	}
	switch img.(type) {
	case *image.YCbCr, *image.RGBA, *image.NRGBA:
		b := img.Bounds()
		return downscaleRows(b.Dx(), b.Dy(), maxSide, func(y int, out []uint8) { lightestRow(img, y, out) }), grey,
			mime, nil
	}
	return Downscale(Lightest(img), maxSide), grey, mime, nil
}

// Lightest returns each pixel's lightest channel as an 8-bit grey image with bounds starting at
// (0,0); grey images as Grayscale does.
func Lightest(img image.Image) *image.Gray {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	switch img.(type) {
	case *image.Gray:
		return Grayscale(img)
	case *image.YCbCr, *image.RGBA, *image.NRGBA:
		dst := image.NewGray(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			lightestRow(img, y, dst.Pix[y*dst.Stride:y*dst.Stride+w])
		}
		return dst
	}
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			dst.Pix[y*dst.Stride+x] = uint8(max(r, g, bl) >> 8)
		}
	}
	return dst
}

// lightestRow writes row y (from the top of img's bounds) of img's lightest channel into out;
// img is an *image.YCbCr, *image.RGBA or *image.NRGBA.
func lightestRow(img image.Image, y int, out []uint8) {
	b := img.Bounds()
	switch src := img.(type) {
	case *image.YCbCr:
		for x := range out {
			yi, ci := src.YOffset(b.Min.X+x, b.Min.Y+y), src.COffset(b.Min.X+x, b.Min.Y+y)
			if ci >= len(src.Cb) { // a grey JPEG has no chroma
				out[x] = src.Y[yi]
				continue
			}
			r, g, bl := color.YCbCrToRGB(src.Y[yi], src.Cb[ci], src.Cr[ci])
			out[x] = max(r, g, bl)
		}
	case *image.RGBA:
		row := src.Pix[src.PixOffset(b.Min.X, b.Min.Y+y):]
		for x := range out {
			out[x] = max(row[4*x], row[4*x+1], row[4*x+2])
		}
	case *image.NRGBA: // alpha ignored: uploads of documents are opaque
		row := src.Pix[src.PixOffset(b.Min.X, b.Min.Y+y):]
		for x := range out {
			out[x] = max(row[4*x], row[4*x+1], row[4*x+2])
		}
	}
}

func decode(ctx context.Context, data []byte, maxPixels int64, gray bool) (image.Image, string, error) {
	mime, ok := Sniff(data)
	if !ok {
		return nil, "", ErrUnsupported
	}
	if mime == MIMEPDF {
		// Measured before pdftoppm is started, or handed to another engine: a PDF that cannot be
		// measured is not rendered.
		h, err := ReadHeader(data)
		if err == nil {
			err = h.Check(maxPixels)
		}
		if err != nil {
			return nil, mime, err
		}
		img, err := renderPDF(ctx, data, maxPixels, gray)
		return img, mime, err
	}
	img, err := decodeRaster(data, maxPixels)
	return img, mime, err
}

func decodeRaster(data []byte, maxPixels int64) (image.Image, error) {
	h, err := ReadHeader(data)
	if err != nil {
		return nil, err
	}
	if err := h.Check(maxPixels); err != nil {
		return nil, err
	}
	var decode func(io.Reader) (image.Image, error)
	switch h.MIME {
	case MIMEJPEG:
		decode = jpeg.Decode
	case MIMEPNG:
		decode = png.Decode
	case MIMEWebP:
		decode = webp.Decode
	default:
		return nil, ErrUnsupported
	}
	img, err := decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, h.MIME, err)
	}
	return img, nil
}
