package imagefile

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"golang.org/x/image/webp"
)

// The media types Sniff recognises.
const (
	MIMEJPEG = "image/jpeg"
	MIMEPNG  = "image/png"
	MIMEWebP = "image/webp"
	MIMEPDF  = "application/pdf"
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
