// Command sandbox is the Lambda function serving the sandbox payment checkout (not in production).
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
		fmt.Fprintln(os.Stderr, "sandbox:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.Sandbox(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.HTTP(ctx, h)
}
