package emulate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"regexp"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/trustline/platform/shared/app"
	"github.com/trustline/platform/shared/awsclient"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/lambdarun"
	"github.com/trustline/platform/shared/queue"
	"github.com/trustline/platform/shared/samtemplate"
)

// The constructors of every function of template.yaml, by logical ID: the same ones the Lambda
// mains call. They live here, not in app, so that each Lambda binary links only its own function.
var (
	httpFunctions = map[string]func(context.Context, app.Getenv) (http.Handler, error){
		"HealthFunction": app.Health,
	}
	queueFunctions = map[string]func(context.Context, app.Getenv) (queue.BatchHandler, error){
		"WebhookDispatcherFunction": app.WebhookDispatcher,
	}
	scheduleFunctions = map[string]func(context.Context, app.Getenv) (lambdarun.ScheduleHandler, error){
		"MaintenanceFunction": app.Maintenance,
	}
)

// Options configure a local stack.
type Options struct {
	Stack    *samtemplate.Stack
	AWS      awsclient.Clients
	Listener net.Listener      // where the HTTP API is served
	Env      map[string]string // settings that override the template's function environment
	Log      *slog.Logger
}

// Local is a running local stack.
type Local struct {
	URL   string
	Stack *samtemplate.Stack
	done  chan error
}

// Start creates the stack's resources, builds every function with the same constructors the Lambda
// mains use, and serves until ctx ends. Wait returns when everything has stopped.
func Start(ctx context.Context, o Options) (*Local, error) {
	if err := CreateResources(ctx, o.AWS, o.Stack); err != nil {
		return nil, err
	}
	fns, err := o.Stack.Template.Functions()
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	var workers []func(context.Context)
	hasDefault := false
	for _, fn := range fns {
		if ok, err := o.Stack.Included(fn.ID); err != nil || !ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		env, err := environment(o, fn.ID)
		if err != nil {
			return nil, err
		}
		getenv := func(k string) string { return env[k] }
		log := o.Log.With("function", fn.ID)
		for _, ev := range fn.Events {
			switch ev.Type {
			case samtemplate.EventHttpAPI:
				build, ok := httpFunctions[fn.ID]
				if !ok {
					return nil, fmt.Errorf("%s has HttpApi events but no HTTP constructor in httpFunctions", fn.ID)
				}
				h, err := build(ctx, getenv)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				hasDefault = hasDefault || ev.Path == "$default"
				mux.Handle(ev.Pattern(), route(lambdarun.NewGateway(h), ev, log))
			case samtemplate.EventSQS:
				build, ok := queueFunctions[fn.ID]
				if !ok {
					return nil, fmt.Errorf("%s has an SQS event but no constructor in queueFunctions", fn.ID)
				}
				h, err := build(ctx, getenv)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				m, err := mapping(o, ev, h, log)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				workers = append(workers, m.Run)
			case samtemplate.EventSchedule, samtemplate.EventScheduleV2:
				build, ok := scheduleFunctions[fn.ID]
				if !ok {
					return nil, fmt.Errorf("%s has a schedule but no constructor in scheduleFunctions", fn.ID)
				}
				h, err := build(ctx, getenv)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				every, err := rate(ev.Expression)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", fn.ID, err)
				}
				workers = append(workers, func(ctx context.Context) { schedule(ctx, time.Duration(every)*time.Second, h, log) })
			}
		}
	}
	if !hasDefault {
		mux.Handle("/", httpapi.Unrouted(nil))
	}
	env, err := environment(o, fns[0].ID)
	if err != nil {
		return nil, err
	}
	bases := httpapi.Bases{Identity: env["PUBLIC_BASE_URL"], Partner: env["PARTNER_BASE_URL"]}
	srv := &http.Server{Handler: httpapi.Middleware(o.Log.With("component", "gateway"), bases, mux), ReadHeaderTimeout: 10 * time.Second}
	l := &Local{URL: "http://" + o.Listener.Addr().String(), Stack: o.Stack, done: make(chan error, 1)}
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

// environment is a function's template environment with the caller's overrides applied.
func environment(o Options, functionID string) (map[string]string, error) {
	env, err := o.Stack.Environment(functionID)
	if err != nil {
		return nil, err
	}
	maps.Copy(env, o.Env)
	return env, nil
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
			httpapi.WriteError(w, r, fault.New(fault.TooLarge,
				"Request bodies are limited to 6 MB by AWS Lambda. Upload larger files to S3 with POST /v1/uploads and pass the uploadId instead."))
		default:
			log.ErrorContext(r.Context(), "invocation failed", "error", err)
			httpapi.WriteError(w, r, err)
		}
	})
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
			ev := events.EventBridgeEvent{Version: "0", DetailType: "Scheduled Event", Source: "aws.scheduler", Time: now.UTC()}
			if err := h(ctx, ev); err != nil {
				log.ErrorContext(ctx, "scheduled run failed", "error", err)
			}
		}
	}
}
