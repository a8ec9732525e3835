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
	"github.com/trustline/platform/shared/config"
	"github.com/trustline/platform/shared/contracts"
	"github.com/trustline/platform/shared/contractsapi"
	"github.com/trustline/platform/shared/coreinsurance"
	"github.com/trustline/platform/shared/fault"
	"github.com/trustline/platform/shared/httpapi"
	"github.com/trustline/platform/shared/idempotency"
	"github.com/trustline/platform/shared/payment"
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
}

// unconfigured is the gateway of a stage without a payment provider: production, until a real
// gateway client is configured. The sandbox gateway and the simulator never serve production.
type unconfigured struct{}

func (unconfigured) CreateLink(context.Context, contracts.Contract, time.Time) (contracts.Payment, error) {
	return contracts.Payment{}, &fault.Error{Kind: fault.BadRequest, Code: "payment_config_missing",
		Detail: "The platform's payment configuration is inactive. This is not the partner's fault: contact support."}
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
	store := d.store
	sandbox := payment.Sandbox{Store: store, BaseURL: d.cfg.PartnerBaseURL, SigningKey: d.cfg.PaymentSigningKey}
	var gateway contracts.Gateway = sandbox
	if d.cfg.Stage == config.StageProduction {
		gateway = unconfigured{}
	}
	jobs := queue.Queue{API: d.aws.SQS, URL: d.cfg.IssuanceQueueURL}
	svc := &contracts.Service{Metrics: emf{stage: d.cfg.Stage, out: os.Stdout}, Store: store, Codes: catalog, Gateway: gateway, Jobs: jobs, Webhook: hooks.service.Engine,
		Core: coreinsurance.Simulator{DocumentsURL: d.cfg.PartnerBaseURL + "/sandbox/documents"}, LinkTTL: d.cfg.PaymentLinkTTL}
	return contractDeps{deps: d, service: svc, hooks: hooks, catalog: catalog, jobs: jobs, sandbox: sandbox}, nil
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
	partners := func(ctx context.Context, id string) error { _, err := c.store.Partner(ctx, id); return err }
	api := contractsapi.API{Contracts: c.service, Partners: partners, Auth: authenticator(c.cfg, c.store),
		Idempotency: idempotency.Keys{Store: c.store, Window: c.cfg.IdempotencyWindow}}
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
	api := contractsapi.Sandbox{Gateway: c.sandbox, NotifyURL: c.cfg.PartnerBaseURL + "/api/v1/webhooks/payment",
		Client: &http.Client{Timeout: 10 * time.Second}}
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
		refs, err := c.store.DueIssuances(ctx, time.Now().Add(-5*time.Minute), 100)
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
	line, _ := json.Marshal(map[string]any{
		"_aws": map[string]any{"Timestamp": time.Now().UnixMilli(), "CloudWatchMetrics": []map[string]any{{
			"Namespace": "Trustline", "Dimensions": [][]string{{"Stage"}},
			"Metrics": []map[string]string{{"Name": "IssuanceFailed", "Unit": "Count"}}}}},
		"Stage": m.stage, "IssuanceFailed": 1, "reference": reference,
	})
	_, _ = fmt.Fprintln(m.out, string(line))
}
