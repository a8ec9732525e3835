package console

import (
	"strings"
	"testing"

	"github.com/trustline/platform/sdk/go/identity"
)

// A handoff session's page shows its state, its file once sent, and the QR code while it waits.
func TestHandoffPage(t *testing.T) {
	waiting := answer[identity.HandoffStatus](t, `{"sessionId": "hs_1", "status": "created",
		"expiresAt": "2026-11-28T09:15:00Z"}`)
	upload := "http://127.0.0.1:3000/v1/mobile-handoff/upload/hs_1"
	html := render(t, "handoffsession", liveUser,
		handoffPage{State: waiting, QR: "data:image/svg+xml;base64,PHN2Zy8+", UploadURL: upload})
	for _, want := range []string{"hs_1", ">created<", "2026-11-28 09:15:00 UTC",
		`src="data:image/svg&#43;xml;base64,PHN2Zy8&#43;"`, `href="http://127.0.0.1:3000/v1/mobile-handoff/upload/hs_1"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the waiting session's page lacks %q:\n%s", want, html)
		}
	}
	ready := answer[identity.HandoffStatus](t, `{"sessionId": "hs_1", "status": "ready",
		"expiresAt": "2026-11-28T09:15:00Z", "fileName": "passport.jpg", "fileType": "image/jpeg", "fileSize": 2048,
		"uploadedAt": "2026-11-28T09:05:00Z"}`)
	html = render(t, "handoffsession", liveUser, handoffPage{State: ready})
	for _, want := range []string{"passport.jpg (image/jpeg, 2048 bytes)", "POST /v1/mobile-handoff/consume/hs_1"} {
		if !strings.Contains(html, want) {
			t.Errorf("the ready session's page lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "img") {
		t.Error("the ready session still shows its QR code")
	}
}
