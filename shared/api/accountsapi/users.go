package accountsapi

import (
	"fmt"
	"html"
	"net/http"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/testmode"
	"github.com/trustline/platform/shared/foundation/fault"
)

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
	caller := extraction.Caller{OwnerID: p.UserID, Live: p.Live, AnyMode: p.Session()}
	live, err := extraction.ListMode(caller, r.URL.Query().Get("mode"))
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
