// Package functions_test builds every function's bootstrap as make build does, for arm64 (the
// functions' architecture), and runs it as a real Lambda runtime would, under qemu-user on a machine
// that is not arm64: the process starts, asks the Runtime API for the next invocation, gets its
// sample event from events/, and must answer it.
package functions_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/wiring/app"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// maxBootstrap is the size budget of one function's binary: size is cold-start time (download and
// load of the zip).
const maxBootstrap = 15_000_000

// checks are what each function's answer to its sample event must satisfy, beyond its shape.
var checks = map[string]func(t *testing.T, answer invocation){
	"HealthFunction": func(t *testing.T, answer invocation) {
		var resp events.APIGatewayV2HTTPResponse
		mustDecode(t, answer, &resp)
		if resp.StatusCode != 200 || !strings.Contains(resp.Body, `"status":"ok"`) ||
			resp.Headers["X-Request-Id"] != "sample-health-1" {
			t.Errorf("answer = %+v", resp)
		}
	},
	// Signed out: the sign-in page, coming back to the page asked for, with a new form token.
	"ConsoleFunction": func(t *testing.T, answer invocation) {
		var resp events.APIGatewayV2HTTPResponse
		mustDecode(t, answer, &resp)
		if resp.StatusCode != 303 || resp.Headers["Location"] != "/console/login?next=%2Fconsole%2Foverview" ||
			len(resp.Cookies) != 1 ||
			!strings.Contains(resp.Cookies[0], "HttpOnly") ||
			!strings.Contains(resp.Cookies[0], "SameSite=Strict") ||
			!strings.Contains(resp.Cookies[0], "Secure") {
			t.Errorf("answer = %+v", resp)
		}
	},
	// Without a credential: a 401 problem, before any AWS call.
	"AccountsFunction": httpAnswer(401, "https://api.example.com/errors/unauthorized"),
	// Reference lists need a partner or admin credential: without one, a 401 before any AWS call.
	"ReferenceFunction": httpAnswer(401, "https://partners.example.com/errors/unauthorized"),
	// Without a credential: a 401 before any AWS call.
	"ContractsFunction": httpAnswer(401, "https://partners.example.com/errors/unauthorized"),
	// An unsigned notification: 401, nothing read or changed.
	"NotificationsFunction": httpAnswer(401, "x-webhook-signature"),
	// An unknown outcome on the checkout: 422 naming the field.
	"SandboxFunction": httpAnswer(422, "outcome: paid, cancelled or failed"),
	// The request cannot be read (no AWS here): the job is reported failed, so SQS retries it.
	"IssuanceWorkerFunction": retried("7d3c9c1e-3f55-4a55-9a0f-2e0f7b1c1111"),
	// Without a credential: a 401 problem, before any AWS call.
	"ExtractionFunction": httpAnswer(401, "https://api.example.com/errors/unauthorized"),
	// The extraction cannot be claimed (no AWS here): the job is reported failed, so SQS retries it.
	"ExtractionWorkerFunction": retried("3a1f6b9e-0c2d-4e5f-8a7b-9c0d1e2f3a4b"),
	// Static like the others, its models beside it in models/, loaded and prepared at start; then
	// without a credential: a 401 before any AWS call.
	"LivenessFunction": httpAnswer(401, "https://api.example.com/errors/unauthorized"),
	// An unsigned invoice notification: 401, nothing read or changed.
	"BillingFunction": httpAnswer(401, "x-webhook-signature"),
	// Consuming needs a credential: a 401 before any AWS call.
	"HandoffFunction": httpAnswer(401, "https://api.example.com/errors/unauthorized"),
	// The session cannot be read (no AWS here): the event is reported failed, so SQS retries it.
	"HandoffUploadsFunction": retried("5b2e8c1d-7f3a-4d6b-9e0c-1a2b3c4d5e6f"),
	// A production key on the sandbox stage: refused by its prefix, before any AWS call.
	"PartnersFunction": httpAnswer(401, "https://partners.example.com/errors/unauthorized", "production environment"),
	// The delivery record cannot be read (the test's AWS endpoint refuses connections): the
	// message is reported failed, so SQS retries it rather than losing it.
	"WebhookDispatcherFunction": retried("059f36b4-87a3-44ab-83d2-661975830a7d"),
	// The sweep cannot read the table: the run fails, named by its task, so the schedule's retry
	// policy and the function's error metric see it.
	"MaintenanceFunction": func(t *testing.T, answer invocation) {
		if !answer.errored || !strings.Contains(string(answer.body), "webhook-sweep") {
			t.Errorf("answer = %+v (%s), want an error naming the failed task", answer, answer.body)
		}
	},
}

