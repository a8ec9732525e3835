package console

import (
	"cmp"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/trustline/platform/sdk/go/identity"
	"github.com/trustline/platform/sdk/go/partner"
)

// adminRoutes are the administrators' pages: partners, the attention queue, users (plan, credits).
func (c *Console) adminRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console/admin/queue", c.page(only(c.queue, "admin")))
	mux.HandleFunc("POST /console/admin/contracts/{reference}/replay", c.page(only(c.replay, "admin")))
	refund := c.page(only(c.confirmed(c.askRefund, c.refund), "admin"))
	mux.HandleFunc("GET /console/admin/contracts/{reference}/refund", refund)
	mux.HandleFunc("POST /console/admin/contracts/{reference}/refund", refund)
	mux.HandleFunc("GET /console/admin/partners", c.page(only(c.adminPartners, "admin")))
	mux.HandleFunc("POST /console/admin/partners", c.page(only(c.createPartner, "admin")))
	mux.HandleFunc("GET /console/admin/partners/{id}", c.page(only(c.adminPartner, "admin")))
	mux.HandleFunc("POST /console/admin/partners/{id}/keys/rotate", c.page(only(c.adminRotateKey, "admin")))
	revoke := c.page(only(c.confirmed(c.askAdminRevokeKey, c.adminRevokeKey), "admin"))
	mux.HandleFunc("GET /console/admin/partners/{id}/keys/{key}/revoke", revoke)
	mux.HandleFunc("POST /console/admin/partners/{id}/keys/{key}/revoke", revoke)
	mux.HandleFunc("GET /console/admin/users", c.page(only(c.users, "admin")))
	mux.HandleFunc("GET /console/admin/users/{id}", c.page(only(c.user, "admin")))
	mux.HandleFunc("POST /console/admin/users/{id}/plan", c.page(only(c.setPlan, "admin")))
	mux.HandleFunc("POST /console/admin/users/{id}/credits", c.page(only(c.grant, "admin")))
	mux.HandleFunc("GET /console/admin/plans", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/console/admin/users", http.StatusMovedPermanently) // the page before users had one
	})
}

// queue is the attention queue (requests to replay or refund), or every partner's requests in a
// status, or one partner's.
func (c *Console) queue(w http.ResponseWriter, r *http.Request, s *session) error {
	var page contractList
	if err := c.call(r, s, http.MethodGet, "/api/v1/admin/contracts/requests"+query(r, nil, "contractStatus",
		"partnerId"), nil, &page); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "queue", view{Title: "Attention queue", Session: s,
		Data: newListPage(r, page.Data, page.NextCursor)})
	return nil
}

func (c *Console) replay(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodPost,
		"/api/v1/admin/contracts/"+url.PathEscape(r.PathValue("reference"))+"/replay-issuance", noFields,
		nil); err != nil {
		return err
	}
	return done(w, r, "/console/admin/queue", "replayed")
}

// askRefund says what a refund gives back, and to whom.
func (c *Console) askRefund(r *http.Request, s *session) (confirmation, error) {
	ref := r.PathValue("reference")
	var k partner.ContractStatus
	if err := c.call(r, s, http.MethodGet, "/api/v1/partner/contracts/requests/"+url.PathEscape(ref), nil,
		&k); err != nil {
		return confirmation{}, err
	}
	return confirmation{
		Question: "Refund " + ref + " (" + strconv.Itoa(k.Pricing.Total) + " " + k.Pricing.Currency + ") of " +
			cmp.Or(text(k.PartnerName), k.PartnerId) + "?",
		Consequence: "The payment goes back to the payer and the request ends REFUNDED: no contract will be " +
			"issued for it, and it cannot be replayed after.",
		Button: "Refund " + ref,
		Back:   "/console/contracts/" + url.PathEscape(ref),
	}, nil
}

func (c *Console) refund(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodPost,
		"/api/v1/admin/contracts/"+url.PathEscape(r.PathValue("reference"))+"/refund", noFields,
		nil); err != nil {
		return err
	}
	return done(w, r, "/console/admin/queue", "refunded")
}

func (c *Console) adminPartners(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showPartners(w, r, s, http.StatusOK)
}

// showPartners lists the partners, with the form that creates one.
func (c *Console) showPartners(w http.ResponseWriter, r *http.Request, s *session, status int) error {
	var page partner.PartnerPage
	if err := c.call(r, s, http.MethodGet, "/api/v1/admin/partners"+query(r, nil), nil, &page); err != nil {
		return err
	}
	c.render(w, r, status, "partners", view{Title: "Partners", Session: s,
		Data: newListPage(r, page.Data, page.NextCursor)})
	return nil
}

