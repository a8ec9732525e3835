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
	"slices"
	"strings"
	"sync"
	"time"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/infra/local/iamcheck"
	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/api/httpapi"
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
				period := time.Duration(every) * time.Second
				workers = append(workers, func(ctx context.Context) { schedule(ctx, period, h, log) })
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
