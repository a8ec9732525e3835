package emulate

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/domain/webhook"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// apiDocument is the OpenAPI document of one API, which owns every path under its prefix.
type apiDocument struct {
	file   string // for messages
	prefix string
	load   func() (loadedDocument, error)
}

type loadedDocument struct {
	doc    *openapi3.T
	router routers.Router
}

var apiDocuments = []apiDocument{
	{"openapi/partner.yaml", "/api/v1/", loadDocument(platform.PartnerOpenAPI)},
	{"openapi/identity.yaml", "/v1/", loadDocument(platform.IdentityOpenAPI)},
}

func loadDocument(text []byte) func() (loadedDocument, error) {
	return sync.OnceValues(func() (loadedDocument, error) {
		doc, err := openapi3.NewLoader().LoadFromData(text)
		if err != nil {
			return loadedDocument{}, err
		}
		if err := doc.Validate(context.Background()); err != nil {
			return loadedDocument{}, err
		}
		router, err := legacy.NewRouter(doc)
		return loadedDocument{doc, router}, err
	})
}

// documentOf is the document that owns path; ok is false for paths outside both APIs (/sandbox).
func documentOf(path string) (apiDocument, bool) {
	for _, d := range apiDocuments {
		if strings.HasPrefix(path, d.prefix) {
			return d, true
		}
	}
	return apiDocument{}, false
}

// conformsToOpenAPI checks a real response against the document of its API: openapi/partner.yaml
// for /api/v1, openapi/identity.yaml for /v1. The route must be documented, and the status,
// headers and body must match its schema. Every call the end-to-end tests make through client.do,
// JSON or multipart, passes through here; responses of other paths are not checked.
func conformsToOpenAPI(t *testing.T, req *http.Request, r result) {
	t.Helper()
	d, ok := documentOf(req.URL.Path)
	if !ok {
		return
	}
	l, err := d.load()
	if err != nil {
		t.Fatalf("%s: %v", d.file, err)
	}
	// The documents' server is relative: match on the path alone.
	probe := req.Clone(context.Background())
	probe.URL = &url.URL{Path: req.URL.Path, RawQuery: req.URL.RawQuery}
	probe.Host = ""
	route, params, err := l.router.FindRoute(probe)
	if err != nil {
		t.Errorf("%s %s is not documented in %s: %v", req.Method, req.URL.Path, d.file, err)
		return
	}
	in := &openapi3filter.RequestValidationInput{Request: probe, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in, Status: r.status, Header: r.header, Body: io.NopCloser(bytes.NewReader(r.body)),
		Options: &openapi3filter.Options{IncludeResponseStatus: true}})
	if err != nil {
		t.Errorf("%s %s answered %d, which does not conform to %s: %v", req.Method, req.URL.Path, r.status, d.file, err)
	}
}

// conformsToWebhookSchema checks the body of an identity API webhook delivery against the schema
// openapi/identity.yaml gives its event under x-webhooks.
func conformsToWebhookSchema(t *testing.T, body []byte) {
	t.Helper()
	l, err := apiDocuments[1].load()
	if err != nil {
		t.Fatalf("openapi/identity.yaml: %v", err)
	}
	var payload map[string]any
	if err := json.Unmarshal(body, &payload); err != nil {
		t.Fatalf("webhook body %s: %v", body, err)
	}
	event, _ := payload["event"].(string)
	hooks, _ := l.doc.Extensions["x-webhooks"].(map[string]any)
	hook, _ := hooks[event].(map[string]any)
	schema, _ := hook["schema"].(map[string]any)
	ref, _ := schema["$ref"].(string)
	s := l.doc.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
	if s == nil {
		t.Fatalf("event %q has no schema under x-webhooks in openapi/identity.yaml", event)
	}
	if err := s.Value.VisitJSON(payload); err != nil {
		t.Errorf("%s payload does not conform to openapi/identity.yaml: %v\n%s", event, err, body)
	}
}

func TestOpenAPIServed(t *testing.T) {
	t.Parallel()
	local := startLocal(t, map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()})
	for path, documented := range map[string]string{
		"/api/v1/openapi.json": "/api/v1/partner/contracts/auto/classic",
		"/v1/openapi.json":     "/v1/extract/async",
	} {
		t.Run(path, func(t *testing.T) {
			r := client{t: t, base: local.URL}.do("GET", path, nil)
			doc, err := openapi3.NewLoader().LoadFromData(r.body)
			if err != nil || r.status != 200 || doc.Paths.Find(documented) == nil {
				t.Fatalf("GET %s: %d %v", path, r.status, err)
			}
			if err := doc.Validate(context.Background()); err != nil {
				t.Errorf("GET %s: the served document is not valid: %v", path, err)
			}
		})
	}
}