// eventTypes decodes a sample event strictly into the aws-lambda-go type of its event source.
var eventTypes = map[string]func() any{
	samtemplate.EventHttpAPI:    func() any { return &events.APIGatewayV2HTTPRequest{} },
	samtemplate.EventSQS:        func() any { return &events.SQSEvent{} },
	samtemplate.EventScheduleV2: func() any { return &events.EventBridgeEvent{} },
	samtemplate.EventSchedule:   func() any { return &events.EventBridgeEvent{} },
	samtemplate.EventS3:         func() any { return &events.S3Event{} },
}

// Each bootstrap make build bundled, run in its bundle as Lambda runs it in /var/task, answers its
// function's sample event (events/) as the check below expects.
func TestBootstrapsAnswerTheirSampleEvents(t *testing.T) {
	fns, stack := functions(t)
	samples, _ := filepath.Glob("../events/*.json")
	if len(samples) != len(fns) {
		t.Errorf("events/ has %d files for %d functions", len(samples), len(fns))
	}
	for _, fn := range fns {
		t.Run(fn.ID, func(t *testing.T) {
			t.Parallel()
			event := sampleEvent(t, fn)
			check, ok := checks[fn.ID]
			if !ok {
				t.Fatalf("no check for %s in bootstrap_test.go", fn.ID)
			}
			bin := bundled(t, fn)
			answer, coldStart := invoke(t, bin, env(t, stack, fn), event)
			t.Logf("%s: process start to answered event: %v", fn.ID, coldStart.Round(time.Millisecond))
			check(t, answer)
		})
	}
}

// A function whose configuration is incomplete stops before taking any invocation, and its log
// (stderr, which Lambda sends to CloudWatch) names the missing setting.
func TestBootstrapRefusesIncompleteConfiguration(t *testing.T) {
	fns, stack := functions(t)
	fn := fns[slices.IndexFunc(fns, func(f samtemplate.Function) bool { return f.ID == "HealthFunction" })]
	environment := slices.DeleteFunc(
		env(t, stack, fn),
		func(kv string) bool { return strings.HasPrefix(kv, "TABLE_NAME=") },
	)
	api := newRuntimeAPI(t, sampleEvent(t, fn))
	cmd := bundled(t, fn).command(t)
	cmd.Env = append(environment, "AWS_LAMBDA_RUNTIME_API="+strings.TrimPrefix(api.URL, "http://"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(stderr.String(), "TABLE_NAME: missing") {
			t.Errorf("exit %v, stderr %q: want a failure naming TABLE_NAME", err, stderr.String())
		}
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the function kept running without its configuration")
	}
	select {
	case inv := <-api.results:
		t.Errorf("the function answered %s without its configuration", inv.body)
	default:
	}
}

func BenchmarkColdStart(b *testing.B) {
	fns, stack := functions(b)
	for _, fn := range fns {
		b.Run(fn.ID, func(b *testing.B) {
			// Built for this machine: a cold start under qemu-user would measure the emulator.
			event, bin, environment := sampleEvent(b, fn), build(b, fn), env(b, stack, fn)
			var total, cpu time.Duration
			for b.Loop() {
				_, d := invoke(b, bin, environment, event)
				total += d
				cpu += time.Duration(lastCPU.Load())
			}
			b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/coldstart")
			// CPU time, all threads, to the answer: on a busy shared machine wall time measures
			// the neighbours, this the function.
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/coldstart")
		})
	}
}

// Every function of the template is in app.Functions, the registry the local runner also builds
// from, under its directory's name, and its main runs that entry: what the bootstraps run is what
// runs locally.
func TestMainsRunTheRegistry(t *testing.T) {
	fns, _ := functions(t)
	registry := map[string]app.Function{}
	for _, fn := range app.Functions() {
		registry[fn.ID] = fn
	}
	if len(registry) != len(fns) {
		t.Errorf("app.Functions has %d functions, template.yaml %d", len(registry), len(fns))
	}
	for _, fn := range fns {
		entry, ok := registry[fn.ID]
		if !ok {
			t.Errorf("%s: not in app.Functions", fn.ID)
			continue
		}
		if entry.Name != filepath.Base(fn.Dir) {
			t.Errorf("%s: app.Functions names it %q, its directory is %s", fn.ID, entry.Name, fn.Dir)
		}
		main, err := os.ReadFile(filepath.Join("..", fn.Dir, "main.go"))
		if err != nil {
			t.Fatal(err)
		}
		if call := "app.Main(app." + fn.ID + ")"; !bytes.Contains(main, []byte(call)) {
			t.Errorf("%s/main.go does not call %s", fn.Dir, call)
		}
	}
}

func functions(t testing.TB) ([]samtemplate.Function, *samtemplate.Stack) {
	t.Helper()
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		t.Fatal(err)
	}
	fns, err := tmpl.Functions()
	if err != nil {
		t.Fatal(err)
	}
	stack, err := samtemplate.NewStack(
		tmpl,
		"boot",
		"eu-west-1",
		"123456789012",
		map[string]string{
			"Stage":          "sandbox",
			"PublicBaseUrl":  "https://api.example.com",
			"PartnerBaseUrl": "https://partners.example.com",
		},
	)
	if err != nil {
		t.Fatal(err)
	}
	stack.SetPlaceholders()
	return fns, stack
}

