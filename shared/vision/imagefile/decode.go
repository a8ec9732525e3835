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
	"math"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"golang.org/x/image/webp"
)

// The media types Sniff recognises.
const (
	MIMEJPEG = "image/jpeg"
	MIMEPNG  = "image/png"
	MIMEWebP = "image/webp"
	MIMEPDF  = "application/pdf"
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

// Sniff identifies a file by its leading magic bytes, never by its name: JPEG, PNG, WebP (a RIFF
// container of form WEBP) or PDF. ok is false for anything else.
func Sniff(data []byte) (mime string, ok bool) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return MIMEJPEG, true
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return MIMEPNG, true
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return MIMEWebP, true
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return MIMEPDF, true
	}
	return "", false
}

// Header is what an image file's header says, read without decoding a pixel.
type Header struct {
	MIME          string
	Width, Height int  // zero for a PDF, whose page is measured only by rendering it
	Deep          bool // 16 bits per channel
	Progressive   bool // a progressive JPEG
	Cost          Cost // what decoding would cost; for a PDF, what rendering would (Cost.PDF)
}

// ReadHeader sniffs data and reads a raster image's dimensions, sample depth and decoding cost
// from its headers: a WebP's first chunks, a PNG's chunks up to its image data (a tRNS chunk
// makes a grey image decode to NRGBA), and every marker of a JPEG up to its end (a JPEG's scans,
// which set its cost, run to the end of the file). A caller holding only the head of a file can
// check most PNGs and WebPs, and learns from the error to read more of a JPEG or a PNG whose
// chunks before its image data run past the head.
// Its errors wrap ErrUnsupported or ErrCorrupt; headers cut short by the end of data also wrap
// io.ErrUnexpectedEOF, so that such a caller knows to read more of the file.
func ReadHeader(data []byte) (Header, error) {
	mime, ok := Sniff(data)
	if !ok {
		return Header{}, ErrUnsupported
	}
	h := Header{MIME: mime}
	var decodeConfig func(io.Reader) (image.Config, error)
	switch mime {
	case MIMEPDF:
		pc, err := measurePDF(data, PDFLimits)
		var ce *CostError
		if errors.As(err, &ce) {
			pc.Refused, err = ce.Reason, nil
		}
		h.Cost.PDF = &pc
		return h, err
	case MIMEJPEG:
		return jpegHeader(data)
	case MIMEPNG:
		decodeConfig = png.DecodeConfig
	case MIMEWebP:
		decodeConfig = webp.DecodeConfig
	}
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil {
		return h, fmt.Errorf("%w: %s header: %w", ErrCorrupt, mime, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return h, fmt.Errorf("%w: %s of %dx%d pixels", ErrCorrupt, mime, cfg.Width, cfg.Height)
	}
	h.Width, h.Height = cfg.Width, cfg.Height
	switch cfg.ColorModel {
	case color.Gray16Model, color.RGBA64Model, color.NRGBA64Model, color.Alpha16Model:
		h.Deep = true
	}
	if mime == MIMEWebP {
		h.Cost = webpCost(data, h.Width, h.Height)
		return h, nil
	}
	// A PNG's chunks before its image data may turn grey into NRGBA (tRNS): walked, not guessed
	// from the header's colour type.
	l, err := walkPNG(data)
	h.Cost = pngCost(l)
	if err != nil {
		return h, fmt.Errorf("%w: %s header: %w", ErrCorrupt, mime, err)
	}
	return h, nil
}

// jpegHeader walks a JPEG's markers (walkJPEG). The frame's dimensions are returned even when
// the walk fails later.
func jpegHeader(data []byte) (Header, error) {
	l, err := walkJPEG(data)
	h := Header{MIME: MIMEJPEG, Width: l.width, Height: l.height, Progressive: l.progressive}
	if l.comps != nil {
		h.Cost = jpegCost(l)
	}
	switch {
	case err != nil:
		return h, fmt.Errorf("%w: %s header: %w", ErrCorrupt, MIMEJPEG, err)
	case l.comps == nil:
		return h, fmt.Errorf("%w: %s without a frame header (SOF)", ErrCorrupt, MIMEJPEG)
	case h.Width <= 0 || h.Height <= 0:
		return h, fmt.Errorf("%w: %s of %dx%d pixels", ErrCorrupt, MIMEJPEG, h.Width, h.Height)
	}
	return h, nil
}

// Check is Within the budget of maxPixels (BudgetFor): it returns an error wrapping ErrTooLarge
// when the image has more than maxPixels pixels or 16 bits per channel, and one wrapping
// ErrTooCostly (a *CostError) when decoding it would cost more memory or scans than the budget.
func (h Header) Check(maxPixels int64) error { return h.Within(BudgetFor(maxPixels)) }

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

// pdfTimeout bounds one rendering: the corpus's A4 page at 200 dpi takes 0.23 s (2-core AMD
// EPYC). A rendering past it is a refusal of the document for good (a *CostError), not a failure
// to retry: the same file would take as long again. A variable for the tests.
var pdfTimeout = 10 * time.Second

const (
	// pdfDPI is the rendering resolution: enough for an MRZ printed at 10 characters per inch.
	pdfDPI = 200
	// pdfMaxSide crops the rendering of an oversized page (over 30 inches at 200 dpi) so that
	// pdftoppm never allocates more than MaxPixels; the top-left part is kept. A lower pixel bound
	// crops to a smaller square.
	pdfMaxSide = 6000
	// pdfMaxOutput bounds what is read of pdftoppm's PNG.
	pdfMaxOutput = 256 << 20
)

// renderPDF renders the first page with pdftoppm, reading the PDF from stdin and the PNG from
// stdout so that no temporary file is written; in 8-bit grey when gray is set.
func renderPDF(ctx context.Context, data []byte, maxPixels int64, gray bool) (image.Image, error) {
	path, err := exec.LookPath("pdftoppm")
	if err != nil {
		return nil, ErrPDFRenderer
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, pdfTimeout)
	defer cancel()
	side := strconv.Itoa(int(min(pdfMaxSide, math.Sqrt(float64(maxPixels)))))
	args := []string{
		"-f",
		"1",
		"-l",
		"1",
		"-r",
		strconv.Itoa(pdfDPI),
		"-W",
		side,
		"-H",
		side,
		"-png",
		"-singlefile",
		"-q",
	}
	if gray {
		args = append(args, "-gray")
	}
	cmd := exec.CommandContext(ctx, path, append(args, "-")...)
	cmd.Stdin = bytes.NewReader(data)
	out := &limitedBuffer{max: pdfMaxOutput}
	var stderr limitedBuffer
	stderr.max = 4 << 10
	cmd.Stdout, cmd.Stderr = out, &stderr
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		if parent.Err() != nil { // the caller's deadline, not the file's doing: try again later
			return nil, fmt.Errorf("imagefile: rendering the PDF: %w", parent.Err())
		}
		if ctx.Err() != nil {
			return nil, &CostError{Reason: fmt.Sprintf("the PDF's page took over %v to render", pdfTimeout)}
		}
		if out.over {
			return nil, fmt.Errorf("%w: the rendered page is over %d bytes", ErrTooLarge, pdfMaxOutput)
		}
		return nil, fmt.Errorf("%w: pdftoppm: %v: %s", ErrCorrupt, err, strings.TrimSpace(stderr.String()))
	}
	if out.Len() == 0 {
		return nil, fmt.Errorf("%w: pdftoppm rendered nothing", ErrCorrupt)
	}
	return decodeRaster(out.Bytes(), maxPixels)
}

// limitedBuffer is a bytes.Buffer that fails writes past max, which ends the writing process.
type limitedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		b.over = true
		return 0, errors.New("output over the limit")
	}
	return b.Buffer.Write(p)
}