func (c *Console) createPartner(w http.ResponseWriter, r *http.Request, s *session) error {
	body := partner.CreatePartnerJSONBody{Name: r.PostFormValue("name")}
	var err error
	if v := r.PostFormValue("rateLimit"); v != "" {
		n, convErr := strconv.Atoi(v)
		if convErr != nil {
			err = &problem{Status: http.StatusUnprocessableEntity, Title: "Validation failed",
				Detail:        "The partner request is invalid.",
				InvalidParams: []string{"rateLimit: a whole number of requests per minute"}}
		}
		body.RateLimit = &n
	}
	var created partner.Partner
	if err == nil {
		err = c.call(r, s, http.MethodPost, "/api/v1/admin/partners", body, &created)
	}
	if err != nil {
		if r, status, ok := refusedForm(r, err); ok {
			return c.showPartners(w, r, s, status)
		}
		return err
	}
	first := ""
	if created.ApiKey != nil {
		first = text(created.ApiKey.Key)
	}
	if err := setOnce(w, r, s, "/console/admin/partners", shownOnce{
		Label: "Partner " + created.Name + " created (" + created.PartnerId + ").",
		What:  "Its first API key", Value: first}); err != nil {
		return err
	}
	return done(w, r, "/console/admin/partners", "created")
}

func (c *Console) adminPartner(w http.ResponseWriter, r *http.Request, s *session) error {
	id := r.PathValue("id")
	var keys partner.KeyList
	if err := c.call(r, s, http.MethodGet, "/api/v1/admin/partners/"+url.PathEscape(id)+"/keys", nil,
		&keys); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "partner",
		view{Title: "Partner " + id, Session: s, Data: partnerKeysPage{PartnerID: id, Keys: keys.Data}})
	return nil
}

func (c *Console) adminRotateKey(w http.ResponseWriter, r *http.Request, s *session) error {
	var key partner.NewKey
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodPost, "/api/v1/admin/partners/"+id+"/keys/rotate", noFields,
		&key); err != nil {
		return err
	}
	page := "/console/admin/partners/" + id
	if err := setOnce(w, r, s, page, shownOnce{Label: "New key issued.", What: "The new key",
		Value: text(key.Key)}); err != nil {
		return err
	}
	return done(w, r, page, "created")
}

// askAdminRevokeKey names the partner's key a revocation would end.
func (c *Console) askAdminRevokeKey(r *http.Request, s *session) (confirmation, error) {
	id := url.PathEscape(r.PathValue("id"))
	return c.askRevokeKeyOf(r, s, "/api/v1/admin/partners/"+id+"/keys", "/console/admin/partners/"+id)
}

func (c *Console) adminRevokeKey(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodDelete, "/api/v1/admin/partners/"+id+"/keys/"+url.PathEscape(r.PathValue("key")),
		nil, nil); err != nil {
		return err
	}
	return done(w, r, "/console/admin/partners/"+id, "revoked")
}

// usersPage is the users' search: the address searched, what the API refused of it, and the users
// found.
type usersPage struct {
	Email    string
	Problem  string
	Found    []identity.AdminUser
	Searched bool
}

// users finds users by address: each found is a link to its page.
func (c *Console) users(w http.ResponseWriter, r *http.Request, s *session) error {
	p := usersPage{Email: r.URL.Query().Get("email")}
	if email := strings.TrimSpace(p.Email); email != "" {
		var found identity.FindUsers200JSONResponseBody
		if err := c.call(r, s, http.MethodGet, "/v1/admin/users?email="+url.QueryEscape(email), nil,
			&found); err != nil {
			var refused *problem
			if !errors.As(err, &refused) || refused.Status != http.StatusUnprocessableEntity {
				return err
			}
			p.Problem = refused.Detail + " " + strings.Join(refused.InvalidParams, "; ")
		}
		p.Found, p.Searched = found.Data, true
	}
	c.render(w, r, http.StatusOK, "users", view{Title: "Users", Session: s, Data: p})
	return nil
}

// user is a user's page: account, plan and live balance, then the forms that change the plan and
// grant credits, so that what is changed is read first.
func (c *Console) user(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showUser(w, r, s, http.StatusOK)
}

func (c *Console) showUser(w http.ResponseWriter, r *http.Request, s *session, status int) error {
	var u identity.AdminUser
	if err := c.call(r, s, http.MethodGet, "/v1/admin/users/"+url.PathEscape(r.PathValue("id")), nil,
		&u); err != nil {
		return err
	}
	c.render(w, r, status, "user", view{Title: "User " + u.Email, Session: s, Data: u})
	return nil
}

// setPlan changes a user's plan from the next billing period.
func (c *Console) setPlan(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodPost, "/v1/admin/users/"+id+"/plan",
		identity.ChangeUserPlanJSONRequestBody{Plan: r.PostFormValue("plan")}, nil); err != nil {
		if r, status, ok := refusedForm(r, err); ok {
			return c.showUser(w, r, s, status)
		}
		return err
	}
	return done(w, r, "/console/admin/users/"+id, "planchanged")
}

// grant adds credits to a user's live balance.
func (c *Console) grant(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	n, convErr := strconv.Atoi(strings.TrimSpace(r.PostFormValue("credits")))
	err := error(&problem{Status: http.StatusUnprocessableEntity, Title: "Validation failed",
		Detail: "The grant is invalid.", InvalidParams: []string{"credits: a whole number from 1 to 1000000"}})
	if convErr == nil {
		err = c.call(r, s, http.MethodPost, "/v1/admin/users/"+id+"/credits",
			identity.GrantCreditsJSONRequestBody{Credits: n}, nil)
	}
	if err != nil {
		if r, status, ok := refusedForm(r, err); ok {
			return c.showUser(w, r, s, status)
		}
		return err
	}
	return done(w, r, "/console/admin/users/"+id, "granted")
}