func sampleEvent(t testing.TB, fn samtemplate.Function) []byte {
	t.Helper()
	path := filepath.Join("..", "events", strings.TrimPrefix(fn.Dir, "functions/")+".json")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("sample event for %s: %v", fn.ID, err)
	}
	if len(fn.Events) == 0 {
		t.Fatalf("%s has no events", fn.ID)
	}
	newEvent, ok := eventTypes[fn.Events[0].Type]
	if !ok {
		t.Fatalf("no event type for %s", fn.Events[0].Type)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(newEvent()); err != nil {
		t.Fatalf("%s does not decode into its %s event type: %v", path, fn.Events[0].Type, err)
	}
	return raw
}

// bundledModels are the models make build copies into a function's bundle (<Name>_MODELS in the
// Makefile).
var bundledModels = map[string][]string{
	"LivenessFunction": {
		"ultraface-rfb-320.onnx",
		"minifasnet-v2-scale2.7.onnx",
		"minifasnet-v1se-scale4.0.onnx",
		"yunet-2023mar-int8bq.onnx",
		"sface-2021dec-int8bq.onnx",
	},
	// YuNet for the portrait; for a verification's selfie, the liveness and face-match models.
	"ExtractionWorkerFunction": {
		"ultraface-rfb-320.onnx",
		"minifasnet-v2-scale2.7.onnx",
		"minifasnet-v1se-scale4.0.onnx",
		"yunet-2023mar-int8bq.onnx",
		"sface-2021dec-int8bq.onnx",
	},
}

// lambdaArch is the functions' architecture (Architectures in template.yaml).
const lambdaArch = "arm64"

// build compiles the function as make build does (static, no cgo, the same flags) but for the
// machine the cold-start benchmark runs on, into a bundle directory laid out like /var/task: the
// models of those that load some beside it in models/. The tests run make build's own bundles.
func build(t testing.TB, fn samtemplate.Function) bootstrap {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "bootstrap")
	cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-trimpath", "-ldflags=-s -w", "-o", out, "./"+fn.Dir)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+runtime.GOARCH)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", fn.Dir, err, b)
	}
	if models := bundledModels[fn.ID]; models != nil {
		for _, m := range models {
			need(t, filepath.Join(modelsDir(t), m), "make models fetches it, or set MODELS_DIR")
			copyFile(t, filepath.Join(modelsDir(t), m), filepath.Join(dir, "models", m))
		}
	}
	return bootstrap{path: out, goarch: runtime.GOARCH}
}

