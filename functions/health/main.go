// Command health is the Lambda function serving GET /v1/health, GET /api/v1/health and the
// problem answer of every undeclared route.
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
		fmt.Fprintln(os.Stderr, "health:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.Health(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.HTTP(ctx, h)
}
