// Command maintenance is the Lambda function run by the EventBridge schedule.
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
		fmt.Fprintln(os.Stderr, "maintenance:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.Maintenance(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.Schedule(ctx, h)
}
