package imagefile

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestPDFRenderPastItsTimeoutIsARefusal: a rendering that outlasts pdfTimeout refuses the document
// for good (a *CostError, which the extraction worker fails and refunds at once) rather than
// failing it for another try, which spent the timeout five times over; the caller's own deadline
// stays a temporary error.
func TestPDFRenderPastItsTimeoutIsARefusal(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftoppm (poppler-utils) is not installed")
		}
		t.Skip("pdftoppm not installed")
	}
	data, err := os.ReadFile("../../../testdata/extraction/fra-passport-pdf.pdf")
	if err != nil {
		t.Fatal(err)
	}
	saved := pdfTimeout
	t.Cleanup(func() { pdfTimeout = saved })
	pdfTimeout = time.Millisecond
	_, _, err = DecodeWithin(context.Background(), data, MaxPixels)
	var ce *CostError
	if !errors.As(err, &ce) || !errors.Is(err, ErrTooLarge) {
		t.Errorf("past the timeout: %v, want a *CostError", err)
	}
	pdfTimeout = saved
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	_, _, err = DecodeWithin(ctx, data, MaxPixels)
	if errors.As(err, &ce) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("past the caller's deadline: %v, want context.DeadlineExceeded", err)
	}
}
