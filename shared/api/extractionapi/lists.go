package extractionapi

import (
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/foundation/fault"
)

// list is GET /v1/extractions: the caller's extractions of one mode, newest first, a page at a
// time, filtered by status, documentType, batchId and creation time.
func (a API) list(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	q := r.URL.Query()
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	after, bad := httpapi.TimeParam(q, "createdAfter")
	invalid = append(invalid, bad...)
	before, bad := httpapi.TimeParam(q, "createdBefore")
	invalid = append(invalid, bad...)
	batchID, bad := httpapi.StringParam(q, "batchId", 64)
	invalid = append(invalid, bad...)
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	c := caller(p)
	live, err := extraction.ListMode(c, q.Get("mode"))
	if err != nil {
		return err
	}
	page, err := a.Extractions.List(
		r.Context(),
		c,
		extraction.Filter{Live: live, Status: extraction.Status(q.Get("status")),
			DocumentType: q.Get(
				"documentType",
			), BatchID: batchID, CreatedAfter: after, CreatedBefore: before, Limit: limit, Cursor: cursor},
	)
	if err != nil {
		return err
	}
	views := make([]view, len(page.Items))
	for i, e := range page.Items {
		views[i] = viewOf(e)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, page.Next)})
	return nil
}

// batchSummary is a batch in a list, with its status and counts as GET /v1/batches/{id} gives
// them (from the counts the batch keeps: see extraction.Batch).
type batchSummary struct {
	BatchID        string            `json:"batchId"`
	Status         extraction.Status `json:"status"`
	TotalDocuments int               `json:"totalDocuments"`
	CompletedCount int               `json:"completedCount"`
	FailedCount    int               `json:"failedCount"`
	CreatedAt      time.Time         `json:"createdAt"`
	Livemode       bool              `json:"livemode"`
}

// listBatches is GET /v1/batches: the caller's batches of one mode, newest first.
func (a API) listBatches(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	c := caller(p)
	live, err := extraction.ListMode(c, r.URL.Query().Get("mode"))
	if err != nil {
		return err
	}
	page, err := a.Extractions.ListBatches(r.Context(), c, live, limit, cursor)
	if err != nil {
		return err
	}
	views := make([]batchSummary, len(page.Items))
	for i, b := range page.Items {
		status, completed, failed := b.Status()
		views[i] = batchSummary{BatchID: b.ID, Status: status, TotalDocuments: b.Total, CompletedCount: completed,
			FailedCount: failed, CreatedAt: b.CreatedAt, Livemode: b.Live}
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, page.Next)})
	return nil
}
