package emulate

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/infra/local/iamcheck"
	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/foundation/fault"
	"github.com/trustline/platform/shared/wiring/app"
	"github.com/trustline/platform/shared/wiring/config"
	"github.com/trustline/platform/shared/wiring/lambdarun"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// functions are the constructors of every function of template.yaml, by logical ID: the registry
// the Lambda mains use (app.Functions).
var functions = func() map[string]app.Function {
	fns := map[string]app.Function{}
	for _, fn := range app.Functions() {
		fns[fn.ID] = fn
	}
	return fns
}()

// localOCR is the OCR engine of local runs: in-process, no AWS account needed.
const localOCR = "tesseract"

// localSettings returns env with what local runs need where the template says what Lambda needs:
// Tesseract for OCR (the template's textract is the AWS engine) and the models beside the project.
// Settings already in env, or in the process environment, win.
func localSettings(env map[string]string) map[string]string {
	env = maps.Clone(env)
	if env == nil {
		env = map[string]string{}
	}
	root := projectRoot()
	defaults := map[string]string{
		"OCR_ENGINE": localOCR,
		"MODELS_DIR": filepath.Join(filepath.Dir(root), "shared", "models"),
	}
	for k, v := range defaults {
		if _, set := env[k]; !set {
			env[k] = cmp.Or(os.Getenv(k), v)
		}
	}
	return env
}

