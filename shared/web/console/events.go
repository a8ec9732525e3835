package console

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// eventsShown is how many of the newest deliveries the events page shows, across endpoints.
const eventsShown = 50

// events is the user's message log, as Stripe's events and Svix's message log show it: what was
// sent to whom, newest first, across the endpoints of the session's mode, each delivery with its
// event, the resource it tells of, the endpoint, its status and its attempts. It reads each
// endpoint's newest deliveries (GET /v1/webhooks/{id}/deliveries, with the page's status filter)
// and merges them; an endpoint's own page has its whole history.
func (c *Console) events(w http.ResponseWriter, r *http.Request, s *session) error {
	var endpoints list
	if err := c.call(r, s, http.MethodGet, "/v1/webhooks", nil, &endpoints); err != nil {
		return err
	}
	status := r.URL.Query().Get("status")
	var sent []map[string]any
	for _, e := range endpoints.Data {
		if live, _ := e["livemode"].(bool); live != s.Live() {
			continue
		}
		q := url.Values{"limit": {"20"}}
		if status != "" {
			q.Set("status", status)
		}
		var page list
		if err := c.call(r, s, http.MethodGet, "/v1/webhooks/"+url.PathEscape(str(e["id"]))+"/deliveries?"+
			q.Encode(), nil, &page); err != nil {
			return err
		}
		for _, d := range page.Data {
			d["endpointId"], d["endpointUrl"] = e["id"], e["url"]
			sent = append(sent, d)
		}
	}
	slices.SortStableFunc(sent, func(a, b map[string]any) int {
		return strings.Compare(str(b["createdAt"]), str(a["createdAt"]))
	})
	sent = sent[:min(len(sent), eventsShown)]
	c.render(w, r, http.StatusOK, "events", view{Title: "Events", Session: s, Data: map[string]any{
		"items": sent, "q": r.URL.Query(), "endpoints": len(endpoints.Data)}})
	return nil
}
