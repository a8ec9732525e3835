package console

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/trustline/platform/sdk/go/identity"
)

// session is the signed-in person, as the console knows them: the login token it sends as bearer,
// and what the token's claims say about whom to show which pages. The claims are read, not
// verified: the console holds no signing key, and a forged token gets nothing from the API, which
// verifies every call.
type session struct {
	Token     string
	Role      string // user, partner or admin
	Subject   string
	PartnerID string
	Expires   time.Time
	Mode      string // the test/live switch of a user: live or test
}

// Live reports whether the user looks at live data.
func (s *session) Live() bool { return s.Mode != "test" }

// sessionOf is the request's session from its cookie, if any and not expired.
func sessionOf(r *http.Request) (*session, bool) {
	ck, err := r.Cookie(sessionCookie)
	if err != nil || ck.Value == "" {
		return nil, false
	}
	s, ok := parseToken(ck.Value)
	if !ok || !s.Expires.After(time.Now()) {
		return nil, false
	}
	s.Mode = "live"
	if m, err := r.Cookie(modeCookie); err == nil && m.Value == "test" {
		s.Mode = "test"
	}
	return s, true
}

// parseToken reads a JWT's claims without verifying it (see session).
func parseToken(token string) (*session, bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 || len(token) > 4096 {
		return nil, false
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return nil, false
	}
	var claims struct {
		Sub       string `json:"sub"`
		Role      string `json:"role"`
		PartnerID string `json:"partnerId"`
		Exp       int64  `json:"exp"`
	}
	if json.Unmarshal(payload, &claims) != nil || claims.Sub == "" {
		return nil, false
	}
	switch claims.Role {
	case "user", "partner", "admin":
	default:
		return nil, false
	}
	return &session{
		Token:     token,
		Role:      claims.Role,
		Subject:   claims.Sub,
		PartnerID: claims.PartnerID,
		Expires:   time.Unix(claims.Exp, 0),
	}, true
}

// home is each role's first page.
func (c *Console) home(w http.ResponseWriter, r *http.Request, s *session) error {
	http.Redirect(w, r, homeOf(s.Role), http.StatusSeeOther)
	return nil
}

func homeOf(role string) string {
	switch role {
	case "partner":
		return "/console/contracts"
	case "admin":
		return "/console/admin/queue"
	}
	return "/console/overview"
}

type loginForm struct {
	Email string
	Next  string
	Error string
}

func (c *Console) loginPage(w http.ResponseWriter, r *http.Request) {
	if s, ok := sessionOf(r); ok {
		http.Redirect(w, r, homeOf(s.Role), http.StatusSeeOther)
		return
	}
	c.render(
		w,
		r,
		http.StatusOK,
		"login",
		view{Title: "Sign in", Data: loginForm{Next: localPath(r.URL.Query().Get("next"), "")}},
	)
}

// login signs in with the API's login (POST /v1/auth/login: its lockout after failed attempts and
// its per-address limit, on the browser's address the console signs, apply as they do to any
// client) and keeps the token in the session cookie, until the token's own expiry.
func (c *Console) login(w http.ResponseWriter, r *http.Request) {
	form := loginForm{Email: r.PostFormValue("email"), Next: localPath(r.PostFormValue("next"), "")}
	var token identity.Token
	err := c.call(
		r,
		nil,
		http.MethodPost,
		"/v1/auth/login",
		emailBody{"email": form.Email, "password": r.PostFormValue("password")},
		&token,
	)
	s, ok := parseToken(token.Token)
	if err != nil || !ok {
		detail, status := "The console could not reach the API; try again in a moment.", http.StatusBadGateway
		if p, isProblem := err.(*problem); isProblem {
			detail, status = p.Detail, p.Status
			if p.Status == http.StatusUnauthorized {
				detail = "The e-mail address or the password is not right."
			}
		}
		form.Error = detail
		c.render(w, r, status, "login", view{Title: "Sign in", Data: form})
		return
	}
	setCookie(w, r, sessionCookie, token.Token, token.ExpiresAt)
	newCSRF(w, r) // a new form token for the signed-in session
	if s.Role == "user" {
		setCookie(w, r, modeCookie, c.firstMode(r, s), time.Time{})
	}
	http.Redirect(w, r, localPath(form.Next, homeOf(s.Role)), http.StatusSeeOther)
}

// firstMode is the mode a user's console opens in: live when the account has a live key that
// works, else test, where a new account's first calls succeed (its test key is free, while a live
// one answers 402 until the account has credits) and where the demo user's data is. The switch in
// the header changes it for the rest of the session.
func (c *Console) firstMode(r *http.Request, s *session) string {
	var keys identity.KeyList
	if err := c.call(r, s, http.MethodGet, "/v1/api-keys", nil, &keys); err != nil {
		return "live" // as before sign-in chose: the page will say what the API refuses
	}
	for _, k := range keys.Data {
		if k.Mode == identity.KeyModeLive && k.Status == identity.KeyStatusActive {
			return "live"
		}
	}
	return "test"
}

// logout signs the session out at the API (its token answers 401 from then on, wherever it was
// copied) and forgets the cookies.
func (c *Console) logout(w http.ResponseWriter, r *http.Request, s *session) error {
	err := c.call(r, s, http.MethodPost, "/v1/auth/logout", nil, nil)
	if p, ok := err.(*problem); err != nil && (!ok || p.Status != http.StatusUnauthorized) {
		return err
	}
	setCookie(w, r, sessionCookie, "", time.Unix(1, 0))
	newCSRF(w, r)
	http.Redirect(w, r, "/console/login?notice=signedout", http.StatusSeeOther)
	return nil
}

// switchMode flips a user between live and test data, as Stripe's dashboard does.
func (c *Console) switchMode(w http.ResponseWriter, r *http.Request, s *session) error {
	mode := "live"
	if r.PostFormValue("mode") == "test" {
		mode = "test"
	}
	setCookie(w, r, modeCookie, mode, time.Time{})
	http.Redirect(w, r, localPath(r.Referer(), homeOf(s.Role)), http.StatusSeeOther)
	return nil
}