// projectRoot is the directory holding go.mod and template.yaml, found from the working directory
// up (tests run in their package's directory); "." when there is none.
func projectRoot() string {
	dir, err := os.Getwd()
	for err == nil {
		if _, e := os.Stat(filepath.Join(dir, "template.yaml")); e == nil {
			if _, e := os.Stat(filepath.Join(dir, "go.mod")); e == nil {
				return dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "."
}

// Options configure a local stack.
type Options struct {
	Stack    *samtemplate.Stack
	AWS      awsclient.Clients
	Listener net.Listener      // where the HTTP API is served
	Env      map[string]string // settings that override the template's function environment
	Log      *slog.Logger
	// DemoSeed makes the demo accounts' IDs and keys (Seed) the same at each run with the same seed;
	// random when nil.
	DemoSeed []byte
}

// Local is a running local stack.
type Local struct {
	URL     string
	Stack   *samtemplate.Stack
	options Options
	checks  map[string]iamcheck.Check // each function's IAM policy, enforced on its clients
	clock   func() time.Time          // the functions' clock (app.WithClock on Start's ctx)
	done    chan error
}

// ErrResources marks Start's errors that come from creating the stack's resources in the emulator
// (a table, bucket, queue or secret that is already there, as when a second stack of the same name
// starts on it), as opposed to a setting or a function that is wrong.
var ErrResources = errors.New("creating the stack's resources")

// Start creates the stack's resources, builds every function with the same constructors the Lambda
// mains use (reading documents with Tesseract unless Env names another OCR_ENGINE), and serves until
// ctx ends. Each function's SDK clients are checked against the IAM statements the template gives
// its role, so a call its policy does not allow fails as on AWS. Wait returns when everything has
// stopped. An error creating the resources wraps ErrResources.
func Start(ctx context.Context, o Options) (*Local, error) {
	o.Env = localSettings(o.Env)
	if err := CreateResources(ctx, o.AWS, o.Stack); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrResources, err)
	}
	l := &Local{
		URL:     "http://" + o.Listener.Addr().String(),
		Stack:   o.Stack,
		options: o,
		clock:   app.ClockOf(ctx),
		done:    make(chan error, 1),
	}
	if err := l.setSecrets(ctx); err != nil {
		return nil, err
	}
	fns, err := o.Stack.Template.Functions()
	if err != nil {
		return nil, err
	}
	if l.checks, err = policyChecks(o, fns); err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	limits := timeoutsOf(ctx)
	var workers []func(context.Context)
	hasDefault := false
	for _, fn := range fns {
		if ok, err := o.Stack.Included(fn.ID); err != nil || !ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		getenv, err := l.Getenv(fn.ID)
		if err != nil {
			return nil, err
		}
		log := o.Log.With("function", fn.ID)
		var h http.Handler // built once, at the function's first route: one cold start, as on Lambda
		ctx := awsclient.WithAPIOptions(ctx, l.checks[fn.ID].APIOption)
		for _, ev := range fn.Events {
			switch ev.Type {
			case samtemplate.EventHttpAPI:
				build := functions[fn.ID].HTTP
				if build == nil {
					return nil, fmt.Errorf("%s has HttpApi events but no HTTP constructor in app.Functions", fn.ID)
				}
				if h == nil {
					if h, err = build(ctx, getenv); err != nil {
						return nil, fmt.Errorf("%s: %w", fn.ID, err)
					}
				}
				hasDefault = hasDefault || ev.Path == "$default"
				mux.Handle(ev.Pattern(), observeHTTP(ctx, fn.ID, route(limits.gateway(fn, h), ev, log)))
			case samtemplate.EventSQS:
				build := functions[fn.ID].Queue
				if build == nil {
					return nil, fmt.Errorf("%s has an SQS event but no queue constructor in app.Functions", fn.ID)
				}
				h, err := build(ctx, getenv)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				m, err := mapping(o, ev, observeBatch(ctx, fn.ID, lambdarun.LimitBatch(limits.function(fn), h)), log)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				workers = append(workers, m.Run)
			case samtemplate.EventSchedule, samtemplate.EventScheduleV2:
				build := functions[fn.ID].Schedule
				if build == nil {
					return nil, fmt.Errorf("%s has a schedule but no schedule constructor in app.Functions", fn.ID)
				}
				h, err := build(ctx, getenv)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				every, err := rate(ev.Expression)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				h = observeSchedule(ctx, fn.ID, lambdarun.LimitSchedule(limits.function(fn), h))
				workers = append(
					workers,
					func(ctx context.Context) { schedule(ctx, time.Duration(every)*time.Second, h, log) },
				)
			}
		}
	}
	if !hasDefault {
		mux.Handle("/", httpapi.Unrouted(nil))
	}
	getenv, err := l.Getenv(fns[0].ID)
	if err != nil {
		return nil, err
	}
	bases := httpapi.Bases{Identity: getenv("PUBLIC_BASE_URL"), Partner: getenv("PARTNER_BASE_URL")}
	srv := &http.Server{
		Handler:           httpapi.Middleware(o.Log.With("component", "gateway"), bases, headerLimit(mux)),
		ReadHeaderTimeout: 10 * time.Second,
	}
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Go(func() { w(ctx) })
	}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	go func() {
		err := srv.Serve(o.Listener)
		wg.Wait()
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		l.done <- err
	}()
	return l, nil
}

// policyChecks reads each function's IAM statements from the template.
func policyChecks(o Options, fns []samtemplate.Function) (map[string]iamcheck.Check, error) {
	target, err := iamcheck.TargetOf(o.Stack)
	if err != nil {
		return nil, err
	}
	checks := map[string]iamcheck.Check{}
	for _, fn := range fns {
		statements, err := o.Stack.Policies(fn.ID)
		if err != nil {
			return nil, err
		}
		policy, err := iamcheck.NewPolicy(statements)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fn.ID, err)
		}
		checks[fn.ID] = iamcheck.Check{
			Function: fn.ID,
			Policy:   policy,
			Target:   target,
			Log:      o.Log.With("component", "iam"),
		}
	}
	return checks, nil
}

// Context returns ctx carrying a function's IAM policy check and the stack's clock: the SDK
// clients built from it (awsclient.New, or a function's constructor) may do only what the
// function may, and a constructor reads the time as the stack's own functions do.
func (l *Local) Context(ctx context.Context, functionID string) (context.Context, error) {
	check, ok := l.checks[functionID]
	if !ok {
		return nil, fmt.Errorf("no function %s", functionID)
	}
	return app.WithClock(awsclient.WithAPIOptions(ctx, check.APIOption), l.clock), nil
}

