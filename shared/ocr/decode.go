package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
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

// MaxPixels bounds the images Decode accepts: 40 megapixels is more than any phone camera or a page
// scanned at 600 dpi produces, and refuses decompression bombs before their pixels are allocated.
const MaxPixels = 40_000_000

// The errors Decode returns, wrapped with details; test with errors.Is.
var (
	// ErrUnsupported: the bytes are none of JPEG, PNG, WebP or PDF.
	ErrUnsupported = errors.New("ocr: unsupported file type")
	// ErrTooLarge: the image has more than MaxPixels pixels.
	ErrTooLarge = errors.New("ocr: image over the pixel limit")
	// ErrCorrupt: the file says it is a supported type but cannot be decoded or rendered.
	ErrCorrupt = errors.New("ocr: corrupt or truncated file")
	// ErrPDFRenderer: the file is a PDF and pdftoppm is not on PATH; pass the PDF's bytes to an
	// engine that reads PDFs itself.
	ErrPDFRenderer = errors.New("ocr: no PDF renderer (pdftoppm) on PATH")
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

// Decode decodes a JPEG, PNG or WebP image, or renders the first page of a PDF at 200 dpi with
// pdftoppm (poppler), and returns the image with the sniffed media type. Its errors wrap
// ErrUnsupported, ErrTooLarge, ErrCorrupt or ErrPDFRenderer; a PDF refused with ErrPDFRenderer
// still has its media type returned. Rendering ends with ctx or after pdfTimeout.
func Decode(ctx context.Context, data []byte) (image.Image, string, error) {
	mime, ok := Sniff(data)
	if !ok {
		return nil, "", ErrUnsupported
	}
	if mime == MIMEPDF {
		img, err := renderPDF(ctx, data)
		return img, mime, err
	}
	img, err := decodeRaster(mime, data)
	return img, mime, err
}

func decodeRaster(mime string, data []byte) (image.Image, error) {
	var decodeConfig func(io.Reader) (image.Config, error)
	var decode func(io.Reader) (image.Image, error)
	switch mime {
	case MIMEJPEG:
		decodeConfig, decode = jpeg.DecodeConfig, jpeg.Decode
	case MIMEPNG:
		decodeConfig, decode = png.DecodeConfig, png.Decode
	case MIMEWebP:
		decodeConfig, decode = webp.DecodeConfig, webp.Decode
	default:
		return nil, ErrUnsupported
	}
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s header: %v", ErrCorrupt, mime, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%w: %s of %dx%d pixels", ErrCorrupt, mime, cfg.Width, cfg.Height)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("%w: %dx%d pixels, the limit is %d", ErrTooLarge, cfg.Width, cfg.Height, MaxPixels)
	}
	img, err := decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, mime, err)
	}
	return img, nil
}

const (
	// pdfTimeout bounds one rendering: a first page at 200 dpi takes well under a second.
	pdfTimeout = 20 * time.Second
	// pdfDPI is the rendering resolution: enough for an MRZ printed at 10 characters per inch.
	pdfDPI = 200
	// pdfMaxSide crops the rendering of an oversized page (over 30 inches at 200 dpi) so that
	// pdftoppm never allocates more than MaxPixels; the top-left part is kept.
	pdfMaxSide = 6000
	// pdfMaxOutput bounds what is read of pdftoppm's PNG.
	pdfMaxOutput = 256 << 20
)

// renderPDF renders the first page with pdftoppm, reading the PDF from stdin and the PNG from
// stdout so that no temporary file is written.
func renderPDF(ctx context.Context, data []byte) (image.Image, error) {
	path, err := exec.LookPath("pdftoppm")
	if err != nil {
		return nil, ErrPDFRenderer
	}
	ctx, cancel := context.WithTimeout(ctx, pdfTimeout)
	defer cancel()
	side := strconv.Itoa(pdfMaxSide)
	cmd := exec.CommandContext(ctx, path, "-f", "1", "-l", "1", "-r", strconv.Itoa(pdfDPI),
		"-W", side, "-H", side, "-png", "-singlefile", "-q", "-")
	cmd.Stdin = bytes.NewReader(data)
	out := &limitedBuffer{max: pdfMaxOutput}
	var stderr limitedBuffer
	stderr.max = 4 << 10
	cmd.Stdout, cmd.Stderr = out, &stderr
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("ocr: rendering the PDF: %w", ctx.Err())
		}
		if out.over {
			return nil, fmt.Errorf("%w: the rendered page is over %d bytes", ErrTooLarge, pdfMaxOutput)
		}
		return nil, fmt.Errorf("%w: pdftoppm: %v: %s", ErrCorrupt, err, strings.TrimSpace(stderr.String()))
	}
	if out.Len() == 0 {
		return nil, fmt.Errorf("%w: pdftoppm rendered nothing", ErrCorrupt)
	}
	return decodeRaster(MIMEPNG, out.Bytes())
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
