package printedtest

// MRZ typography (ICAO 9303 part 3): OCR-B size I at 10 characters per inch, 6 lines per inch, the
// last line's baseline about 5 mm above the document's bottom edge, as infra/docgen prints it.
const (
	mrzPitchMM  = 25.4 / 10
	mrzLineMM   = 25.4 / 6
	mrzBottomMM = 5.0
	mrzTopRatio = 0.79 // OCR-B's capitals and digits rise 0.77 em above the baseline
)

// mrzTop is the top of an MRZ of n lines on a document hMM high: the printed fields end above it.
func mrzTop(n int, hMM float64) float64 {
	em := mrzPitchMM / loadTypefaces().ocrbAdvance
	return hMM - mrzBottomMM - float64(n-1)*mrzLineMM - mrzTopRatio*em
}

// zone prints the MRZ lines centred at the bottom of a document wMM by hMM.
func (c *canvas) zone(st *style, lines []string, wMM, hMM float64) {
	t := loadTypefaces()
	em := mrzPitchMM / t.ocrbAdvance
	left := (wMM - float64(len(lines[0]))*mrzPitchMM) / 2
	first := hMM - mrzBottomMM - float64(len(lines)-1)*mrzLineMM
	for i, s := range lines {
		c.fixedPitch(t.ocrb, em, left, first+float64(i)*mrzLineMM, mrzPitchMM, s, st.valueInk)
	}
}
