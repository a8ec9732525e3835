// Package referenceapi serves the partner API's reference lists (GET /api/v1/reference/*), with
// ETags and a Cache-Control of some hours, since the lists change rarely.
package referenceapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/trustline/platform/shared/api/guard"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/reference"
	"github.com/trustline/platform/shared/foundation/fault"
)

// CacheControl lets partners and their proxies keep a list for six hours.
const CacheControl = "private, max-age=21600"

// API serves the lists and the partner API's OpenAPI document.
type API struct {
	Store   reference.Store
	Guard   *guard.Guard
	OpenAPI []byte // JSON
}

// OpenAPIJSON converts the YAML document to the JSON served at /api/v1/openapi.json.
func OpenAPIJSON(doc []byte) ([]byte, error) {
	var v any
	if err := yaml.Unmarshal(doc, &v); err != nil {
		return nil, fmt.Errorf("referenceapi: openapi: %w", err)
	}
	return json.Marshal(v)
}

// Routes are the reference endpoints, one per list, and the OpenAPI document.
func (a API) Routes() []httpapi.Route {
	routes := []httpapi.Route{{Pattern: "GET /api/v1/openapi.json", Handler: a.openapi}}
	for _, l := range reference.Lists {
		routes = append(
			routes,
			httpapi.Route{
				Pattern: "GET /api/v1/reference/" + l.Name,
				Handler: a.Guard.Require(access.PartnersOrAdmins, a.list(l)),
			},
		)
	}
	return routes
}

func (a API) openapi(w http.ResponseWriter, _ *http.Request) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(a.OpenAPI)
	return nil
}

func (a API) list(l reference.List) guard.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request, _ access.Principal) error {
		parent := ""
		if l.Param != "" {
			parent = r.URL.Query().Get(l.Param)
			if parent == "" {
				return fault.Newf(
					fault.BadRequest,
					"The query parameter %s is required: /api/v1/reference/%s?%s=<code>.",
					l.Param,
					l.Name,
					l.Param,
				)
			}
		}
		e, err := a.Store.Reference(r.Context(), reference.Key(l.Name, parent))
		if fault.Is(err, fault.NotFound) && parent != "" {
			err = fault.Newf(fault.NotFound, "No %s for %s=%s.", l.Name, l.Param, parent)
		}
		if err != nil {
			return err
		}
		w.Header().Set("ETag", e.ETag)
		w.Header().Set("Cache-Control", CacheControl)
		w.Header().Set("Vary", "Authorization, X-Api-Key")
		if matches(r.Header.Get("If-None-Match"), e.ETag) {
			w.WriteHeader(http.StatusNotModified)
			return nil
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(e.Body)
		return nil
	}
}

// matches reports whether an If-None-Match value names the ETag (weak comparison, lists allowed).
func matches(ifNoneMatch, etag string) bool {
	for _, tag := range strings.Split(ifNoneMatch, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == etag || tag == "*" {
			return true
		}
	}
	return false
}
