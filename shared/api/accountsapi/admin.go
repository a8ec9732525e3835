package accountsapi

import (
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// The administrators' view of users: found by address, read with their plan and live balance
// before a change, and granted credits (recorded in the ledger as reason grant).

// adminUserView is a user as administrators see them.
type adminUserView struct {
	ID            string      `json:"id"`
	Email         string      `json:"email"`
	EmailVerified bool        `json:"emailVerified"`
	Role          access.Role `json:"role"`
	PartnerID     string      `json:"partnerId,omitempty"`
	Plan          string      `json:"plan"`
	Credits       int         `json:"credits"`
	CreatedAt     time.Time   `json:"createdAt"`
}

func adminViewOf(u accounts.User) adminUserView {
	return adminUserView{ID: u.ID, Email: u.Email, EmailVerified: u.Verified, Role: u.Role, PartnerID: u.PartnerID,
		Plan: u.Plan, Credits: u.Credits, CreatedAt: u.CreatedAt}
}

// maxGrant bounds one grant: a slip of the keyboard should not mint a fortune.
const maxGrant = 1_000_000

// findUsers is GET /v1/admin/users?email=: the users with that address (one at most: addresses
// are unique, compared as the accounts normalise them), as a list, empty when there is none.
func (a API) findUsers(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
	email, bad := httpapi.StringParam(r.URL.Query(), "email", 254)
	if email == "" && len(bad) == 0 {
		bad = append(bad, "email: required")
	}
	if len(bad) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: bad}
	}
	u, err := a.Accounts.UserByEmail(r.Context(), email)
	found := []adminUserView{}
	switch {
	case fault.Is(err, fault.Invalid):
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.",
			InvalidParams: []string{"email: not an e-mail address"}}
	case fault.Is(err, fault.NotFound):
	case err != nil:
		return err
	default:
		found = append(found, adminViewOf(u))
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": found, "nextCursor": nil})
	return nil
}

// adminUser is GET /v1/admin/users/{userId}.
func (a API) adminUser(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
	u, err := a.Accounts.Store.User(r.Context(), r.PathValue("userId"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, adminViewOf(u))
	return nil
}

// grantCredits is POST /v1/admin/users/{userId}/credits {credits}: the credits are added to the
// live balance with their ledger entry, in one write; the answer is the user with the new balance.
func (a API) grantCredits(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
	var in struct {
		Credits int `json:"credits"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Credits < 1 || in.Credits > maxGrant {
		return &fault.Error{Kind: fault.Invalid, Detail: "The grant is invalid.",
			InvalidParams: []string{"credits: a whole number from 1 to 1000000"}}
	}
	id := r.PathValue("userId")
	if err := a.Accounts.GrantCredits(r.Context(), id, in.Credits); err != nil {
		return err
	}
	u, err := a.Accounts.Store.User(r.Context(), id)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, adminViewOf(u))
	return nil
}
