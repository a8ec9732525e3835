package platform_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// documentedRoute is a method and a path as the guides write them ("POST /v1/extract/async",
// "GET /v1/extractions/{extractionId}?status=", "GET /api/v1/reference/{brands, zones}"): up to the
// query, a closing mark or a space outside braces.
var documentedRoute = regexp.MustCompile(`\b(GET|POST|PUT|PATCH|DELETE) (/(?:v1|api/v1|console|sandbox)\b` +
	"(?:[^\\s?`\"'()\\[\\],;*{]|\\{[^}]*\\})*)")

// alternatives is a brace group listing several segments ("{brands, zones}"), not a parameter.
var alternatives = regexp.MustCompile(`\{([^}]*, [^}]*)\}`)

// expand is path with each alternative of its first brace list, recursively.
func expand(path string) []string {
	m := alternatives.FindStringSubmatchIndex(path)
	if m == nil {
		return []string{path}
	}
	var paths []string
	for _, alt := range strings.Split(path[m[2]:m[3]], ", ") {
		paths = append(paths, expand(path[:m[0]]+alt+path[m[1]:])...)
	}
	return paths
}

// Every route the README and the guides name is one the router serves (template.yaml's events, as
// API Gateway and the local runner route them): a reader who copies one never meets a 404 the
// text did not promise (issue 36: the KYC flow named POST /v1/extract).
func TestEveryDocumentedRouteIsServed(t *testing.T) {
	tpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	routes, err := tpl.Routes()
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	for pattern := range routes {
		if pattern == "/" {
			continue // the catch-all that answers an unknown route's 404 problem
		}
		mux.HandleFunc(pattern, func(http.ResponseWriter, *http.Request) {})
	}
	files, _ := filepath.Glob("docs/*.md")
	sdks, _ := filepath.Glob("sdk/*/README.md")
	files = append(append(files, "README.md"), sdks...)
	param := regexp.MustCompile(`\{[^}]*\}`)
	checked := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(text), "\n") {
			for _, m := range documentedRoute.FindAllStringSubmatch(line, -1) {
				for _, path := range expand(strings.TrimRight(m[2], ".:")) {
					req := httptest.NewRequest(m[1], param.ReplaceAllString(path, "x"), nil)
					if _, pattern := mux.Handler(req); pattern == "" {
						t.Errorf("%s:%d names %s %s, which no route serves", file, i+1, m[1], path)
					}
					checked++
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d routes found in the guides: the pattern no longer reads them", checked)
	}
}
