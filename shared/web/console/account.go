package console

import (
	"net/http"

	"github.com/trustline/platform/sdk/go/identity"
)

// accountRoutes are the pages of a person not signed in: creating an account, confirming its
// address from the mail's link, and resetting a forgotten password. Each is a form over the API's
// own route (POST /v1/auth/register, /v1/auth/verify-email, /v1/auth/password/reset-request,
// /v1/auth/password/reset), with its limits.
func (c *Console) accountRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console/register", c.form("register", "Create an account", nil))
	mux.HandleFunc("POST /console/register", c.register)
	mux.HandleFunc("GET /console/verify", c.form("verify", "Confirm your address", []string{"token"}))
	mux.HandleFunc("POST /console/verify", c.verify)
	mux.HandleFunc("GET /console/forgot", c.form("forgot", "Forgotten password", nil))
	mux.HandleFunc("POST /console/forgot", c.forgot)
	mux.HandleFunc("GET /console/reset", c.form("reset", "Choose a new password", []string{"token"}))
	mux.HandleFunc("POST /console/reset", c.reset)
}

// accountForm is what an account page's form shows: the values to send back (the mail's token),
// what the person typed, and an error or the outcome.
type accountForm struct {
	Token, Email, Error string
	Done                bool
}

// form shows page with the query's named values (the token of a mail's link) in its form, or, after
// the form was accepted (the redirect's notice), the outcome alone.
func (c *Console) form(page, title string, fromQuery []string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c.render(w, r, http.StatusOK, page, view{Title: title, Data: formFromQuery(r, fromQuery)})
	}
}

func formFromQuery(r *http.Request, fromQuery []string) accountForm {
	f := accountForm{Done: noticeOf(r) != ""}
	for _, name := range fromQuery {
		if name == "token" {
			f.Token = r.URL.Query().Get("token")
		}
	}
	return f
}

// anonymous calls the API without a session. Accepted, it redirects to done with its notice (a
// reload sends nothing again: no second mail, no second account); refused as invalid, it shows
// page again with the form as sent and each reason by its field; refused otherwise (a limit, an
// outage), with the API's detail above the form.
func (c *Console) anonymous(w http.ResponseWriter, r *http.Request, page, title, path string, body any, f accountForm,
	done, notice string) {
	err := c.call(r, nil, http.MethodPost, path, body, nil)
	if err == nil {
		to := done + "?notice=" + notice
		http.Redirect(w, r, to, http.StatusSeeOther)
		return
	}
	if r, status, ok := refusedForm(r, err, "password", "newPassword"); ok {
		c.render(w, r, status, page, view{Title: title, Data: f})
		return
	}
	status := http.StatusBadGateway
	f.Error = "The console could not reach the API; try again in a moment."
	if p, ok := err.(*problem); ok {
		status, f.Error = p.Status, p.Detail
	}
	c.render(w, r, status, page, view{Title: title, Data: f})
}

// emailBody is the body of a call that names an address (registering, asking for a reset, signing
// in): the SDK's type for it would check the address as it is encoded, refusing in the console,
// with no reason by the field, an address the API should judge, and turning "Name <a@b.c>" into
// a@b.c, which the API refuses. The API's rules stay the API's.
type emailBody = map[string]string

func (c *Console) register(w http.ResponseWriter, r *http.Request) {
	f := accountForm{Email: r.PostFormValue("email")}
	c.anonymous(w, r, "register", "Create an account", "/v1/auth/register",
		emailBody{"email": f.Email, "password": r.PostFormValue("password")}, f,
		"/console/register", "registered")
}

func (c *Console) verify(w http.ResponseWriter, r *http.Request) {
	f := accountForm{Token: r.PostFormValue("token")}
	c.anonymous(w, r, "verify", "Confirm your address", "/v1/auth/verify-email",
		identity.VerifyEmailJSONRequestBody{Token: f.Token}, f, "/console/verify", "verified")
}

func (c *Console) forgot(w http.ResponseWriter, r *http.Request) {
	f := accountForm{Email: r.PostFormValue("email")}
	c.anonymous(w, r, "forgot", "Forgotten password", "/v1/auth/password/reset-request",
		emailBody{"email": f.Email}, f, "/console/forgot", "resetsent")
}

func (c *Console) reset(w http.ResponseWriter, r *http.Request) {
	f := accountForm{Token: r.PostFormValue("token")}
	c.anonymous(w, r, "reset", "Choose a new password", "/v1/auth/password/reset",
		identity.ResetPasswordJSONRequestBody{Token: f.Token, NewPassword: r.PostFormValue("newPassword")}, f,
		"/console/login", "passwordset")
}
