// Package accountsapi provides the HTTP endpoints of accounts: registration, e-mail verification,
// login, the profile and API keys of the identity API (/v1), and partners with their keys in the
// insurance partner API (/api/v1).
package accountsapi

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/testmode"
	"github.com/trustline/platform/shared/foundation/fault"
)

// API serves the account endpoints.
type API struct {
	Accounts    *accounts.Service
	TestQuota   TestUsage // what a test key reads as its balance
	Guard       *guard.Guard
	Idempotency guard.Idempotency // of the routes that make keys and partners
	OpenAPI     []byte            // the identity API's OpenAPI document as JSON, served at /v1/openapi.json
}

// TestUsage reads an account's test-mode allowance of the day (testmode.Quota does).
type TestUsage interface {
	Usage(ctx context.Context, ownerID string) (testmode.Usage, error)
}

// anonymousPerMinute is how many logins or registrations one address may attempt in a minute.
const anonymousPerMinute = 20

// resendsPerMinute is how many verification or password-reset mails one source address may ask for
// in a minute.
const resendsPerMinute = 5

// IdentityRoutes are the /v1 account endpoints.
func (a API) IdentityRoutes() []httpapi.Route {
	return []httpapi.Route{
		{Pattern: "GET /v1/openapi.json", Handler: a.openapi},
		{Pattern: "POST /v1/auth/register", Handler: a.Guard.Throttle("register", anonymousPerMinute, a.register)},
		{Pattern: "POST /v1/auth/verify-email", Handler: a.verifyEmail},
		{
			Pattern: "POST /v1/auth/resend-verification",
			Handler: a.Guard.Throttle("resend", resendsPerMinute, a.resendVerification),
		},
		{Pattern: "GET /v1/auth/verify-email", Handler: a.verifyEmailLink},
		{Pattern: "POST /v1/auth/login", Handler: a.Guard.Throttle("login", anonymousPerMinute, a.login)},
		{Pattern: "POST /v1/auth/logout", Handler: a.Guard.Require(access.LoginSessions, a.logout)},
		{Pattern: "POST /v1/auth/logout-all", Handler: a.Guard.Require(access.LoginSessions, a.logoutAll)},
		{Pattern: "GET /v1/auth/sessions", Handler: a.Guard.Require(access.LoginSessions, a.sessions)},
		{Pattern: "DELETE /v1/auth/sessions/{id}", Handler: a.Guard.Require(access.LoginSessions, a.deleteSession)},
		{Pattern: "POST /v1/auth/password", Handler: a.Guard.Require(access.LoginSessions, a.changePassword)},
		{
			Pattern: "POST /v1/auth/password/reset-request",
			Handler: a.Guard.Throttle("reset", resendsPerMinute, a.requestReset),
		},
		{
			Pattern: "POST /v1/auth/password/reset",
			Handler: a.Guard.Throttle("reset-confirm", anonymousPerMinute, a.resetPassword),
		},
		{Pattern: "GET /v1/users/me", Handler: a.Guard.Require(access.Users, a.me)},
		{Pattern: "POST /v1/api-keys", Handler: a.Guard.Require(access.UserSessions, a.Idempotency.Wrap(a.createKey))},
		{Pattern: "GET /v1/api-keys", Handler: a.Guard.Require(access.UserSessions, a.listKeys)},
		{Pattern: "DELETE /v1/api-keys/{id}", Handler: a.Guard.Require(access.UserSessions, a.revokeKey)},
		{Pattern: "GET /v1/admin/users", Handler: a.Guard.Require(access.Admins, a.findUsers)},
		{Pattern: "GET /v1/admin/users/{userId}", Handler: a.Guard.Require(access.Admins, a.adminUser)},
		{
			Pattern: "POST /v1/admin/users/{userId}/credits",
			Handler: a.Guard.Require(access.Admins, a.Idempotency.Wrap(a.grantCredits)),
		},
	}
}