// bootstrap is a function's executable, built for goarch.
type bootstrap struct{ path, goarch string }

// command runs the bootstrap on this machine, in its bundle's directory as Lambda does in
// /var/task: itself, or under qemu-user (make deps installs it) when the architectures differ.
func (b bootstrap) command(t testing.TB) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(b.path)
	if b.goarch != runtime.GOARCH {
		qemu := "qemu-" + map[string]string{"arm64": "aarch64", "amd64": "x86_64"}[b.goarch] + "-static"
		path, err := exec.LookPath(qemu)
		if err != nil {
			need(t, qemu, "make deps installs qemu-user-static")
		}
		cmd = exec.Command(path, b.path)
	}
	cmd.Dir = filepath.Dir(b.path)
	return cmd
}

// need fails the test under CI=true, and skips it elsewhere, when a file it needs is missing: a
// machine with only Go has no models.
func need(t testing.TB, path, hint string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (%s)", err, hint)
		}
		t.Skipf("%v (%s)", err, hint)
	}
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatalf("bundle: %v (make models provides it)", err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// modelsDir is MODELS_DIR (make test sets it), else ../shared/models beside the project.
func modelsDir(t testing.TB) string {
	if dir := os.Getenv("MODELS_DIR"); dir != "" {
		return dir
	}
	dir, err := filepath.Abs("../../shared/models")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// secretsManager serves GetSecretValue for any ARN, as Secrets Manager does for a function allowed
// to read it: a value long enough for every secret setting.
func secretsManager(t testing.TB) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct{ SecretId string }
		if r.Header.Get("X-Amz-Target") != "secretsmanager.GetSecretValue" ||
			json.NewDecoder(r.Body).Decode(&in) != nil {
			http.Error(w, `{"__type":"InvalidRequestException"}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/x-amz-json-1.1")
		_ = json.NewEncoder(w).Encode(map[string]any{"ARN": in.SecretId, "Name": in.SecretId, "VersionId": "v1",
			"SecretString": "bootstrap-test-secret-0123456789abcdef0123456789"})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func env(t testing.TB, stack *samtemplate.Stack, fn samtemplate.Function) []string {
	t.Helper()
	vars, err := stack.Environment(fn.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{
		"AWS_LAMBDA_FUNCTION_NAME=" + fn.ID, "AWS_LAMBDA_FUNCTION_VERSION=$LATEST",
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE=128", "AWS_REGION=eu-west-1", "AWS_DEFAULT_REGION=eu-west-1",
		"AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test", "_HANDLER=bootstrap", "TZ=:UTC",
		// Any AWS call fails at once: sample events must be answered without AWS, or fail visibly.
		"AWS_ENDPOINT_URL=http://127.0.0.1:1", "AWS_MAX_ATTEMPTS=1",
		// Except reading the function's secrets at cold start, which a real start does first.
		"AWS_ENDPOINT_URL_SECRETS_MANAGER=" + secretsManager(t),
	}
	for k, v := range vars {
		// Lambda runs the bundle in /var/task, its working directory: so does invoke.
		v = strings.ReplaceAll(v, "/var/task/", "./")
		out = append(out, k+"="+v)
	}
	return out
}

type invocation struct {
	body    []byte
	errored bool
}

// runtimeAPI serves the Lambda Runtime API for one invocation of one process.
type runtimeAPI struct {
	*httptest.Server
	results chan invocation
}

func newRuntimeAPI(t testing.TB, event []byte) *runtimeAPI {
	api := &runtimeAPI{results: make(chan invocation, 1)}
	var delivered atomic.Bool
	mux := http.NewServeMux()
	mux.HandleFunc("GET /2018-06-01/runtime/invocation/next", func(w http.ResponseWriter, r *http.Request) {
		if delivered.Swap(true) {
			<-r.Context().Done() // one invocation per process: the next one never comes
			return
		}
		w.Header().Set("Lambda-Runtime-Aws-Request-Id", "req-1")
		w.Header().Set("Lambda-Runtime-Deadline-Ms", fmt.Sprint(time.Now().Add(time.Minute).UnixMilli()))
		w.Header().Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:eu-west-1:123456789012:function:test")
		w.Header().
			Set("Lambda-Runtime-Trace-Id", "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=0")
		_, _ = w.Write(event)
	})
	result := func(errored bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			select {
			case api.results <- invocation{body: body, errored: errored}:
			default:
			}
			w.WriteHeader(http.StatusAccepted)
		}
	}
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/response", result(false))
	mux.HandleFunc("POST /2018-06-01/runtime/invocation/{id}/error", result(true))
	mux.HandleFunc("POST /2018-06-01/runtime/init/error", result(true))
	api.Server = httptest.NewServer(mux)
	t.Cleanup(func() {
		api.CloseClientConnections()
		api.Close()
	})
	return api
}

func start(t testing.TB, bin bootstrap, api *runtimeAPI, environment []string) *exec.Cmd {
	t.Helper()
	cmd := bin.command(t)
	cmd.Env = append(environment, "AWS_LAMBDA_RUNTIME_API="+strings.TrimPrefix(api.URL, "http://"))
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait() // and its copy of stderr into the buffer, before the buffer is read
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("stderr:\n%s", stderr.String())
		}
	})
	return cmd
}

// invoke runs the bootstrap for one event and returns its answer and the time from process start
// to the answer: a cold start.
func invoke(t testing.TB, bin bootstrap, environment []string, event []byte) (invocation, time.Duration) {
	t.Helper()
	api := newRuntimeAPI(t, event)
	begin := time.Now()
	cmd := start(t, bin, api, environment)
	select {
	case inv := <-api.results:
		d := time.Since(begin)
		lastCPU.Store(int64(onCPU(cmd.Process.Pid)))
		return inv, d
	case <-time.After(30 * time.Second):
		t.Fatal("the function did not answer within 30 s")
	}
	return invocation{}, 0
}

// lastCPU is the CPU time of the last process invoke ran, to its answer (zero where Linux's
// /proc is not there), in nanoseconds: the cold-start benchmark reads it after each invoke, and
// the parallel subtests of TestBootstrapsAnswerTheirSampleEvents write it concurrently.
var lastCPU atomic.Int64

// onCPU sums the time each thread of a process has run (/proc/<pid>/task/*/schedstat, in ns).
func onCPU(pid int) time.Duration {
	stats, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	var total time.Duration
	for _, s := range stats {
		var ns int64
		if b, err := os.ReadFile(s); err == nil {
			if _, err := fmt.Sscan(string(b), &ns); err == nil {
				total += time.Duration(ns)
			}
		}
	}
	return total
}

// httpAnswer checks an API Gateway answer: its status, and that its body contains each needle.
func httpAnswer(status int, needles ...string) func(*testing.T, invocation) {
	return func(t *testing.T, answer invocation) {
		var resp events.APIGatewayV2HTTPResponse
		mustDecode(t, answer, &resp)
		if resp.StatusCode != status {
			t.Errorf("status %d, want %d: %s", resp.StatusCode, status, resp.Body)
		}
		for _, n := range needles {
			if !strings.Contains(resp.Body, n) {
				t.Errorf("body %s does not contain %q", resp.Body, n)
			}
		}
	}
}

// retried checks that an SQS function reported its one message failed, so that SQS delivers it
// again rather than losing it.
func retried(messageID string) func(*testing.T, invocation) {
	return func(t *testing.T, answer invocation) {
		var resp events.SQSEventResponse
		mustDecode(t, answer, &resp)
		if len(resp.BatchItemFailures) != 1 || resp.BatchItemFailures[0].ItemIdentifier != messageID {
			t.Errorf("answer = %s", answer.body)
		}
	}
}

func mustDecode(t *testing.T, inv invocation, v any) {
	t.Helper()
	if inv.errored {
		t.Fatalf("the function answered an error: %s", inv.body)
	}
	if err := json.Unmarshal(inv.body, v); err != nil {
		t.Fatalf("answer %s: %v", inv.body, err)
	}
}
