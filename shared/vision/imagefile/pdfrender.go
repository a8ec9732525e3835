package imagefile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

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
