package accountsapi

import (
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
)

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
	body := map[string]any{"token": l.Token, "tokenType": "Bearer", "expiresAt": l.ExpiresAt, "sessionId": l.SessionID}
	httpapi.WriteJSON(w, http.StatusOK, body)
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
		current := s.ID == p.SessionID
		views = append(views, sessionView{ID: s.ID, CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt, Current: current})
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
