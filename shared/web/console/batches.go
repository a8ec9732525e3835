package console

import (
	"net/http"
	"net/url"

	"github.com/trustline/platform/sdk/go/identity"
)

// batchList is one page of GET /v1/batches.
type batchList = identity.BatchPage

func (c *Console) batches(w http.ResponseWriter, r *http.Request, s *session) error {
	var page batchList
	if err := c.call(r, s, http.MethodGet, "/v1/batches"+query(r, s, "status", "createdAfter", "createdBefore"), nil,
		&page); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "batches", view{Title: "Batches", Session: s,
		Data: newListPage(r, page.Data, page.NextCursor)})
	return nil
}

// batch is a batch's page: its progress and its extractions.
func (c *Console) batch(w http.ResponseWriter, r *http.Request, s *session) error {
	var b identity.BatchView
	if err := c.call(r, s, http.MethodGet, "/v1/batches/"+url.PathEscape(r.PathValue("id")), nil, &b); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "batch", view{Title: "Batch " + r.PathValue("id"), Session: s, Data: b})
	return nil
}
