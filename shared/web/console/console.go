// Package console is the web console at /console/: the developer dashboard of identity API users,
// the partner space of insurance partners, and the administrators' desk, as server-rendered pages.
//
// The console is one more client of the two public APIs: every page and every action is a call to
// an API route, over HTTP, with the signed-in person's login token as its bearer. It holds no AWS
// permission and no secret of its own, so it can do nothing for a person that the person could not
// do with curl and the same login: the API's authorisation, limits, mode isolation and audit apply
// unchanged, and a rule is never kept in two places.
//
// Pages work with no script at all (forms and links; CSP script-src 'none'); the login token lives
// in an HttpOnly, SameSite=Strict cookie scoped to /console/, never in the page.
package console

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
)

// APICallTimeout bounds one API call of a console page, within the function's own timeout.
const APICallTimeout = 10 * time.Second

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Console serves the console's pages.
type Console struct {
	Identity string       // the identity API's public base URL (PUBLIC_BASE_URL)
	Partner  string       // the partner API's public base URL (PARTNER_BASE_URL)
	Client   *http.Client // for the API calls
	Log      *slog.Logger
	// ForwardingKey signs the browser's address on each call (httpapi.ClientHeader), so that the
	// API's per-address limits count the browser rather than the console; nil: not sent.
	ForwardingKey []byte
	Now           func() time.Time

	pages map[string]*template.Template
}

// Cookie names: the login token, the form token, and the test/live switch.
const (
	sessionCookie = "tl_session"
	csrfCookie    = "tl_csrf"
	modeCookie    = "tl_mode"
	cookiePath    = "/console/"
)

// Handler returns the console's routes behind its security headers and CSRF protection.
func (c *Console) Handler() (http.Handler, error) {
	pages, err := parsePages()
	if err != nil {
		return nil, err
	}
	c.pages = pages
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /console/static/", http.StripPrefix("/console/static/", staticFiles(http.FileServerFS(static))))
	mux.HandleFunc(
		"GET /console",
		func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/console/", http.StatusSeeOther) },
	)
	mux.HandleFunc("GET /console/{$}", c.page(c.home))
	mux.HandleFunc("GET /console/login", c.loginPage)
	mux.HandleFunc("POST /console/login", c.login)
	mux.HandleFunc("POST /console/logout", c.page(c.logout))
	mux.HandleFunc("POST /console/mode", c.page(c.switchMode))
	c.accountRoutes(mux)
	c.userRoutes(mux)
	c.partnerRoutes(mux)
	c.adminRoutes(mux)
	c.settingsRoutes(mux)
	mux.HandleFunc("/console/", func(w http.ResponseWriter, r *http.Request) {
		c.render(
			w,
			r,
			http.StatusNotFound,
			"error",
			view{Title: "Not found", Data: failure{Detail: "There is no console page at " + r.URL.Path + "."}},
		)
	})
	// The Origin check (Sec-Fetch-Site, else Origin against Host) refuses a cross-site form post
	// before the token is even read.
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.render(
			w,
			r,
			http.StatusForbidden,
			"error",
			view{Title: "Refused", Data: failure{Detail: "This form was sent from another site, and was refused."}},
		)
	}))
	return routed{
		httpapi.Middleware(
			c.Log,
			httpapi.Bases{Identity: c.Identity, Partner: c.Partner},
			headers(cop.Handler(c.csrf(mux))),
		),
	}, nil
}

// routed is the console's handler with the routes it asks API Gateway for (template.yaml's
// ConsoleFunction events; the tests hold the two to each other): everything under /console/, and
// /console itself, which redirects there. Its own pages are routed inside.
type routed struct{ http.Handler }

// Patterns lists the routes, as ServeMux patterns of the template's events.
func (routed) Patterns() []string { return []string{"GET /console", "/console/{proxy...}"} }

// headers sets what every console answer carries: a strict Content-Security-Policy (no script at
// all, no frame), no caching (the pages show personal data), and the usual hardening.
func headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp(""))
		h.Set("Cache-Control", "no-store")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}

// csp is the pages' policy; imgOrigin, when set, is the one further origin an image may come from
// (the storage bucket of a presigned document link).
func csp(imgOrigin string) string {
	img := "'self' data:"
	if imgOrigin != "" {
		img += " " + imgOrigin
	}
	return "default-src 'none'; script-src 'none'; style-src 'self'; img-src " + img +
		"; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
}

