package accountsapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/foundation/fault"
)

type partnerView struct {
	PartnerID   string    `json:"partnerId"`
	Name        string    `json:"name"`
	Environment string    `json:"environment"`
	RateLimit   int       `json:"rateLimit"`
	CreatedAt   time.Time `json:"createdAt"`
	APIKey      *keyView  `json:"apiKey,omitempty"`
}

func viewPartner(p accounts.Partner) partnerView {
	return partnerView{
		PartnerID:   p.ID,
		Name:        p.Name,
		Environment: p.Stage,
		RateLimit:   p.RateLimit,
		CreatedAt:   p.CreatedAt,
	}
}

func (a API) createPartner(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
	var in struct {
		Name      string `json:"name" maxLength:"100"`
		RateLimit int    `json:"rateLimit"`
	}
	if err := httpapi.DecodeJSON(r, &in); err != nil {
		return err
	}
	partner, k, err := a.Accounts.CreatePartner(r.Context(), in.Name, in.RateLimit)
	if err != nil {
		return err
	}
	v := viewPartner(partner)
	key := viewKey(k.Record, time.Now())
	key.Key = k.Secret
	v.APIKey = &key
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusCreated, v)
	return nil
}

// listPartners is GET /api/v1/admin/partners: every partner of the stage, newest first, a page at
// a time, optionally bounded by creation time; each as its creation answered, without the key.
func (a API) listPartners(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
	q := r.URL.Query()
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	after, bad := httpapi.TimeParam(q, "createdAfter")
	invalid = append(invalid, bad...)
	before, bad := httpapi.TimeParam(q, "createdBefore")
	invalid = append(invalid, bad...)
	if !after.IsZero() && !before.IsZero() && !after.Before(before) {
		invalid = append(invalid, "createdBefore: after createdAfter")
	}
	if len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	page, err := a.Accounts.Store.ListPartners(
		r.Context(),
		accounts.PartnerFilter{CreatedAfter: after, CreatedBefore: before, Limit: limit, Cursor: cursor},
	)
	if err != nil {
		return err
	}
	views := make([]partnerView, len(page.Items))
	for i, p := range page.Items {
		views[i] = viewPartner(p)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, page.Next)})
	return nil
}

func (a API) partnerMe(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	partner, err := a.Accounts.Store.Partner(r.Context(), p.PartnerID)
	if err != nil {
		return err
	}
	httpapi.WriteJSON(w, http.StatusOK, viewPartner(partner))
	return nil
}

func (a API) partnerKeys(which guard.PartnerOf) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		id := which(r, p)
		if _, err := a.Accounts.Store.Partner(r.Context(), id); err != nil {
			return err
		}
		keys, err := a.Accounts.Keys(r.Context(), id)
		if err != nil {
			return err
		}
		httpapi.WriteJSON(w, http.StatusOK, viewKeys(keys))
		return nil
	}
}

func (a API) rotate(which guard.PartnerOf) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		k, err := a.Accounts.RotatePartnerKey(r.Context(), which(r, p))
		if err != nil {
			return err
		}
		writeNewKey(w, k)
		return nil
	}
}

func (a API) revokePartnerKey(which guard.PartnerOf) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, p access.Principal) error {
		if err := a.Accounts.RevokeKey(r.Context(), which(r, p), r.PathValue("keyId")); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