// Every route template.yaml gives API Gateway is documented in its API's document, and every
// documented operation is a route: a partner never reads of an endpoint that does not exist.
func TestOpenAPIDocumentsMatchTemplateRoutes(t *testing.T) {
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	routes, err := tmpl.Routes()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range apiDocuments {
		t.Run(d.file, func(t *testing.T) {
			l, err := d.load()
			if err != nil {
				t.Fatal(err)
			}
			declared, documented := map[string]bool{}, map[string]bool{}
			for pattern := range routes {
				if _, path, _ := strings.Cut(pattern, " "); strings.HasPrefix(path, d.prefix) {
					declared[pattern] = true
				}
			}
			for path, item := range l.doc.Paths.Map() {
				for method := range item.Operations() {
					documented[method+" "+path] = true
				}
			}
			for _, p := range slices.Sorted(maps.Keys(declared)) {
				if !documented[p] {
					t.Errorf("template.yaml routes %s, which %s does not document", p, d.file)
				}
			}
			for _, p := range slices.Sorted(maps.Keys(documented)) {
				if !declared[p] {
					t.Errorf("%s documents %s, which template.yaml does not route", d.file, p)
				}
			}
		})
	}
}

// The webhook.test body the service really builds conforms to its x-webhooks schema.
func TestIdentityWebhookPayloadsConform(t *testing.T) {
	deliveries := &capturedDeliveries{}
	svc := &webhook.Service{Deliveries: &webhook.Engine{Store: deliveries, Wake: noWake{}}}
	e := webhook.Endpoint{
		ID:      "we_1",
		OwnerID: "usr_1",
		URL:     "https://hooks.example.com",
		Events:  []string{webhook.EventTest},
		Live:    true,
	}
	if _, err := svc.SendTest(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	if len(deliveries.put) != 1 {
		t.Fatalf("%d deliveries, want 1", len(deliveries.put))
	}
	conformsToWebhookSchema(t, deliveries.put[0].Body)
}

// capturedDeliveries keeps the deliveries enqueued; nothing else is called.
type capturedDeliveries struct {
	webhook.Store
	put []webhook.Delivery
}

func (c *capturedDeliveries) PutDelivery(_ context.Context, d webhook.Delivery) error {
	c.put = append(c.put, d)
	return nil
}

type noWake struct{}

func (noWake) Send(context.Context, string, time.Time) error { return nil }

// Every status a route answers to what careless or hostile clients send is in its API's document:
// no credentials, each kind of key, an unknown ID in the path, no body, an empty JSON object, a
// body that is not JSON, one too large, and the rate limit reached. client.do checks each answer against the
// document, so an undocumented 404, 413, 415 or 429 fails here.
func TestEveryStatusARouteAnswersIsDocumented(t *testing.T) {
	t.Parallel()
	type operation struct{ method, path string }
	var ops []operation
	for _, d := range apiDocuments {
		l, err := d.load()
		if err != nil {
			t.Fatal(err)
		}
		for path, item := range l.doc.Paths.Map() {
			for method := range item.Operations() {
				ops = append(ops, operation{method, templateParam.ReplaceAllString(path, "probe_missing")})
			}
		}
	}
	slices.SortFunc(ops, func(a, b operation) int { return strings.Compare(a.path+a.method, b.path+b.method) })
	tooBig := json.RawMessage(`{"padding": "` + strings.Repeat("x", 1<<20) + `"}`) // over the 1 MiB of a JSON body
	bodies := []any{nil, map[string]any{}, rawBody("not json"), tooBig}

	probe := func(t *testing.T, limits string, each func(c client, op operation, creds [][]string)) {
		local := startLocal(
			t,
			map[string]string{"JWT_SECRET": testJWTSecret, "MAIL_OUTBOX_DIR": t.TempDir(), "RATE_LIMITS": limits},
		)
		seeded := mustSeed(t, local)
		creds := [][]string{nil, key(seeded.User.APIKey), key(seeded.Partners[0].APIKey), key(seeded.Admin.APIKey)}
		c := client{t: t, base: local.URL}
		for _, op := range ops {
			each(c, op, creds)
		}
	}
	t.Run("each credential and body", func(t *testing.T) {
		t.Parallel()
		probe(t, unlimited, func(c client, op operation, creds [][]string) {
			for _, cred := range creds {
				for _, body := range bodies {
					if body != nil && (op.method == http.MethodGet || op.method == http.MethodDelete) {
						continue
					}
					c.do(op.method, op.path, body, cred...)
				}
			}
		})
	})
	t.Run("rate limit reached", func(t *testing.T) {
		t.Parallel()
		probe(t, "free=1,starter=1,business=1,partner=1,admin=1", func(c client, op operation, creds [][]string) {
			for _, cred := range creds[1:] {
				c.do(op.method, op.path, nil, cred...)
			}
		})
	})
}

var templateParam = regexp.MustCompile(`\{[^}]+\}`)
