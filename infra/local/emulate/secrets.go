package emulate

import (
	"context"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/trustline/platform/shared/wiring/config"
)

// secretARNs maps each secret setting to the ARN the functions' environments give it.
func (l *Local) secretARNs() (map[string]string, error) {
	fns, err := l.Stack.Template.Functions()
	if err != nil {
		return nil, err
	}
	arns := map[string]string{}
	for _, fn := range fns {
		env, err := l.Stack.Environment(fn.ID)
		if err != nil {
			return nil, err
		}
		for _, name := range config.Secrets {
			if arn := env[config.SecretARN(name)]; arn != "" {
				arns[name] = arn
			}
		}
	}
	return arns, nil
}

// setSecrets writes the caller's values of secret settings into the secrets the template holds
// them in, so that tests can choose them (to forge an expired token, say).
func (l *Local) setSecrets(ctx context.Context) error {
	for name, value := range l.options.Env {
		if !slices.Contains(config.Secrets, name) {
			continue
		}
		if err := l.SetSecret(ctx, name, value); err != nil {
			return err
		}
	}
	return nil
}

// secretARN is the ARN of the secret the template holds a secret setting in.
func (l *Local) secretARN(name string) (string, error) {
	arns, err := l.secretARNs()
	if err != nil {
		return "", err
	}
	arn, ok := arns[name]
	if !ok {
		return "", fmt.Errorf("%s: no function of the template reads it from Secrets Manager", name)
	}
	return arn, nil
}

// SetSecret stores a new value of a secret setting in the emulator's Secrets Manager, as an operator
// rotating it does: an operator command run from then on reads the new value, and the stack's
// functions read it when they would on AWS (they started already: DATA_ENCRYPTION_KEY as
// secretbox.Keyring reads it again, the others never).
func (l *Local) SetSecret(ctx context.Context, name, value string) error {
	arn, err := l.secretARN(name)
	if err != nil {
		return err
	}
	if _, err := l.options.AWS.Secrets.PutSecretValue(ctx, &secretsmanager.PutSecretValueInput{
		SecretId: aws.String(arn), SecretString: aws.String(value)}); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// Secret reads the value of a secret setting from the emulator's Secrets Manager, as the
// functions that use it do: for tests and operator tools that must sign or verify as they do.
func (l *Local) Secret(ctx context.Context, name string) (string, error) {
	arn, err := l.secretARN(name)
	if err != nil {
		return "", err
	}
	in := &secretsmanager.GetSecretValueInput{SecretId: aws.String(arn)}
	out, err := l.options.AWS.Secrets.GetSecretValue(ctx, in)
	if err != nil {
		return "", err
	}
	return aws.ToString(out.SecretString), nil
}