// PartnerRoutes are the /api/v1 partner account endpoints.
func (a API) PartnerRoutes() []httpapi.Route {
	return []httpapi.Route{
		{
			Pattern: "POST /api/v1/admin/partners",
			Handler: a.Guard.Require(access.Admins, a.Idempotency.Wrap(a.createPartner)),
		},
		{Pattern: "GET /api/v1/admin/partners", Handler: a.Guard.Require(access.Admins, a.listPartners)},
		{Pattern: "GET /api/v1/partners/me", Handler: a.Guard.Require(access.Partners, a.partnerMe)},
		{
			Pattern: "GET /api/v1/partners/me/keys",
			Handler: a.Guard.Require(
				access.PartnersInsteadOf("GET /api/v1/admin/partners/{partnerId}/keys"),
				a.partnerKeys(guard.OwnPartner),
			),
		},
		{
			Pattern: "POST /api/v1/partners/me/keys/rotate",
			Handler: a.Guard.Require(access.PartnerSessions, a.Idempotency.Wrap(a.rotate(guard.OwnPartner))),
		},
		{
			Pattern: "DELETE /api/v1/partners/me/keys/{keyId}",
			Handler: a.Guard.Require(access.PartnerSessions, a.revokePartnerKey(guard.OwnPartner)),
		},
		{
			Pattern: "GET /api/v1/admin/partners/{partnerId}/keys",
			Handler: a.Guard.Require(access.Admins, a.partnerKeys(guard.PartnerInPath)),
		},
		{
			Pattern: "POST /api/v1/admin/partners/{partnerId}/keys/rotate",
			Handler: a.Guard.Require(access.Admins, a.Idempotency.Wrap(a.rotate(guard.PartnerInPath))),
		},
		{
			Pattern: "DELETE /api/v1/admin/partners/{partnerId}/keys/{keyId}",
			Handler: a.Guard.Require(access.Admins, a.revokePartnerKey(guard.PartnerInPath)),
		},
	}
}

// openapi serves the document to anyone: it describes the API, not anyone's data.
func (a API) openapi(w http.ResponseWriter, _ *http.Request) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(a.OpenAPI)
	return nil
}

type credentials struct {
	Email    string `json:"email"    maxLength:"254"`
	Password string `json:"password" maxLength:"72"`
}

type userView struct {
	ID            string `json:"id"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	Plan          string `json:"plan"`
	Credits       int    `json:"credits"`
}

func viewUser(u accounts.User) userView {
	return userView{ID: u.ID, Email: u.Email, EmailVerified: u.Verified, Plan: u.Plan, Credits: u.Credits}
}

func (a API) register(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := a.Accounts.Register(r.Context(), in.Email, in.Password)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusCreated, viewUser(u))
	return nil
}

// resendVerification answers 202 whether or not the address has an account waiting for
// verification: only the address's owner learns, by mail.
func (a API) resendVerification(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email" maxLength:"254"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := a.Accounts.ResendVerification(r.Context(), in.Email); err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, map[string]string{"status": "accepted",
		"detail": "If this address has an account waiting for verification, a new link is on its way (valid 48 hours)."})
	return nil
}

func (a API) verifyEmail(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Token string `json:"token" maxLength:"256"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := a.Accounts.VerifyEmail(r.Context(), in.Token)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, viewUser(u))
	return nil
}

