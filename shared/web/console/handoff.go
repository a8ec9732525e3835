package console

import (
	"encoding/base64"
	"html/template"
	"net/http"
	"net/url"

	"github.com/trustline/platform/sdk/go/identity"
)

// The phone handoff: a user opens a session and sees its QR code, for a phone to send a document.

// handoffForm is the page whose form opens a session.
func (c *Console) handoffForm(w http.ResponseWriter, r *http.Request, s *session) error {
	c.render(w, r, http.StatusOK, "handoff", view{Title: "Phone handoff", Session: s})
	return nil
}

// createHandoff opens a mobile handoff session as the user, and shows its QR code for a phone.
func (c *Console) createHandoff(w http.ResponseWriter, r *http.Request, s *session) error {
	var created identity.HandoffSession
	if err := c.call(r, s, http.MethodPost, "/v1/mobile-handoff/session", noFields, &created); err != nil {
		return err
	}
	return done(w, r, "/console/handoff/"+url.PathEscape(created.SessionId), "")
}

// handoffPage is a handoff session's page: its state, its QR code, and the upload page it leads to.
type handoffPage struct {
	State     identity.HandoffStatus
	QR        template.URL
	UploadURL string
}

// handoff shows a session's state and its QR code (the API's SVG, inlined as an image: an SVG in
// an img element runs nothing).
func (c *Console) handoff(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	var st identity.HandoffStatus
	if err := c.call(r, s, http.MethodGet, "/v1/mobile-handoff/session/"+id, nil, &st); err != nil {
		return err
	}
	var svg []byte
	if err := c.call(r, s, http.MethodGet, "/v1/mobile-handoff/session/"+id+"/qr.svg", nil, &svg); err != nil {
		return err
	}
	// template.URL: html/template would refuse a data: URL in src; this one is the API's SVG, base64.
	c.render(w, r, http.StatusOK, "handoffsession", view{Title: "Phone handoff", Session: s, Data: handoffPage{
		State:     st,
		QR:        template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg)),
		UploadURL: c.Identity + "/v1/mobile-handoff/upload/" + id,
	}})
	return nil
}
