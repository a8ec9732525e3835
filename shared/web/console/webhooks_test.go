package console

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
	"github.com/trustline/platform/sdk/go/partner"
)

// endpoints is GET /v1/webhooks with a live and a test endpoint.
const endpoints = `{"data": [
	{"id": "we_live", "url": "https://hooks.example/live", "events": ["extraction.completed", "extraction.failed"],
		"livemode": true, "createdAt": "2026-11-01T00:00:00Z"},
	{"id": "we_test", "url": "https://hooks.example/test", "events": ["extraction.completed"],
		"livemode": false, "createdAt": "2026-11-02T00:00:00Z"}]}`

// deliveries is a page of an endpoint's deliveries: one delivered, one being retried.
const deliveries = `{"data": [
	{"deliveryId": "dl_2", "event": "extraction.failed", "reference": "ext_2", "status": "PENDING",
		"createdAt": "2026-11-28T10:00:00Z", "nextAttemptAt": "2026-11-28T10:05:00Z", "redeliveryOf": "dl_0",
		"attempts": [{"attempt": 1, "at": "2026-11-28T10:00:01Z", "durationMs": 0, "errorClass": "timeout",
			"error": "no answer within 10 s"}]},
	{"deliveryId": "dl_1", "event": "webhook.test", "reference": "we_live", "status": "SUCCEEDED",
		"createdAt": "2026-11-28T09:00:00Z", "nextAttemptAt": null,
		"attempts": [{"attempt": 1, "at": "2026-11-28T09:00:01Z", "durationMs": 42, "statusCode": 200}]}],
	"nextCursor": "c2"}`

