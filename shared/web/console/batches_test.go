package console

import (
	"strings"
	"testing"

	"github.com/trustline/platform/sdk/go/identity"
)

// The batches list and a batch's page say its status and progress, failures included, and link
// its extractions.
func TestBatchPages(t *testing.T) {
	page := answer[batchList](t, `{"data": [{"batchId": "bat_1", "status": "processing", "totalDocuments": 3,
		"completedCount": 1, "failedCount": 1, "createdAt": "2026-11-28T09:00:00Z", "livemode": false}],
		"nextCursor": "c2"}`)
	list := render(t, "batches", nil, newListPage(getRequest("/console/batches"), page.Data, page.NextCursor))
	for _, want := range []string{`href="/console/batches/bat_1"`, "processing", `<progress max="3" value="1"`,
		"1 of 3 completed, 1 failed", `href="/console/batches?cursor=c2" rel="next"`} {
		if !strings.Contains(list, want) {
			t.Errorf("the list lacks %q:\n%s", want, list)
		}
	}
	b := answer[identity.BatchView](t, `{"batch": {"batchId": "bat_1", "status": "completed", "totalDocuments": 1,
		"completedCount": 1, "failedCount": 0, "createdAt": "2026-11-28T09:00:00Z",
		"updatedAt": "2026-11-28T09:00:09Z", "livemode": false},
		"extractions": [{"extractionId": "ext_1", "status": "completed", "documentType": "passport",
			"createdAt": "2026-11-28T09:00:00Z", "creditsUsed": 1, "livemode": false}]}`)
	html := render(t, "batch", nil, b)
	for _, want := range []string{"1 of 1 completed</dd>", "2026-11-28 09:00:00 UTC",
		`href="/console/extractions/ext_1"`, "passport"} {
		if !strings.Contains(html, want) {
			t.Errorf("the batch's page lacks %q:\n%s", want, html)
		}
	}
}
