package console

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/trustline/platform/sdk/go/identity"
	"github.com/trustline/platform/sdk/go/partner"
)

// adminUser is GET /v1/admin/users/{id}.
const adminUser = `{"id": "usr_1", "email": "dev@example.com", "emailVerified": false, "plan": "free",
	"credits": 1000, "role": "user", "createdAt": "2026-11-01T00:00:00Z"}`

// A user's page shows the account, its plan and balance before the forms that change them; the
// search lists each user found with a link to that page.
func TestUserPages(t *testing.T) {
	admin := &session{Role: "admin"}
	html := render(t, "user", admin, answer[identity.AdminUser](t, adminUser))
	for _, want := range []string{"dev@example.com (address not confirmed)", `id="u-plan-now">free<`,
		`id="u-credits-now">1000 credits<`, "2026-11-01 00:00:00 UTC", `action="/console/admin/users/usr_1/plan"`,
		`action="/console/admin/users/usr_1/credits"`, "(now 1000)"} {
		if !strings.Contains(html, want) {
			t.Errorf("the user's page lacks %q:\n%s", want, html)
		}
	}
	found := answer[identity.FindUsers200JSONResponseBody](t, `{"data": [`+adminUser+`], "nextCursor": null}`)
	html = render(t, "users", admin, usersPage{Email: "dev@example.com", Found: found.Data, Searched: true})
	for _, want := range []string{`value="dev@example.com"`, `href="/console/admin/users/usr_1">dev@example.com`,
		`class="num">1000<`, "<td data-label=\"Role\">user<"} {
		if !strings.Contains(html, want) {
			t.Errorf("the search lacks %q:\n%s", want, html)
		}
	}
	html = render(t, "users", admin, usersPage{Email: "nobody@example.com", Searched: true})
	if !strings.Contains(html, "No account has this address.") {
		t.Errorf("a search that found none:\n%s", html)
	}
}

// A plan change and a grant are sent as the SDK's bodies; a grant that is no number is refused by
// its field before anything is sent.
func TestUserFormsSendTheSDKsBodies(t *testing.T) {
	var plans []identity.ChangeUserPlanJSONRequestBody
	var grants []identity.GrantCreditsJSONRequestBody
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/admin/users/usr_1/plan":
			plans = append(plans, decodeBody[identity.ChangeUserPlanJSONRequestBody](t, r))
			w.WriteHeader(http.StatusAccepted)
		case "/v1/admin/users/usr_1/credits":
			grants = append(grants, decodeBody[identity.GrantCreditsJSONRequestBody](t, r))
		default:
			_, _ = w.Write([]byte(adminUser))
		}
	})
	admin := &session{Role: "admin"}
	post := func(h handler, action string, form url.Values) *httptest.ResponseRecorder {
		r := postForm("/console/admin/users/usr_1/"+action, form)
		r.SetPathValue("id", "usr_1")
		w := httptest.NewRecorder()
		if err := h(w, r, admin); err != nil {
			t.Fatal(err)
		}
		return w
	}
	if w := post(c.setPlan, "plan", url.Values{"plan": {"starter"}}); w.Code != http.StatusSeeOther ||
		len(plans) != 1 || plans[0].Plan != "starter" {
		t.Errorf("plan: answered %d, sent %+v", w.Code, plans)
	}
	if w := post(c.grant, "credits", url.Values{"credits": {" 25 "}}); w.Code != http.StatusSeeOther ||
		len(grants) != 1 || grants[0].Credits != 25 {
		t.Errorf("grant: answered %d, sent %+v", w.Code, grants)
	}
	if w := post(c.grant, "credits", url.Values{"credits": {"none"}}); w.Code != http.StatusUnprocessableEntity ||
		len(grants) != 1 || !strings.Contains(w.Body.String(), "whole number") {
		t.Errorf("a grant of none: answered %d, sent %+v", w.Code, grants)
	}
}

// A new partner is sent as the SDK's body, and its first key is shown once; the list shows each
// partner's rate limit.
func TestPartners(t *testing.T) {
	var sent []partner.CreatePartnerJSONBody
	c := fakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		sent = append(sent, decodeBody[partner.CreatePartnerJSONBody](t, r))
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(`{"partnerId": "prt_9", "name": "Assur Plus", "environment": "prod", "rateLimit": 120,
			"createdAt": "2026-11-28T09:00:00Z", "apiKey": {"id": "key_1", "key": "pk_live_first", "display": "x"}}`))
	})
	s := &session{Token: "a.b.c", Role: "admin"}
	w := httptest.NewRecorder()
	r := postForm("/console/admin/partners", url.Values{"name": {"Assur Plus"}, "rateLimit": {"120"}})
	if err := c.createPartner(w, r, s); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 1 || sent[0].Name != "Assur Plus" || sent[0].RateLimit == nil || *sent[0].RateLimit != 120 {
		t.Errorf("sent %+v", sent)
	}
	get := httptest.NewRequest(http.MethodGet, "http://127.0.0.1/console/admin/partners", nil)
	for _, ck := range w.Result().Cookies() {
		get.AddCookie(ck)
	}
	if o := takeOnce(httptest.NewRecorder(), get, s); o == nil || o.Value != "pk_live_first" ||
		o.Label != "Partner Assur Plus created (prt_9)." {
		t.Errorf("shown once: %+v", o)
	}
	page := answer[partner.PartnerPage](t, `{"data": [{"partnerId": "prt_9", "name": "Assur Plus",
		"environment": "prod", "rateLimit": 120, "createdAt": "2026-11-28T09:00:00Z"}], "nextCursor": null}`)
	html := render(t, "partners", s, newListPage(getRequest("/console/admin/partners"), page.Data, page.NextCursor))
	for _, want := range []string{`href="/console/admin/partners/prt_9"`, "Assur Plus", ">120<",
		"2026-11-28 09:00:00 UTC"} {
		if !strings.Contains(html, want) {
			t.Errorf("the partners lack %q:\n%s", want, html)
		}
	}
}
