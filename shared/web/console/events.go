package console

import (
	"net/http"
	"net/url"
	"slices"

	"github.com/trustline/platform/sdk/go/identity"
)

// eventsShown is how many of the newest deliveries the events page shows, across endpoints.
const eventsShown = 50

// sentDelivery is a delivery of the events page, with the endpoint it went to.
type sentDelivery struct {
	identity.Delivery
	EndpointId, EndpointUrl string
}

// LastAttempt is the delivery's latest attempt, nil before the first.
func (d sentDelivery) LastAttempt() *identity.Attempt {
	if len(d.Attempts) == 0 {
		return nil
	}
	return &d.Attempts[len(d.Attempts)-1]
}

// eventsPage is the events page: the newest deliveries, the page's filter, and how many endpoints
// the user has (none: the page says to add one).
type eventsPage struct {
	Items     []sentDelivery
	Q         url.Values
	Endpoints int
}

// events is the user's message log, as Stripe's events and Svix's message log show it: what was
// sent to whom, newest first, across the endpoints of the session's mode, each delivery with its
// event, the resource it tells of, the endpoint, its status and its attempts. It reads each
// endpoint's newest deliveries (GET /v1/webhooks/{id}/deliveries, with the page's status filter)
// and merges them; an endpoint's own page has its whole history.
func (c *Console) events(w http.ResponseWriter, r *http.Request, s *session) error {
	var endpoints endpointList
	if err := c.call(r, s, http.MethodGet, "/v1/webhooks", nil, &endpoints); err != nil {
		return err
	}
	status := r.URL.Query().Get("status")
	p := eventsPage{Q: r.URL.Query(), Endpoints: len(endpoints.Data)}
	for _, e := range endpoints.Data {
		if e.Livemode != s.Live() {
			continue
		}
		q := url.Values{"limit": {"20"}}
		if status != "" {
			q.Set("status", status)
		}
		var page deliveryList
		if err := c.call(r, s, http.MethodGet, "/v1/webhooks/"+url.PathEscape(e.Id)+"/deliveries?"+
			q.Encode(), nil, &page); err != nil {
			return err
		}
		for _, d := range page.Data {
			p.Items = append(p.Items, sentDelivery{Delivery: d, EndpointId: e.Id, EndpointUrl: e.Url})
		}
	}
	slices.SortStableFunc(p.Items, func(a, b sentDelivery) int { return b.CreatedAt.Compare(a.CreatedAt) })
	p.Items = p.Items[:min(len(p.Items), eventsShown)]
	c.render(w, r, http.StatusOK, "events", view{Title: "Events", Session: s, Data: p})
	return nil
}