// Getenv returns a function's environment: the template's (secrets are ARNs of the emulator's
// Secrets Manager, which the function reads at cold start as on AWS), then the caller's overrides
// other than secret values, which Start wrote into Secrets Manager instead.
func (l *Local) Getenv(functionID string) (func(string) string, error) {
	env, err := l.environment(functionID)
	if err != nil {
		return nil, err
	}
	return func(k string) string { return env[k] }, nil
}

func (l *Local) environment(functionID string) (map[string]string, error) {
	env, err := l.Stack.Environment(functionID)
	if err != nil {
		return nil, err
	}
	for k, v := range l.options.Env {
		if !slices.Contains(config.Secrets, k) {
			env[k] = v
		}
	}
	return env, nil
}

// secretARNs maps each secret setting to the ARN the functions' environments give it.
func (l *Local) secretARNs() (map[string]string, error) {
	fns, err := l.Stack.Template.Functions()
	if err != nil {
		return nil, err
	}
	arns := map[string]string{}
	for _, fn := range fns {
		env, err := l.Stack.Environment(fn.ID)
		if err != nil {
			return nil, err
		}
		for _, name := range config.Secrets {
			if arn := env[config.SecretARN(name)]; arn != "" {
				arns[name] = arn
			}
		}
	}
	return arns, nil
}

// setSecrets writes the caller's values of secret settings into the secrets the template holds
// them in, so that tests can choose them (to forge an expired token, say).
func (l *Local) setSecrets(ctx context.Context) error {
	for name, value := range l.options.Env {
		if !slices.Contains(config.Secrets, name) {
			continue
		}
		if err := l.SetSecret(ctx, name, value); err != nil {
			return err
		}
	}
	return nil
}

// secretARN is the ARN of the secret the template holds a secret setting in.
func (l *Local) secretARN(name string) (string, error) {
	arns, err := l.secretARNs()
	if err != nil {
		return "", err
	}
	arn, ok := arns[name]
	if !ok {
		return "", fmt.Errorf("%s: no function of the template reads it from Secrets Manager", name)
	}
	return arn, nil
}

// SetSecret stores a new value of a secret setting in the emulator's Secrets Manager, as an operator
// rotating it does: an operator command run from then on reads the new value, and the stack's
// functions read it when they would on AWS (they started already: DATA_ENCRYPTION_KEY as
// secretbox.Keyring reads it again, the others never).
func (l *Local) SetSecret(ctx context.Context, name, value string) error {
	arn, err := l.secretARN(name)
	if err != nil {
		return err
	}
	if _, err := l.options.AWS.Secrets.PutSecretValue(ctx, &secretsmanager.PutSecretValueInput{
		SecretId: aws.String(arn), SecretString: aws.String(value)}); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// Secret reads the value of a secret setting from the emulator's Secrets Manager, as the
// functions that use it do: for tests and operator tools that must sign or verify as they do.
func (l *Local) Secret(ctx context.Context, name string) (string, error) {
	arn, err := l.secretARN(name)
	if err != nil {
		return "", err
	}
	out, err := l.options.AWS.Secrets.GetSecretValue(
		ctx,
		&secretsmanager.GetSecretValueInput{SecretId: aws.String(arn)},
	)
	if err != nil {
		return "", err
	}
	return aws.ToString(out.SecretString), nil
}

// StartEphemeral starts the project's template under a fresh random stack name on a free port of
// 127.0.0.1, as tests need: many can share one emulator.
func StartEphemeral(
	ctx context.Context,
	clients awsclient.Clients,
	env map[string]string,
	log *slog.Logger,
) (*Local, error) {
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	base := "http://" + l.Addr().String()
	stack, err := samtemplate.NewStack(tmpl, "t"+strings.ToLower(rand.Text()[:8]), "eu-west-1", "123456789012",
		map[string]string{"Stage": "local", "PublicBaseUrl": base, "PartnerBaseUrl": base})
	if err != nil {
		l.Close()
		return nil, err
	}
	local, err := Start(ctx, Options{Stack: stack, AWS: clients, Listener: l, Env: env, Log: log})
	if err != nil {
		l.Close()
	}
	return local, err
}

// WriteEnvFiles writes each function's resolved environment to dir/<FunctionID>.json, for operator
// tools (infra/admin -local) to act with exactly the settings the functions have.
func (l *Local) WriteEnvFiles(dir string) error {
	fns, err := l.Stack.Template.Functions()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for _, fn := range fns {
		env, err := l.environment(fn.ID)
		if err != nil {
			return err
		}
		b, err := json.MarshalIndent(env, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, fn.ID+".json"), b, 0o600); err != nil {
			return err
		}
	}
	return nil
}

