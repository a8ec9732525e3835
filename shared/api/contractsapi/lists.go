package contractsapi

import (
	"net/http"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/foundation/fault"
)

// adminList is the administrators' list across partners.
const adminList = "/api/v1/admin/contracts/requests"

// list is GET /api/v1/partner/contracts/requests: the partner's own requests, newest first,
// filtered by contractStatus, product and createdAfter.
func (a API) list(w http.ResponseWriter, r *http.Request, p access.Principal) error {
	q := r.URL.Query()
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	after, bad := httpapi.TimeParam(q, "createdAfter")
	if invalid = append(invalid, bad...); len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	return a.page(w, r, false, contracts.Filter{PartnerID: p.PartnerID, Status: contracts.Status(q.Get("contractStatus")),
		Product: contracts.Product(q.Get("product")), CreatedAfter: after, Limit: limit, Cursor: cursor})
}

// adminList is GET /api/v1/admin/contracts/requests: every partner's requests in one status, or one
// partner's; without either, the attention queue (ISSUANCE_FAILED, and PAYMENT_FAILED paid after the
// failure: money to refund or an issuance to replay). A partnerId that names no partner is an
// unknown filter value, 422 like the others, not an empty list that reads as "nothing to do".
func (a API) adminList(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
	q := r.URL.Query()
	limit, cursor, invalid := httpapi.PageOf(r, 20)
	partnerID, bad := httpapi.StringParam(q, "partnerId", 64)
	if partnerID != "" {
		if _, err := a.Partners(r.Context(), partnerID); fault.Is(err, fault.NotFound) {
			bad = append(bad, "partnerId: no such partner")
		} else if err != nil {
			return err
		}
	}
	if invalid = append(invalid, bad...); len(invalid) > 0 {
		return &fault.Error{Kind: fault.Invalid, Detail: "The query is invalid.", InvalidParams: invalid}
	}
	return a.page(
		w,
		r,
		true,
		contracts.Filter{
			PartnerID: partnerID,
			Status:    contracts.Status(q.Get("contractStatus")),
			Limit:     limit,
			Cursor:    cursor,
		},
	)
}

// page writes a page of requests; the administrators' name each request's partner (one read per
// partner of the page).
func (a API) page(w http.ResponseWriter, r *http.Request, admin bool, f contracts.Filter) error {
	page, err := a.Contracts.List(r.Context(), f)
	if err != nil {
		return err
	}
	views := make([]statusView, len(page.Items))
	names := map[string]string{}
	for i, c := range page.Items {
		views[i] = view(c)
		if !admin {
			continue
		}
		name, ok := names[c.PartnerID]
		if !ok {
			v, err := a.forAdmin(r.Context(), views[i])
			if err != nil {
				return err
			}
			name, names[c.PartnerID] = v.PartnerName, v.PartnerName
		}
		views[i].PartnerName = name
	}
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"data": views, "nextCursor": httpapi.NextPage(w, r, page.Next)})
	return nil
}
