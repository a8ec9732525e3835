package platform_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/wiring/app"
	"github.com/trustline/platform/shared/wiring/config"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// The functions that decode images or drain queues keep the Go heap under a soft limit below their
// memory size, so that the collector works harder before Lambda kills them, and have a reserved
// concurrency, so that a flood of work waits instead of taking the account's whole concurrency.
func TestWorkersBoundMemoryAndConcurrency(t *testing.T) {
	tpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	globals, _ := tpl.Globals["Function"].(map[string]any)
	for _, id := range []string{"ExtractionWorkerFunction", "LivenessFunction", "IssuanceWorkerFunction",
		"WebhookDispatcherFunction"} {
		t.Run(id, func(t *testing.T) {
			props := tpl.Resources[id].Properties
			if n, ok := props["ReservedConcurrentExecutions"].(int); !ok || n < 1 {
				t.Errorf(
					"ReservedConcurrentExecutions = %v, want a positive number",
					props["ReservedConcurrentExecutions"],
				)
			}
			memory, ok := props["MemorySize"].(int)
			if !ok {
				memory, _ = globals["MemorySize"].(int)
			}
			env, _ := props["Environment"].(map[string]any)
			vars, _ := env["Variables"].(map[string]any)
			limit, _ := vars["GOMEMLIMIT"].(string)
			mib, err := strconv.Atoi(strings.TrimSuffix(limit, "MiB"))
			if err != nil || !strings.HasSuffix(limit, "MiB") {
				t.Fatalf("GOMEMLIMIT = %q, want a number of MiB", limit)
			}
			// Lambda's MemorySize "MB" are MiB; the runtime's stacks and native libraries need room.
			if mib > memory*9/10 || mib < memory/2 {
				t.Errorf("GOMEMLIMIT %s for a MemorySize of %d: want between half and nine tenths of it", limit, memory)
			}
		})
	}
}

// Secrets are read at run time from Secrets Manager (DESIGN "Secrets"): the template puts none in
// any environment, and gives each function the ARNs of exactly the secrets it uses (app.Secrets)
// with GetSecretValue on those alone. Health and reference lists start with no secret at all.
func TestEachFunctionReadsOnlyItsSecrets(t *testing.T) {
	if strings.Contains(string(platform.Template), "resolve:secretsmanager") {
		t.Error("template.yaml resolves a secret into the template: a function's configuration would show it")
	}
	tpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	globals, _ := tpl.Globals["Function"].(map[string]any)
	globalEnv, _ := globals["Environment"].(map[string]any)
	for name := range globalEnv["Variables"].(map[string]any) {
		if slices.ContainsFunc(config.Secrets, func(s string) bool { return strings.HasPrefix(name, s) }) {
			t.Errorf("Globals give every function %s", name)
		}
	}
	fns, err := tpl.Functions()
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range fns {
		t.Run(fn.ID, func(t *testing.T) {
			props := tpl.Resources[fn.ID].Properties
			env, _ := props["Environment"].(map[string]any)
			vars, _ := env["Variables"].(map[string]any)
			uses := app.Secrets(strings.TrimPrefix(fn.Dir, "functions/"))
			var named, granted, want []string // logical IDs of secrets
			for _, s := range config.Secrets {
				if _, set := vars[s]; set {
					t.Errorf("%s is in the environment", s)
				}
				ref, set := vars[config.SecretARN(s)].(map[string]any)
				switch {
				case slices.Contains(uses, s) && !set:
					t.Errorf("uses %s but its environment has no %s", s, config.SecretARN(s))
				case set && slices.Contains(uses, s):
					named = append(named, fmt.Sprint(ref["Ref"]))
				case set && !slices.Contains(app.PresenceOnly, config.SecretARN(s)):
					t.Errorf("has %s but does not use it", config.SecretARN(s))
				}
				if slices.Contains(uses, s) {
					want = append(want, fmt.Sprint(ref["Ref"]))
				}
			}
			policies, _ := props["Policies"].([]any)
			for _, p := range policies {
				m, _ := p.(map[string]any)
				if sm, ok := m["AWSSecretsManagerGetSecretValuePolicy"].(map[string]any); ok {
					arn, _ := sm["SecretArn"].(map[string]any)
					granted = append(granted, fmt.Sprint(arn["Ref"]))
				}
				if strings.Contains(fmt.Sprint(m), "secretsmanager") {
					t.Errorf(
						"a policy statement other than AWSSecretsManagerGetSecretValuePolicy names Secrets Manager: %v",
						m,
					)
				}
			}
			slices.Sort(named)
			slices.Sort(granted)
			slices.Sort(want)
			if !slices.Equal(granted, want) || !slices.Equal(named, want) {
				t.Errorf("secrets: environment names %v, policy grants %v; the function uses %v", named, granted, want)
			}
			if (fn.ID == "HealthFunction" || fn.ID == "ReferenceFunction") && len(granted)+len(named) > 0 {
				t.Errorf("%s must start with no secret", fn.ID)
			}
		})
	}
}

// The API throttles before any function runs, tighter on the routes that take no credential, and
// writes access logs that name the route template, never the path (a handoff session ID is a
// capability) nor the query string.
func TestAPIThrottlesAndLogsAccess(t *testing.T) {
	tpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	props := tpl.Resources["Api"].Properties
	defaults, _ := props["DefaultRouteSettings"].(map[string]any)
	if defaults["ThrottlingRateLimit"] == nil || defaults["ThrottlingBurstLimit"] == nil {
		t.Errorf("DefaultRouteSettings = %v, want a rate and a burst limit", defaults)
	}
	routes, err := tpl.Routes()
	if err != nil {
		t.Fatal(err)
	}
	perRoute, _ := props["RouteSettings"].(map[string]any)
	for _, r := range []string{"POST /v1/auth/login", "POST /v1/auth/register", "POST /v1/auth/resend-verification",
		"POST /v1/mobile-handoff/session"} {
		if _, ok := perRoute[r].(map[string]any); !ok {
			t.Errorf("no throttling of its own for %s", r)
		}
	}
	for r := range perRoute {
		if _, ok := routes[r]; !ok {
			t.Errorf("RouteSettings names %s, which is no route of the template", r)
		}
	}
	logs, _ := props["AccessLogSettings"].(map[string]any)
	format, _ := logs["Format"].(string)
	if logs["DestinationArn"] == nil || !strings.Contains(format, "$context.routeKey") || !strings.Contains(format,
		"$context.requestId") ||
		strings.Contains(format, "$context.path") ||
		strings.Contains(format, "querystring") {
		t.Errorf("AccessLogSettings = %v", logs)
	}
}
