package console

import (
	"net/http"
	"net/url"

	"github.com/trustline/platform/sdk/go/partner"
)

// partnerRoutes are an insurance partner's pages: the partner space.
func (c *Console) partnerRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console/contracts", c.page(only(c.contracts, "partner")))
	mux.HandleFunc(
		"GET /console/contracts/{reference}",
		c.page(only(c.contract, "partner", "admin")),
	) // the queue links administrators here
	mux.HandleFunc("GET /console/partner/webhook", c.page(only(c.partnerWebhook, "partner")))
	mux.HandleFunc("POST /console/partner/webhook", c.page(only(c.setPartnerWebhook, "partner")))
	mux.HandleFunc("GET /console/partner/deliveries", c.page(only(c.partnerDeliveries, "partner")))
	mux.HandleFunc("POST /console/partner/deliveries/{id}/redeliver", c.page(only(c.partnerRedeliver, "partner")))
	mux.HandleFunc("POST /console/partner/recover", c.page(only(c.partnerRecover, "partner")))
	mux.HandleFunc("GET /console/partner/keys", c.page(only(c.partnerKeys, "partner")))
	mux.HandleFunc("POST /console/partner/keys/rotate", c.page(only(c.rotatePartnerKey, "partner")))
	revoke := c.page(only(c.confirmed(c.askRevokePartnerKey, c.revokePartnerKey), "partner"))
	mux.HandleFunc("GET /console/partner/keys/{id}/revoke", revoke)
	mux.HandleFunc("POST /console/partner/keys/{id}/revoke", revoke)
}

// contractList is one page of a list of contract requests, a partner's or every partner's.
type contractList = partner.ContractPage

func (c *Console) contracts(w http.ResponseWriter, r *http.Request, s *session) error {
	var page contractList
	if err := c.call(r, s, http.MethodGet, "/api/v1/partner/contracts/requests"+query(r, nil, "contractStatus",
		"product", "createdAfter"), nil, &page); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "contracts", view{Title: "Contract requests", Session: s,
		Data: newListPage(r, page.Data, page.NextCursor)})
	return nil
}

// contractPage is a contract request's page: the request, the documents its issuance made, and,
// for its partner, the webhook deliveries about it.
type contractPage struct {
	K          partner.ContractStatus
	Documents  []documentLink
	Deliveries []partner.Delivery
}

// documentLink is a document an issuance made: its name in the API (a label on the page) and link.
type documentLink struct{ Name, URL string }

func newContractPage(k partner.ContractStatus) contractPage {
	p := contractPage{K: k}
	if i := k.Issuance; i != nil && i.Liens != nil {
		for _, l := range []documentLink{{"linkAttestation", text(i.Liens.LinkAttestation)},
			{"linkCarteBrune", text(i.Liens.LinkCarteBrune)}} {
			if l.URL != "" {
				p.Documents = append(p.Documents, l)
			}
		}
	}
	return p
}

func (c *Console) contract(w http.ResponseWriter, r *http.Request, s *session) error {
	ref := url.PathEscape(r.PathValue("reference"))
	var k partner.ContractStatus
	if err := c.call(r, s, http.MethodGet, "/api/v1/partner/contracts/requests/"+ref, nil, &k); err != nil {
		return err
	}
	p := newContractPage(k)
	if s.Role == "partner" {
		var deliveries partner.DeliveryPage
		if err := c.call(r, s, http.MethodGet,
			"/api/v1/partners/me/webhook/deliveries?reference="+url.QueryEscape(r.PathValue("reference")), nil,
			&deliveries); err != nil {
			return err
		}
		p.Deliveries = deliveries.Data
	}
	c.render(w, r, http.StatusOK, "contract",
		view{Title: "Contract request " + r.PathValue("reference"), Session: s, Data: p})
	return nil
}

func (c *Console) partnerWebhook(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showPartnerWebhook(w, r, s, http.StatusOK)
}

// partnerWebhookPage is the partner's webhook page: its configuration and its changes.
type partnerWebhookPage struct {
	Config  partner.WebhookConfig
	Changes []partner.ListWebhookChanges200JSONResponseBody_Data
}

// showPartnerWebhook shows the webhook's configuration, its form and its changes.
func (c *Console) showPartnerWebhook(w http.ResponseWriter, r *http.Request, s *session, status int) error {
	var p partnerWebhookPage
	if err := c.call(r, s, http.MethodGet, "/api/v1/partners/me/webhook", nil, &p.Config); err != nil {
		return err
	}
	var changes partner.ListWebhookChanges200JSONResponseBody
	if err := c.call(r, s, http.MethodGet, "/api/v1/partners/me/webhook/changes", nil, &changes); err != nil {
		return err
	}
	p.Changes = changes.Data
	c.render(w, r, status, "partnerwebhook", view{Title: "Webhook", Session: s, Data: p})
	return nil
}

