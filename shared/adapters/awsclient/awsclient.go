// Package awsclient builds the AWS SDK clients once per process. The endpoint comes only from the
// SDK's standard settings (AWS_ENDPOINT_URL), so no code path knows whether it talks to AWS, moto or
// LocalStack.
package awsclient

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/textract"
	"github.com/aws/smithy-go/middleware"
)

// Clients are the SDK clients the product uses.
type Clients struct {
	DynamoDB *dynamodb.Client
	S3       *s3.Client
	SQS      *sqs.Client
	SES      *sesv2.Client
	Textract *textract.Client
	Secrets  *secretsmanager.Client
}

type apiOptionsKey struct{}

// WithAPIOptions returns ctx carrying middleware that New adds to every client it builds from it,
// after any ctx already carries. Lambda mains never use it: the local runner checks each function's
// calls against that function's IAM policy with it, and tests count calls with it.
func WithAPIOptions(ctx context.Context, opts ...func(*middleware.Stack) error) context.Context {
	prev, _ := ctx.Value(apiOptionsKey{}).([]func(*middleware.Stack) error)
	return context.WithValue(ctx, apiOptionsKey{}, append(prev[:len(prev):len(prev)], opts...))
}

// New loads the SDK configuration from the environment and builds the clients, with the middleware
// ctx carries (WithAPIOptions). It does no I/O.
func New(ctx context.Context) (Clients, error) {
	cfg, err := load(ctx)
	if err != nil {
		return Clients{}, err
	}
	return Clients{
		DynamoDB: dynamodb.NewFromConfig(cfg),
		// Path-style addressing whenever an endpoint is configured: an emulator on 127.0.0.1 has
		// no bucket subdomains.
		S3:       s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = cfg.BaseEndpoint != nil }),
		SQS:      sqs.NewFromConfig(cfg),
		SES:      sesv2.NewFromConfig(cfg),
		Textract: textract.NewFromConfig(cfg),
		Secrets:  secretsmanager.NewFromConfig(cfg),
	}, nil
}

// Secrets builds the Secrets Manager client alone, as New would, for a function that reads its
// secrets and calls no other AWS service (the console): a binary that links one client is a third of
// the size of one that links them all.
func Secrets(ctx context.Context) (*secretsmanager.Client, error) {
	cfg, err := load(ctx)
	if err != nil {
		return nil, err
	}
	return secretsmanager.NewFromConfig(cfg), nil
}

// load reads the SDK configuration from the environment, with the middleware ctx carries.
func load(ctx context.Context) (aws.Config, error) {
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return aws.Config{}, fmt.Errorf("awsclient: %w", err)
	}
	cfg.APIOptions = append(cfg.APIOptions, boundCalls)
	if opts, ok := ctx.Value(apiOptionsKey{}).([]func(*middleware.Stack) error); ok {
		cfg.APIOptions = append(cfg.APIOptions, opts...)
	}
	return cfg, nil
}

type callDeadlineKey struct{}

// WithCallDeadline returns ctx carrying the moment by which every AWS call made with it, or with a
// context derived from it, must end, retries included. A context detached from its request
// (context.WithoutCancel, as a refund after a failure is) keeps it: the call still ends before the
// function does, rather than hang until Lambda kills it, with no answer sent. lambdarun sets it
// from the function's timeout.
func WithCallDeadline(ctx context.Context, end time.Time) context.Context {
	return context.WithValue(ctx, callDeadlineKey{}, end)
}

// boundCalls ends each call at the deadline its context carries (WithCallDeadline), if any.
func boundCalls(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("CallDeadline",
		func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (
			middleware.InitializeOutput, middleware.Metadata, error,
		) {
			end, ok := ctx.Value(callDeadlineKey{}).(time.Time)
			if !ok {
				return next.HandleInitialize(ctx, in)
			}
			ctx, cancel := context.WithDeadline(ctx, end)
			out, md, err := next.HandleInitialize(ctx, in)
			if err != nil {
				cancel()
				return out, md, err
			}
			// A successful call's output may stream a body still to be read (S3's GetObject):
			// cancelling on return would cut it short, so its context is released at end instead.
			time.AfterFunc(time.Until(end), cancel)
			return out, md, nil
		}), middleware.Before)
}
