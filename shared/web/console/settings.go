package console

import (
	"net/http"
	"net/url"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// settingsRoutes are every signed-in person's account settings: the password, and the login
// sessions (list, sign out one, sign out all), over the API's own routes (/v1/auth/password,
// /v1/auth/sessions, /v1/auth/logout-all).
func (c *Console) settingsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /console/account", c.page(c.settings))
	mux.HandleFunc("POST /console/account/password", c.page(c.changePassword))
	mux.HandleFunc("POST /console/account/sessions/{id}/end", c.page(c.endSession))
	endAll := c.page(c.confirmed(askEndAll, c.endAllSessions))
	mux.HandleFunc("GET /console/account/sessions/end", endAll)
	mux.HandleFunc("POST /console/account/sessions/end", endAll)
}

func (c *Console) settings(w http.ResponseWriter, r *http.Request, s *session) error {
	return c.showSettings(w, r, s, http.StatusOK)
}

// settingsPage is the account settings' page: the login sessions, this one marked current.
type settingsPage struct {
	Sessions []identity.Session
}

// showSettings shows the password form and the sessions, this one marked.
func (c *Console) showSettings(w http.ResponseWriter, r *http.Request, s *session, status int) error {
	var sessions identity.ListSessions200JSONResponseBody
	if err := c.call(r, s, http.MethodGet, "/v1/auth/sessions", nil, &sessions); err != nil {
		return err
	}
	c.render(w, r, status, "account", view{Title: "Account", Session: s, Data: settingsPage{Sessions: sessions.Data}})
	return nil
}

// changePassword sets a new password. The API signs every session out, this one included, and
// answers a new login: the console keeps it, so the person stays signed in here only.
func (c *Console) changePassword(w http.ResponseWriter, r *http.Request, s *session) error {
	var login identity.Token
	body := identity.ChangePasswordJSONRequestBody{CurrentPassword: r.PostFormValue("currentPassword"),
		NewPassword: r.PostFormValue("newPassword")}
	if err := c.call(r, s, http.MethodPost, "/v1/auth/password", body, &login); err != nil {
		if r, status, ok := refusedForm(r, err, "currentPassword", "newPassword"); ok {
			return c.showSettings(w, r, s, status)
		}
		return err
	}
	setCookie(w, r, sessionCookie, login.Token, login.ExpiresAt)
	return done(w, r, "/console/account", "passwordchanged")
}

// endSession signs out one session (another device's); this one is signed out with the header's
// button.
func (c *Console) endSession(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodDelete, "/v1/auth/sessions/"+url.PathEscape(r.PathValue("id")), nil,
		nil); err != nil {
		return err
	}
	return done(w, r, "/console/account", "sessionended")
}

func askEndAll(*http.Request, *session) (confirmation, error) {
	return confirmation{
		Question:    "Sign out everywhere?",
		Consequence: "Every session of your account is signed out, this one included: each must sign in again. API keys are not sessions and keep working.",
		Button:      "Sign out everywhere",
		Back:        "/console/account",
	}, nil
}

// endAllSessions signs out every session, this one included, and goes to the sign-in page.
func (c *Console) endAllSessions(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.call(r, s, http.MethodPost, "/v1/auth/logout-all", nil, nil); err != nil {
		return err
	}
	setCookie(w, r, sessionCookie, "", time.Unix(1, 0))
	newCSRF(w, r)
	http.Redirect(w, r, "/console/login?notice=signedout", http.StatusSeeOther)
	return nil
}
