package console

import (
	"strings"
	"testing"

	"github.com/trustline/platform/sdk/go/identity"
)

// A liveness check's page says its verdict, both models' scores and its face match; the list links
// each check.
func TestLivenessPages(t *testing.T) {
	const live = `{"checkId": "lv_1", "isLive": true, "confidence": 0.93, "attackType": "none",
		"scoreSmall": 0.91, "scoreLarge": 0.95, "creditsUsed": 1, "createdAt": "2026-11-28T09:00:00Z",
		"expiresAt": "2026-12-28T09:00:00Z", "livemode": false,
		"faceMatch": {"isMatch": false, "similarity": 0.123}}`
	html := render(t, "livenesscheck", nil, answer[identity.LivenessCheck](t, live))
	for _, want := range []string{"A live person", "93 %", "<dd>none</dd>", "91 %", "95 %",
		"2026-12-28 09:00:00 UTC", `id="face-match">The selfie and the document's portrait do not`, "0.123"} {
		if !strings.Contains(html, want) {
			t.Errorf("the check's page lacks %q:\n%s", want, html)
		}
	}
	spoof := answer[identity.LivenessCheck](t, `{"checkId": "lv_2", "isLive": false, "confidence": 0.2,
		"attackType": "spoof", "scoreSmall": 0.1, "scoreLarge": 0.3, "creditsUsed": 1,
		"createdAt": "2026-11-28T09:00:00Z", "livemode": false}`)
	html = render(t, "livenesscheck", nil, spoof)
	for _, want := range []string{"Not judged live", "spoof (a print, a screen and a mask are not told apart)",
		"This check compared no document"} {
		if !strings.Contains(html, want) {
			t.Errorf("the spoof's page lacks %q:\n%s", want, html)
		}
	}
	page := answer[livenessList](t, `{"data": [`+live+`], "nextCursor": null}`)
	list := render(t, "liveness", nil, newListPage(getRequest("/console/liveness"), page.Data, page.NextCursor))
	for _, want := range []string{`href="/console/liveness/lv_1"`, "yes", "93 %", "no match (0.12)"} {
		if !strings.Contains(list, want) {
			t.Errorf("the list lacks %q:\n%s", want, list)
		}
	}
}
