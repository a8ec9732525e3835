package platform_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// layers are the groups of shared/, lowest first: a package imports its own layer's packages and
// lower ones, never a higher one (docs/architecture.md, Layers).
var layers = []string{"foundation", "vision", "domain", "adapters", "api", "web", "wiring"}

// forbidden are imports some layers never make, whatever the layer order allows: the domain and
// what it stands on know nothing of HTTP, AWS or Lambda, and the HTTP layers reach AWS only through
// the adapters' ports.
var forbidden = map[string][]string{
	"foundation": {"net/http", "github.com/aws/", "github.com/awslabs/"},
	"vision":     {"net/http", "github.com/aws/", "github.com/awslabs/"},
	"domain":     {"net/http", "github.com/aws/", "github.com/awslabs/"},
	"api":        {"github.com/aws/aws-sdk-go-v2"},
	"web":        {"github.com/aws/aws-sdk-go-v2"},
}

// testOnly are packages only tests import, so that no binary links them.
var testOnly = []string{module + "/internal/benchtest"}

// lambdaRuntime is imported by one package, the one that starts a function.
const (
	lambdaRuntime = "github.com/aws/aws-lambda-go/lambda"
	lambdaRunner  = module + "/shared/wiring/lambdarun"
	module        = "github.com/trustline/platform"
)

// layerOf is the layer of a package of shared/, "" for one outside it.
func layerOf(path string) string {
	rest, ok := strings.CutPrefix(path, module+"/shared/")
	if !ok {
		return ""
	}
	layer, _, _ := strings.Cut(rest, "/")
	return layer
}

// goPackage is a package as go list describes it.
type goPackage struct {
	ImportPath string
	Imports    []string
}

// violations lists the imports of pkgs that break a layer rule, each naming the package, the
// import and the rule.
func violations(pkgs []goPackage) []string {
	rank := map[string]int{}
	for i, l := range layers {
		rank[l] = i
	}
	var out []string
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			if imp == lambdaRuntime && p.ImportPath != lambdaRunner {
				out = append(out, p.ImportPath+" imports "+imp+": only "+lambdaRunner+" starts functions")
			}
			if slices.Contains(testOnly, imp) {
				out = append(out, p.ImportPath+" imports "+imp+": only tests import it")
			}
		}
		layer := layerOf(p.ImportPath)
		if layer == "" {
			continue
		}
		own, ok := rank[layer]
		if !ok {
			out = append(out, p.ImportPath+" is in no layer: shared/ holds "+strings.Join(layers, ", "))
			continue
		}
		for _, imp := range p.Imports {
			if l := layerOf(imp); l != "" && rank[l] > own {
				out = append(out, p.ImportPath+" imports "+imp+": "+layer+" sits below "+l)
			}
			for _, f := range forbidden[layer] {
				if imp == f || strings.HasPrefix(imp, strings.TrimSuffix(f, "/")+"/") {
					out = append(
						out,
						p.ImportPath+" imports "+imp+": "+layer+" packages import no "+strings.TrimSuffix(f, "/"),
					)
				}
			}
		}
	}
	return out
}

// The layers hold in the import graph: every package of shared/ sits in a known layer, imports
// nothing of a higher one and nothing its layer forbids, only lambdarun imports the Lambda
// runtime, and only tests import the test-only packages.
func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []goPackage
	for dec := json.NewDecoder(strings.NewReader(string(out))); ; {
		var p goPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if n := len(slices.DeleteFunc(slices.Clone(pkgs),
		func(p goPackage) bool { return layerOf(p.ImportPath) == "" })); n < 40 {
		t.Fatalf("%d packages of shared/ listed: the listing is not the module's", n)
	}
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
}

// A new import that breaks a rule fails TestLayers with a message naming it.
func TestLayerViolationsNameTheRule(t *testing.T) {
	s := module + "/shared/"
	for _, tt := range []struct {
		pkg, imp, want string
	}{
		{s + "domain/accounts", "net/http", s + "domain/accounts imports net/http: domain packages import no net/http"},
		{s + "vision/onnx", "github.com/aws/aws-sdk-go-v2/service/s3", "vision packages import no github.com/aws"},
		{s + "domain/webhook", "github.com/aws/aws-lambda-go/events", "domain packages import no github.com/aws"},
		{s + "domain/billing", s + "adapters/dynamo", "imports " + s + "adapters/dynamo: domain sits below adapters"},
		{s + "api/webhookapi", "github.com/aws/aws-sdk-go-v2/service/sqs",
			"api packages import no github.com/aws/aws-sdk-go-v2"},
		{s + "adapters/queue", lambdaRuntime, "only " + lambdaRunner + " starts functions"},
		{module + "/functions/health", lambdaRuntime, "only " + lambdaRunner + " starts functions"},
		{s + "misc/thing", "fmt", s + "misc/thing is in no layer"},
		{s + "foundation/metrics", module + "/internal/benchtest", "internal/benchtest: only tests import it"},
	} {
		got := violations([]goPackage{{ImportPath: tt.pkg, Imports: []string{tt.imp}}})
		if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), tt.want) {
			t.Errorf("%s importing %s: %q, want a violation saying %q", tt.pkg, tt.imp, got, tt.want)
		}
	}
	ok := []goPackage{
		{ImportPath: s + "domain/accounts", Imports: []string{s + "foundation/fault", s + "domain/credits", "time"}},
		{
			ImportPath: s + "adapters/dynamo",
			Imports:    []string{s + "domain/accounts", "github.com/aws/aws-sdk-go-v2/service/dynamodb"},
		},
		{ImportPath: lambdaRunner, Imports: []string{lambdaRuntime}},
		{
			ImportPath: s + "api/httpapi",
			Imports:    []string{"net/http", "github.com/awslabs/aws-lambda-go-api-proxy/core"},
		},
	}
	if got := violations(ok); len(got) != 0 {
		t.Errorf("imports the rules allow: %q", got)
	}
}
