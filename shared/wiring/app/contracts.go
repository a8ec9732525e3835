package app

import (
	"context"
	"net/http"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/events"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/adapters/coreinsurance"
	"github.com/trustline/platform/shared/adapters/dynamo"
	"github.com/trustline/platform/shared/adapters/paymentgateway"
	"github.com/trustline/platform/shared/adapters/provider"
	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/api/contractsapi"
	"github.com/trustline/platform/shared/api/httpapi"
	"github.com/trustline/platform/shared/domain/billing"
	"github.com/trustline/platform/shared/domain/contracts"
	"github.com/trustline/platform/shared/domain/payment"
	"github.com/trustline/platform/shared/domain/reference"
	"github.com/trustline/platform/shared/foundation/metrics"
	"github.com/trustline/platform/shared/wiring/config"
)

type contractDeps struct {
	deps
	service *contracts.Service
	hooks   webhookDeps
	catalog reference.Catalog
	jobs    queue.Queue
	sandbox payment.Sandbox
	repo    *dynamo.ContractRepo
}

// paymentGateway is what contracts and invoices need of the payment gateway.
type paymentGateway interface {
	contracts.Gateway
	billing.Gateway
}

// providers chooses the payment gateway and the core insurance system: the configured HTTP
// providers, else the sandbox ones outside production.
func providers(cfg config.Config, sandbox payment.Sandbox, now func() time.Time) (paymentGateway, contracts.Core) {
	client := &http.Client{Timeout: cfg.ProviderTimeout}
	var gateway paymentGateway = payment.Unconfigured{}
	var core contracts.Core = coreinsurance.Unconfigured{}
	if cfg.Stage != config.StageProduction {
		gateway, core = sandbox, coreinsurance.Simulator{
			DocumentsURL: cfg.PartnerBaseURL + "/sandbox/documents",
			Now:          now,
		}
	}
	if p := cfg.PaymentGateway; p.URL != "" {
		gateway = paymentgateway.Client{
			Provider:  provider.Client{Name: "payment-gateway", BaseURL: p.URL, Key: p.Key, HTTP: client},
			NotifyURL: cfg.PartnerBaseURL + "/api/v1/webhooks/payment",
		}
	}
	if p := cfg.CoreInsurance; p.URL != "" {
		core = coreinsurance.Client{
			Provider: provider.Client{Name: "core-insurance", BaseURL: p.URL, Key: p.Key, HTTP: client},
		}
	}
	return gateway, core
}

// sandboxGateway is the sandbox payment gateway: contract payments are notified to the partner
// API's payment endpoint; other charges (invoices) name their own.
func sandboxGateway(d deps) payment.Sandbox {
	return payment.Sandbox{
		Store:      dynamo.NewLinkRepo(d.store),
		BaseURL:    d.cfg.PartnerBaseURL,
		NotifyURL:  d.cfg.PartnerBaseURL + "/api/v1/webhooks/payment",
		SigningKey: d.cfg.PaymentSigningKey,
		Active:     d.cfg.PaymentsActive,
	}
}

// contractsFor builds the contract flow on d's clients.
func contractsFor(d deps) (contractDeps, error) {
	hooks, err := webhooks(d)
	if err != nil {
		return contractDeps{}, err
	}
	catalog, err := reference.Load(platform.ReferenceData, "testdata/reference")
	if err != nil {
		return contractDeps{}, err
	}
	store := dynamo.NewContractRepo(d.store)
	sandbox := sandboxGateway(d)
	gateway, core := providers(d.cfg, sandbox, d.now)
	jobs := queue.Queue{API: d.aws.SQS, URL: d.cfg.IssuanceQueueURL, Now: d.now}
	svc := &contracts.Service{
		Metrics: metrics.EMF{Stage: d.cfg.Stage, Out: os.Stdout},
		Store:   store,
		Lists:   store,
		Codes:   catalog,
		Gateway: gateway,
		Jobs:    jobs,
		Webhook: hooks.engine,
		Core:    core,
		LinkTTL: d.cfg.PaymentLinkTTL,
		Now:     d.now,
	}
	return contractDeps{
		deps:    d,
		service: svc,
		hooks:   hooks,
		catalog: catalog,
		jobs:    jobs,
		sandbox: sandbox,
		repo:    store,
	}, nil
}

// Contracts serves creation and status read of contract requests.
func Contracts(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "contracts", getenv)
	if err != nil {
		return nil, err
	}
	c, err := contractsFor(d)
	if err != nil {
		return nil, err
	}
	partners := func(ctx context.Context, id string) (string, error) {
		p, err := dynamo.NewPartnerRepo(c.store).Partner(ctx, id)
		return p.Name, err
	}
	api := contractsapi.API{Contracts: c.service, Partners: partners, Guard: newGuard(c.deps),
		Idempotency: idempotencyOf(c.deps)}
	return httpapi.New(c.log, c.bases, api.Routes()), nil
}

// Notifications receives the payment gateway's notifications.
func Notifications(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "notifications", getenv)
	if err != nil {
		return nil, err
	}
	c, err := contractsFor(d)
	if err != nil {
		return nil, err
	}
	api := contractsapi.Notifications{Contracts: c.service, SigningKey: c.cfg.PaymentSigningKey}
	return httpapi.New(c.log, c.bases, api.Routes()), nil
}

// Sandbox serves the sandbox gateway's checkout page (local and sandbox stages).
func Sandbox(ctx context.Context, getenv Getenv) (http.Handler, error) {
	d, err := loadAWS(ctx, "sandbox", getenv)
	if err != nil {
		return nil, err
	}
	c, err := contractsFor(d)
	if err != nil {
		return nil, err
	}
	api := contractsapi.Sandbox{
		Gateway:   c.sandbox,
		Contracts: c.repo,
		Client:    &http.Client{Timeout: 10 * time.Second},
		Now:       c.now,
	}
	return httpapi.New(c.log, c.bases, api.Routes()), nil
}

// IssuanceWorker issues paid contracts, one job per message.
func IssuanceWorker(ctx context.Context, getenv Getenv) (queue.BatchHandler, error) {
	d, err := loadAWS(ctx, "issuance-worker", getenv)
	if err != nil {
		return nil, err
	}
	c, err := contractsFor(d)
	if err != nil {
		return nil, err
	}
	return queue.Batch(c.log, 5, c.jobs, func(ctx context.Context, m events.SQSMessage) error {
		job, err := contracts.ParseIssuanceJob(m.Body)
		if err != nil {
			return err
		}
		return c.service.Issue(ctx, job.Reference)
	}), nil
}
