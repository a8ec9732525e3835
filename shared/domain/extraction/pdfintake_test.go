package extraction_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/foundation/pdf"
)

// TestSubmitRefusesPDFsTooCostlyToRender: a PDF whose forms nest into millions of draws (4.6 KB;
// pdftoppm spends over 30 s on it) is refused at intake from its objects, 422 image_too_costly,
// before anything is stored, charged or queued; it counted as costing nothing.
func TestSubmitRefusesPDFsTooCostlyToRender(t *testing.T) {
	f := pdf.New()
	f.Object("<< /Type /Catalog /Pages 2 0 R >>", nil)
	f.Object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", nil)
	f.Object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /F 5 0 R >> >> "+
		"/Contents 4 0 R >>", nil)
	f.Object("<< /Length 5 >>", []byte("/F Do"))
	for i := range 24 { // each form draws the next twice: 2^24 draws
		content := strings.Repeat("/F Do ", 2)
		f.Object(fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 9 9] /Resources << /XObject << /F %d 0 R >> "+
			">> /Length %d >>", 6+i, len(content)), []byte(content))
	}
	m, now := newMemory(), time.Now()
	s := service(m, &reader{}, &now)
	m.credits["u1"] = 10
	_, _, err := s.Submit(context.Background(), extraction.Caller{OwnerID: "u1", Live: true},
		[]extraction.Document{{Type: "passport", Data: f.Bytes(0)}}, false)
	if fe := fault.As(err); fe.Code != "image_too_costly" || !strings.Contains(fe.Detail, "PDF") {
		t.Errorf("error = %v, want 422 image_too_costly naming the PDF", err)
	}
	if m.credits["u1"] != 10 || len(m.items) != 0 || len(m.blobs) != 0 {
		t.Errorf("credits %d, items %d, files %d: something was kept", m.credits["u1"], len(m.items), len(m.blobs))
	}
}
