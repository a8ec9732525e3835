package console

import (
	"encoding/base64"
	"html/template"
	"net/http"
	"net/url"

	"github.com/trustline/platform/sdk/go/identity"
)

// userRoutes are an identity API user's pages: the developer dashboard.
func (c *Console) userRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console/overview", c.page(only(c.overview, "user")))
	mux.HandleFunc("GET /console/extractions", c.page(only(c.extractions, "user")))
	mux.HandleFunc("GET /console/extractions/{id}", c.page(only(c.extraction, "user")))
	mux.HandleFunc("GET /console/batches", c.page(only(c.batches, "user")))
	mux.HandleFunc("GET /console/batches/{id}", c.page(only(c.batch, "user")))
	mux.HandleFunc("GET /console/verifications", c.page(only(c.verifications, "user")))
	mux.HandleFunc("GET /console/verifications/{id}", c.page(only(c.verification, "user")))
	mux.HandleFunc("GET /console/liveness", c.page(only(c.livenessChecks, "user")))
	mux.HandleFunc("GET /console/liveness/{id}", c.page(only(c.livenessCheck, "user")))
	mux.HandleFunc("GET /console/keys", c.page(only(c.keys, "user")))
	mux.HandleFunc("POST /console/keys", c.page(only(c.createKey, "user")))
	revokeKey := c.page(only(c.confirmed(c.askRevokeKey, c.revokeKey), "user"))
	mux.HandleFunc("GET /console/keys/{id}/revoke", revokeKey)
	mux.HandleFunc("POST /console/keys/{id}/revoke", revokeKey)
	mux.HandleFunc("GET /console/webhooks", c.page(only(c.webhooks, "user")))
	mux.HandleFunc("POST /console/webhooks", c.page(only(c.createWebhook, "user")))
	mux.HandleFunc("GET /console/webhooks/{id}", c.page(only(c.webhook, "user")))
	mux.HandleFunc("GET /console/events", c.page(only(c.events, "user")))
	mux.HandleFunc("POST /console/webhooks/{id}/rotate", c.page(only(c.rotateWebhook, "user")))
	mux.HandleFunc("POST /console/webhooks/{id}/test", c.page(only(c.testWebhook, "user")))
	mux.HandleFunc("POST /console/webhooks/{id}/recover", c.page(only(c.recoverWebhook, "user")))
	deleteWebhook := c.page(only(c.confirmed(c.askDeleteWebhook, c.deleteWebhook), "user"))
	mux.HandleFunc("GET /console/webhooks/{id}/delete", deleteWebhook)
	mux.HandleFunc("POST /console/webhooks/{id}/delete", deleteWebhook)
	mux.HandleFunc(
		"POST /console/webhooks/{id}/deliveries/{delivery}/redeliver",
		c.page(only(c.redeliverWebhook, "user")),
	)
	mux.HandleFunc("GET /console/handoff", c.page(only(c.handoffPage, "user")))
	mux.HandleFunc("POST /console/handoff", c.page(only(c.createHandoff, "user")))
	mux.HandleFunc("GET /console/handoff/{id}", c.page(only(c.handoff, "user")))
	mux.HandleFunc("GET /console/billing", c.page(only(c.billing, "user")))
}

func (c *Console) handoffPage(w http.ResponseWriter, r *http.Request, s *session) error {
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
