package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/events"

	platform "github.com/trustline/platform"
	"github.com/trustline/platform/shared/billing"
	"github.com/trustline/platform/shared/config"
	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/contractsapi"
	"github.com/trustline/platform/shared/coreinsurance"
	"github.com/trustline/platform/shared/dynamo"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/idempotency"
	"github.com/trustline/platform/shared/payment"
	"github.com/trustline/platform/shared/provider"
	"github.com/trustline/platform/shared/queue"
	"github.com/trustline/platform/shared/reference"
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

// unconfigured is the gateway of production without a configured provider. The sandbox gateway
// and the simulator never serve production.
type unconfigured struct{}

func (unconfigured) Open(context.Context, payment.Charge, time.Time) (payment.Checkout, error) {
	return payment.Checkout{}, errNoPayments()
}

func errNoPayments() error {
	return &fault.Error{Kind: fault.BadRequest, Code: "payment_config_missing",
		Detail: "The platform's payment configuration is inactive. This is not the partner's fault: contact support."}
}

// paymentGateway is what contracts and invoices need of the payment gateway.
type paymentGateway interface {
	contracts.Gateway
	billing.Gateway
}

// noCore is the core insurance system of production without a configured one.
type noCore struct{}

func (noCore) Price(context.Context, contracts.Contract) (contracts.Pricing, error) {
	return contracts.Pricing{}, noCoreFault
}
func (noCore) Issue(context.Context, contracts.Contract, int) (contracts.Issuance, error) {
	return contracts.Issuance{}, noCoreFault
}

var noCoreFault = &fault.Error{Kind: fault.Upstream, Detail: "The core insurance system is not configured. This is not the partner's fault: contact support.",
	Extensions: map[string]any{"provider": "core-insurance", "upstreamStatus": 0}}

// providers chooses the payment gateway and the core insurance system: the configured HTTP
// providers, else the sandbox ones outside production.
func providers(cfg config.Config, sandbox payment.Sandbox) (paymentGateway, contracts.Core) {
	client := &http.Client{Timeout: cfg.ProviderTimeout}
	var gateway paymentGateway = unconfigured{}
	var core contracts.Core = noCore{}
	if cfg.Stage != config.StageProduction {
		gateway, core = sandbox, coreinsurance.Simulator{DocumentsURL: cfg.PartnerBaseURL + "/sandbox/documents"}
	}
	if p := cfg.PaymentGateway; p.URL != "" {
		gateway = payment.Client{Provider: provider.Client{Name: "payment-gateway", BaseURL: p.URL, Key: p.Key, HTTP: client},
			NotifyURL: cfg.PartnerBaseURL + "/api/v1/webhooks/payment"}
	}
	if p := cfg.CoreInsurance; p.URL != "" {
		core = coreinsurance.Client{Provider: provider.Client{Name: "core-insurance", BaseURL: p.URL, Key: p.Key, HTTP: client}}
	}
	return gateway, core
}

// sandboxGateway is the sandbox payment gateway: contract payments are notified to the partner
// API's payment endpoint; other charges (invoices) name their own.
func sandboxGateway(d deps) payment.Sandbox {
	return payment.Sandbox{Store: dynamo.NewLinkRepo(d.store), BaseURL: d.cfg.PartnerBaseURL, NotifyURL: d.cfg.PartnerBaseURL + "/api/v1/webhooks/payment",
		SigningKey: d.cfg.PaymentSigningKey, Active: d.cfg.PaymentsActive}
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
	gateway, core := providers(d.cfg, sandbox)
	jobs := queue.Queue{API: d.aws.SQS, URL: d.cfg.IssuanceQueueURL}
	svc := &contracts.Service{Metrics: emf{stage: d.cfg.Stage, out: os.Stdout}, Store: store, Codes: catalog, Gateway: gateway, Jobs: jobs, Webhook: hooks.service.Engine,
		Core: core, LinkTTL: d.cfg.PaymentLinkTTL}
	return contractDeps{deps: d, service: svc, hooks: hooks, catalog: catalog, jobs: jobs, sandbox: sandbox, repo: store}, nil
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
	partners := func(ctx context.Context, id string) error {
		_, err := dynamo.NewPartnerRepo(c.store).Partner(ctx, id)
		return err
	}
	api := contractsapi.API{Contracts: c.service, Partners: partners, Auth: authenticator(c.cfg, c.store),
		Idempotency: idempotency.Keys{Store: dynamo.NewIdempotencyRepo(c.store), Window: c.cfg.IdempotencyWindow}}
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
	api := contractsapi.Sandbox{Gateway: c.sandbox, Contracts: c.repo, Client: &http.Client{Timeout: 10 * time.Second}}
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
		var job struct {
			Reference string `json:"reference"`
		}
		if err := json.Unmarshal([]byte(m.Body), &job); err != nil || job.Reference == "" {
			return fmt.Errorf("malformed issuance job: %v", err)
		}
		return c.service.Issue(ctx, job.Reference)
	}), nil
}

// sweepIssuance re-queues paid requests whose issuance job went missing.
func sweepIssuance(c contractDeps) func(context.Context) error {
	return func(ctx context.Context) error {
		refs, err := c.repo.DueIssuances(ctx, time.Now().Add(-5*time.Minute), 100)
		if err != nil {
			return err
		}
		for _, ref := range refs {
			if err := c.jobs.Send(ctx, `{"reference":"`+ref+`"}`, time.Now()); err != nil {
				return err
			}
		}
		return nil
	}
}

// emf writes CloudWatch embedded-metric-format lines: CloudWatch Logs turns them into metrics, on
// which the template's alarms are set. Each line is its own JSON document on standard output.
type emf struct {
	stage string
	out   io.Writer
}

// IssuanceFailed counts Trustline/IssuanceFailed{Stage}: a client paid and has no contract.
func (m emf) IssuanceFailed(_ context.Context, reference string) {
	m.count("IssuanceFailed", reference)
}

// PaidAfterFailure counts Trustline/PaidAfterFailure{Stage}: money taken for a request that had
// failed; the client paid and has no contract.
func (m emf) PaidAfterFailure(_ context.Context, reference string) {
	m.count("PaidAfterFailure", reference)
}

// count writes one occurrence of the metric, with the reference to act on.
func (m emf) count(metric, reference string) {
	line, _ := json.Marshal(map[string]any{
		"_aws": map[string]any{"Timestamp": time.Now().UnixMilli(), "CloudWatchMetrics": []map[string]any{{
			"Namespace": "Trustline", "Dimensions": [][]string{{"Stage"}},
			"Metrics": []map[string]string{{"Name": metric, "Unit": "Count"}}}}},
		"Stage": m.stage, metric: 1, "reference": reference,
	})
	_, _ = fmt.Fprintln(m.out, string(line))
}
