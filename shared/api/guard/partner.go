package guard

import (
	"net/http"

	"github.com/trustline/platform/shared/domain/access"
)

// PartnerOf picks the partner a route acts on.
type PartnerOf func(r *http.Request, p access.Principal) string

// OwnPartner is the caller's own partner (/api/v1/partners/me/...).
func OwnPartner(_ *http.Request, p access.Principal) string { return p.PartnerID }

// PartnerInPath is the partner named by the {partnerId} path value (administrators' routes).
func PartnerInPath(r *http.Request, _ access.Principal) string { return r.PathValue("partnerId") }
