package accountsapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/api/accountsapi"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/api/referenceapi"
)

func TestIdentityOpenAPIDocumentIsValid(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(platform.IdentityOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestIdentityOpenAPIServed(t *testing.T) {
	doc, err := referenceapi.OpenAPIJSON(platform.IdentityOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	h := httpapi.New(
		slog.New(slog.NewTextHandler(io.Discard, nil)),
		httpapi.Bases{},
		accountsapi.API{OpenAPI: doc}.IdentityRoutes(),
	)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/openapi.json", nil))

	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" ||
		rec.Header().Get("Cache-Control") == "" {
		t.Fatalf("GET /v1/openapi.json: %d %v", rec.Code, rec.Header())
	}
	served, err := openapi3.NewLoader().LoadFromData(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if served.Paths.Find("/v1/extract/async") == nil || served.Paths.Find("/v1/openapi.json") == nil {
		t.Errorf("the served document lacks the identity paths: %v", served.Paths.InMatchingOrder())
	}
}