// staticFiles lets the style sheet be cached: it holds nothing personal.
func staticFiles(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=300")
		next.ServeHTTP(w, r)
	})
}

// csrf gives every browser a random form token in an HttpOnly cookie and refuses a POST whose form
// does not carry the same token (the double-submit pattern, on top of the Origin check): a page
// of another site can neither read the cookie nor guess the token. The token is renewed at sign-in
// and sign-out.
func (c *Console) csrf(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := ""
		if ck, err := r.Cookie(csrfCookie); err == nil && len(ck.Value) == 26 {
			token = ck.Value
		}
		if r.Method == http.MethodPost {
			r.Body = http.MaxBytesReader(w, r.Body, maxForm)
			sent := r.PostFormValue("csrf")
			if token == "" || subtle.ConstantTimeCompare([]byte(sent), []byte(token)) != 1 {
				c.render(
					w,
					r,
					http.StatusForbidden,
					"error",
					view{
						Title: "Refused",
						Data: failure{
							Detail: "This form has expired or did not come from this console. Go back, reload the page and send it again.",
						},
					},
				)
				return
			}
		}
		if token == "" {
			token = newCSRF(w, r)
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), csrfKey{}, token)))
	})
}

type csrfKey struct{}

// maxForm bounds a form post: the console's forms are a few short fields.
const maxForm = 64 << 10

// newCSRF sets a new form token cookie and returns it.
func newCSRF(w http.ResponseWriter, r *http.Request) string {
	token := rand.Text()
	setCookie(w, r, csrfCookie, token, time.Time{})
	return token
}

// setCookie sets a console cookie: HttpOnly, SameSite=Strict, scoped to /console/, and Secure
// everywhere but plain http on a loopback address (make run), where a browser would drop it.
// An expiry in the past deletes it; a zero expiry makes it last the browser session.
func setCookie(w http.ResponseWriter, r *http.Request, name, value string, expires time.Time) {
	ck := &http.Cookie{
		Name:     name,
		Value:    value,
		Path:     cookiePath,
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
		Secure:   !loopbackHTTP(r),
	}
	if !expires.IsZero() {
		ck.Expires = expires
		if expires.Before(time.Now()) {
			ck.MaxAge = -1
		}
	}
	http.SetCookie(w, ck)
}

// loopbackHTTP reports whether r came to a loopback host by plain http (make run): behind API
// Gateway the Host is the API's public name and the scheme https.
func loopbackHTTP(r *http.Request) bool {
	if r.TLS != nil {
		return false
	}
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// handler is a page or action of a signed-in person.
type handler func(w http.ResponseWriter, r *http.Request, s *session) error

// page runs h for the signed-in person, or sends the browser to the sign-in page. An API refusal
// becomes an error page with the API's status and detail; a login the API no longer accepts
// (signed out elsewhere, expired) sends the browser to sign in again.
func (c *Console) page(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, ok := sessionOf(r)
		if !ok {
			toLogin(w, r)
			return
		}
		err := h(w, r, s)
		if err == nil {
			return
		}
		var p *problem
		if errors.As(err, &p) {
			if p.Status == http.StatusUnauthorized {
				setCookie(w, r, sessionCookie, "", time.Unix(1, 0))
				toLogin(w, r)
				return
			}
			c.render(
				w,
				r,
				p.Status,
				"error",
				view{
					Title:   p.Title,
					Session: s,
					Data:    failure{Detail: p.Detail, Invalid: p.InvalidParams, Back: back(r)},
				},
			)
			return
		}
		httpapi.Identify(r.Context())
		c.Log.ErrorContext(r.Context(), "console page failed", "path", httpapi.LoggedPath(r), "error", err.Error())
		c.render(w, r, http.StatusBadGateway, "error", view{Title: "Something went wrong", Session: s,
			Data: failure{
				Detail: "The console could not reach the API. Try again in a moment; if it goes on, quote request " +
					httpapi.RequestID(
						r.Context(),
					) + ".",
				Back: back(r),
			}})
	}
}

// only admits to h the signed-in accounts of the given roles: the page of another account's role
// says where its own pages start (the API would refuse its token anyway).
func only(h handler, roles ...string) handler {
	return func(w http.ResponseWriter, r *http.Request, s *session) error {
		if !slices.Contains(roles, s.Role) {
			return &problem{
				Status: http.StatusForbidden,
				Title:  "Not for this account",
				Detail: "These pages are " + whose[roles[0]] + ". Yours start at " + homeOf(s.Role) + ".",
			}
		}
		return h(w, r, s)
	}
}

