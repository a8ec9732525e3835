// Package webhookapi provides the HTTP endpoints of webhooks: the partner's webhook configuration
// and delivery history (/api/v1/partners/...), and the identity API's webhook endpoints (/v1/webhooks).
package webhookapi

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

// API serves the webhook endpoints.
type API struct {
	Webhooks *webhook.Service
	// Deliveries sends deliveries again (redeliver, recover).
	Deliveries  *webhook.Engine
	Store       webhook.Store
	Guard       *guard.Guard
	Idempotency guard.Idempotency
	Partners    Partners
}

// Partners finds partner accounts.
type Partners interface {
	// Partner returns the partner with id; NotFound when there is none.
	Partner(ctx context.Context, id string) (accounts.Partner, error)
}

// PartnerRoutes are the partner webhook endpoints.
func (a API) PartnerRoutes() []httpapi.Route {
	return []httpapi.Route{
		{
			Pattern: "GET /api/v1/partners/me/webhook",
			Handler: a.Guard.Require(adminsPatch, a.getPartner(guard.OwnPartner)),
		},
		{
			Pattern: "PATCH /api/v1/partners/me/webhook",
			Handler: a.Guard.Require(adminsPatch, a.Idempotency.Wrap(a.patchPartner(guard.OwnPartner))),
		},
		{
			Pattern: "PATCH /api/v1/partners/{partnerId}/webhook",
			Handler: a.Guard.Require(
				partnersPatch,
				a.knownPartner(a.Idempotency.Wrap(a.patchPartner(guard.PartnerInPath))),
			),
		},
		{
			Pattern: "GET /api/v1/partners/me/webhook/changes",
			Handler: a.Guard.Require(access.Partners, a.partnerChanges),
		},
		{
			Pattern: "GET /api/v1/partners/me/webhook/deliveries",
			Handler: a.Guard.Require(access.Partners, a.partnerDeliveries),
		},
		{
			Pattern: "POST /api/v1/partners/me/webhook/deliveries/{deliveryId}/redeliver",
			Handler: a.Guard.Require(access.Partners, a.Idempotency.Wrap(a.redeliver)),
		},
		{Pattern: "POST /api/v1/partners/me/webhook/recover", Handler: a.Guard.Require(access.Partners,
			a.Guard.PerOwner("webhook-recover", recoveriesPerMinute, a.Idempotency.Wrap(a.recoverPartner)))},
	}
}

// adminsPatch sends an administrator on a partner's own webhook route to the route that names the
// partner.
var adminsPatch = access.PartnersInsteadOf("PATCH /api/v1/partners/{partnerId}/webhook")

// partnersPatch sends a partner on the administrators' webhook route, its own id in the path or
// another's, to its own route.
var partnersPatch = access.AdminsInsteadOf("PATCH /api/v1/partners/me/webhook")

// testsPerMinute is how many test events one user may send in a minute: each is an outbound request
// to a URL of the caller's choosing.
const testsPerMinute = 5

// recoveriesPerMinute and recoverBatch bound a recovery: each call re-queues at most recoverBatch
// failed deliveries (within one request's time; hasMore tells the caller to call again), and an
// owner makes at most recoveriesPerMinute calls, so recovery cannot turn into a flood of
// outbound requests or of table writes.
const (
	recoveriesPerMinute = 10
	recoverBatch        = 200
)

// redeliveriesPerMinute is how many single deliveries one user may send again in a minute: each is
// an outbound request (and its retries) to a URL of the caller's choosing, so, like test events,
// they are bounded; a console's clicks stay far below it, and recovery covers the bulk case.
const redeliveriesPerMinute = 30

// IdentityRoutes are the identity API webhook endpoints. An API key sees and manages only the
// endpoints of its own mode (test or live), as if the others did not exist; a login session sees all.
func (a API) IdentityRoutes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "POST /v1/webhooks", Handler: a.Guard.Require(access.Users, a.Idempotency.Wrap(a.createEndpoint))},
		{Pattern: "GET /v1/webhooks", Handler: a.Guard.Require(access.Users, a.listEndpoints)},
		{Pattern: "DELETE /v1/webhooks/{id}", Handler: a.Guard.Require(access.Users, a.deleteEndpoint)},
		{Pattern: "POST /v1/webhooks/{id}/rotate-secret", Handler: a.Guard.Require(access.Users, a.rotateSecret)},
		{
			Pattern: "POST /v1/webhooks/{id}/test",
			Handler: a.Guard.Require(access.Users, a.Guard.PerOwner("webhook-test", testsPerMinute, a.test)),
		},
		{Pattern: "GET /v1/webhooks/{id}/deliveries", Handler: a.Guard.Require(access.Users, a.endpointDeliveries)},
		{
			Pattern: "POST /v1/webhooks/{id}/recover",
			Handler: a.Guard.Require(
				access.Users,
				a.Guard.PerOwner("webhook-recover", recoveriesPerMinute, a.recoverEndpoint),
			),
		},
		{Pattern: "POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver", Handler: a.Guard.Require(access.Users,
			a.Guard.PerOwner("webhook-redeliver", redeliveriesPerMinute, a.redeliverEndpoint))},
	}
}

