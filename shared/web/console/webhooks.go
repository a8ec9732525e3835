package console

import (
	"net/http"
	"net/url"

	"github.com/trustline/platform/sdk/go/identity"
)

// A user's webhook endpoints and their deliveries, read and changed through the SDK's types.

// endpointList is GET /v1/webhooks, and deliveryList one page of an endpoint's deliveries.
type (
	endpointList = identity.ListWebhookEndpoints200JSONResponseBody
	deliveryList = identity.DeliveryPage
)

func (c *Console) webhooks(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showWebhooks(w, r, s, http.StatusOK)
}

// webhooksPage is the webhooks page: the endpoints of the session's mode.
type webhooksPage struct {
	Endpoints []identity.Endpoint
}

// showWebhooks lists the endpoints of the session's mode, and the form that adds one.
func (c *Console) showWebhooks(w http.ResponseWriter, r *http.Request, s *session, status int) error {
	var endpoints endpointList
	if err := c.call(r, s, http.MethodGet, "/v1/webhooks", nil, &endpoints); err != nil {
		return err
	}
	var p webhooksPage
	for _, e := range endpoints.Data {
		if e.Livemode == s.Live() {
			p.Endpoints = append(p.Endpoints, e)
		}
	}
	c.render(w, r, status, "webhooks", view{Title: "Webhooks", Session: s, Data: p})
	return nil
}

func (c *Console) createWebhook(w http.ResponseWriter, r *http.Request, s *session) error {
	mode := identity.EndpointRequestMode(s.Mode)
	body := identity.EndpointRequest{Url: r.PostFormValue("url"), Mode: &mode}
	for _, e := range r.PostForm["events"] {
		body.Events = append(body.Events, identity.WebhookEvent(e))
	}
	var created identity.Endpoint
	if err := c.call(r, s, http.MethodPost, "/v1/webhooks", body, &created); err != nil {
		if r, status, ok := refusedForm(r, err); ok {
			return c.showWebhooks(w, r, s, status)
		}
		return err
	}
	if err := setOnce(w, r, s, "/console/webhooks", shownOnce{Label: "Endpoint " + created.Url + " added.",
		What: "Its signing secret", Value: text(created.Secret)}); err != nil {
		return err
	}
	return done(w, r, "/console/webhooks", "created")
}

func (c *Console) webhook(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showWebhook(w, r, s, http.StatusOK)
}

// webhookPage is one endpoint's page: the endpoint, and a page of its deliveries.
type webhookPage struct {
	Endpoint   identity.Endpoint
	Deliveries listPage[identity.Delivery]
}

// showWebhook shows one endpoint with its delivery history.
func (c *Console) showWebhook(w http.ResponseWriter, r *http.Request, s *session, status int) error {
	id := url.PathEscape(r.PathValue("id"))
	endpoint, err := c.endpoint(r, s)
	if err != nil {
		return err
	}
	var page deliveryList
	if err := c.call(r, s, http.MethodGet, "/v1/webhooks/"+id+"/deliveries"+query(r, nil, "status"), nil,
		&page); err != nil {
		return err
	}
	c.render(w, r, status, "webhook", view{Title: "Webhook endpoint", Session: s,
		Data: webhookPage{Endpoint: endpoint, Deliveries: newListPage(r, page.Data, page.NextCursor)}})
	return nil
}

// endpoint is the user's webhook endpoint named in the path; NotFound when it has none of that id.
func (c *Console) endpoint(r *http.Request, s *session) (identity.Endpoint, error) {
	var endpoints endpointList
	if err := c.call(r, s, http.MethodGet, "/v1/webhooks", nil, &endpoints); err != nil {
		return identity.Endpoint{}, err
	}
	for _, e := range endpoints.Data {
		if e.Id == r.PathValue("id") {
			return e, nil
		}
	}
	return identity.Endpoint{}, &problem{Status: http.StatusNotFound, Title: "Not found",
		Detail: "You have no webhook endpoint " + r.PathValue("id") + "."}
}

func (c *Console) rotateWebhook(w http.ResponseWriter, r *http.Request, s *session) error {
	var rotated identity.Endpoint
	page := "/console/webhooks/" + url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodPost, "/v1/webhooks/"+url.PathEscape(r.PathValue("id"))+"/rotate-secret",
		noFields, &rotated); err != nil {
		return err
	}
	if err := setOnce(w, r, s, page, shownOnce{Label: "New secret.", What: "The endpoint's new signing secret",
		Value: text(rotated.Secret)}); err != nil {
		return err
	}
	return done(w, r, page, "rotated")
}

func (c *Console) testWebhook(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodPost, "/v1/webhooks/"+id+"/test", noFields, nil); err != nil {
		return err
	}
	return done(w, r, "/console/webhooks/"+id, "tested")
}

func (c *Console) recoverWebhook(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	since, err := formDate(r, "since", "The recovery is invalid.")
	if err == nil {
		err = c.call(r, s, http.MethodPost, "/v1/webhooks/"+id+"/recover",
			identity.RecoverWebhookDeliveriesJSONRequestBody{Since: since}, nil)
	}
	if err != nil {
		if r, status, ok := refusedForm(r, err); ok {
			return c.showWebhook(w, r, s, status)
		}
		return err
	}
	return done(w, r, "/console/webhooks/"+id, "recovered")
}

func (c *Console) redeliverWebhook(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	path := "/v1/webhooks/" + id + "/deliveries/" + url.PathEscape(r.PathValue("delivery")) + "/redeliver"
	if err := c.call(r, s, http.MethodPost, path, noFields, nil); err != nil {
		return err
	}
	return done(w, r, "/console/webhooks/"+id, "redelivered")
}

// askDeleteWebhook names the endpoint a deletion would end.
func (c *Console) askDeleteWebhook(r *http.Request, s *session) (confirmation, error) {
	endpoint, err := c.endpoint(r, s)
	if err != nil {
		return confirmation{}, err
	}
	return confirmation{
		Question:    "Delete the webhook endpoint " + endpoint.Url + "?",
		Consequence: "It receives no event from now on, and its deliveries still waiting are not sent.",
		Button:      "Delete the endpoint",
		Back:        "/console/webhooks/" + url.PathEscape(r.PathValue("id")),
	}, nil
}

func (c *Console) deleteWebhook(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodDelete, "/v1/webhooks/"+url.PathEscape(r.PathValue("id")), nil, nil); err != nil {
		return err
	}
	return done(w, r, "/console/webhooks", "deleted")
}