// whose names the owners of each role's pages.
var whose = map[string]string{
	"user":    "an identity API user's",
	"partner": "an insurance partner's",
	"admin":   "the administrators'",
}

// toLogin sends the browser to the sign-in page, coming back to a page it asked for.
func toLogin(w http.ResponseWriter, r *http.Request) {
	target := "/console/login"
	if r.Method == http.MethodGet && r.URL.Path != "/console/" {
		target += "?next=" + url.QueryEscape(r.URL.RequestURI())
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// back is where an error page's link leads: the page a failed form came from.
func back(r *http.Request) string {
	if r.Method == http.MethodGet {
		return ""
	}
	return localPath(r.Referer(), "")
}

// localPath is the console path of ref (a URL or a path), or def when ref leads elsewhere: a
// redirect never leaves the console (no open redirect through ?next=).
func localPath(ref, def string) string {
	u, err := url.Parse(ref)
	if err != nil || !strings.HasPrefix(u.Path, cookiePath) || strings.Contains(u.Path, "//") ||
		strings.Contains(u.Path, "\\") {
		return def
	}
	if u.RawQuery != "" {
		return u.Path + "?" + u.RawQuery
	}
	return u.Path
}

// done redirects after a successful action (POST, then GET), with a notice the page shows.
func done(w http.ResponseWriter, r *http.Request, to, notice string) error {
	if notice != "" {
		sep := "?"
		if strings.Contains(to, "?") {
			sep = "&"
		}
		to += sep + "notice=" + url.QueryEscape(notice)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// notices are the messages a redirect may ask a page to show, by name: a page never shows text
// taken from its URL.
var notices = map[string]string{
	"revoked":     "The key is revoked: it answers 401 from now on.",
	"rotated":     "The secret was rotated. The new one is shown below, once.",
	"tested":      "A test event was sent. It appears in the delivery history below.",
	"redelivered": "The delivery was queued again.",
	"recovered":   "The failed deliveries since that time were queued again.",
	"saved":       "Saved.",
	"unchanged":   "Nothing was changed.",
	"replayed":    "Issuance was replayed.",
	"refunded":    "The payment was refunded.",
	"deleted":     "Deleted.",
	"signedout":   "You are signed out.",
	"created":     "Created.",
	"planchanged": "Saved: the plan applies from the next billing period.",
	"granted":     "The credits were added to the balance.",
	"registered":  "Check your mail: a link to confirm your address is on its way (valid 48 hours).",
	"verified":    "Your address is confirmed. You can sign in now.",
	"resetsent": "If this address has a confirmed account, a link to set a new password is on its way " +
		"(valid one hour).",
	"passwordset":     "Your password is changed: sign in with the new one.",
	"passwordchanged": "Your password is changed. Every other session was signed out.",
	"sessionended":    "That session is signed out.",
}

func noticeOf(r *http.Request) string { return notices[r.URL.Query().Get("notice")] }

// failure is what an error page says.
type failure struct {
	Detail  string
	Invalid []string
	Back    string
}

// view is what every page's template receives.
type view struct {
	Title   string
	Session *session // nil on the sign-in page
	Notice  string
	Data    any
	Form    formState  // a form the API refused, as it was sent
	Once    *shownOnce // a secret the form before the redirect made, shown this once
	csrf    string
	imgFrom string // an origin images may come from besides the console (CSP img-src)
}

// CSRF is the form token every form of the page carries.
func (v view) CSRF() string { return v.csrf }

// render writes page name with status.
func (c *Console) render(w http.ResponseWriter, r *http.Request, status int, name string, v view) {
	t, ok := c.pages[name]
	if !ok {
		panic("console: no page " + name)
	}
	v.csrf, _ = r.Context().Value(csrfKey{}).(string)
	if v.Notice == "" {
		v.Notice = noticeOf(r)
	}
	v.Form = formOf(r)
	if v.Session != nil && status < 400 {
		v.Once = takeOnce(w, r, v.Session)
	}
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, "layout", v); err != nil {
		c.Log.ErrorContext(r.Context(), "console template", "page", name, "error", err.Error())
		http.Error(w, "The page could not be shown.", http.StatusInternalServerError)
		return
	}
	if v.imgFrom != "" {
		w.Header().Set("Content-Security-Policy", csp(v.imgFrom))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = fmt.Fprint(w, b.String())
}
