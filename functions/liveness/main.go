// Command liveness is the Lambda function judging selfies; package onnx runs its models in pure Go.
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
		fmt.Fprintln(os.Stderr, "liveness:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, getenv app.Getenv) error {
	h, err := app.Liveness(ctx, getenv)
	if err != nil {
		return err
	}
	return lambdarun.HTTP(ctx, h)
}
