// Command extraction-worker is the Lambda function reading identity documents from the extraction queue.
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
		fmt.Fprintln(os.Stderr, "extraction-worker:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.ExtractionWorker(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.SQS(ctx, h)
}
