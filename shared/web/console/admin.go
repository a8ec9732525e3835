package console

import (
	"net/http"
	"net/url"
	"strconv"
)

// adminRoutes are the administrators' pages: partners, the attention queue, users' plans.
func (c *Console) adminRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console/admin/queue", c.page(only(c.queue, "admin")))
	mux.HandleFunc("POST /console/admin/contracts/{reference}/replay", c.page(only(c.replay, "admin")))
	mux.HandleFunc("POST /console/admin/contracts/{reference}/refund", c.page(only(c.refund, "admin")))
	mux.HandleFunc("GET /console/admin/partners", c.page(only(c.adminPartners, "admin")))
	mux.HandleFunc("POST /console/admin/partners", c.page(only(c.createPartner, "admin")))
	mux.HandleFunc("GET /console/admin/partners/{id}", c.page(only(c.adminPartner, "admin")))
	mux.HandleFunc("POST /console/admin/partners/{id}/keys/rotate", c.page(only(c.adminRotateKey, "admin")))
	mux.HandleFunc("POST /console/admin/partners/{id}/keys/{key}/revoke", c.page(only(c.adminRevokeKey, "admin")))
	mux.HandleFunc("GET /console/admin/plans", c.page(only(c.plans, "admin")))
	mux.HandleFunc("POST /console/admin/plans", c.page(only(c.setPlan, "admin")))
}

// queue is the attention queue (requests to replay or refund), or every partner's requests in a
// status, or one partner's.
func (c *Console) queue(w http.ResponseWriter, r *http.Request, s *session) error {
	var page list
	if err := c.call(r, s, http.MethodGet, "/api/v1/admin/contracts/requests"+query(r, nil, "contractStatus",
		"partnerId"), nil, &page); err != nil {
		return err
	}
	c.render(w, r, http.StatusOK, "queue", view{Title: "Attention queue", Session: s, Data: listView(r, page)})
	return nil
}

func (c *Console) replay(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodPost,
		"/api/v1/admin/contracts/"+url.PathEscape(r.PathValue("reference"))+"/replay-issuance", map[string]any{},
		nil); err != nil {
		return err
	}
	return done(w, r, "/console/admin/queue", "replayed")
}

func (c *Console) refund(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodPost,
		"/api/v1/admin/contracts/"+url.PathEscape(r.PathValue("reference"))+"/refund", map[string]any{},
		nil); err != nil {
		return err
	}
	return done(w, r, "/console/admin/queue", "refunded")
}

func (c *Console) adminPartners(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.partnersPage(w, r, s, http.StatusOK, nil)
}

// partnersPage lists the partners, with one just created (its first key shown this once).
func (c *Console) partnersPage(
	w http.ResponseWriter,
	r *http.Request,
	s *session,
	status int,
	created map[string]any,
) error {
	var page list
	if err := c.call(r, s, http.MethodGet, "/api/v1/admin/partners"+query(r, nil), nil, &page); err != nil {
		return err
	}
	data := listView(r, page)
	data["created"] = created
	c.render(w, r, status, "partners", view{Title: "Partners", Session: s, Data: data})
	return nil
}

func (c *Console) createPartner(w http.ResponseWriter, r *http.Request, s *session) error {
	body := map[string]any{"name": r.PostFormValue("name")}
	if v := r.PostFormValue("rateLimit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return &problem{
				Status: http.StatusUnprocessableEntity,
				Title:  "Validation failed",
				Detail: "The rate limit is a whole number of requests per minute.",
			}
		}
		body["rateLimit"] = n
	}
	var created map[string]any
	if err := c.call(r, s, http.MethodPost, "/api/v1/admin/partners", body, &created); err != nil {
		return err
	}
	return c.partnersPage(w, r, s, http.StatusCreated, created)
}

func (c *Console) adminPartner(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.adminPartnerPage(w, r, s, http.StatusOK, nil)
}

// adminPartnerPage shows a partner's keys, with one just issued (shown this once).
func (c *Console) adminPartnerPage(
	w http.ResponseWriter,
	r *http.Request,
	s *session,
	status int,
	created map[string]any,
) error {
	id := r.PathValue("id")
	var page list
	if err := c.call(r, s, http.MethodGet, "/api/v1/admin/partners/"+url.PathEscape(id)+"/keys", nil,
		&page); err != nil {
		return err
	}
	c.render(
		w,
		r,
		status,
		"partner",
		view{Title: "Partner " + id, Session: s, Data: map[string]any{"id": id, "keys": page.Data, "created": created}},
	)
	return nil
}

func (c *Console) adminRotateKey(w http.ResponseWriter, r *http.Request, s *session) error {
	var key map[string]any
	if err := c.call(r, s, http.MethodPost, "/api/v1/admin/partners/"+url.PathEscape(r.PathValue("id"))+"/keys/rotate",
		map[string]any{}, &key); err != nil {
		return err
	}
	return c.adminPartnerPage(w, r, s, http.StatusCreated, key)
}

func (c *Console) adminRevokeKey(w http.ResponseWriter, r *http.Request, s *session) error {
	id := url.PathEscape(r.PathValue("id"))
	if err := c.call(r, s, http.MethodDelete, "/api/v1/admin/partners/"+id+"/keys/"+url.PathEscape(r.PathValue("key")),
		nil, nil); err != nil {
		return err
	}
	return done(w, r, "/console/admin/partners/"+id, "revoked")
}

func (c *Console) plans(w http.ResponseWriter, r *http.Request, s *session) error {
	c.render(w, r, http.StatusOK, "plans", view{Title: "Users' plans", Session: s})
	return nil
}

// setPlan changes a user's plan from the next billing period.
func (c *Console) setPlan(w http.ResponseWriter, r *http.Request, s *session) error {
	var changed map[string]any
	path := "/v1/admin/users/" + url.PathEscape(r.PostFormValue("userId")) + "/plan"
	if err := c.call(r, s, http.MethodPost, path, map[string]any{"plan": r.PostFormValue("plan")},
		&changed); err != nil {
		return err
	}
	c.render(
		w,
		r,
		http.StatusOK,
		"plans",
		view{
			Title:   "Users' plans",
			Session: s,
			Data:    changed,
			Notice:  "Saved: the plan applies from the next billing period.",
		},
	)
	return nil
}
