package referenceapi

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/access"
	"github.com/trustline/platform/shared/domain/reference"
	"github.com/trustline/platform/shared/foundation/fault"
)

// entries is a reference.Store in memory; only Reference is reached by the handlers.
type entries struct {
	reference.Store
	m map[string]reference.Entry
}

func (e entries) Reference(_ context.Context, key string) (reference.Entry, error) {
	v, ok := e.m[key]
	if !ok {
		return v, fault.New(fault.NotFound, "No such list.")
	}
	return v, nil
}

// TestListHandler: lists with their ETag and cache lifetime, 304 for a matching If-None-Match, the
// parent code required where a list hangs off another, and 404 for a parent with no list.
func TestListHandler(t *testing.T) {
	a := API{Store: entries{m: map[string]reference.Entry{
		reference.Key("brands", ""):           {Body: []byte(`[{"code":"TOY"}]`), ETag: `"b1"`},
		reference.Key("categories", "BR1"):    {Body: []byte(`[{"code":"550"}]`), ETag: `"c1"`},
		reference.Key("sub-categories", "55"): {Body: []byte(`[]`), ETag: `"s1"`},
	}}}
	partner := access.Principal{PartnerID: "prt_1", Role: access.RolePartner}
	var routes []httpapi.Route
	for _, l := range reference.Lists {
		h := a.list(l)
		routes = append(routes, httpapi.Route{Pattern: "GET /api/v1/reference/" + l.Name,
			Handler: func(w http.ResponseWriter, r *http.Request) error { return h(w, r, partner) }})
	}
	srv := httpapi.New(slog.New(slog.DiscardHandler), httpapi.Bases{Partner: "https://partners.example"}, routes)
	tests := []struct {
		name, target, ifNoneMatch string
		status                    int
		body                      string
	}{
		{"a list", "/api/v1/reference/brands", "", 200, `[{"code":"TOY"}]`},
		{"its ETag matches", "/api/v1/reference/brands", `"b1"`, 304, ""},
		{"a weak ETag in a list matches", "/api/v1/reference/brands", `"x", W/"b1"`, 304, ""},
		{"another ETag", "/api/v1/reference/brands", `"b0"`, 200, `[{"code":"TOY"}]`},
		{"a child list", "/api/v1/reference/categories?brCode=BR1", "", 200, `[{"code":"550"}]`},
		{"its parent missing", "/api/v1/reference/categories", "", 400, "brCode"},
		{"an unknown parent", "/api/v1/reference/categories?brCode=NOPE", "", 404, "No categories for brCode=NOPE."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", tt.target, nil)
			if tt.ifNoneMatch != "" {
				r.Header.Set("If-None-Match", tt.ifNoneMatch)
			}
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			if w.Code != tt.status || !strings.Contains(w.Body.String(), tt.body) {
				t.Fatalf("%d %s, want %d with %s", w.Code, w.Body, tt.status, tt.body)
			}
			if tt.status < 400 && (w.Header().Get("ETag") == "" || w.Header().Get("Cache-Control") != CacheControl ||
				w.Header().Get("Vary") != "Authorization, X-Api-Key") {
				t.Errorf("headers %v", w.Header())
			}
			if tt.status == 304 && w.Body.Len() != 0 {
				t.Errorf("a 304 with a body: %s", w.Body)
			}
		})
	}
}
