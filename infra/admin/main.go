// Command admin is the operators' command line: it creates administrators, partners and back-office
// users, rotates and revokes keys, grants credits and verifies users, through the same account
// operations as the API, and seals the stored webhook secrets under a rotated DATA_ENCRYPTION_KEY.
// It acts with the exact settings of the deployed Accounts function:
//
//	go run ./infra/admin -local COMMAND ...            the stack of make run (.local/env)
//	go run ./infra/admin -stack trustline-sandbox ...  a deployed stage (AWS credentials of an operator)
//
// Keys it creates are printed once, as JSON on standard output.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/cloudformation"
	"github.com/aws/aws-sdk-go-v2/service/lambda"

	"github.com/trustline/platform/shared/domain/accounts"
	"github.com/trustline/platform/shared/domain/billing"
	"github.com/trustline/platform/shared/wiring/app"
)

const usage = `usage: admin (-local | -stack NAME) COMMAND [flags]

commands:
  create-admin        -email E                    an administrator and its ak_ key
  create-partner      -name N [-rate-limit N]     a partner and its first pk_ key
  create-partner-user -email E -partner ID        a back-office user bound to a partner
  rotate-key          -partner ID                 a new partner key; the old ones keep KEY_ROTATION_GRACE
  revoke-key          -owner ID -key KEYID        revoke a key of a user or partner at once
  grant-credits       -email E -credits N         add credits to a user
  verify-user         -email E                    mark a user's address verified
  change-plan         -email E -plan P            the user's plan from the next billing period
  reseal-secrets                                  seal every webhook secret under the first line of
                                                  DATA_ENCRYPTION_KEY (after a rotation; run again
                                                  at will): once none is unreadable, older lines can go

A password (create-admin, create-partner-user) is read from ADMIN_PASSWORD, else from the first
line of standard input; never from the command line, which other users of the machine and the
shell's history can read.
`

func main() {
	ctx := context.Background()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "admin:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("admin", flag.ContinueOnError)
	local := fs.Bool("local", false, "act on the stack of make run")
	stack := fs.String("stack", "", "act on a deployed CloudFormation stack")
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	var getenv app.Getenv
	var err error
	switch {
	case *local && *stack == "":
		getenv, err = localEnv(".local")
	case *stack != "" && !*local:
		getenv, err = deployedEnv(ctx, *stack)
	default:
		fs.Usage()
		return errors.New("say -local or -stack NAME")
	}
	if err != nil {
		return err
	}
	svc, err := app.AccountsService(ctx, getenv)
	if err != nil {
		return err
	}
	plans, err := app.BillingService(ctx, getenv)
	if err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errors.New("no command")
	}
	result, err := command(ctx, svc, plans, getenv, fs.Arg(0), fs.Args()[1:], in)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(result)
}

