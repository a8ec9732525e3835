package main

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"math"

	"github.com/trustline/platform/shared/foundation/pdf"
)

// A4 in points, and where the document sits on it, as on a flatbed scan.
const (
	a4W, a4H     = 595.28, 841.89
	pdfMarginMM  = 20.0
	pointsPerMM  = 72 / 25.4
	pdfRenderDPI = 200 // what imagefile.Decode renders at, for the manifest's MRZ box
)

// writePDF returns a one-page A4 PDF that shows a JPEG (embedded as is, DCTDecode) at the
// document's true size, its top-left corner pdfMarginMM from the page's.
func writePDF(jpegData []byte, pxW, pxH int, wMM, hMM float64) []byte {
	w, h := wMM*pointsPerMM, hMM*pointsPerMM
	x, y := pdfMarginMM*pointsPerMM, a4H-pdfMarginMM*pointsPerMM-h
	content := fmt.Sprintf("q %.2f 0 0 %.2f %.2f %.2f cm /Im0 Do Q", w, h, x, y)

	f := pdf.New()
	f.Object("<< /Type /Catalog /Pages 2 0 R >>", nil)
	f.Object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil)
	f.Object(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] "+
		"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>", a4W, a4H), nil)
	f.Object(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "+
		"/BitsPerComponent 8 /Filter /DCTDecode /Length %d >>", pxW, pxH, len(jpegData)), jpegData)
	f.Object(fmt.Sprintf("<< /Length %d >>", len(content)), []byte(content))

	return f.Bytes(0)
}

// pdfOf embeds a quality-90 JPEG of the clean rendering in an A4 page and computes where the MRZ
// lands when the page is rendered at pdfRenderDPI.
func pdfOf(d document, img *image.RGBA, mrz image.Rectangle) (file, []byte, error) {
	var j bytes.Buffer
	if err := jpeg.Encode(&j, img, &jpeg.Options{Quality: 90}); err != nil {
		return file{}, nil, err
	}
	g := geometries[d.Format]
	data := writePDF(j.Bytes(), img.Rect.Dx(), img.Rect.Dy(), g.wMM, g.hMM)
	toPage := func(px int, floor bool) int {
		v := (pdfMarginMM + float64(px)/g.pxPerMM) * pdfRenderDPI / 25.4
		if floor {
			return int(math.Floor(v))
		}
		return int(math.Ceil(v))
	}
	pageW := int(math.Ceil(a4W / 72 * pdfRenderDPI))
	pageH := int(math.Ceil(a4H / 72 * pdfRenderDPI))
	return file{
		File: d.ID + "-pdf.pdf", Width: pageW, Height: pageH,
		MRZBox: box{
			toPage(mrz.Min.X, true),
			toPage(mrz.Min.Y, true),
			toPage(mrz.Max.X, false),
			toPage(mrz.Max.Y, false),
		},
	}, data, nil
}