// verifiedPage is the page of the verification link. It is built with html.EscapeString rather
// than html/template: template's reflection keeps every exported method of every linked type in the
// binary (the SDK's included), which doubled this function's size.
const verifiedPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>%[1]s</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}</style>
</head><body><h1>%[1]s</h1><p>%[2]s</p></body></html>`

// verifyEmailLink is the link of the verification mail, opened in a browser: a page. A client
// asking for JSON gets what POST /v1/auth/verify-email answers, problems included.
func (a API) verifyEmailLink(w http.ResponseWriter, r *http.Request) error {
	u, err := a.Accounts.VerifyEmail(r.Context(), r.URL.Query().Get("token"))
	w.Header().Set("Vary", "Accept")
	if httpapi.PrefersJSON(r) {
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		httpapi.WriteJSON(w, http.StatusOK, viewUser(u))
		return nil
	}
	page := struct{ Title, Text string }{"Address confirmed", ""}
	status := http.StatusOK
	switch {
	case err == nil:
		page.Text = u.Email + " is confirmed. You can log in now."
	case fault.As(err).Kind == fault.Invalid:
		status, page.Title, page.Text = http.StatusUnprocessableEntity, "Link not valid",
			"This link is unknown, used already, or expired."
	default:
		return err
	}
	httpapi.WritePage(w, status, httpapi.StaticPage,
		fmt.Sprintf(verifiedPage, html.EscapeString(page.Title), html.EscapeString(page.Text)))
	return nil
}

func (a API) login(w http.ResponseWriter, r *http.Request) error {
	var in credentials
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	l, err := a.Accounts.Login(r.Context(), in.Email, in.Password)
	if err != nil {
		return err
	}
	writeLogin(w, l)
	return nil
}

func writeLogin(w http.ResponseWriter, l accounts.Login) {
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(
		w,
		http.StatusOK,
		map[string]any{"token": l.Token, "tokenType": "Bearer", "expiresAt": l.ExpiresAt, "sessionId": l.SessionID},
	)
}

// logout signs out the session of the token that calls it.
func (a API) logout(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	if err := a.Accounts.Logout(r.Context(), p.UserID, p.SessionID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// logoutAll signs out every session of the caller, its own included.
func (a API) logoutAll(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	if err := a.Accounts.LogoutAll(r.Context(), p.UserID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type sessionView struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	Current   bool      `json:"current"`
}

// sessions lists the caller's live sessions, newest first, marking the one that asks.
func (a API) sessions(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	all, err := a.Accounts.Sessions(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	views := make([]sessionView, 0, len(all))
	for _, s := range all {
		views = append(
			views,
			sessionView{ID: s.ID, CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt, Current: s.ID == p.SessionID},
		)
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views})
	return nil
}

// deleteSession signs out one of the caller's sessions (a console's "sign out that device").
func (a API) deleteSession(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	if err := a.Accounts.Logout(r.Context(), p.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (a API) me(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	u, err := a.Accounts.Store.User(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	type profile struct {
		ID       string          `json:"id"`
		Email    string          `json:"email"`
		Plan     string          `json:"plan"`
		Credits  int             `json:"credits"`
		Livemode bool            `json:"livemode"`
		TestMode *testmode.Usage `json:"testMode,omitempty"`
	}
	live, err := extraction.ListMode(
		extraction.Caller{OwnerID: p.UserID, Live: p.Live, AnyMode: p.Session()},
		r.URL.Query().Get("mode"),
	)
	if err != nil {
		return err
	}
	if live {
		httpapi.WriteJSON(w, http.StatusOK, profile{u.ID, u.Email, u.Plan, u.Credits, true, nil})
		return nil
	}
	// A test key never sees the live balance: its credits are what test mode lets it spend today.
	// A login session asking for mode=test (the console in test mode) sees what a test key sees.
	usage, err := a.TestQuota.Usage(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, profile{u.ID, u.Email, u.Plan, usage.RemainingToday, false, &usage})
	return nil
}

// keyView is a key as listed: never the secret, which appears once, in Key, at creation.
type keyView struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Mode        string     `json:"mode,omitempty"`
	Livemode    *bool      `json:"livemode,omitempty"`
	Environment string     `json:"environment,omitempty"`
	Key         string     `json:"key,omitempty"`
	Prefix      string     `json:"prefix"`
	Last4       string     `json:"last4"`
	Display     string     `json:"display"`
	AllowedIPs  []string   `json:"allowedIps"`
	Status      string     `json:"status"`
	CreatedAt   time.Time  `json:"createdAt"`
	LastUsedAt  *time.Time `json:"lastUsedAt"`
	ExpiresAt   *time.Time `json:"expiresAt"`
	RevokedAt   *time.Time `json:"revokedAt"`
}

func viewKey(k access.KeyRecord, now time.Time) keyView {
	v := keyView{ID: k.ID, Name: k.Name, Mode: k.Mode, Environment: k.Stage, Prefix: k.Prefix, Last4: k.Last4,
		Display: access.Display(k.Prefix, k.Last4), AllowedIPs: []string{}, Status: "active", CreatedAt: k.CreatedAt,
		LastUsedAt: k.LastUsedAt, ExpiresAt: k.ExpiresAt, RevokedAt: k.RevokedAt}
	if k.Mode != "" {
		live := k.Mode == access.ModeLive
		v.Livemode = &live
	}
	for _, p := range k.AllowedIPs {
		v.AllowedIPs = append(v.AllowedIPs, p.String())
	}
	switch {
	case k.RevokedAt != nil:
		v.Status = "revoked"
	case k.ExpiresAt != nil && !now.Before(*k.ExpiresAt):
		v.Status = "expired"
	}
	return v
}

func viewKeys(keys []access.KeyRecord) map[string][]keyView {
	now := time.Now()
	views := make([]keyView, 0, len(keys))
	for _, k := range keys {
		views = append(views, viewKey(k, now))
	}
	return map[string][]keyView{"data": views}
}

func (a API) createKey(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	var in struct {
		Name       string     `json:"name" maxLength:"100"`
		Mode       string     `json:"mode" maxLength:"4"`
		AllowedIPs []string   `json:"allowedIps" maxLength:"64" maxItems:"50"`
		ExpiresAt  *time.Time `json:"expiresAt"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	req := accounts.KeyRequest{Name: in.Name, Mode: in.Mode, ExpiresAt: in.ExpiresAt}
	var invalid []string
	for i, s := range in.AllowedIPs {
		prefix, err := parseCIDR(s)
		if err != nil {
			invalid = append(invalid, "allowedIps["+itoa(i)+"]: not an IP address or CIDR block")
			continue
		}
		req.AllowedIPs = append(req.AllowedIPs, prefix)
	}
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The key request is invalid.", InvalidParams: invalid}
	}
	k, err := a.Accounts.CreateUserKey(r.Context(), p.UserID, req)
	if err != nil {
		return err
	}
	writeNewKey(w, k)
	return nil
}

