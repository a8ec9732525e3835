// Package app builds each function's handler from its configuration: the one wiring that the
// Lambda mains and the local runner both use, so that what runs locally is what runs on AWS.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"slices"
	"time"

	"github.com/aws/aws-lambda-go/events"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/api/health"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/reference"
	"github.com/trustline/platform/shared/foundation/logs"
	"github.com/trustline/platform/shared/wiring/config"
	"github.com/trustline/platform/shared/wiring/lambdarun"
	"github.com/trustline/platform/shared/wiring/samtemplate"
)

// Version is the build version, set at link time (-X .../shared/wiring/app.Version=...).
var Version = "dev"

// Getenv reads one setting; os.Getenv under Lambda, the function's resolved template environment
// in the local runner.
type Getenv func(string) string

// deps are what every function starts from.
type deps struct {
	name  string // the function's, as in functions/<name>
	cfg   config.Config
	log   *slog.Logger
	bases httpapi.Bases
	aws   awsclient.Clients // set by loadAWS
	store dynamo.Store      // set by loadAWS
	now   func() time.Time  // every service's clock: time.Now, or the one WithClock gave loadAWS
	// dataKey reads DATA_ENCRYPTION_KEY afresh from Secrets Manager (set by loadAWS for a function
	// that uses it, nil when its value was given directly).
	dataKey func(context.Context) ([]byte, error)
}

type clockKey struct{}

// WithClock returns ctx carrying now as the clock of every function built from it: the services
// read the time from it (expiries, grace periods, billing periods, rate windows, queue delays).
// The local stack's tests move time forward with it instead of waiting for it to pass; the Lambda
// mains never set it, so a function runs on time.Now.
func WithClock(ctx context.Context, now func() time.Time) context.Context {
	return context.WithValue(ctx, clockKey{}, now)
}

// ClockOf is the clock WithClock put in ctx, else time.Now.
func ClockOf(ctx context.Context) func() time.Time {
	if now, ok := ctx.Value(clockKey{}).(func() time.Time); ok && now != nil {
		return now
	}
	return time.Now
}

// loadAWS is load plus the SDK clients and the table, built once per cold start and shared by
// everything the function wires, and the function's secrets (functionSecrets) read from Secrets
// Manager.
func loadAWS(ctx context.Context, name string, getenv Getenv) (deps, error) {
	clients, err := awsclient.New(ctx)
	if err != nil {
		return deps{}, err
	}
	if getenv, err = fromSecretsManager(ctx, clients.Secrets, getenv, functionSecrets[name]); err != nil {
		return deps{}, fmt.Errorf("%s: %w", name, err)
	}
	d, err := load(name, getenv)
	if err != nil {
		return deps{}, err
	}
	d.aws = clients
	d.now = ClockOf(ctx)
	if slices.Contains(functionSecrets[name], config.DataEncryptionKey) {
		d.dataKey = secretLoader(clients.Secrets, getenv, config.DataEncryptionKey)
	}
	d.store = dynamo.Store{API: d.aws.DynamoDB, Table: d.cfg.TableName}
	return d, nil
}

// loadSecrets is load for a function that calls no AWS service but Secrets Manager, to read its
// secrets (the console): only that client is built and linked.
func loadSecrets(ctx context.Context, name string, getenv Getenv) (deps, error) {
	api, err := awsclient.Secrets(ctx)
	if err != nil {
		return deps{}, err
	}
	if getenv, err = fromSecretsManager(ctx, api, getenv, functionSecrets[name]); err != nil {
		return deps{}, fmt.Errorf("%s: %w", name, err)
	}
	d, err := load(name, getenv)
	d.now = ClockOf(ctx)
	return d, err
}

// load reads the function's configuration, with the secrets it uses.
func load(name string, getenv Getenv) (deps, error) {
	cfg, err := config.Load(getenv, functionSecrets[name]...)
	if err != nil {
		return deps{}, err
	}
	log := logs.New(os.Stdout, cfg.LogLevel).With("function", name, "version", Version)
	return deps{
		name:  name,
		cfg:   cfg,
		log:   log,
		now:   time.Now,
		bases: httpapi.Bases{Identity: cfg.PublicBaseURL, Partner: cfg.PartnerBaseURL},
	}, nil
}

// Health serves the health routes of both APIs and answers every route no other function serves
// (API Gateway's $default route) with a 404 or 405 problem.
func Health(_ context.Context, getenv Getenv) (http.Handler, error) {
	d, err := load("health", getenv)
	if err != nil {
		return nil, err
	}
	tmpl, err := samtemplate.Parse(platform.Template)
	if err != nil {
		return nil, err
	}
	declared, err := tmpl.Routes()
	if err != nil {
		return nil, err
	}
	routes := append(health.Routes(Version, d.cfg.Stage),
		httpapi.Route{Pattern: "/", Handler: httpapi.Unrouted(slices.Collect(maps.Keys(declared)))})
	return httpapi.New(d.log, d.bases, routes), nil
}

// WebhookDispatcher delivers webhooks, ten messages of a batch at a time.
func WebhookDispatcher(ctx context.Context, getenv Getenv) (queue.BatchHandler, error) {
	d, err := loadAWS(ctx, "webhook-dispatcher", getenv)
	if err != nil {
		return nil, err
	}
	hooks, err := webhooks(d)
	if err != nil {
		return nil, err
	}
	return queue.Batch(d.log, 10, hooks.wake, dispatch(hooks.engine)), nil
}

// Maintenance runs the scheduled housekeeping tasks, each independently: one failing does not stop
// the others, and the run fails (so the schedule's retry policy applies) if any failed.
func Maintenance(ctx context.Context, getenv Getenv) (lambdarun.ScheduleHandler, error) {
	d, err := loadAWS(ctx, "maintenance", getenv)
	if err != nil {
		return nil, err
	}
	c, err := contractsFor(d)
	if err != nil {
		return nil, err
	}
	seedReference := func(ctx context.Context) error {
		if wrote, err := reference.Seed(ctx, dynamo.NewReferenceRepo(d.store), c.catalog); err != nil || !wrote {
			return err
		}
		d.log.InfoContext(ctx, "reference lists seeded", "version", c.catalog.Version)
		return nil
	}
	extractions, _, err := extractionsFor(d, nil)
	if err != nil {
		return nil, err
	}
	tasks := []task{{name: "webhook-sweep", run: c.hooks.engine.Sweep}, {name: "reference-seed", run: seedReference},
		{
			name: "issuance-sweep",
			run:  c.service.SweepIssuance,
		}, {name: "payment-link-expiry", run: c.service.ExpireLinks},
		{name: "extraction-sweep", run: extractions.Sweep}, {name: "invoicing", run: billingFor(d).Issue}}
	return func(ctx context.Context, e events.EventBridgeEvent) error {
		var errs []error
		for _, t := range tasks {
			if err := t.run(ctx); err != nil {
				d.log.ErrorContext(ctx, "maintenance task failed", "task", t.name, "error", err)
				errs = append(errs, fmt.Errorf("%s: %w", t.name, err))
			}
		}
		d.log.InfoContext(ctx, "maintenance run", "tasks", len(tasks), "failed", len(errs), "scheduledAt", e.Time)
		return errors.Join(errs...)
	}, nil
}

type task struct {
	name string
	run  func(context.Context) error
}
