package webhookapi

import (
	"net/http"
	"net/url"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/foundation/fault"
)

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

func (a API) partnerDeliveries(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	return a.list(w, r, p.PartnerID, "")
}

func (a API) redeliver(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	d, err := a.Deliveries.Redeliver(r.Context(), p.PartnerID, "", r.PathValue("deliveryId"))
	if f := fault.As(err); err != nil && f.Code == webhook.CodeBodyNotRetained {
		reference, _ := f.Extensions["reference"].(string)
		request := "/api/v1/partner/contracts/requests/" + url.PathEscape(reference)
		return notRetained(f, request, "/api/v1/partners/me/webhook/recover")
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

func (a API) endpointDeliveries(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	if _, err := a.endpoint(r, p); err != nil {
		return err
	}
	return a.list(w, r, p.UserID, r.PathValue("id"))
}
