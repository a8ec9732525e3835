// Command accounts is the Lambda function serving registration, login, the profile and API keys
// of the identity API.
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
		fmt.Fprintln(os.Stderr, "accounts:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.Accounts(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.HTTP(ctx, h)
}