func (a API) getPartner(which guard.PartnerOf) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		v, err := a.Webhooks.PartnerWebhook(r.Context(), which(r, p))
		if err != nil {
			return err
		}
		httpapi.WriteJSON(w, http.StatusOK, v)
		return nil
	}
}

// knownPartner answers 404 for a {partnerId} that names no partner, before anything is written:
// neither the webhook configuration nor the idempotency record of an unknown partner is stored.
func (a API) knownPartner(h guard.HandlerFunc) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		if _, err := a.Partners.Partner(r.Context(), r.PathValue("partnerId")); err != nil {
			return err
		}
		return h(w, r, p)
	}
}

func (a API) patchPartner(which guard.PartnerOf) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		var in webhook.PartnerUpdate
		if err := httpapi.DecodeJSON(r, &in); err != nil {
			return err
		}
		author := webhook.Author{Role: string(p.Role), KeyID: p.KeyID, KeyExpiresAt: p.KeyExpiresAt}
		if p.Session() {
			author.UserID = p.UserID
		}
		v, err := a.Webhooks.UpdatePartnerWebhook(r.Context(), which(r, p), author, in)
		if err != nil {
			return err
		}
		httpapi.WriteJSON(w, http.StatusOK, v)
		return nil
	}
}

// deliveryView is a delivery in the history, with its attempts; the body is the exact JSON sent.
type deliveryView struct {
	DeliveryID   string            `json:"deliveryId"`
	Event        string            `json:"event"`
	Reference    string            `json:"reference"`
	Status       webhook.Status    `json:"status"`
	CreatedAt    time.Time         `json:"createdAt"`
	NextAttempt  *time.Time        `json:"nextAttemptAt"`
	Attempts     []webhook.Attempt `json:"attempts"`
	RedeliveryOf string            `json:"redeliveryOf,omitempty"`
	RecoveredBy  string            `json:"recoveredBy,omitempty"`
}

func viewDelivery(d webhook.Delivery) deliveryView {
	v := deliveryView{
		DeliveryID:   d.ID,
		Event:        d.Event,
		Reference:    d.Reference,
		Status:       d.Status,
		CreatedAt:    d.CreatedAt,
		Attempts:     d.Attempts,
		RedeliveryOf: d.RedeliveryOf,
		RecoveredBy:  d.RecoveredBy,
	}
	if v.Attempts == nil {
		v.Attempts = []webhook.Attempt{}
	}
	if d.Status == webhook.StatusPending {
		v.NextAttempt = &d.NextAt
	}
	return v
}

func (a API) list(w http.ResponseWriter, r *http.Request, ownerID, endpointID string) error {
	q := r.URL.Query()
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	f := webhook.Filter{
		EndpointID: endpointID,
		Reference:  q.Get("reference"),
		Status:     webhook.Status(q.Get("status")),
		Cursor:     cursor,
		Limit:      limit,
	}
	switch f.Status {
	case "", webhook.StatusPending, webhook.StatusSucceeded, webhook.StatusFailed:
	default:
		invalid = append(invalid, "status: PENDING, SUCCEEDED or FAILED")
	}
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	ds, next, err := a.Store.Deliveries(r.Context(), ownerID, f)
	if err != nil {
		return err
	}
	views := make([]deliveryView, 0, len(ds))
	for _, d := range ds {
		views = append(views, viewDelivery(d))
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, next)})
	return nil
}

// changeView is one recorded change of a partner's webhook: never the secret.
type changeView struct {
	At            time.Time `json:"at"`
	By            changeBy  `json:"by"`
	WebhookURL    *string   `json:"webhookUrl"`
	SecretChanged bool      `json:"secretChanged"`
	// WebhookURLKeyID is the key the URL belongs to after the change, when a key set it (this
	// change's, or an earlier one's that this change left in place).
	WebhookURLKeyID *string `json:"webhookUrlKeyId"`
}

type changeBy struct {
	Type  string `json:"type"` // key or login
	Role  string `json:"role"`
	KeyID string `json:"keyId,omitempty"`
}

func (a API) partnerChanges(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	changes, next, err := a.Webhooks.PartnerChanges(r.Context(), p.PartnerID, limit, cursor)
	if err != nil {
		return err
	}
	views := make([]changeView, 0, len(changes))
	for _, c := range changes {
		v := changeView{
			At:            c.At,
			By:            changeBy{Type: "login", Role: c.Author.Role, KeyID: c.Author.KeyID},
			SecretChanged: c.SecretChanged,
		}
		if c.Author.KeyID != "" {
			v.By.Type = "key"
		}
		if c.Config.URL != "" {
			v.WebhookURL = &c.Config.URL
			if c.Config.URLBy.KeyID != "" {
				v.WebhookURLKeyID = &c.Config.URLBy.KeyID
			}
		}
		views = append(views, v)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, next)})
	return nil
}

