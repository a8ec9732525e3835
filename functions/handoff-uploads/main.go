// Command handoff-uploads is the Lambda function marking handoff sessions ready from S3 events.
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
		fmt.Fprintln(os.Stderr, "handoff-uploads:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.HandoffUploads(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.SQS(ctx, h)
}
