package app

import (
	"context"
	"fmt"
	"net/http"
	"os"

	"github.com/trustline/platform/shared/adapters/queue"
	"github.com/trustline/platform/shared/wiring/lambdarun"
)

// Function is one function of template.yaml with the constructor of its handler: exactly one of
// HTTP, Queue and Schedule is set, by the kind of its events.
type Function struct {
	ID       string // logical ID in template.yaml
	Name     string // its directory under functions/, and the prefix of its start-up error
	HTTP     func(context.Context, Getenv) (http.Handler, error)
	Queue    func(context.Context, Getenv) (queue.BatchHandler, error)
	Schedule func(context.Context, Getenv) (lambdarun.ScheduleHandler, error)
}

// The functions, one variable each: a Lambda main names only its own, so the linker keeps only the
// constructor (and what it reaches) of that function. Listing them in a map or a slice that the
// mains read would link every function's graph into every binary.
var (
	HealthFunction            = Function{ID: "HealthFunction", Name: "health", HTTP: Health}
	ConsoleFunction           = Function{ID: "ConsoleFunction", Name: "console", HTTP: Console}
	AccountsFunction          = Function{ID: "AccountsFunction", Name: "accounts", HTTP: Accounts}
	PartnersFunction          = Function{ID: "PartnersFunction", Name: "partners", HTTP: Partners}
	ReferenceFunction         = Function{ID: "ReferenceFunction", Name: "reference", HTTP: Reference}
	ContractsFunction         = Function{ID: "ContractsFunction", Name: "contracts", HTTP: Contracts}
	NotificationsFunction     = Function{ID: "NotificationsFunction", Name: "notifications", HTTP: Notifications}
	SandboxFunction           = Function{ID: "SandboxFunction", Name: "sandbox", HTTP: Sandbox}
	ExtractionFunction        = Function{ID: "ExtractionFunction", Name: "extraction", HTTP: Extraction}
	HandoffFunction           = Function{ID: "HandoffFunction", Name: "handoff", HTTP: Handoff}
	LivenessFunction          = Function{ID: "LivenessFunction", Name: "liveness", HTTP: Liveness}
	BillingFunction           = Function{ID: "BillingFunction", Name: "billing", HTTP: Billing}
	WebhookDispatcherFunction = Function{
		ID:    "WebhookDispatcherFunction",
		Name:  "webhook-dispatcher",
		Queue: WebhookDispatcher,
	}
	IssuanceWorkerFunction   = Function{ID: "IssuanceWorkerFunction", Name: "issuance-worker", Queue: IssuanceWorker}
	ExtractionWorkerFunction = Function{
		ID:    "ExtractionWorkerFunction",
		Name:  "extraction-worker",
		Queue: ExtractionWorker,
	}
	HandoffUploadsFunction = Function{ID: "HandoffUploadsFunction", Name: "handoff-uploads", Queue: HandoffUploads}
	MaintenanceFunction    = Function{ID: "MaintenanceFunction", Name: "maintenance", Schedule: Maintenance}
)

// Functions lists every function, for the local runner and the tests (never for a Lambda main:
// see above).
func Functions() []Function {
	return []Function{
		HealthFunction,
		ConsoleFunction,
		AccountsFunction,
		PartnersFunction,
		ReferenceFunction,
		ContractsFunction,
		NotificationsFunction,
		SandboxFunction,
		ExtractionFunction,
		HandoffFunction,
		LivenessFunction,
		BillingFunction,
		WebhookDispatcherFunction,
		IssuanceWorkerFunction,
		ExtractionWorkerFunction,
		HandoffUploadsFunction,
		MaintenanceFunction,
	}
}

// Main runs fn under the Lambda runtime: configuration from the environment, the handler built
// once (the cold start), then the invocations. A handler that cannot be built stops the process
// with the reason on stderr, which Lambda sends to CloudWatch.
func Main(fn Function) {
	if err := fn.run(context.Background(), os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, fn.Name+":", err)
		os.Exit(1)
	}
}

func (fn Function) run(ctx context.Context, getenv Getenv) error {
	switch {
	case fn.HTTP != nil:
		h, err := fn.HTTP(ctx, getenv)
		if err != nil {
			return err
		}
		return lambdarun.HTTP(ctx, h)
	case fn.Queue != nil:
		h, err := fn.Queue(ctx, getenv)
		if err != nil {
			return err
		}
		return lambdarun.SQS(ctx, h)
	case fn.Schedule != nil:
		h, err := fn.Schedule(ctx, getenv)
		if err != nil {
			return err
		}
		return lambdarun.Schedule(ctx, h)
	}
	return fmt.Errorf("%s: no constructor", fn.ID)
}
