// Command billing is the Lambda function serving invoices, invoice notifications and plan changes.
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
		fmt.Fprintln(os.Stderr, "billing:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.Billing(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.HTTP(ctx, h)
}
