package emulate

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	platform "github.com/trustline/platform"
)

var partnerRouter = sync.OnceValues(func() (routers.Router, error) {
	doc, err := openapi3.NewLoader().LoadFromData(platform.PartnerOpenAPI)
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, err
	}
	return legacy.NewRouter(doc)
})

// conformsToOpenAPI checks a real response of the partner API against openapi/partner.yaml: the
// route must be documented, and the status, headers and body must match its schema. Every call the
// end-to-end tests make through client.do passes through here.
func conformsToOpenAPI(t *testing.T, req *http.Request, r result) {
	t.Helper()
	router, err := partnerRouter()
	if err != nil {
		t.Fatalf("openapi/partner.yaml: %v", err)
	}
	// The document's server is relative: match on the path alone.
	probe := req.Clone(context.Background())
	probe.URL = &url.URL{Path: req.URL.Path, RawQuery: req.URL.RawQuery}
	probe.Host = ""
	route, params, err := router.FindRoute(probe)
	if err != nil {
		t.Errorf("%s %s is not documented in openapi/partner.yaml: %v", req.Method, req.URL.Path, err)
		return
	}
	in := &openapi3filter.RequestValidationInput{Request: probe, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: r.status, Header: r.header, Body: io.NopCloser(bytes.NewReader(r.body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true}})
	if err != nil {
		t.Errorf("%s %s answered %d, which does not conform to openapi/partner.yaml: %v", req.Method, req.URL.Path, r.status, err)
	}
}

func TestOpenAPIServed(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()})
	resp, err := http.Get(local.URL + "/api/v1/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	doc, err := openapi3.NewLoader().LoadFromData(body)
	if err != nil || resp.StatusCode != 200 || doc.Paths.Find("/api/v1/partner/contracts/auto/classic") == nil {
		t.Fatalf("GET /api/v1/openapi.json: %d %v", resp.StatusCode, err)
	}
}
