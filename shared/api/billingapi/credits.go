package billingapi

import (
	"context"
	"net/http"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/credits"
	"github.com/trustline/platform/shared/domain/extraction"
	"github.com/trustline/platform/shared/domain/testmode"
	"github.com/trustline/platform/shared/foundation/fault"
)

// TestUsage reads an account's test-mode allowance of the day (testmode.Quota does).
type TestUsage interface {
	Usage(ctx context.Context, ownerID string) (testmode.Usage, error)
}

// Credits serves GET /v1/billing/credits, the user's credits ledger. It is apart from API because
// the accounts function serves it: the balance lives on the user's record, and that function's
// permissions already cover it, while the billing function's are for invoices.
type Credits struct {
	Ledger    credits.Ledger
	TestQuota TestUsage
	Guard     *guard.Guard
}

// Routes is the credits endpoint.
func (c Credits) Routes() []httpapi.Route {
	return []httpapi.Route{{Pattern: "GET /v1/billing/credits", Handler: c.Guard.Require(access.Users, c.ledger)}}
}

func (c Credits) ledger(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	limit, cursor, invalid := httpapi.PageOf(r, 50)
	if invalid != nil {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	live, err := extraction.ListMode(
		extraction.Caller{OwnerID: p.UserID, Live: p.Live, AnyMode: p.Session()},
		r.URL.Query().Get("mode"),
	)
	if err != nil {
		return err
	}
	if !live {
		// A test key sees test mode's balance, its daily allowance, never the live ledger: the
		// body keeps the ledger's shape (an empty page) so that a client pages the same way. A
		// login session chooses with mode, as in the lists (the console's test mode).
		usage, err := c.TestQuota.Usage(r.Context(), p.UserID)
		if err != nil {
			return err
		}
		httpapi.WriteJSON(w, http.StatusOK, struct {
			testmode.Usage
			Data       []struct{} `json:"data"`
			NextCursor *string    `json:"nextCursor"`
		}{Usage: usage, Data: []struct{}{}})
		return nil
	}
	entries, next, err := c.Ledger.Entries(r.Context(), p.UserID, limit, cursor)
	if err != nil {
		return err
	}
	type entry struct {
		ID        string    `json:"id"`
		Amount    int       `json:"amount"`
		Reason    string    `json:"reason"`
		Reference string    `json:"reference,omitempty"`
		CreatedAt time.Time `json:"createdAt"`
	}
	out := struct {
		Data       []entry `json:"data"`
		NextCursor *string `json:"nextCursor"`
	}{Data: make([]entry, len(entries)), NextCursor: httpapi.NextPage(w, r, next)}
	for i, e := range entries {
		out.Data[i] = entry{e.ID, e.Amount, e.Reason, e.Reference, e.At}
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
	return nil
}