// An endpoint's page shows its events, each delivery with its attempts, and a redelivery form
// for those not delivered.
func TestWebhookPage(t *testing.T) {
	page := answer[deliveryList](t, deliveries)
	p := webhookPage{
		Endpoint:   answer[endpointList](t, endpoints).Data[0],
		Deliveries: newListPage(getRequest("/console/webhooks/we_live?status=PENDING"), page.Data, page.NextCursor),
	}
	html := render(t, "webhook", liveUser, p)
	for _, want := range []string{"https://hooks.example/live", "extraction.completed, extraction.failed",
		`action="/console/webhooks/we_live/recover"`, `<option value="PENDING" selected>`,
		"extraction.failed · ext_2 · ", "next attempt 2026-11-28 10:05:00 UTC; redelivery of dl_0.",
		"timeout: no answer within 10 s", `action="/console/webhooks/we_live/deliveries/dl_2/redeliver"`,
		"42 ms", "<td data-label=\"Status code\">200</td>", "Delivered: its body was dropped",
		`href="/console/webhooks/we_live?cursor=c2&amp;status=PENDING" rel="next"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the endpoint's page lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "dl_1/redeliver") {
		t.Error("a delivered delivery has a redelivery form")
	}
}

// The webhooks page lists the endpoints of the session's mode only.
func TestWebhooksListTheSessionsMode(t *testing.T) {
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(endpoints)) })
	for _, s := range []*session{liveUser, testUser} {
		w := httptest.NewRecorder()
		if err := c.showWebhooks(w, getRequest("/console/webhooks"), s, http.StatusOK); err != nil {
			t.Fatal(err)
		}
		mine, other := "https://hooks.example/live", "https://hooks.example/test"
		if !s.Live() {
			mine, other = other, mine
		}
		if html := w.Body.String(); !strings.Contains(html, mine) || strings.Contains(html, other) {
			t.Errorf("%s mode lists:\n%s", s.Mode, html)
		}
	}
}

// The events page merges the deliveries of the mode's endpoints, newest first, each with its
// endpoint and what its last attempt got.
func TestEventsPage(t *testing.T) {
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/webhooks":
			_, _ = w.Write([]byte(endpoints))
		case "/v1/webhooks/we_live/deliveries":
			if r.URL.Query().Get("status") != "PENDING" {
				t.Errorf("the deliveries were read without the page's filter: %s", r.URL)
			}
			_, _ = w.Write([]byte(deliveries))
		default:
			t.Errorf("the live page read %s", r.URL.Path)
			http.NotFound(w, r)
		}
	})
	w := httptest.NewRecorder()
	if err := c.events(w, getRequest("/console/events?status=PENDING"), liveUser); err != nil {
		t.Fatal(err)
	}
	html := w.Body.String()
	newest, oldest := strings.Index(html, "extraction.failed"), strings.Index(html, "webhook.test")
	if newest < 0 || oldest < newest {
		t.Errorf("the deliveries are not newest first:\n%s", html)
	}
	for _, want := range []string{`href="/console/extractions/ext_2"`, `href="/console/webhooks/we_live"`,
		"1: the last timeout", "1: the last answered HTTP 200", `<option value="PENDING" selected>`} {
		if !strings.Contains(html, want) {
			t.Errorf("the events page lacks %q:\n%s", want, html)
		}
	}
}

// A new endpoint is sent as the SDK's EndpointRequest in the session's mode; a recovery as the
// SDK's body with its time, a date that is none refused by its field before anything is sent.
func TestWebhookFormsSendTheSDKsBodies(t *testing.T) {
	var created []identity.EndpointRequest
	var recovered []identity.RecoverWebhookDeliveriesJSONRequestBody
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/v1/webhooks":
			created = append(created, decodeBody[identity.EndpointRequest](t, r))
			_, _ = w.Write([]byte(`{"id": "we_new", "url": "https://hooks.example/new", "secret": "whsec_x",
				"events": ["extraction.completed"], "livemode": false, "createdAt": "2026-11-28T09:00:00Z"}`))
		case r.URL.Path == "/v1/webhooks/we_live/recover":
			recovered = append(recovered, decodeBody[identity.RecoverWebhookDeliveriesJSONRequestBody](t, r))
			w.WriteHeader(http.StatusAccepted)
			_, _ = w.Write([]byte(`{"recovered": 0, "hasMore": false}`))
		case r.URL.Path == "/v1/webhooks":
			_, _ = w.Write([]byte(endpoints))
		default:
			_, _ = w.Write([]byte(`{"data": [], "nextCursor": null}`))
		}
	})
	s := &session{Token: "a.b.c", Role: "user", Mode: "test"}
	form := url.Values{"url": {"https://hooks.example/new"}, "events": {"extraction.completed"}}
	w := httptest.NewRecorder()
	if err := c.createWebhook(w, postForm("/console/webhooks", form), s); err != nil {
		t.Fatal(err)
	}
	if len(created) != 1 || created[0].Url != "https://hooks.example/new" || created[0].Mode == nil ||
		*created[0].Mode != identity.EndpointRequestModeTest || len(created[0].Events) != 1 ||
		w.Code != http.StatusSeeOther {
		t.Errorf("sent %+v, answered %d", created, w.Code)
	}

	recoverSince := func(since string) *httptest.ResponseRecorder {
		r := postForm("/console/webhooks/we_live/recover", url.Values{"since": {since}})
		r.SetPathValue("id", "we_live")
		w := httptest.NewRecorder()
		if err := c.recoverWebhook(w, r, s); err != nil {
			t.Fatal(err)
		}
		return w
	}
	if w := recoverSince("2026-11-20"); w.Code != http.StatusSeeOther || len(recovered) != 1 ||
		!recovered[0].Since.Equal(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("recovery since a date: answered %d, sent %+v", w.Code, recovered)
	}
	if w := recoverSince(""); w.Code != http.StatusUnprocessableEntity || len(recovered) != 1 ||
		!strings.Contains(w.Body.String(), `id="since-error">a date`) {
		t.Errorf("recovery since nothing: answered %d, sent %+v:\n%s", w.Code, recovered, w.Body.String())
	}
}

// A partner's deliveries read the partner SDK's Delivery through the same shared part.
func TestPartnerDeliveriesPage(t *testing.T) {
	page := answer[partner.DeliveryPage](t, `{"data": [{"deliveryId": "dl_9", "event": "contract.issued",
		"reference": "REF-1", "status": "FAILED", "createdAt": "2026-11-28T09:00:00Z", "nextAttemptAt": null,
		"recoveredBy": "dl_10", "attempts": [{"attempt": 8, "at": "2026-11-28T19:00:00Z", "durationMs": 12,
		"statusCode": 500}]}], "nextCursor": null}`)
	html := render(t, "partnerdeliveries", &session{Role: "partner"},
		newListPage(getRequest("/console/partner/deliveries?reference=REF-1"), page.Data, page.NextCursor))
	for _, want := range []string{"contract.issued · REF-1 · ", "recovered by dl_10", "12 ms", ">500<",
		`action="/console/partner/deliveries/dl_9/redeliver"`, `name="reference" value="REF-1"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the deliveries page lacks %q:\n%s", want, html)
		}
	}
}
