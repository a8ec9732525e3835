package emulate

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/smithy-go/middleware"

	"github.com/trustline/platform/shared/adapters/awsclient"
	"github.com/trustline/platform/shared/wiring/app"
	"github.com/trustline/platform/shared/wiring/config"
)

// Secrets live in Secrets Manager: no function's environment holds one, each function reads the
// ones it uses once, as it starts, by the ARN in its environment, and never again while it serves.
func TestSecretsAreReadOnceFromSecretsManager(t *testing.T) {
	t.Parallel()
	var (
		mu    sync.Mutex
		reads []string // secret ARNs, one per GetSecretValue call a function made
	)
	record := func(stack *middleware.Stack) error {
		return stack.Initialize.Add(middleware.InitializeMiddlewareFunc(
			"recordSecretReads",
			func(ctx context.Context, in middleware.InitializeInput,
				next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
				if get, ok := in.Parameters.(*secretsmanager.GetSecretValueInput); ok {
					mu.Lock()
					reads = append(reads, aws.ToString(get.SecretId))
					mu.Unlock()
				}
				return next.HandleInitialize(ctx, in)
			},
		), middleware.After)
	}
	local := startLocalIn(
		t,
		awsclient.WithAPIOptions(context.Background(), record),
		map[string]string{"MAIL_OUTBOX_DIR": t.TempDir()},
	)
	mu.Lock()
	atStart := slices.Sorted(slices.Values(reads))
	mu.Unlock()

	values := map[string]string{}
	for _, name := range config.Secrets {
		v, err := local.Secret(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		values[name] = v
	}
	if len(values[config.JWTSecret]) < 32 || len(values[config.PaymentSigningKey]) < 32 ||
		values[config.PaymentGatewayKey] != "-" {
		t.Errorf(
			"secrets as created: JWT %d characters, signing key %d, gateway key %q; want generated ones and the template's literal -",
			len(values[config.JWTSecret]),
			len(values[config.PaymentSigningKey]),
			values[config.PaymentGatewayKey],
		)
	}

	fns, err := local.Stack.Template.Functions()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, fn := range fns {
		env, err := local.Getenv(fn.ID)
		if err != nil {
			t.Fatal(err)
		}
		all, _ := local.environment(fn.ID)
		for k, v := range all {
			for name, secret := range values {
				if len(secret) > 1 && strings.Contains(v, secret) {
					t.Errorf("%s: environment %s holds the value of %s", fn.ID, k, name)
				}
			}
		}
		if ok, _ := local.Stack.Included(fn.ID); !ok {
			continue
		}
		for _, name := range app.Secrets(strings.TrimPrefix(fn.Dir, "functions/")) {
			want = append(want, env(config.SecretARN(name)))
		}
	}
	if slices.Sort(want); !slices.Equal(atStart, want) {
		t.Errorf("secrets read at start:\n got %q\nwant %q (each function's own, once)", atStart, want)
	}

	// Serving reads none: a login, a partner's contract, a payment notification, the reference lists.
	creds, err := local.Seed(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	reads = nil
	mu.Unlock()
	c := client{t: t, base: local.URL}
	expect(t, "health", c.do("GET", "/v1/health", nil), 200, "")
	expect(
		t,
		"reference",
		c.do("GET", "/api/v1/reference/branches", nil, "X-Api-Key", creds.Partners[0].APIKey),
		200,
		"",
	)
	loginToken(t, c, creds.User.Email, creds.User.Password)
	ct := create(t, c, creds.Partners[0].APIKey, autoBody("AB-123-CD", nil))
	expect(
		t,
		"paid",
		notify(t, c, []byte(values[config.PaymentSigningKey]), paidNote(ct, "evt_"+ct.Reference)),
		200,
		"",
	)
	mu.Lock()
	defer mu.Unlock()
	if len(reads) != 0 {
		t.Errorf("serving requests read secrets again: %q", reads)
	}
}
