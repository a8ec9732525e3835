package console

import (
	"net/http"
	"net/url"

	"github.com/trustline/platform/sdk/go/identity"
)

// livenessList is one page of GET /v1/liveness/checks.
type livenessList = identity.LivenessCheckPage

func (c *Console) livenessChecks(w http.ResponseWriter, r *http.Request, s *session) error {
	var page livenessList
	if err := c.call(r, s, http.MethodGet, "/v1/liveness/checks"+query(r, s), nil, &page); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "liveness", view{Title: "Liveness checks", Session: s,
		Data: newListPage(r, page.Data, page.NextCursor)})
	return nil
}

// livenessCheck is one check's page: its verdict, both models' scores, and its face match when
// it compared the selfie with a document.
func (c *Console) livenessCheck(w http.ResponseWriter, r *http.Request, s *session) error {
	var check identity.LivenessCheck
	if err := c.call(r, s, http.MethodGet, "/v1/liveness/checks/"+url.PathEscape(r.PathValue("id")), nil,
		&check); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "livenesscheck",
		view{Title: "Liveness check " + r.PathValue("id"), Session: s, Data: check})
	return nil
}
