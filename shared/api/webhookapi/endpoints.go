package webhookapi

import (
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

type endpointView struct {
	ID        string     `json:"id"`
	URL       string     `json:"url"`
	Events    []string   `json:"events"`
	Livemode  bool       `json:"livemode"`
	Secret    string     `json:"secret,omitempty"`
	CreatedAt time.Time  `json:"createdAt"`
	ExpiresAt *time.Time `json:"expiresAt,omitempty"`
}

func viewEndpoint(e webhook.Endpoint, secret string) endpointView {
	return endpointView{
		ID:        e.ID,
		URL:       e.URL,
		Events:    e.Events,
		Livemode:  e.Live,
		Secret:    secret,
		CreatedAt: e.CreatedAt,
		ExpiresAt: e.ExpiresAt,
	}
}

// createEndpoint makes an endpoint of the caller's mode: a test key's receives test events, a live
// key's live events; a login session chooses with `mode` (default live). An endpoint a key creates
// lives no longer than the key.
func (a API) createEndpoint(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	var in struct {
		URL    string   `json:"url" maxLength:"2048"`
		Events []string `json:"events" maxLength:"64" maxItems:"10"`
		Mode   string   `json:"mode" maxLength:"4"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	live := p.Live
	switch {
	case in.Mode == "":
	case in.Mode != access.ModeLive && in.Mode != access.ModeTest:
		return &fault.Error{
			Kind:          fault.Invalid,
			Detail:        "The webhook endpoint is invalid.",
			InvalidParams: []string{"mode: live or test"},
		}
	case !p.Session() && (in.Mode == access.ModeLive) != p.Live:
		return fault.Newf(fault.Forbidden,
			"An API key creates endpoints of its own mode (%s); use a login session to choose.", modeOf(p.Live))
	default:
		live = in.Mode == access.ModeLive
	}
	req := webhook.EndpointRequest{OwnerID: p.UserID, URL: in.URL, Events: in.Events,
		Live: live, KeyID: p.KeyID, KeyExpiresAt: p.KeyExpiresAt}
	e, secret, err := a.Webhooks.CreateEndpoint(r.Context(), req)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusCreated, viewEndpoint(e, secret))
	return nil
}

func modeOf(live bool) string {
	if live {
		return access.ModeLive
	}
	return access.ModeTest
}

func (a API) listEndpoints(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	es, err := a.Webhooks.Endpoints(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	views := make([]endpointView, 0, len(es))
	for _, e := range es {
		if p.Sees(e.Live) {
			views = append(views, viewEndpoint(e, ""))
		}
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views})
	return nil
}

// endpoint returns the caller's endpoint named in the path: another mode's is NotFound, as an
// unknown one.
func (a API) endpoint(r *http.Request, p access.Principal) (webhook.Endpoint, error) {
	e, err := a.Webhooks.Endpoint(r.Context(), p.UserID, r.PathValue("id"))
	if err == nil && !p.Sees(e.Live) {
		err = fault.New(fault.NotFound, "No such webhook endpoint.")
	}
	return e, err
}

// keyMade refuses an API key's change to an endpoint a login session made: a leaked key may undo
// what keys set up, never what the account's owner did.
func keyMade(e webhook.Endpoint, p access.Principal) error {
	if !p.Session() && e.CreatedByKey == "" {
		return fault.New(fault.Forbidden,
			"This endpoint was made by a login session: only a login session can change or delete it.")
	}
	return nil
}

func (a API) deleteEndpoint(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	e, err := a.endpoint(r, p)
	if err == nil {
		err = keyMade(e, p)
	}
	if err == nil {
		err = a.Webhooks.Config.DeleteEndpoint(r.Context(), p.UserID, e.ID)
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// rotateSecret needs a login session: a key that set a secret of its own choosing could keep
// signing events as the account after it is revoked.
func (a API) rotateSecret(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	e, err := a.endpoint(r, p)
	if err == nil && !p.Session() {
		err = fault.New(fault.Forbidden,
			"Rotating a webhook secret needs a login session (POST /v1/auth/login), not an API key.")
	}
	var secret string
	if err == nil {
		e, secret, err = a.Webhooks.RotateSecret(r.Context(), e)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, viewEndpoint(e, secret))
	return nil
}

func (a API) test(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	e, err := a.endpoint(r, p)
	var d webhook.Delivery
	if err == nil {
		d, err = a.Webhooks.SendTest(r.Context(), e)
	}
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, viewDelivery(d))
	return nil
}
