package main

import (
	"bytes"
	"fmt"
)

// A4 in points, and where the document sits on it, as on a flatbed scan.
const (
	a4W, a4H     = 595.28, 841.89
	pdfMarginMM  = 20.0
	pointsPerMM  = 72 / 25.4
	pdfRenderDPI = 200 // what ocr.Decode renders at, for the manifest's MRZ box
)

// writePDF returns a one-page A4 PDF that shows a JPEG (embedded as is, DCTDecode) at the
// document's true size, its top-left corner pdfMarginMM from the page's.
func writePDF(jpegData []byte, pxW, pxH int, wMM, hMM float64) []byte {
	var b bytes.Buffer
	var offsets []int
	obj := func(body string, stream []byte) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s", len(offsets), body)
		if stream != nil {
			b.WriteString("\nstream\n")
			b.Write(stream)
			b.WriteString("\nendstream")
		}
		b.WriteString("\nendobj\n")
	}
	w, h := wMM*pointsPerMM, hMM*pointsPerMM
	x, y := pdfMarginMM*pointsPerMM, a4H-pdfMarginMM*pointsPerMM-h
	content := fmt.Sprintf("q %.2f 0 0 %.2f %.2f %.2f cm /Im0 Do Q", w, h, x, y)

	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	obj("<< /Type /Catalog /Pages 2 0 R >>", nil)
	obj("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil)
	obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] "+
		"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>", a4W, a4H), nil)
	obj(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "+
		"/BitsPerComponent 8 /Filter /DCTDecode /Length %d >>", pxW, pxH, len(jpegData)), jpegData)
	obj(fmt.Sprintf("<< /Length %d >>", len(content)), []byte(content))

	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}