// Wait blocks until the stack has stopped.
func (l *Local) Wait() error { return <-l.done }

var pathParam = regexp.MustCompile(`\{([^}+]+)\+?\}`)

// route invokes one function for one HttpApi route, as API Gateway does.
func route(g *lambdarun.Gateway, ev samtemplate.Event, log *slog.Logger) http.Handler {
	routeKey := ev.Method + " " + ev.Path
	if ev.Path == "$default" {
		routeKey = "$default"
	}
	var names []string
	for _, m := range pathParam.FindAllStringSubmatch(ev.Path, -1) {
		names = append(names, m[1])
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var params map[string]string
		if len(names) > 0 {
			params = map[string]string{}
			for _, n := range names {
				params[n] = r.PathValue(n)
			}
		}
		// The function sees the gateway's request id, so both log lines carry the same one.
		r.Header.Set("X-Request-Id", httpapi.RequestID(r.Context()))
		err := g.Invoke(r.Context(), w, r, routeKey, params)
		switch {
		case err == nil:
		case errors.Is(err, lambdarun.ErrPayloadTooLarge):
			httpapi.WriteError(w, r, tooLarge(r))
		default:
			invocationProblem(w, r, g, err, log)
		}
	})
}

// maxRequestLineAndHeaders is API Gateway's quota on an HTTP API request's "total combined size of
// request line and header values" (not adjustable).
const maxRequestLineAndHeaders = 10240

