package main

import (
	"fmt"

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
