package app

import (
	"context"
	"fmt"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"github.com/trustline/platform/shared/wiring/config"
)

// functionSecrets names the secrets each function uses, by its name in loadAWS. The template gives
// each function exactly these: the ARN of each in its environment and GetSecretValue on them alone
// (checked over the parsed template by TestEachFunctionReadsOnlyItsSecrets). health and reference
// have none: a forged login token or payment notification is not one compromised function away.
var functionSecrets = map[string][]string{
	"accounts":           {config.JWTSecret, config.DataEncryptionKey, config.ConsoleForwardingKey},
	"console":            {config.ConsoleForwardingKey},
	"partners":           {config.JWTSecret, config.DataEncryptionKey},
	"contracts":          {config.JWTSecret, config.PaymentGatewayKey, config.CoreInsuranceKey},
	"notifications":      {config.PaymentSigningKey},
	"sandbox":            {config.PaymentSigningKey},
	"issuance-worker":    {config.CoreInsuranceKey},
	"extraction":         {config.JWTSecret},
	"handoff":            {config.JWTSecret},
	"liveness":           {config.JWTSecret},
	"billing":            {config.JWTSecret, config.PaymentSigningKey, config.PaymentGatewayKey},
	"webhook-dispatcher": {config.DataEncryptionKey},
	"extraction-worker":  {config.ReuseIndexKey},
	"maintenance":        {config.PaymentGatewayKey},
	// Operator tools (infra/admin, tests) act with a function's environment and the operator's
	// own right to read the secrets.
	"admin-billing":  {config.PaymentGatewayKey},
	"admin-webhooks": {config.DataEncryptionKey},
}

// Secrets returns the secrets a function uses, by its name in the template (the logical ID in
// kebab case without "-function": "webhook-dispatcher").
func Secrets(function string) []string { return functionSecrets[function] }

// PresenceOnly names the secret ARNs a function's environment may carry without reading them:
// whether payments are active is known from the payment signing key's ARN alone, so the functions
// that open payment links (contracts, billing, maintenance) need not be able to sign notifications.
var PresenceOnly = []string{config.SecretARN(config.PaymentSigningKey)}

// fromSecretsManager returns getenv with each of names whose <NAME>_ARN is set read from Secrets
// Manager by that ARN: once, now (a cold start), concurrently. Names without an ARN keep whatever
// getenv gives them (local runs and tests may set values directly).
func fromSecretsManager(
	ctx context.Context,
	api *secretsmanager.Client,
	getenv Getenv,
	names []string,
) (Getenv, error) {
	values := make(map[string]string, len(names))
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		errs []error
	)
	for _, name := range names {
		load := secretLoader(api, getenv, name)
		if load == nil {
			continue
		}
		wg.Go(func() {
			v, err := load(ctx)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			values[name] = string(v)
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return func(name string) string {
		if v, ok := values[name]; ok {
			return v
		}
		return getenv(name)
	}, nil
}

// secretLoader reads the secret setting name from Secrets Manager by the ARN getenv gives as
// <NAME>_ARN; nil when there is none (the value was given directly, and never changes).
func secretLoader(api *secretsmanager.Client, getenv Getenv, name string) func(context.Context) ([]byte, error) {
	arn := getenv(config.SecretARN(name))
	if arn == "" {
		return nil
	}
	return func(ctx context.Context) ([]byte, error) {
		out, err := api.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(arn)})
		if err != nil {
			return nil, fmt.Errorf("%s: reading secret %s: %w", name, arn, err)
		}
		return []byte(aws.ToString(out.SecretString)), nil
	}
}