func (a API) partnerDeliveries(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	return a.list(w, r, p.PartnerID, "")
}

func (a API) redeliver(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	d, err := a.Deliveries.Redeliver(r.Context(), p.PartnerID, "", r.PathValue("deliveryId"))
	if f := fault.As(err); err != nil && f.Code == webhook.CodeBodyNotRetained {
		reference, _ := f.Extensions["reference"].(string)
		return notRetained(
			f,
			"/api/v1/partner/contracts/requests/"+url.PathEscape(reference),
			"/api/v1/partners/me/webhook/recover",
		)
	}
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, viewDelivery(d))
	return nil
}

// redeliverEndpoint sends one delivery of the caller's endpoint again, as a new delivery: the
// endpoint is found as for the other routes of /v1/webhooks/{id} (another user's, or another
// mode's for an API key, is 404), and the delivery must be that endpoint's.
func (a API) redeliverEndpoint(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	e, err := a.endpoint(r, p)
	var d webhook.Delivery
	if err == nil {
		d, err = a.Deliveries.Redeliver(r.Context(), p.UserID, e.ID, r.PathValue("deliveryId"))
	}
	if f := fault.As(err); err != nil && f.Code == webhook.CodeBodyNotRetained {
		reference, _ := f.Extensions["reference"].(string)
		resource := "/v1/extractions/" + url.PathEscape(reference)
		if f.Extensions["event"] == "webhook.test" {
			resource = "/v1/webhooks/" + url.PathEscape(e.ID) + "/test"
		}
		return notRetained(f, resource, "/v1/webhooks/"+url.PathEscape(e.ID)+"/recover")
	}
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, viewDelivery(d))
	return nil
}

// notRetained tells a caller who asks for a delivered event again where what it reported can be
// read: resource, the contract request or extraction it names, whose state is the event's news,
// always current. The body was dropped at delivery, so the delivery itself cannot be repeated;
// failed ones can, one by one or with recoverRoute.
func notRetained(f *fault.Error, resource, recoverRoute string) error {
	return &fault.Error{Kind: f.Kind, Code: f.Code,
		Detail: f.Detail + " To get what it reported, read GET " + resource + ". " +
			"Failed deliveries can be sent again, one by one here, or all those since a time with POST " +
			recoverRoute + ".",
		Extensions: map[string]any{
			"event":     f.Extensions["event"],
			"reference": f.Extensions["reference"],
			"resource":  resource,
		}}
}

// recoverFailed re-queues the FAILED deliveries of one webhook created since the body's time.
func (a API) recoverFailed(w http.ResponseWriter, r *http.Request, ownerID, endpointID string) error {
	var in struct {
		Since string `json:"since" maxLength:"64"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	since, err := time.Parse(time.RFC3339, in.Since)
	if err != nil || since.After(time.Now()) {
		return &fault.Error{Kind: fault.Invalid, Detail: "The recovery is invalid.",
			InvalidParams: []string{"since: an RFC 3339 time, not in the future"}}
	}
	n, more, err := a.Deliveries.Recover(r.Context(), ownerID, endpointID, since, recoverBatch)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, map[string]any{"recovered": n, "hasMore": more})
	return nil
}

func (a API) recoverPartner(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	return a.recoverFailed(w, r, p.PartnerID, "")
}

func (a API) recoverEndpoint(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	e, err := a.endpoint(r, p)
	if err != nil {
		return err
	}
	return a.recoverFailed(w, r, p.UserID, e.ID)
}

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
		return fault.Newf(
			fault.Forbidden,
			"An API key creates endpoints of its own mode (%s); use a login session to choose.",
			modeOf(p.Live),
		)
	default:
		live = in.Mode == access.ModeLive
	}
	e, secret, err := a.Webhooks.CreateEndpoint(
		r.Context(),
		webhook.EndpointRequest{OwnerID: p.UserID, URL: in.URL, Events: in.Events,
			Live: live, KeyID: p.KeyID, KeyExpiresAt: p.KeyExpiresAt},
	)
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
		return fault.New(
			fault.Forbidden,
			"This endpoint was made by a login session: only a login session can change or delete it.",
		)
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
		err = fault.New(
			fault.Forbidden,
			"Rotating a webhook secret needs a login session (POST /v1/auth/login), not an API key.",
		)
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

func (a API) endpointDeliveries(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	if _, err := a.endpoint(r, p); err != nil {
		return err
	}
	return a.list(w, r, p.UserID, r.PathValue("id"))
}