func writeNewKey(w http.ResponseWriter, k accounts.NewKey) {
	v := viewKey(k.Record, time.Now())
	v.Key = k.Secret
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusCreated, v)
}

func parseCIDR(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "/") {
		ip, err := netip.ParseAddr(s)
		if err != nil {
			return netip.Prefix{}, err
		}
		return netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen()), nil
	}
	p, err := netip.ParsePrefix(s)
	return p.Masked(), err
}

func (a API) listKeys(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	keys, err := a.Accounts.Keys(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, viewKeys(keys))
	return nil
}

func (a API) revokeKey(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	if err := a.Accounts.RevokeKey(r.Context(), p.UserID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// changePassword replaces the caller's password and answers a new session: every other one, and
// the one that asked, are signed out.
func (a API) changePassword(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	var in struct {
		CurrentPassword string `json:"currentPassword" maxLength:"72"`
		NewPassword     string `json:"newPassword" maxLength:"72"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	l, err := a.Accounts.ChangePassword(r.Context(), p.UserID, in.CurrentPassword, in.NewPassword)
	if err != nil {
		return err
	}
	writeLogin(w, l)
	return nil
}

// requestReset answers 202 whatever the address: only its owner learns, by mail.
func (a API) requestReset(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string `json:"email" maxLength:"254"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := a.Accounts.RequestPasswordReset(r.Context(), in.Email); err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusAccepted, map[string]string{"status": "accepted",
		"detail": "If this address has a confirmed account, a link to set a new password is on its way (valid one hour)."})
	return nil
}

func (a API) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Token       string `json:"token" maxLength:"128"`
		NewPassword string `json:"newPassword" maxLength:"72"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	if err := a.Accounts.ResetPassword(r.Context(), in.Token, in.NewPassword); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