// headerLimit refuses, as API Gateway does, a request whose request line and header values are over
// its quota, with a problem: Go's own limit (http.DefaultMaxHeaderBytes, 1 MB) is far above the
// gateway's and answers plain text.
func headerLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		size := len(r.Method) + 1 + len(r.RequestURI) + 1 + len(r.Proto)
		for _, vs := range r.Header {
			for _, v := range vs {
				size += len(v)
			}
		}
		if size > maxRequestLineAndHeaders {
			httpapi.WriteError(w, r, fault.Newf(
				fault.HeadersTooLarge,
				"The request line and header values are %d bytes; API Gateway accepts at most %d.",
				size,
				maxRequestLineAndHeaders,
			))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// tooLarge says what a caller over Lambda's request limit can do instead. A file (raw or in a
// multipart form) reaches the function base64-encoded, four bytes for three, so the figure that
// matters to the caller is about 4.5 MB of file, not the 6 MB of the payload. The phone uploading
// to a handoff session has no credential for POST /v1/uploads: its way is the session's own
// presigned upload, {uploadUrl}/start.
func tooLarge(r *http.Request) error {
	limit := "Request bodies are limited to 6 MB by AWS Lambda. "
	if lambdarun.Base64Encoded(r.Header.Get("Content-Type")) {
		limit = fmt.Sprintf("A file sent in the request is limited to about %.1f MB: API Gateway base64-encodes it "+
			"(four bytes for three) into AWS Lambda's 6 MB request payload. ", float64(lambdarun.MaxFileBody)/(1<<20))
	}
	if id := r.PathValue("sessionId"); id != "" && strings.HasPrefix(r.URL.Path, "/v1/mobile-handoff/upload/") {
		start := "/v1/mobile-handoff/upload/" + id + "/start"
		return &fault.Error{
			Kind: fault.TooLarge,
			Detail: limit + "Send the file through the session's presigned upload: POST {uploadUrl}/start (" +
				start + "), then send the file where its answer says.",
			Extensions: map[string]any{"startUrl": start},
		}
	}
	return fault.New(
		fault.TooLarge,
		limit+"Upload larger files to S3 with POST /v1/uploads and pass the uploadId instead.",
	)
}

func mapping(o Options, ev samtemplate.Event, h queue.BatchHandler, log *slog.Logger) (queue.Mapping, error) {
	url, err := o.Stack.String(map[string]any{"Ref": ev.Queue})
	if err != nil {
		return queue.Mapping{}, err
	}
	arn, err := o.Stack.String(map[string]any{"Fn::GetAtt": []any{ev.Queue, "Arn"}})
	if err != nil {
		return queue.Mapping{}, err
	}
	return queue.Mapping{
		API: o.AWS.SQS, QueueURL: url, QueueARN: arn, Region: o.Stack.Region,
		BatchSize: ev.BatchSize, ReportBatchItemFailures: ev.ReportBatchItemFailures,
		Handler: h, Log: log,
	}, nil
}

func schedule(ctx context.Context, every time.Duration, h lambdarun.ScheduleHandler, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			ev := events.EventBridgeEvent{
				Version:    "0",
				DetailType: "Scheduled Event",
				Source:     "aws.scheduler",
				Time:       now.UTC(),
			}
			if err := h(ctx, ev); err != nil {
				log.ErrorContext(ctx, "scheduled run failed", "error", err)
			}
		}
	}
}

// InvocationHook is called as the local runner invokes a function: for one HTTP request, one batch
// of a queue mapping, or one scheduled run. The context it returns is the invocation's (the
// function's SDK calls carry it), and done is called when the invocation returns. Tests count
// invocations with it and attribute SDK calls to the function that made them.
type InvocationHook func(ctx context.Context, functionID string) (invocation context.Context, done func())

type invocationHookKey struct{}

// WithInvocationHook returns ctx carrying hook: Start, given that context, calls it around every
// invocation of every function. The make run runner never sets one.
func WithInvocationHook(ctx context.Context, hook InvocationHook) context.Context {
	return context.WithValue(ctx, invocationHookKey{}, hook)
}

func hookOf(ctx context.Context) InvocationHook {
	hook, _ := ctx.Value(invocationHookKey{}).(InvocationHook)
	return hook
}

func observeHTTP(ctx context.Context, functionID string, h http.Handler) http.Handler {
	hook := hookOf(ctx)
	if hook == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ictx, done := hook(r.Context(), functionID)
		defer done()
		h.ServeHTTP(w, r.WithContext(ictx))
	})
}

func observeBatch(ctx context.Context, functionID string, h queue.BatchHandler) queue.BatchHandler {
	hook := hookOf(ctx)
	if hook == nil {
		return h
	}
	return func(ctx context.Context, e events.SQSEvent) (events.SQSEventResponse, error) {
		ictx, done := hook(ctx, functionID)
		defer done()
		return h(ictx, e)
	}
}

func observeSchedule(ctx context.Context, functionID string, h lambdarun.ScheduleHandler) lambdarun.ScheduleHandler {
	hook := hookOf(ctx)
	if hook == nil {
		return h
	}
	return func(ctx context.Context, e events.EventBridgeEvent) error {
		ictx, done := hook(ctx, functionID)
		defer done()
		return h(ictx, e)
	}
}