// setPartnerWebhook sends what the person changed: the URL when it differs from the one the page
// showed (or when they chose to keep a key's URL as the account's own), and a secret when one is
// typed (write-only, never shown back). A URL the person left as shown is not sent again: a key's
// URL stays the key's, ending with it, rather than becoming the signed-in person's unseen choice.
func (c *Console) setPartnerWebhook(w http.ResponseWriter, r *http.Request, s *session) error {
	var body partner.WebhookUpdate
	if u := r.PostFormValue("webhookUrl"); u != r.PostFormValue("shownUrl") || r.PostFormValue("ownUrl") == "on" {
		body.WebhookUrl = &u
	}
	if secret := r.PostFormValue("webhookSecret"); secret != "" {
		body.WebhookSecret = &secret
	}
	if body.WebhookUrl == nil && body.WebhookSecret == nil {
		return done(w, r, "/console/partner/webhook", "unchanged")
	}
	if err := c.call(r, s, http.MethodPatch, "/api/v1/partners/me/webhook", body, nil); err != nil {
		if r, status, ok := refusedForm(r, err, "webhookSecret"); ok {
			return c.showPartnerWebhook(w, r, s, status)
		}
		return err
	}
	return done(w, r, "/console/partner/webhook", "saved")
}

func (c *Console) partnerDeliveries(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showPartnerDeliveries(w, r, s, http.StatusOK)
}

// showPartnerDeliveries lists the webhook's deliveries, with the recovery form.
func (c *Console) showPartnerDeliveries(w http.ResponseWriter, r *http.Request, s *session, status int) error {
	var page partner.DeliveryPage
	if err := c.call(r, s, http.MethodGet, "/api/v1/partners/me/webhook/deliveries"+query(r, nil, "status",
		"reference"), nil, &page); err != nil {
		return err
	}
	c.render(w, r, status, "partnerdeliveries", view{Title: "Webhook deliveries", Session: s,
		Data: newListPage(r, page.Data, page.NextCursor)})
	return nil
}

func (c *Console) partnerRedeliver(w http.ResponseWriter, r *http.Request, s *session) error {
	path := "/api/v1/partners/me/webhook/deliveries/" + url.PathEscape(r.PathValue("id")) + "/redeliver"
	if err := c.call(r, s, http.MethodPost, path, noFields, nil); err != nil {
		return err
	}
	return done(w, r, "/console/partner/deliveries", "redelivered")
}

func (c *Console) partnerRecover(w http.ResponseWriter, r *http.Request, s *session) error {
	since, err := formDate(r, "since", "The recovery is invalid.")
	if err == nil {
		err = c.call(r, s, http.MethodPost, "/api/v1/partners/me/webhook/recover",
			partner.RecoverWebhookDeliveriesJSONBody{Since: since}, nil)
	}
	if err != nil {
		if r, status, ok := refusedForm(r, err); ok {
			return c.showPartnerDeliveries(w, r, s, status)
		}
		return err
	}
	return done(w, r, "/console/partner/deliveries", "recovered")
}

// partnerKeysPage is a partner's keys, on its own page or on an administrator's page of it.
type partnerKeysPage struct {
	PartnerID string // on an administrator's page
	Keys      []partner.Key
}

func (c *Console) partnerKeys(w http.ResponseWriter, r *http.Request, s *session) error {
	var keys partner.KeyList
	if err := c.call(r, s, http.MethodGet, "/api/v1/partners/me/keys", nil, &keys); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "partnerkeys", view{Title: "API keys", Session: s,
		Data: partnerKeysPage{Keys: keys.Data}})
	return nil
}

func (c *Console) rotatePartnerKey(w http.ResponseWriter, r *http.Request, s *session) error {
	var key partner.NewKey
	if err := c.call(r, s, http.MethodPost, "/api/v1/partners/me/keys/rotate", noFields, &key); err != nil {
		return err
	}
	if err := setOnce(w, r, s, "/console/partner/keys", shownOnce{Label: "New key issued. Your other keys keep " +
		"working for the rotation grace period.", What: "The new key", Value: text(key.Key)}); err != nil {
		return err
	}
	return done(w, r, "/console/partner/keys", "created")
}

// askRevokePartnerKey names the key a revocation would end.
func (c *Console) askRevokePartnerKey(r *http.Request, s *session) (confirmation, error) {
	return c.askRevokeKeyOf(r, s, "/api/v1/partners/me/keys", "/console/partner/keys")
}

// askRevokeKeyOf asks about the key of the path's key (or id) value among the keys listed at path.
func (c *Console) askRevokeKeyOf(r *http.Request, s *session, path, back string) (confirmation, error) {
	id := r.PathValue("key")
	if id == "" {
		id = r.PathValue("id")
	}
	var keys partner.KeyList
	if err := c.call(r, s, http.MethodGet, path, nil, &keys); err != nil {
		return confirmation{}, err
	}
	for _, k := range keys.Data {
		if k.Id == id {
			return confirmation{
				Question: "Revoke the key " + k.Display + "?",
				Consequence: "Every call made with it answers 401 from now on, without the grace period a " +
					"rotation gives; a webhook URL or secret it set ends with it. A revoked key cannot be restored.",
				Button: "Revoke " + k.Display,
				Back:   back,
			}, nil
		}
	}
	return confirmation{}, &problem{Status: http.StatusNotFound, Title: "Not found", Detail: "No key " + id + "."}
}

func (c *Console) revokePartnerKey(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodDelete, "/api/v1/partners/me/keys/"+url.PathEscape(r.PathValue("id")), nil,
		nil); err != nil {
		return err
	}
	return done(w, r, "/console/partner/keys", "revoked")
}