// command runs one operator command and returns what to print.
func command(
	ctx context.Context,
	svc *accounts.Service,
	plans *billing.Service,
	getenv app.Getenv,
	name string,
	args []string,
	in io.Reader,
) (any, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	email := fs.String("email", "", "e-mail address")
	partnerName := fs.String("name", "", "partner name")
	rateLimit := fs.Int("rate-limit", 0, "requests per minute (0: RATE_LIMITS' partner value)")
	partner := fs.String("partner", "", "partner ID")
	owner := fs.String("owner", "", "user or partner ID owning the key")
	keyID := fs.String("key", "", "key ID")
	credits := fs.Int("credits", 0, "credits to add")
	plan := fs.String("plan", "", "plan name (PLANS)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	switch name {
	case "create-admin":
		password, err := readPassword(in)
		if err != nil {
			return nil, err
		}
		u, k, err := svc.CreateAdmin(ctx, *email, password)
		return map[string]any{"userId": u.ID, "email": u.Email, "apiKey": k.Secret, "keyId": k.Record.ID}, err
	case "create-partner":
		p, k, err := svc.CreatePartner(ctx, *partnerName, *rateLimit)
		return map[string]any{
			"partnerId":   p.ID,
			"name":        p.Name,
			"environment": p.Stage,
			"apiKey":      k.Secret,
			"keyId":       k.Record.ID,
		}, err
	case "create-partner-user":
		password, err := readPassword(in)
		if err != nil {
			return nil, err
		}
		u, err := svc.CreatePartnerUser(ctx, *email, password, *partner)
		return map[string]any{"userId": u.ID, "email": u.Email, "partnerId": u.PartnerID}, err
	case "rotate-key":
		k, err := svc.RotatePartnerKey(ctx, *partner)
		return map[string]any{"partnerId": *partner, "apiKey": k.Secret, "keyId": k.Record.ID}, err
	case "revoke-key":
		return map[string]any{"revoked": *keyID}, svc.RevokeKey(ctx, *owner, *keyID)
	case "grant-credits":
		u, err := svc.UserByEmail(ctx, *email)
		if err != nil {
			return nil, err
		}
		return map[string]any{"userId": u.ID, "granted": *credits}, svc.GrantCredits(ctx, u.ID, *credits)
	case "change-plan":
		u, err := svc.UserByEmail(ctx, *email)
		if err != nil {
			return nil, err
		}
		return map[string]any{
			"userId":      u.ID,
			"pendingPlan": *plan,
			"effective":   "at the next billing period",
		}, plans.ChangePlan(ctx, u.ID, *plan)
	case "reseal-secrets":
		return app.ResealWebhookSecrets(ctx, getenv)
	case "verify-user":
		u, err := svc.VerifyUser(ctx, *email)
		return map[string]any{"userId": u.ID, "email": u.Email, "verified": true}, err
	}
	return nil, fmt.Errorf("unknown command %q\n%s", name, usage)
}

// readPassword reads a password from ADMIN_PASSWORD, else the first line of in.
func readPassword(in io.Reader) (string, error) {
	if p := os.Getenv("ADMIN_PASSWORD"); p != "" {
		return p, nil
	}
	line, err := bufio.NewReader(in).ReadString('\n')
	if p := strings.TrimRight(line, "\r\n"); p != "" {
		return p, nil
	}
	if err != nil && err != io.EOF {
		return "", err
	}
	return "", errors.New("no password: set ADMIN_PASSWORD or give it on standard input")
}

// localEnv reads the Accounts function's environment that make run wrote, and points the SDK at
// the local emulator.
func localEnv(stateDir string) (app.Getenv, error) {
	var creds struct {
		AWSEndpoint string `json:"awsEndpoint"`
	}
	if err := readJSON(filepath.Join(stateDir, "credentials.json"), &creds); err != nil {
		return nil, fmt.Errorf("%w (is make run running?)", err)
	}
	var env map[string]string
	if err := readJSON(filepath.Join(stateDir, "env", "AccountsFunction.json"), &env); err != nil {
		return nil, fmt.Errorf("%w (is make run running?)", err)
	}
	os.Setenv("AWS_ENDPOINT_URL", creds.AWSEndpoint)
	os.Setenv("AWS_ACCESS_KEY_ID", "test")
	os.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	if os.Getenv("AWS_REGION") == "" {
		os.Setenv("AWS_REGION", "eu-west-1")
	}
	return func(k string) string { return env[k] }, nil
}

// deployedEnv reads the environment of the stack's deployed Accounts function.
func deployedEnv(ctx context.Context, stack string) (app.Getenv, error) {
	cfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, err
	}
	res, err := cloudformation.NewFromConfig(cfg).DescribeStackResource(ctx, &cloudformation.DescribeStackResourceInput{
		StackName: aws.String(stack), LogicalResourceId: aws.String("AccountsFunction")})
	if err != nil {
		return nil, fmt.Errorf("stack %s: %w", stack, err)
	}
	fn, err := lambda.NewFromConfig(cfg).GetFunctionConfiguration(ctx, &lambda.GetFunctionConfigurationInput{
		FunctionName: res.StackResourceDetail.PhysicalResourceId})
	if err != nil {
		return nil, err
	}
	env := fn.Environment.Variables
	return func(k string) string { return env[k] }, nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
