// Command webhook-dispatcher is the Lambda function consuming the webhook delivery queue.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/trustline/platform/shared/app"
	"github.com/trustline/platform/shared/lambdarun"
)

func main() {
	if err := run(context.Background(), os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "webhook-dispatcher:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.WebhookDispatcher(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.SQS(ctx, h)
}
